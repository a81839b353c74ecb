/* SPDX-License-Identifier: MIT */
/*
 * arch/popcount_table.h (generic) - no popcount table: bs_popcount32_call
 * is bits/bitscan.c's.
 */
