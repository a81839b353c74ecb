/* SPDX-License-Identifier: MIT */
/*
 * arch/eval.h (AVR) - override of engine/eval.c's count of the men's
 * empty neighbours by lib/arch/avr/eval_asm.S, which reads the move
 * generator's popcount table a byte at a time instead of calling the count
 * four times.  A build on the small generator has no table: its
 * lib/arch/small copy of this header keeps the portable C.
 */
#ifndef BITDRAUGHTS_EVAL_AVR_H
#define BITDRAUGHTS_EVAL_AVR_H

#include "checkers/bitboard32.h"

uint16_t eval_empty_neighbours(bb32 men, bb32 empty);
#define eval_empty_neighbours eval_empty_neighbours

#endif
