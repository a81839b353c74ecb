/* SPDX-License-Identifier: MIT */
/*
 * Perft from both start positions to depth 6 against the published counts
 * (tests/perft_support.h).  Runs on the host and in the simulator on the
 * ATmega328P, with the moves of all plies on one stack.
 */
#include "check.h"
#include "checkers/perft.h"
#include "perft_support.h"

#define SIM_DEPTH 6u
/* Enough for six plies of start-position moves (at most 8 moves a ply). */
#define STACK_MOVES 96u

static bd_move stack[STACK_MOVES];

static void test_russian_perft_to_depth_6_matches_published_counts(void)
{
    check_perft_from_start(&bd_rules_russian, SIM_DEPTH, stack, stack + STACK_MOVES);
}

static void test_english_perft_to_depth_6_matches_published_counts(void)
{
    check_perft_from_start(&bd_rules_english, SIM_DEPTH, stack, stack + STACK_MOVES);
}

static void test_perft_reports_a_move_stack_too_small(void)
{
    bd_position start;
    pos_initial(&start, &bd_rules_english);
    CHECK_EQ(perft(&start, &bd_rules_english, 3, stack, stack + 4) == PERFT_OVERFLOW, 1);
}

int main(void)
{
    check_begin(PSTR("perft"));
    RUN_TEST(test_russian_perft_to_depth_6_matches_published_counts);
    RUN_TEST(test_english_perft_to_depth_6_matches_published_counts);
    RUN_TEST(test_perft_reports_a_move_stack_too_small);
    return check_end();
}
