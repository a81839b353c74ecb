/* SPDX-License-Identifier: MIT */
/*
 * arch/popcount_table.h (small) - found first on the include path of a
 * build with `MOVEGEN := small` (lib/lib.mk): no assembly, so no popcount
 * table; bs_popcount32_call is bits/bitscan.c's.
 */
