/* SPDX-License-Identifier: MIT */
/*
 * Perft from both start positions to depth 10 against the published counts
 * (tests/perft_support.h), and the English divide at depth 8.
 * make test-slow goes deeper (tests/checkers/slow_perft_depth11.sh).
 */
#include "check.h"
#include "checkers/perft.h"
#include "perft_support.h"

#define DEEP 10u
#define STACK_MOVES 1024u

static bd_move stack[STACK_MOVES];

static void test_russian_perft_to_depth_10_matches_published_counts(void)
{
    check_perft_from_start(&bd_rules_russian, DEEP, stack, stack + STACK_MOVES);
}

static void test_english_perft_to_depth_10_matches_published_counts(void)
{
    check_perft_from_start(&bd_rules_english, DEEP, stack, stack + STACK_MOVES);
}

/* English divide at depth 8, by the from and to squares of each first move
 * in the bitboard numbering (square 9 is b6, 12 is h6, 13 is a5, 16 is g5). */
static void test_english_divide_at_depth_8_matches_published_counts(void)
{
    static const struct { uint8_t from_file, from_rank, to_file, to_rank; uint32_t count; } published[] = {
        { 7, 5, 6, 4, 142459 },   /* 12-16: h6-g5 */
        { 5, 5, 6, 4, 163687 },   /* 11-16: f6-g5 */
        { 5, 5, 4, 4, 96625 },    /* 11-15: f6-e5 */
        { 3, 5, 4, 4, 108364 },   /* 10-15: d6-e5 */
        { 3, 5, 2, 4, 94412 },    /* 10-14: d6-c5 */
        { 1, 5, 2, 4, 92267 },    /*  9-14: b6-c5 */
        { 1, 5, 0, 4, 148117 },   /*  9-13: b6-a5 */
    };
    bd_position start;
    pos_initial(&start, &bd_rules_english);
    bd_move *end = mg_generate(&start, &bd_rules_english, stack, stack + STACK_MOVES);
    CHECK_EQ(end - stack, 7);
    uint8_t matched = 0;
    for (const bd_move *m = stack; m < end; m++) {
        bd_position child = start;
        mg_make(&child, m);
        uint64_t leaves = perft(&child, &bd_rules_english, 7, end, stack + STACK_MOVES);
        for (uint8_t i = 0; i < sizeof published / sizeof published[0]; i++) {
            if (m->from == BB_SQUARE(published[i].from_file, published[i].from_rank) &&
                mg_move_to(m) == BB_SQUARE(published[i].to_file, published[i].to_rank)) {
                CHECK_EQ(leaves, published[i].count);
                matched++;
            }
        }
    }
    CHECK_EQ(matched, 7);
}

int main(void)
{
    check_begin("perft-deep");
    RUN_TEST(test_russian_perft_to_depth_10_matches_published_counts);
    RUN_TEST(test_english_perft_to_depth_10_matches_published_counts);
    RUN_TEST(test_english_divide_at_depth_8_matches_published_counts);
    return check_end();
}
