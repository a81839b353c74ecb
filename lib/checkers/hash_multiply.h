/* SPDX-License-Identifier: MIT */
/*
 * hash_multiply.h - the product at the heart of the game's hash
 * (checkers/game.c's mix): by an odd constant, modulo 2^32.  Read by C and
 * by the assembler.  A part without MUL (the ATtiny85) would spend
 * libgcc's generic loop on it, a shift and a test for each of the 32 bits
 * of the multiplier; there it is lib/arch/small/hash_multiply.S, the
 * multiplier's set bits unrolled.  Everywhere else it is the C product.
 */
#ifndef BITDRAUGHTS_HASH_MULTIPLY_H
#define BITDRAUGHTS_HASH_MULTIPLY_H

#define GAME_HASH_MULTIPLIER 0x9E3779B1

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "bits/platform.h"

#if BD_TARGET_AVR && !BD_AVR_HAS_MUL
/* h * GAME_HASH_MULTIPLIER, modulo 2^32 (lib/arch/small/hash_multiply.S). */
uint32_t game_hash_multiply(uint32_t h);
#else
static inline uint32_t game_hash_multiply(uint32_t h)
{
    return h * (uint32_t)GAME_HASH_MULTIPLIER;
}
#endif
#endif

#endif
