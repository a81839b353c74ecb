/* SPDX-License-Identifier: MIT */
/*
 * arch/perft.h (small) - found first on the include path of a build with
 * `MOVEGEN := small` (lib/lib.mk): no assembly override, since the assembly
 * perft counts with the assembly generator; lib/checkers/perft.c runs on
 * the small one.
 */
