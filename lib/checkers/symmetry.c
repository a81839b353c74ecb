/* SPDX-License-Identifier: MIT */
/*
 * symmetry.c - checkers bitboard symmetries as bit operations; the
 * derivations are in symmetry.h.
 */
#include "checkers/symmetry.h"

/* --------------------------------------------- checkers bitboards -- */

/* Swaps bit i and bit i + delta for every i in mask (mask and mask << delta
 * disjoint). */
BD_INLINE bb32 delta_swap(bb32 x, bb32 mask, uint8_t delta)
{
    bb32 t = ((x >> delta) ^ x) & mask;
    return x ^ t ^ (t << delta);
}

/* The reversal's swap stages of 1, 2 and 4 bits stay inside a byte, so they
 * run on the four bytes as uint8_t: avr-gcc turns the 4-bit stage into SWAP
 * and the others into straight-line code, where on a uint32_t it emits a
 * shift loop for every stage.  The 8-bit stage is a renaming of bytes, and
 * the 16-bit stage plus the rotation by 18 is a rotation by 34 = 2, which
 * is two rotations by 1.  avr-gcc -Os: straight-line code, no loop, no
 * jump, and fewer instructions than the uint32_t SWAR form with its five
 * shift loops.  (On a 64-bit host the uint32_t form would be about a
 * third of the instructions; this is not a hot path there.) */
BD_INLINE uint8_t reverse_byte(uint8_t b)
{
    b = (uint8_t)(b << 4 | b >> 4);
    b = (uint8_t)(((b >> 2) & 0x33u) | ((b & 0x33u) << 2));
    return (uint8_t)(((b >> 1) & 0x55u) | ((b & 0x55u) << 1));
}

bb32 sym_rotate180(bb32 x)
{
    /* Bits reversed within each 16-bit half: bytes reversed and renamed
     * b1 b0 b3 b2 (lowest first). */
    x = (bb32)reverse_byte((uint8_t)(x >> 8))
        | (bb32)reverse_byte((uint8_t)x) << 8
        | (bb32)reverse_byte((uint8_t)(x >> 24)) << 16
        | (bb32)reverse_byte((uint8_t)(x >> 16)) << 24;
    return bb_rotl(bb_rotl(x, 1), 1);
}

bb32 sym_mirror_diagonal(bb32 x)
{
    return delta_swap(delta_swap(x, SYM_DIAG_MASK_2, 2), SYM_DIAG_MASK_4, 4);
}

/* Four delta swaps by 17, 3, 11 and 7 would do, but avr-gcc shifts a
 * uint32_t by 3 or 11 in a loop.  As eight masked rotations, one a
 * direction of each pair, every rotation is a renaming of bytes and at
 * most three rotations by 1 (+17 = 16 + 1, +7 = 8 - 1, +11 = 8 + 3, ...),
 * and the four small ones are shared: a few more instructions than the
 * loops, but no loop, so far fewer cycles. */
bb32 sym_mirror_antidiagonal(bb32 x)
{
    bb32 left1 = bb_rotl(x, 1), right1 = bb_rotl(x, 31);
    bb32 left3 = bb_rotl(bb_rotl(left1, 1), 1);
    bb32 right3 = bb_rotl(bb_rotl(right1, 31), 31);
    return (bb_rotl(left1, 16) & SYM_ANTI_MASK_17 << 17)     /* 0 -> 17 */
        | (bb_rotl(right1, 16) & SYM_ANTI_MASK_17)           /* 17 -> 0 */
        | (left3 & SYM_ANTI_MASK_3 << 3)                     /* 6..8 up */
        | (right3 & SYM_ANTI_MASK_3)
        | (bb_rotl(left3, 8) & SYM_ANTI_MASK_11 << 11)       /* 1..5 up */
        | (bb_rotl(right3, 24) & SYM_ANTI_MASK_11)
        | (bb_rotl(right1, 8) & SYM_ANTI_MASK_7 << 7)        /* 18..24 up */
        | (bb_rotl(left1, 24) & SYM_ANTI_MASK_7);
}

void sym_colour_flip(const bd_position *in, bd_position *out)
{
    bd_position flipped;
    for (uint8_t c = BD_WHITE; c <= BD_BLACK; c++) {
        flipped.pieces[c] = sym_rotate180(in->pieces[BD_OTHER_COLOUR(c)]);
        flipped.men[c] = sym_rotate180(in->men[BD_OTHER_COLOUR(c)]);
    }
    flipped.side = BD_OTHER_COLOUR(in->side);
    *out = flipped;
}
