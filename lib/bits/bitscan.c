/* SPDX-License-Identifier: MIT */
#include "bits/bitscan.h"

/*
 * The de Bruijn table for magic 0x1D, from `build/host/debruijn --nth 3 1`
 * (0x1D is the second of the two B(2,3) sequences that start with 000),
 * then three copies with the byte offsets 8, 16 and 24 added.
 * tests/bits/test_bitscan.c regenerates it with the generator and compares.
 */
#define BS_TABLE_COPY(offset) \
    (offset) + 0, (offset) + 1, (offset) + 6, (offset) + 2, \
    (offset) + 7, (offset) + 5, (offset) + 4, (offset) + 3

const uint8_t bs_lsb_table[BS_LSB_TABLE_SIZE] __attribute__((aligned(8))) = { BS_TABLE_COPY(0) };
const uint8_t bs_lsb_table_upper[BS_LSB_UPPER_TABLE_SIZE] __attribute__((aligned(8))) = {
    BS_TABLE_COPY(8), BS_TABLE_COPY(16), BS_TABLE_COPY(24),
};

/* Where the target has its own (arch/bitscan.h), this one is not built. */
#ifndef bs_popcount32_call
uint8_t bs_popcount32_call(uint32_t v)
{
    return bs_popcount32(v);
}
#endif
