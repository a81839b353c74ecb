/* SPDX-License-Identifier: MIT */
/*
 * bitboard32.h - the 32 dark squares of a checkers board in one 32-bit word.
 *
 * Square numbering (the seed's): the dark square on file f (a..h = 0..7) and
 * rank r (1..8 = 0..7) is bit (3f + 4r) mod 32, a1 = bit 0:
 *
 *     8 |  . 31  .  5  . 11  . 17
 *     7 | 24  . 30  .  4  . 10  .
 *     6 |  . 23  . 29  .  3  .  9
 *     5 | 16  . 22  . 28  .  2  .
 *     4 |  . 15  . 21  . 27  .  1
 *     3 |  8  . 14  . 20  . 26  .
 *     2 |  .  7  . 13  . 19  . 25
 *     1 |  0  .  6  . 12  . 18  .
 *          a  b  c  d  e  f  g  h
 *
 * A step up-left, (f-1, r+1), adds 3*(-1) + 4 = 1; up-right adds 7; the other
 * two directions subtract them.  Every one of the 32 values is a square, so
 * a step is a rotation of the whole word, with the squares whose step would
 * leave the board masked off first.  Up-left is a rotation by 1 and up-right
 * by 7, which on AVR is a renaming of bytes (rotation by 8) and a rotation
 * right by 1: a few cycles where the usual row-by-row numbering needs shifts
 * by 3, 4 and 5.  The diagonals parallel to g1-a7 (up-left) hold consecutive
 * bits.  Turning the board by 180 degrees maps bit n to (17 - n) mod 32.
 *
 * Directions are numbered so that colour symmetry is data: white moves up
 * (directions 0 and 1), black down (2 and 3), and direction d + 2 is the
 * opposite of d.
 */
#ifndef BITDRAUGHTS_BITBOARD32_H
#define BITDRAUGHTS_BITBOARD32_H

#include <stdint.h>
#include "bits/platform.h"
#include "bits/progmem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t bb32;

#define BB_SQUARES 32u
#define BB_NO_SQUARE 0xFFu
#define BB_SQUARE(file, rank) ((uint8_t)((3u * (file) + 4u * (rank)) & 31u))
/* For constants; at run time use bb_bit(), which AVR looks up (a shift by a
 * variable count is a loop there). */
#define BB_BIT(square) ((bb32)1u << (square))
#define BB_IS_DARK(file, rank) ((((file) + (rank)) & 1u) == 0)
/* The square that turning the board by 180 degrees puts square on (the
 * other side's view of it). */
#define BB_TURNED(square) ((uint8_t)((17u - (square)) & 31u))

enum bb_direction {
    BB_UP_LEFT = 0,     /* +1 */
    BB_UP_RIGHT = 1,    /* +7 */
    BB_DOWN_RIGHT = 2,  /* -1 */
    BB_DOWN_LEFT = 3,   /* -7 */
    BB_DIRECTIONS = 4
};
#define BB_OPPOSITE(direction) ((uint8_t)((direction) ^ 2u))
/* The step in each direction as an addition modulo 32: the one table of
 * steps that the rotations below, the move generators' origins of a step
 * and bb_direction() are written with. */
#define BB_DELTA_UP_LEFT    1u
#define BB_DELTA_UP_RIGHT   7u
#define BB_DELTA_DOWN_RIGHT 31u
#define BB_DELTA_DOWN_LEFT  25u

/* Squares whose step in each direction stays on the board. */
#define BB_CAN_UP_LEFT    0x7EFCF6DEu
#define BB_CAN_UP_RIGHT   0x7DFDF5DDu
#define BB_CAN_DOWN_RIGHT 0xFDF9EDBCu
#define BB_CAN_DOWN_LEFT  0xFEFAEEBEu
/* Squares from which two steps (a jump) in each direction stay on it. */
#define BB_CAN_JUMP_UP_LEFT    0x3E7C724Eu
#define BB_CAN_JUMP_UP_RIGHT   0x38F9F1C9u
#define BB_CAN_JUMP_DOWN_RIGHT 0xF9F1C938u
#define BB_CAN_JUMP_DOWN_LEFT  0x7C724E3Eu
#define BB_RANK_1 0x00041041u
#define BB_RANK_8 0x80020820u
#define BB_ALL    0xFFFFFFFFu

extern const bb32 bb_square_bits[BB_SQUARES];   /* in flash on AVR */
extern const uint8_t bb_byte_bits[8];           /* 1 << n, in flash on AVR */

BD_INLINE bb32 bb_rotl(bb32 x, uint8_t n)
{
    return (x << n) | (x >> ((32u - n) & 31u));
}

/* The target's versions of what follows, where it has them. */
#include "arch/bitboard32.h"

/* The bitboard of one square. */
#ifndef bb_bit
BD_INLINE bb32 bb_bit(uint8_t square) { return (bb32)1u << square; }
#endif

/* One square of a bitboard in memory: test, add, remove. */
#ifndef bb_has
BD_INLINE uint8_t bb_has(const bb32 *board, uint8_t square)
{
    return (uint8_t)((*board >> square) & 1u);
}
BD_INLINE void bb_add(bb32 *board, uint8_t square) { *board |= (bb32)1u << square; }
BD_INLINE void bb_remove(bb32 *board, uint8_t square) { *board &= ~((bb32)1u << square); }
#endif

/* Flips one square of a bitboard in memory: a move and its taking back
 * are the same flips. */
#ifndef bb_toggle
BD_INLINE void bb_toggle(bb32 *board, uint8_t square) { *board ^= (bb32)1u << square; }
#endif

/* File and rank of a square, 0..7 each. */
uint8_t bb_file(uint8_t square);
uint8_t bb_rank(uint8_t square);
extern const uint8_t bb_neighbours[BB_SQUARES][BB_DIRECTIONS];   /* in flash on AVR */

/* The square one step from square in direction, or BB_NO_SQUARE. */
BD_INLINE uint8_t bb_neighbour(uint8_t square, uint8_t direction)
{
    BD_ASSERT(square < BB_SQUARES && direction < BB_DIRECTIONS);
    return pgm_read_byte(&bb_neighbours[square][direction]);
}

/* One step of every square of x in a direction (off-board steps dropped). */
#ifndef bb_up_left
BD_INLINE bb32 bb_up_left(bb32 x)    { return bb_rotl(x & BB_CAN_UP_LEFT, BB_DELTA_UP_LEFT); }
BD_INLINE bb32 bb_up_right(bb32 x)   { return bb_rotl(x & BB_CAN_UP_RIGHT, BB_DELTA_UP_RIGHT); }
BD_INLINE bb32 bb_down_right(bb32 x) { return bb_rotl(x & BB_CAN_DOWN_RIGHT, BB_DELTA_DOWN_RIGHT); }
BD_INLINE bb32 bb_down_left(bb32 x)  { return bb_rotl(x & BB_CAN_DOWN_LEFT, BB_DELTA_DOWN_LEFT); }
#endif

BD_INLINE bb32 bb_step(bb32 x, uint8_t direction)
{
    switch (direction) {
    case BB_UP_LEFT:    return bb_up_left(x);
    case BB_UP_RIGHT:   return bb_up_right(x);
    case BB_DOWN_RIGHT: return bb_down_right(x);
    default:            return bb_down_left(x);
    }
}

/* The same step out of line, for code that steps in a loop over the
 * directions or rarely, and would rather keep the flash of four inlined
 * rotations (the evaluation's terms, the search's test for a quiet step). */
bb32 bb_step_call(bb32 x, uint8_t direction);

/* The direction of a move from `from` to `to` along a diagonal (a king's
 * may fly several squares); to without MG_MOVE_PROMOTES. */
BD_INLINE uint8_t bb_direction(uint8_t from, uint8_t to)
{
    /* A single step adds one of the deltas (mod 32), and no longer move of
     * a flying king has one of those differences. */
    switch ((uint8_t)((to - from) & 31u)) {
    case BB_DELTA_UP_LEFT: return BB_UP_LEFT;
    case BB_DELTA_UP_RIGHT: return BB_UP_RIGHT;
    case BB_DELTA_DOWN_RIGHT: return BB_DOWN_RIGHT;
    case BB_DELTA_DOWN_LEFT: return BB_DOWN_LEFT;
    default: break;
    }
    uint8_t up = bb_rank(to) > bb_rank(from);
    uint8_t left = bb_file(to) < bb_file(from);
    /* up-left 0, up-right 1, down-right 2, down-left 3 */
    return up ? (uint8_t)!left : (uint8_t)(left ? BB_DOWN_LEFT : BB_DOWN_RIGHT);
}

#ifdef __cplusplus
}
#endif

#endif
