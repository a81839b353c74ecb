/* SPDX-License-Identifier: MIT */
/*
 * symmetry64.h - symmetries of an 8x8 board as a few bit operations on
 * packed piece indices, with no loop over pieces or bits.
 *
 * Packed piece indices on an 8x8 board (endgame-table style).  A square
 * is 6 bits, "high" bits 5..3 and "low" bits 2..0.  n pieces pack into one
 * index as all their high fields, then all their low fields: piece i's low
 * field at bits 3i..3i+2, its high field at 3n+3i..3n+3i+2.  A symmetry
 * that acts on every square the same way then acts on every piece at once:
 * "XOR the high field with 7" becomes "XOR bits [3n, 6n) with ones", a bit
 * swap inside a square becomes a delta swap with a mask that repeats every
 * 3 bits.  The masks come from n without a loop: ((1 << 3n) - 1) for a
 * half, and the constant with every third bit set (0x49249249) cut to a
 * half for "bit j of every piece" (a "plane").  Word sizes: uint32_t for
 * n <= 5 (30 bits), uint64_t for n <= 10 (60 bits).  On AVR the 64-bit
 * forms call libgcc for every shift; prefer the 32-bit ones there.
 *
 * Natural numbering (sym_nat*): square = 8 * rank + file, so the high field
 * is the rank and the low field the file.  Mirroring the ranks (r -> 7-r,
 * "vertical flip") XORs the high half with ones, mirroring the files XORs
 * the low half, both is the 180-degree turn, the a1-h8 transposition
 * (f, r) -> (r, f) swaps the halves (a rotation by 3n within 6n bits) and
 * the h1-a8 one (f, r) -> (7-r, 7-f) is the swap followed by the turn.
 *
 * Scrambled numbering (sym_scr*), from the puzzle in "Bit Manipulation
 * Problem" (mightybyte's blog, 14 May 2009; read through a copy in a public
 * web-text collection, so the diagram below was checked: it is a bijection
 * onto 0..63 and every flip is the bit operation derived below).  In octal:
 *
 *     8 | 64 04 14 24 26 16 06 66
 *     7 | 05 65 34 44 46 36 67 07
 *     6 | 15 35 74 54 56 76 37 17
 *     5 | 25 45 55 75 77 57 47 27
 *     4 | 21 41 51 71 73 53 43 23
 *     3 | 11 31 70 50 52 72 33 13
 *     2 | 01 61 30 40 42 32 63 03
 *     1 | 60 00 10 20 22 12 02 62
 *          a  b  c  d  e  f  g  h
 *
 * Derivation.  Bit 2 says "top half" (rank >= 5) and bit 1 "right half"
 * (file >= e): the quadrant.  The other four bits name the square within
 * its quadrant folded onto a1-d4 (f' = f or 7-f, r' = r or 7-r, so the
 * board corner is (0, 0) in every quadrant):
 *   - off the main diagonals (f' != r'), the high digit 0..5 numbers the
 *     unordered pair {f', r'} ({0,1} {0,2} {0,3} {1,2} {1,3} {2,3}) and bit 0
 *     says r' > f';
 *   - on them (f' = r' = k), the high digit is 6 + k/2 and bit 0 is k & 1.
 * Mirroring the ranks changes only which half: XOR bit 2 of every piece.
 * Mirroring the files: XOR bit 1.  The turn: XOR both.  Either diagonal
 * reflection swaps f' and r' (the fold commutes with it) and swaps the two
 * quadrant bits (the h1-a8 one also inverts them): so swap bits 1 and 2,
 * and flip bit 0 unless the square is on a diagonal, which is exactly when
 * bits 5 and 4 are both set: bit0 ^= ~(bit5 & bit4).  That is not linear,
 * yet it is still three planes and an AND, for all pieces at once:
 *   c = (x >> 3n+1) & (x >> 3n+2) & plane0;  x ^= plane0 ^ c.
 * The h1-a8 reflection is the a1-h8 one followed by the turn.
 */
#ifndef BITDRAUGHTS_SYMMETRY64_H
#define BITDRAUGHTS_SYMMETRY64_H

#include <stdint.h>
#include "arch/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest piece counts whose packed index fits each word (6 bits a piece). */
#define SYM_MAX_PIECES32 5u
#define SYM_MAX_PIECES64 10u

/* ------------------------------------------------ packing (any numbering) */

/* The packed index of squares[0..n) (each 0..63), n <= SYM_MAX_PIECES32. */
uint32_t sym_pack32(const uint8_t *squares, uint8_t n);
/* Unpacks index into squares[0..n); the inverse of sym_pack32. */
void sym_unpack32(uint32_t index, uint8_t n, uint8_t *squares);
/* The same for n <= SYM_MAX_PIECES64. */
uint64_t sym_pack64(const uint8_t *squares, uint8_t n);
void sym_unpack64(uint64_t index, uint8_t n, uint8_t *squares);

/* ---------------------------- natural numbering: square = 8*rank + file */

/* Ranks mirrored, r -> 7-r, for every piece of an n-piece index. */
uint32_t sym_nat32_flip_vertical(uint32_t index, uint8_t n);
/* Files mirrored, f -> 7-f. */
uint32_t sym_nat32_flip_horizontal(uint32_t index, uint8_t n);
/* Mirror about a1-h8, (f, r) -> (r, f). */
uint32_t sym_nat32_flip_diagonal(uint32_t index, uint8_t n);
/* Mirror about h1-a8, (f, r) -> (7-r, 7-f). */
uint32_t sym_nat32_flip_antidiagonal(uint32_t index, uint8_t n);
/* Turn by 180 degrees, (f, r) -> (7-f, 7-r). */
uint32_t sym_nat32_rotate180(uint32_t index, uint8_t n);

uint64_t sym_nat64_flip_vertical(uint64_t index, uint8_t n);
uint64_t sym_nat64_flip_horizontal(uint64_t index, uint8_t n);
uint64_t sym_nat64_flip_diagonal(uint64_t index, uint8_t n);
uint64_t sym_nat64_flip_antidiagonal(uint64_t index, uint8_t n);
uint64_t sym_nat64_rotate180(uint64_t index, uint8_t n);

/* ------------------------------------- scrambled numbering (see above) */

/* The scrambled number of natural square 8*rank + file, and back. */
uint8_t sym_scr_from_natural(uint8_t natural);
uint8_t sym_scr_to_natural(uint8_t scrambled);

/* The same five symmetries on an n-piece index in the scrambled numbering. */
uint32_t sym_scr32_flip_vertical(uint32_t index, uint8_t n);
uint32_t sym_scr32_flip_horizontal(uint32_t index, uint8_t n);
uint32_t sym_scr32_flip_diagonal(uint32_t index, uint8_t n);
uint32_t sym_scr32_flip_antidiagonal(uint32_t index, uint8_t n);
uint32_t sym_scr32_rotate180(uint32_t index, uint8_t n);

uint64_t sym_scr64_flip_vertical(uint64_t index, uint8_t n);
uint64_t sym_scr64_flip_horizontal(uint64_t index, uint8_t n);
uint64_t sym_scr64_flip_diagonal(uint64_t index, uint8_t n);
uint64_t sym_scr64_flip_antidiagonal(uint64_t index, uint8_t n);
uint64_t sym_scr64_rotate180(uint64_t index, uint8_t n);

#ifdef __cplusplus
}
#endif

#endif
