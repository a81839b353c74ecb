/*
 * symmetry.h - board symmetries as a few bit operations, with no loop over
 * pieces or bits.
 *
 * 1. Packed piece indices on an 8x8 board (endgame-table style).  A square
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
 *
 * 2. The 32-bit checkers bitboard of bitboard32.h (dark square (f, r) is bit
 * (3f + 4r) mod 32).  Write a dark square as a1 + p up-right steps + q
 * up-left steps: p = (f + r)/2, q = (r - f)/2, bit n = 7p + q (mod 32).
 * Each p is one diagonal parallel to g1-a7, a run of consecutive bits
 * centred on 7p: [0] [6..8] [12..16] [18..24] [25..31] [1..5] [9..11] [17]
 * for p = 0..7; none wraps around bit 31.
 *   - 180 degrees: n -> 49 - n = 17 - n (mod 32) = bit reversal (31 - n)
 *     then a rotation by 18.  Reversal is five SWAR swap stages, the last
 *     one a rotation by 16, so the whole is four stages (1, 2, 4, 8) and a
 *     rotation by 16 + 18 = 34 = 2.  The stages by 1, 2 and 4 stay inside
 *     a byte and run on uint8_t; the stage by 8 is a renaming of bytes.
 *   - a1-h8 mirror (f, r) -> (r, f): p stays, q -> -q: every run above is
 *     reversed in place.  A run of 7 at a (a..a+6) is reversed by a delta
 *     swap by 2 of {a, a+2} {a+4, a+6} and then one by 4 of {a, a+4}
 *     {a+2, a+6} {a+1, a+5} (the even offsets go a -> a+2 -> a+6 and back,
 *     the odd ones need only the second swap); a run of 5 at b needs
 *     {b+1, b+3} in the first and {b, b+4} in the second; a run of 3 at c
 *     {c, c+2} in the first.  Two delta swaps in all:
 *       by 2, mask 0x22442244;  then by 4, mask 0x0E1C1002.
 *     (A throwaway search over every pair of delta swaps, deltas 1..31
 *     with free masks, found only deltas 2 and 4, in either order; no
 *     single swap does it.)
 *   - h1-a8 mirror (f, r) -> (7-r, 7-f): q stays, p -> 7 - p: the runs trade
 *     places whole, [0]<->[17], [6..8]<->[9..11], [1..5]<->[12..16],
 *     [18..24]<->[25..31]: four delta swaps by 17, 3, 11 and 7 with masks
 *     0x00000001, 0x000001C0, 0x0000003E, 0x01FC0000 (the same search found
 *     no two-swap form); it equals the a1-h8 mirror followed by the turn.
 *     Done as the eight masked rotations those swaps consist of, x rotated
 *     by +-17, +-3, +-11, +-7 and masked to each run's destination, because
 *     on AVR each is a byte renaming plus at most three 1-bit rotations.
 * Men move in one direction, so only the turn with a colour swap keeps the
 * game (sym_colour_flip); the mirrors are for king-only positions.
 */
#ifndef BITDRAUGHTS_SYMMETRY_H
#define BITDRAUGHTS_SYMMETRY_H

#include <stdint.h>
#include "platform.h"
#include "bitboard32.h"
#include "position.h"

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

/* ------------------------------------------- 32-bit checkers bitboards */

/* Delta swaps: swap bit i and bit i + delta for every i in the mask.  (The
 * casts keep the small masks 32 bits wide where int is 16.) */
#define SYM_DIAG_MASK_2   ((bb32)0x22442244u)   /* first, by 2 */
#define SYM_DIAG_MASK_4   ((bb32)0x0E1C1002u)   /* then, by 4 */
#define SYM_ANTI_MASK_17  ((bb32)0x00000001u)   /* the four in any order */
#define SYM_ANTI_MASK_3   ((bb32)0x000001C0u)
#define SYM_ANTI_MASK_11  ((bb32)0x0000003Eu)
#define SYM_ANTI_MASK_7   ((bb32)0x01FC0000u)

/* The board turned by 180 degrees: bit n moves to bit (17 - n) mod 32. */
bb32 sym_rotate180(bb32 x);
/* Mirrored about the long diagonal a1-h8: (f, r) -> (r, f). */
bb32 sym_mirror_diagonal(bb32 x);
/* Mirrored about the double-corner diagonal h1-a8: (f, r) -> (7-r, 7-f). */
bb32 sym_mirror_antidiagonal(bb32 x);
/* The same game seen from the other side: the board turned by 180 degrees,
 * the colours swapped (men stay men), the other side to move.  in and out
 * may be the same position. */
void sym_colour_flip(const position *in, position *out);

#endif
