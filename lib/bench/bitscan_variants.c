/* SPDX-License-Identifier: MIT */
#include "bench/bitscan_variants.h"

/* The 8-bit de Bruijn table again, in flash, for the variant that pays LPM
 * instead of RAM. */
const uint8_t bs_lsb_table_flash[8] PROGMEM = { 0, 1, 6, 2, 7, 5, 4, 3 };

/*
 * Lowest set bit of every byte, built as a ruler: the entries for 1..2^n-1
 * are those for 1..2^(n-1)-1, then n-1, then the same again.  Entry 0 is 0,
 * as for bs_lsb8(0).
 */
#define BS_RULER1 0
#define BS_RULER2 BS_RULER1, 1, BS_RULER1
#define BS_RULER3 BS_RULER2, 2, BS_RULER2
#define BS_RULER4 BS_RULER3, 3, BS_RULER3
#define BS_RULER5 BS_RULER4, 4, BS_RULER4
#define BS_RULER6 BS_RULER5, 5, BS_RULER5
#define BS_RULER7 BS_RULER6, 6, BS_RULER6
#define BS_RULER8 BS_RULER7, 7, BS_RULER7
const uint8_t bs_lsb_table256[256] PROGMEM = { 0, BS_RULER8 };

/* Population count of every byte: each doubling adds one bit that is clear
 * in the first half and set in the second. */
#define BS_POP2(n) (n), (n) + 1
#define BS_POP4(n) BS_POP2(n), BS_POP2((n) + 1)
#define BS_POP8(n) BS_POP4(n), BS_POP4((n) + 1)
#define BS_POP16(n) BS_POP8(n), BS_POP8((n) + 1)
#define BS_POP32(n) BS_POP16(n), BS_POP16((n) + 1)
#define BS_POP64(n) BS_POP32(n), BS_POP32((n) + 1)
#define BS_POP128(n) BS_POP64(n), BS_POP64((n) + 1)
const uint8_t bs_popcount_table256[256] PROGMEM = { BS_POP128(0), BS_POP128(1) };

/* The 32-bit de Bruijn table for magic 0x077CB531, from
 * `build/host/debruijn --check 5 0x077CB531`; checked against
 * the generator by tests/bits/test_bitscan_tables.c. */
const uint8_t bs_debruijn32_table[32] = {
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
};
