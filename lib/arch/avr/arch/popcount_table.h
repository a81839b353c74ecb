/* SPDX-License-Identifier: MIT */
/*
 * arch/popcount_table.h (AVR) - bs_popcount32_call (bits/bitscan.h) is the
 * move generator's assembly (lib/arch/avr/movegen_asm.S), which reads its
 * 256-byte popcount table: 20 cycles where the call of the inline count
 * takes some 55, and 26 bytes instead of 104.  A build on the small
 * generator has no such table: lib/arch/small's header of this name,
 * first on its include path, leaves the count to bits/bitscan.c.
 */
#ifndef BITDRAUGHTS_POPCOUNT_TABLE_AVR_H
#define BITDRAUGHTS_POPCOUNT_TABLE_AVR_H

#define bs_popcount32_call bs_popcount32_call

#endif
