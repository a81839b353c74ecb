/* SPDX-License-Identifier: MIT */
/*
 * popcount.c (small) - bits/bitscan.h's bs_popcount32_call for the builds
 * on the small generator (arch/popcount_table.h in this folder says why).
 */
#include "bits/bitscan.h"

uint8_t bs_popcount32_call(uint32_t v)
{
    uint8_t count = 0;
    for (; v; v &= v - 1u)      /* the lowest set bit off */
        count++;
    return count;
}
