/* SPDX-License-Identifier: MIT */
/*
 * arch/popcount_table.h (small) - found first on the include path of a
 * build with `MOVEGEN := small` (lib/lib.mk): no assembly, so no popcount
 * table.  bs_popcount32_call is lib/arch/small/popcount.c's, a loop a set
 * bit: such a build counts only to check a position it is given (a game
 * loaded, a FEN), where a third of the flash of the inline count's call
 * matters more than its cycles.
 */
#ifndef BITDRAUGHTS_POPCOUNT_TABLE_SMALL_H
#define BITDRAUGHTS_POPCOUNT_TABLE_SMALL_H

#define bs_popcount32_call bs_popcount32_call

#endif
