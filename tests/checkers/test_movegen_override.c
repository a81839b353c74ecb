/* SPDX-License-Identifier: MIT */
/*
 * The target's move generation (assembly on AVR, lib/arch/avr) against the
 * portable C compiled into the same firmware under other names
 * (lib/bench/movegen_portable.h): the same capture test, the same kind
 * of moves (captures, quiet moves or none), the same counts, the same
 * move lists in the same order, the same positions after each move, the
 * same perft; and the path of every capture (mg_path, for
 * its notation) the same as the C walk's, square for square, from
 * mg_path_search, which is mg_path on AVR.
 *
 * Position sets: every node of the move tree from both start positions
 * down to the leaves of perft(TREE_DEPTH), the random positions of the
 * reference generator's test (tests/checkers/test_movegen_reference.c: men and
 * kings anywhere, many kings, men next to promotion), king endings of both
 * variants, and positions with the most kings, which have the most moves.
 * On the host both sides are the same C but the paths: the search is
 * compared with the walk there too.
 * The same source runs on the small generator (MOVEGEN, Makefile): on the
 * host to depth 7 (build/host/tests/small/) and on the simulated ATmega168
 * (build/diecimila/game/tests/).
 * make test-slow runs the same test to depth 8 (tests/checkers/slow_movegen_override_deep.sh:
 * every leaf of perft(8), 1.8 million positions).
 */
#include "check.h"
#include "random_position.h"
#include "checkers/movegen.h"
#include "checkers/perft.h"
#include "bench/movegen_portable.h"
#include "perft_support.h"

#ifndef TREE_DEPTH
#define TREE_DEPTH 6u
#endif
#ifndef RANDOM_POSITIONS
#define RANDOM_POSITIONS 1500u
#endif

/* The walk's moves and the two lists compared, on one stack (shorter on
 * the ATmega168, whose 1 KB of RAM holds 120). */
#ifndef STACK_MOVES
#define STACK_MOVES 180u
#endif
/* The published counts from both start positions, to this depth. */
#ifndef PUBLISHED_PERFT_DEPTH
#define PUBLISHED_PERFT_DEPTH 6u
#endif
static bd_move stack[STACK_MOVES];
#define STACK_END (stack + STACK_MOVES)

static uint32_t compared, with_capture, paths_compared, failures;

static void report(const bd_position *pos, const struct bd_rules *rules, const char *what_P)
{
    if (failures++ >= 3)
        return;
    check_print_P(PSTR("  differs: "));
    check_print_P(what_P);
    check_print_P(rules->variant == BD_VARIANT_RUSSIAN ? PSTR(" russian") : PSTR(" english"));
    check_print_P(PSTR(" side "));
    check_print_u32(pos->side);
    check_print_P(PSTR(" white "));
    check_print_u32(pos->pieces[BD_WHITE]);
    check_print_P(PSTR(" men "));
    check_print_u32(pos->men[BD_WHITE]);
    check_print_P(PSTR(" black "));
    check_print_u32(pos->pieces[BD_BLACK]);
    check_print_P(PSTR(" men "));
    check_print_u32(pos->men[BD_BLACK]);
    check_print_P(PSTR("\n"));
}

static uint8_t same_position(const bd_position *a, const bd_position *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->men[0] == b->men[0] && a->men[1] == b->men[1] && a->side == b->side;
}

/* Field by field: the host's struct has padding. */
static uint8_t same_moves(const bd_move *a, const bd_move *b, uint16_t n)
{
    for (uint16_t i = 0; i < n; i++)
        if (a[i].from != b[i].from || a[i].to != b[i].to || a[i].captured != b[i].captured)
            return 0;
    return 1;
}

/* The path of capture m by mg_path (on AVR the search over the move's
 * pieces) and by mg_path_search, square for square the walk's. */
static uint8_t same_path(const bd_position *pos, const struct bd_rules *rules, const bd_move *m)
{
    uint8_t walked[MG_MAX_PATH], path[MG_MAX_PATH], searched[MG_MAX_PATH];
    uint8_t n = ref_mg_path(pos, rules, m, walked);
    paths_compared++;
    if (!CHECK(n >= 2u) || !CHECK_EQ(mg_path(pos, rules, m, path), n) ||
        !CHECK_EQ(mg_path_search(pos, rules, m, searched), n))
        return 0;
    for (uint8_t i = 0; i < n; i++)
        if (!CHECK_EQ(path[i], walked[i]) || !CHECK_EQ(searched[i], walked[i]))
            return 0;
    return 1;
}

/* Compares everything the override may replace on pos, with the moves from
 * `free` on as scratch.  Returns 1 when all agree. */
static uint8_t compare_at(const bd_position *pos, const struct bd_rules *rules, bd_move *free)
{
    compared++;
    uint8_t capture = ref_mg_has_capture(pos, rules);
    with_capture += capture;
    if (!CHECK_EQ(mg_has_capture(pos, rules), capture)) {
        report(pos, rules, PSTR("mg_has_capture"));
        return 0;
    }
    bd_move *ref_end = ref_mg_generate(pos, rules, free, STACK_END);
    if (!CHECK(ref_end != 0))
        return 0;
    uint16_t n = (uint16_t)(ref_end - free);
    /* The kind of moves: the portable capture test's, or by the count. */
    uint8_t kind = capture ? MG_KIND_CAPTURE : n ? MG_KIND_QUIET : MG_KIND_NONE;
    if (!CHECK_EQ(mg_move_kind(pos, rules), kind)) {
        report(pos, rules, PSTR("mg_move_kind"));
        return 0;
    }
    if (!CHECK_EQ(mg_count(pos, rules, ref_end, STACK_END), n)) {
        report(pos, rules, PSTR("mg_count"));
        return 0;
    }
    bd_move *end = mg_generate(pos, rules, ref_end, STACK_END);
    if (!CHECK(end != 0) || !CHECK_EQ(end - ref_end, n) || !CHECK(same_moves(free, ref_end, n))) {
        report(pos, rules, PSTR("mg_generate"));
        return 0;
    }
    /* The search's call, with the capture test's answer known, and a list
     * one move too short (NULL, as the C). */
    end = mg_generate_known(pos, rules, ref_end, STACK_END, capture);
    if (!CHECK(end != 0) || !CHECK_EQ(end - ref_end, n) || !CHECK(same_moves(free, ref_end, n))) {
        report(pos, rules, PSTR("mg_generate_known"));
        return 0;
    }
    if (n && !CHECK(mg_generate_known(pos, rules, ref_end, ref_end + n - 1, capture) == 0)) {
        report(pos, rules, PSTR("mg_generate_known, no room"));
        return 0;
    }
    for (const bd_move *m = free; m < ref_end; m++) {
        bd_position a = *pos, b = *pos;
        mg_make(&a, m);
        ref_mg_make(&b, m);
        if (!CHECK(same_position(&a, &b))) {
            report(pos, rules, PSTR("mg_make"));
            return 0;
        }
        if (mg_move_is_capture(m) && !same_path(pos, rules, m)) {
            report(pos, rules, PSTR("mg_path"));
            return 0;
        }
    }
    return 1;
}

/* Every node of the tree below pos, depth plies deep; 0 on a difference. */
static uint8_t compare_tree(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                            bd_move *free)
{
    if (!compare_at(pos, rules, free))
        return 0;
    if (depth == 0)
        return 1;
    bd_move *end = ref_mg_generate(pos, rules, free, STACK_END);
    for (const bd_move *m = free; m < end; m++) {
        bd_position child = *pos;
        ref_mg_make(&child, m);
        if (!compare_tree(&child, rules, (uint8_t)(depth - 1u), end))
            return 0;
    }
    return 1;
}

static uint8_t compare_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth)
{
    uint64_t a = perft(pos, rules, depth, stack, STACK_END);
    uint64_t b = ref_perft(pos, rules, depth, stack, STACK_END);
    if (!CHECK(a == b)) {
        report(pos, rules, PSTR("perft"));
        return 0;
    }
    return 1;
}

static void test_every_node_to_perft_depth_from_the_english_start(void)
{
    bd_position start;
    pos_initial(&start, &bd_rules_english);
    compare_tree(&start, &bd_rules_english, TREE_DEPTH, stack);
}

static void test_every_node_to_perft_depth_from_the_russian_start(void)
{
    bd_position start;
    pos_initial(&start, &bd_rules_russian);
    compare_tree(&start, &bd_rules_russian, TREE_DEPTH, stack);
}

/* ------------------------------------------------- random positions -- */

/* Each position compared, every tenth also by perft(2). */
static uint8_t compare_random(const bd_position *pos, uint8_t variant, uint16_t index)
{
    const struct bd_rules *rules = bd_rules_of(variant);
    return compare_at(pos, rules, stack) && (index % 10u != 0 || compare_perft(pos, rules, 2));
}

static void test_random_positions_with_men_and_kings(void)
{
    static const struct position_kind kind = { 0, 10, 0, 3 };
    visit_random_positions(0x5EED0001u, RANDOM_POSITIONS, &kind, compare_random);
}

static void test_random_positions_of_men_only(void)
{
    static const struct position_kind kind = { 1, 12, 0, 0 };
    visit_random_positions(0x3E40001u, RANDOM_POSITIONS, &kind, compare_random);
}

static void test_king_endings(void)
{
    static const struct position_kind kind = { 0, 2, 1, 3 };
    visit_random_positions(0xE4D1u, RANDOM_POSITIONS, &kind, compare_random);
}

static void test_many_kings_the_most_moves(void)
{
    static const struct position_kind many = { 0, 4, 3, 6 }, most = { 0, 1, 6, 9 };
    visit_random_positions(0xBADC0DEu, RANDOM_POSITIONS, &many, compare_random);
    visit_random_positions(0x3A4Bu, RANDOM_POSITIONS / 4u, &most, compare_random);
}

/* Men crowded near the far ranks: captures through the promotion rank,
 * Russian men that become kings halfway and go on. */
static uint8_t compare_scattered(const bd_position *pos, uint8_t variant, uint16_t index)
{
    (void)index;
    return compare_at(pos, bd_rules_of(variant), stack);
}

static void test_men_next_to_promotion(void)
{
    visit_random_positions(0x9A0Du, RANDOM_POSITIONS, NULL, compare_scattered);
}

/* The rules are data: every combination of the three flags that the
 * generation reads (men capture backwards, flying kings, promotion goes on
 * capturing), the two variants' and the six others, on the positions that
 * exercise them.  The variant field is the Russian one throughout (it
 * names the rules, which the generation does not read). */
#define RULE_FLAG_COMBINATIONS 8u
static struct bd_rules mixed_rules;

static uint8_t compare_mixed(const bd_position *pos, uint8_t variant, uint16_t index)
{
    (void)variant;
    return compare_at(pos, &mixed_rules, stack) &&
           (index % 10u != 0 || compare_perft(pos, &mixed_rules, 2));
}

static void test_every_combination_of_the_rules_flags(void)
{
    static const struct position_kind men_and_kings = { 0, 10, 0, 3 }, men = { 1, 12, 0, 0 };
    for (uint8_t flags = 0; flags < RULE_FLAG_COMBINATIONS; flags++) {
        mixed_rules = bd_rules_russian;
        mixed_rules.men_capture_backwards = flags & 1u;
        mixed_rules.flying_kings = (flags >> 1) & 1u;
        mixed_rules.promotion_continues_capture = (flags >> 2) & 1u;
        visit_random_positions(0xC0B0u + flags, RANDOM_POSITIONS / 8u, &men_and_kings, compare_mixed);
        visit_random_positions(0xC1B0u + flags, RANDOM_POSITIONS / 8u, &men, compare_mixed);
        visit_random_positions(0xC2B0u + flags, RANDOM_POSITIONS / 8u, NULL, compare_mixed);
    }
}

static void test_perft_from_both_starts_gives_the_published_counts(void)
{
    check_perft_from_start(&bd_rules_english, PUBLISHED_PERFT_DEPTH, stack, STACK_END);
    check_perft_from_start(&bd_rules_russian, PUBLISHED_PERFT_DEPTH, stack, STACK_END);
}

static void test_perft_from_random_endings(void)
{
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        const struct bd_rules *rules = bd_rules_of(v);
        uint32_t rng = 0xF11Bu + v;
        for (uint8_t i = 0; i < 40; i++) {
            bd_position pos;
            const uint8_t men[2] = { random_between(&rng, 0, 5), random_between(&rng, 0, 5) };
            const uint8_t kings[2] = { random_between(&rng, 0, 2), random_between(&rng, 0, 2) };
            random_position(&pos, &rng, men, kings);
            if (!compare_perft(&pos, rules, 4))
                return;
        }
    }
}

int main(void)
{
    check_begin(PSTR("movegen_override"));
    RUN_TEST(test_every_node_to_perft_depth_from_the_english_start);
    RUN_TEST(test_every_node_to_perft_depth_from_the_russian_start);
    RUN_TEST(test_random_positions_with_men_and_kings);
    RUN_TEST(test_random_positions_of_men_only);
    RUN_TEST(test_king_endings);
    RUN_TEST(test_many_kings_the_most_moves);
    RUN_TEST(test_men_next_to_promotion);
    RUN_TEST(test_every_combination_of_the_rules_flags);
    RUN_TEST(test_perft_from_random_endings);
    RUN_TEST(test_perft_from_both_starts_gives_the_published_counts);
    check_print_P(PSTR("movegen_override: "));
    check_print_u32(compared);
    check_print_P(PSTR(" positions compared, "));
    check_print_u32(with_capture);
    check_print_P(PSTR(" with a capture, "));
    check_print_u32(paths_compared);
    check_print_P(PSTR(" capture paths\n"));
    return check_end();
}
