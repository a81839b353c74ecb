/* SPDX-License-Identifier: MIT */
/*
 * The library's move generation folded into one number, for a comparison
 * of two builds where both generators do not fit one firmware: the small
 * generator (MOVEGEN, Makefile) on the simulated ATmega168 against the
 * portable C on the host.  tests/checkers/test_movegen_digest.sh runs both
 * and compares the line "digest N" they print.
 *
 * Folded, in order: for every node of the move tree from both start
 * positions down to DIGEST_TREE_DEPTH plies, and for random positions of
 * the reference generator's kinds (tests/random_position.h), the capture
 * test, the count, every move of the list in its order (from, to with the
 * promotion flag, captured pieces), the position after it (mg_make) and
 * the path of every capture (mg_path).  The tree's perft counts are also
 * checked against the published ones.
 */
#include "check.h"
#include "random_position.h"
#include "checkers/movegen.h"
#include "perft_support.h"

#ifndef DIGEST_TREE_DEPTH
#define DIGEST_TREE_DEPTH 5u
#endif
#ifndef DIGEST_RANDOM_POSITIONS
#define DIGEST_RANDOM_POSITIONS 400u
#endif
/* The tree's lists, one a ply, and a count's scratch: 120 moves fit the
 * ATmega168's 1 KB of RAM. */
#ifndef STACK_MOVES
#define STACK_MOVES 80u
#endif
static bd_move stack[STACK_MOVES];
#define STACK_END (stack + STACK_MOVES)

/* FNV-1a, 32 bits. */
#define FNV_OFFSET 2166136261u
#define FNV_PRIME 16777619u
static uint32_t digest = FNV_OFFSET;
static uint32_t positions;

static void fold8(uint8_t v)
{
    digest = (digest ^ v) * FNV_PRIME;
}

static void fold32(uint32_t v)
{
    for (uint8_t i = 0; i < 4u; i++, v >>= 8)
        fold8((uint8_t)v);
}

static void fold_position(const bd_position *pos)
{
    fold32(pos->pieces[BD_WHITE]);
    fold32(pos->pieces[BD_BLACK]);
    fold32(pos->men[BD_WHITE]);
    fold32(pos->men[BD_BLACK]);
    fold8(pos->side);
}

/* Folds everything the generator says about pos, with its list from free;
 * returns the list's end (NULL when it does not fit: a failure). */
static bd_move *fold_moves(const bd_position *pos, const struct bd_rules *rules, bd_move *free)
{
    positions++;
    fold8(mg_has_capture(pos, rules));
    bd_move *end = mg_generate(pos, rules, free, STACK_END);
    if (!CHECK(end != 0))
        return 0;
    uint16_t count = mg_count(pos, rules, end, STACK_END);
    CHECK_EQ(count, end - free);
    fold8((uint8_t)count);
    for (const bd_move *m = free; m < end; m++) {
        fold8(m->from);
        fold8(m->to);
        fold32(m->captured);
        bd_position child = *pos;
        mg_make(&child, m);
        fold_position(&child);
        if (mg_move_is_capture(m)) {
            uint8_t path[MG_MAX_PATH];
            uint8_t length = mg_path(pos, rules, m, path);
            fold8(length);
            for (uint8_t i = 0; i < length && i < MG_MAX_PATH; i++)
                fold8(path[i]);
        }
    }
    return end;
}

/* Every node below pos, depth plies deep; the leaves at the bottom. */
static uint32_t fold_tree(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                          bd_move *free)
{
    bd_move *end = fold_moves(pos, rules, free);
    if (!end)
        return 0;
    if (depth == 0)
        return 1;
    uint32_t leaves = 0;
    for (const bd_move *m = free; m < end; m++) {
        bd_position child = *pos;
        mg_make(&child, m);
        leaves += fold_tree(&child, rules, (uint8_t)(depth - 1u), end);
    }
    return leaves;
}

static void test_every_node_to_the_tree_depth_from_both_starts(void)
{
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        const struct bd_rules *rules = bd_rules_of(v);
        bd_position start;
        pos_initial(&start, rules);
        CHECK_EQ(fold_tree(&start, rules, DIGEST_TREE_DEPTH, stack),
                 perft_published(v, DIGEST_TREE_DEPTH));
    }
}

static uint8_t fold_random(const bd_position *pos, uint8_t variant, uint16_t index)
{
    (void)index;
    return fold_moves(pos, bd_rules_of(variant), stack) != 0;
}

static void test_random_positions(void)
{
    static const struct position_kind men_and_kings = { 0, 10, 0, 3 }, king_endings = { 0, 2, 1, 3 },
                                      many_kings = { 0, 4, 3, 6 };  /* the most moves */
    visit_random_positions(0x5EED0001u, DIGEST_RANDOM_POSITIONS, &men_and_kings, fold_random);
    visit_random_positions(0xE4D1u, DIGEST_RANDOM_POSITIONS, &king_endings, fold_random);
    visit_random_positions(0xBADC0DEu, DIGEST_RANDOM_POSITIONS, &many_kings, fold_random);
}

static void test_men_next_to_promotion(void)
{
    visit_random_positions(0x9A0Du, DIGEST_RANDOM_POSITIONS, NULL, fold_random);
}

#ifdef __AVR__
#include <avr/io.h>

/* The stack the generator takes: the free RAM below the stack pointer is
 * painted, the moves listed, and the deepest byte changed found. */
#define STACK_PAINT 0xA5u
#define STACK_PAINT_MARGIN 8u           /* bytes kept free above the static data */
/* What the measurement gives, to the byte: the assembly's generator (the
 * build where bs_popcount32_call reads its popcount table,
 * arch/popcount_table.h) and its C walk with a frame a jump, the small
 * generator walks a capture with a loop (the same stack for one victim as
 * for nine). */
#include "bits/bitscan.h"
#ifdef bs_popcount32_call
#  define CAPTURE_STACK_BYTES 148u
#  define STACK_GROWS_WITH_VICTIMS 1
#else
#  define CAPTURE_STACK_BYTES 122u
#  define STACK_GROWS_WITH_VICTIMS 0
#endif
#define LATTICE_SIDE 3u
#define LATTICE_SQUARES (LATTICE_SIDE * LATTICE_SIDE)
extern uint8_t __bss_end;

static __attribute__((noinline)) uint16_t stack_of_generation(const bd_position *pos,
                                                              const struct bd_rules *rules)
{
    uint8_t *low = &__bss_end + STACK_PAINT_MARGIN, *top = (uint8_t *)SP;
    for (uint8_t *p = low; p < top; p++)
        *p = STACK_PAINT;
    CHECK(mg_generate(pos, rules, stack, STACK_END) != 0);
    uint8_t *deepest = low;
    while (deepest < top && *deepest == STACK_PAINT)
        deepest++;
    return (uint16_t)(top - deepest);
}

/* A lone man or king of White on a1 against victims on the lattice
 * b2..f6, two squares apart with every landing between them empty: one
 * victim, then the nine of the longest captures of
 * tests/checkers/test_movegen_reference.c (by many paths), the deepest walk. */
static void test_stack_of_the_longest_captures(void)
{
    uint16_t most = 0, most_of_one = 0;
    for (uint8_t victims = 1; victims <= LATTICE_SQUARES; victims += LATTICE_SQUARES - 1u) {
        for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
            for (uint8_t king = 0; king < 2; king++) {
                bd_position pos;
                pos_clear(&pos, BD_WHITE);
                for (uint8_t i = 0; i < victims; i++)
                    bb_add(&pos.pieces[BD_BLACK], BB_SQUARE(1u + 2u * (i % LATTICE_SIDE),
                                                            1u + 2u * (i / LATTICE_SIDE)));
                pos.men[BD_BLACK] = pos.pieces[BD_BLACK];
                bb_add(&pos.pieces[BD_WHITE], BB_SQUARE(0, 0));
                pos.men[BD_WHITE] = king ? 0 : pos.pieces[BD_WHITE];
                uint16_t bytes = stack_of_generation(&pos, bd_rules_of(v));
                check_print_P(PSTR("  stack "));
                check_print_u32(bytes);
                check_print_P(PSTR(" bytes: "));
                check_print_u32(victims);
                check_print_P(v == BD_VARIANT_RUSSIAN ? PSTR(" victims, Russian") : PSTR(" victims, English"));
                check_print_P(king ? PSTR(" king\n") : PSTR(" man\n"));
                if (bytes > most)
                    most = bytes;
                if (victims == 1u && bytes > most_of_one)
                    most_of_one = bytes;
            }
        }
    }
    CHECK(most <= CAPTURE_STACK_BYTES);
    if (!STACK_GROWS_WITH_VICTIMS)
        CHECK_EQ(most, most_of_one);
}
#endif

int main(void)
{
    check_begin(PSTR("movegen_digest"));
    RUN_TEST(test_every_node_to_the_tree_depth_from_both_starts);
    RUN_TEST(test_random_positions);
    RUN_TEST(test_men_next_to_promotion);
#ifdef __AVR__
    RUN_TEST(test_stack_of_the_longest_captures);
#endif
    check_print_P(PSTR("positions "));
    check_print_u32(positions);
    check_print_P(PSTR("\ndigest "));
    check_print_u32(digest);
    check_print_P(PSTR("\n"));
    return check_end();
}
