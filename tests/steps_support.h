/* SPDX-License-Identifier: MIT */
/*
 * steps_support.h - the four diagonal directions as steps on (file, rank),
 * the reference that the tests hold the library's bit tricks against.
 *
 * Written from the board, not taken from the library: a step up-left is
 * (file - 1, rank + 1), and so on.  Only the order of the directions is
 * the library's (up-left, up-right, down-right, down-left, as
 * bitboard32.h numbers them), so that a direction index means the same on
 * both sides.  In flash, so that the ATtiny85's suites do not spend RAM on
 * it; read through step_file() and step_rank().
 */
#ifndef BITDRAUGHTS_STEPS_SUPPORT_H
#define BITDRAUGHTS_STEPS_SUPPORT_H

#include <stdint.h>
#include "bits/progmem.h"

#define STEP_DIRECTIONS 4u

static const int8_t step_files[STEP_DIRECTIONS] PROGMEM = { -1, +1, +1, -1 };
static const int8_t step_ranks[STEP_DIRECTIONS] PROGMEM = { +1, +1, -1, -1 };

/* The file and rank change of one step in direction (0..3). */
static inline int8_t step_file(uint8_t direction)
{
    return (int8_t)pgm_read_byte(&step_files[direction]);
}

static inline int8_t step_rank(uint8_t direction)
{
    return (int8_t)pgm_read_byte(&step_ranks[direction]);
}

/* True when (file, rank) is on the 8x8 board. */
static inline uint8_t step_on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

#endif
