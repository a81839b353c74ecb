/*
 * Perft from both start positions to depth 6 against the published counts
 * (../shared/reference/checkers.md: Aart Bik and Martin Fierz for English,
 * Rein Halbersma's dctl tables for Russian).  Runs on the host and in the
 * simulator on the ATmega328P, with the moves of all plies on one stack.
 */
#include "check.h"
#include "checkers/perft.h"

#define SIM_DEPTH 6u
/* Enough for six plies of start-position moves (at most 8 moves a ply). */
#define STACK_MOVES 96u

static const uint32_t published_russian[SIM_DEPTH + 1] PROGMEM = {
    1, 7, 49, 302, 1469, 7482, 37986,
};
static const uint32_t published_english[SIM_DEPTH + 1] PROGMEM = {
    1, 7, 49, 302, 1469, 7361, 36768,
};

static bd_move stack[STACK_MOVES];

static void check_perft_from_start(const struct bd_rules *rules, const uint32_t *published_P)
{
    bd_position start;
    pos_initial(&start, rules);
    for (uint8_t depth = 1; depth <= SIM_DEPTH; depth++) {
        uint64_t leaves = perft(&start, rules, depth, stack, stack + STACK_MOVES);
        if (!CHECK_EQ(leaves, pgm_read_dword(&published_P[depth]))) {
            check_print_P(PSTR("  at depth "));
            check_print_u32(depth);
            check_print_P(PSTR("\n"));
            return;
        }
    }
}

static void test_russian_perft_to_depth_6_matches_published_counts(void)
{
    check_perft_from_start(&bd_rules_russian, published_russian);
}

static void test_english_perft_to_depth_6_matches_published_counts(void)
{
    check_perft_from_start(&bd_rules_english, published_english);
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
