/* SPDX-License-Identifier: MIT */
/*
 * perft_support.h - the published perft counts from both start positions
 * (../shared/reference/checkers.md: Aart Bik and Martin Fierz for English,
 * Rein Halbersma's dctl tables for Russian), one table for every suite that
 * checks a move generator against them, and the check itself.  In flash:
 * the ATmega328P suites read them with LPM.  All of them fit 32 bits.
 */
#ifndef BITDRAUGHTS_PERFT_SUPPORT_H
#define BITDRAUGHTS_PERFT_SUPPORT_H

#include <stdint.h>
#include "check.h"
#include "checkers/perft.h"

#define PERFT_PUBLISHED_DEPTH 10u

static const uint32_t perft_published_counts[BD_VARIANT_COUNT][PERFT_PUBLISHED_DEPTH + 1u] PROGMEM = {
    [BD_VARIANT_RUSSIAN] = { 1, 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032 },
    [BD_VARIANT_ENGLISH] = { 1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564 },
};

/* The published count of the variant at depth (0..PERFT_PUBLISHED_DEPTH). */
static inline uint32_t perft_published(uint8_t variant, uint8_t depth)
{
    return pgm_read_dword(&perft_published_counts[variant][depth]);
}

/* perft() from the variant's start position at every depth 1..max_depth
 * against the published counts, with the moves on [stack, stack_end); stops
 * at the first difference and names its depth. */
static inline void check_perft_from_start(const struct bd_rules *rules, uint8_t max_depth,
                                          bd_move *stack, bd_move *stack_end)
{
    bd_position start;
    pos_initial(&start, rules);
    for (uint8_t depth = 1; depth <= max_depth; depth++) {
        uint64_t leaves = perft(&start, rules, depth, stack, stack_end);
        if (!CHECK_EQ(leaves >> 32, 0) ||
            !CHECK_EQ(leaves, perft_published(rules->variant, depth))) {
            check_print_P(PSTR("  at depth "));
            check_print_u32(depth);
            check_print_P(PSTR("\n"));
            return;
        }
    }
}

#endif
