/* SPDX-License-Identifier: MIT */
/*
 * symmetry.h - symmetries of the 32-bit checkers bitboard as a few bit
 * operations, with no loop over pieces or bits.
 *
 * The 32-bit checkers bitboard of bitboard32.h (dark square (f, r) is bit
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
#include "checkers/bitboard32.h"
#include "checkers/position.h"

#ifdef __cplusplus
extern "C" {
#endif

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
void sym_colour_flip(const bd_position *in, bd_position *out);

#ifdef __cplusplus
}
#endif

#endif
