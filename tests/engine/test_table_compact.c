/* SPDX-License-Identifier: MIT */
/*
 * test_table_compact.c - the compact transposition table
 * (engine/table_compact.h) through the calls the search makes, on the
 * host with the AVR's sizes and on the simulated ATmega328P: a score
 * stored and read back by its bound and depth, only in a zero window;
 * no move kept (the killers left alone when the position comes back);
 * won and lost scores not kept; the replacement within a bucket of two;
 * a slot whose lock differs refused; the nodes that neither read nor
 * write (shallow, the quiet-move rule, a stopped search).
 *
 * The expected values follow from the table's contract, not from its
 * code: positions that share a bucket are found by their keys
 * (game_hash_wide: low bits the bucket, high half the lock).
 */
#include <string.h>
#include "check.h"
#include "engine/search.h"
#include "engine/search_node.h"

static struct search_workspace work;
static struct search_node node;
static const struct search_limits no_limits;
/* A node's list: three quiet entries (from, to, key). */
static uint8_t quiet_list[3 * 3] = { 8, 12, 0, 9, 13, 0, 10, 14, 0 };
#define WALK_MOVES 40u
static bd_move moves[WALK_MOVES];

static void start(const bd_position *pos)
{
    memset(&work, 0, sizeof work);
    work.pos = *pos;
    work.rules = &bd_rules_english;
    table_start(&work, &no_limits);
}

/* Enters the node of work.pos at ply with depth plies to go, window
 * (alpha, beta), and quiet reversible plies behind it. */
static void enter(uint8_t ply, int8_t depth, int16_t alpha, int16_t beta, uint8_t quiet)
{
    memset(&node, 0, sizeof node);
    node.ply = ply;
    node.depth = depth;
    node.alpha = alpha;
    node.beta = beta;
    node.quiet = quiet;
    node.l.base = quiet_list;
    node.l.count = 3;
    node.l.size = 3;
    table_node_enter(&node.table, alpha);
}

/* The probe of the entered node: 1 and *score when the table decides it. */
static uint8_t probe(int16_t *score)
{
    return table_probe(&work, &node, score);
}

/* Searches the entered node "by hand": probed, listed, a move raised
 * alpha (raised) or none did, and done with score.  A quiet move that
 * cuts off is the ply's first killer by then (search.c's reward()). */
static void search_as(uint8_t raised, int16_t score)
{
    int16_t ignored;
    probe(&ignored);
    CHECK(!table_order(&work, &node));
    if (raised) {
        bd_move m = { 0, 0, 0 };
        table_best(&node.table, &m);
        node.alpha = score;
    }
    table_node_done(&work, &node, score);
}

/* Stores score for work.pos at ply, depth, window (alpha, beta). */
static void store(uint8_t ply, int8_t depth, int16_t alpha, int16_t beta, uint8_t raised, int16_t score)
{
    enter(ply, depth, alpha, beta, 0);
    search_as(raised, score);
}

/* The probe of a zero-window node (alpha, alpha + 1) at ply and depth. */
static uint8_t probe_at(uint8_t ply, int8_t depth, int16_t alpha, int16_t *score)
{
    enter(ply, depth, alpha, (int16_t)(alpha + 1), 0);
    return probe(score);
}

/* True when work.pos is in the table with an exact score (those below
 * are stored so): a zero window below it is decided. */
static uint8_t held(void)
{
    int16_t score;
    return probe_at(2, 2, -1000, &score);
}

static uint8_t slots_used(void)
{
    uint8_t used = 0;
    for (uint8_t i = 0; i < SEARCH_TABLE_SLOTS; i++)
        used += work.table_slots[i].depth_bound != 0;
    return used;
}

static void set_killers(uint8_t ply, uint8_t from0, uint8_t to0, uint8_t from1, uint8_t to1)
{
    work.killers[ply][0].from = from0;
    work.killers[ply][0].to = to0;
    work.killers[ply][1].from = from1;
    work.killers[ply][1].to = to1;
}

static void test_exact_score_read_back(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    start(&pos);
    int16_t score = 0;
    CHECK(!probe_at(2, 3, 10, &score));
    store(2, 3, 0, 100, 1, 40);
    CHECK(probe_at(2, 3, 10, &score) && score == 40);
    CHECK(probe_at(4, 2, 50, &score) && score == 40);
    /* Deeper than stored: not decided. */
    CHECK(!probe_at(2, 4, 10, &score));
    /* A full window is never decided by the table. */
    enter(2, 3, 0, 100, 0);
    CHECK(!probe(&score));
}

static void test_bounds(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    start(&pos);
    int16_t score = 0;
    /* No move raised alpha: at most -20. */
    store(2, 3, 0, 1, 0, -20);
    CHECK(probe_at(2, 3, -10, &score) && score == -20);
    CHECK(!probe_at(2, 3, -30, &score));
    /* A cut-off: at least 50. */
    store(2, 3, 0, 1, 1, 50);
    CHECK(probe_at(2, 3, 40, &score) && score == 50);
    CHECK(!probe_at(2, 3, 60, &score));
}

/* The table keeps no move: finding a position leaves the ply's killers
 * as they were, whatever cut it off. */
static void test_killers_left_alone(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    start(&pos);
    int16_t score = 0;
    /* The quiet move 9-13 cut off at ply 3 (reward() made it the killer). */
    set_killers(3, 9, 13, 10, 14);
    store(3, 3, 0, 1, 1, 50);
    /* Other killers at another ply; the position again there, found and
     * decided: its ply's killers unchanged. */
    set_killers(5, 8, 12, 11, 15);
    CHECK(probe_at(5, 3, 0, &score) && score == 50);
    CHECK_EQ(work.killers[5][0].from, 8);
    CHECK_EQ(work.killers[5][0].to, 12);
    CHECK_EQ(work.killers[5][1].from, 11);
    CHECK_EQ(work.killers[5][1].to, 15);
    /* Found but too shallow to decide: the same. */
    CHECK(!probe_at(5, 4, 0, &score));
    CHECK_EQ(work.killers[5][0].from, 8);
    CHECK_EQ(work.killers[5][1].from, 11);
}

static void test_won_and_lost_not_kept(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    start(&pos);
    store(4, 3, 0, (int16_t)SEARCH_MATE, 1, (int16_t)(SEARCH_MATE - 10));
    store(4, 3, (int16_t)-SEARCH_MATE, 0, 0, (int16_t)-(SEARCH_MATE - 10));
    CHECK_EQ(slots_used(), 0);
    /* The largest score that is not a win is kept. */
    store(4, 3, 0, (int16_t)SEARCH_MATE, 1, (int16_t)SEARCH_MATE_BOUND);
    CHECK_EQ(slots_used(), 1);
}

/* Random walks from the start until three positions share a bucket (and
 * differ in lock): a, b, c. */
static uint8_t bucket_of(const bd_position *pos)
{
    return (uint8_t)game_hash_wide(pos) & (uint8_t)(SEARCH_TABLE_SLOTS - 2u);
}

static uint8_t three_in_a_bucket(bd_position out[3])
{
    uint32_t random = 0x2545F491u;
    uint8_t found = 0;
    for (uint16_t tries = 0; tries < 2000u && found < 3; tries++) {
        bd_position pos;
        pos_initial(&pos, &bd_rules_english);
        uint8_t plies = (uint8_t)(4u + check_random32(&random) % 12u);
        for (uint8_t p = 0; p < plies; p++) {
            bd_move *end = mg_generate(&pos, &bd_rules_english, moves, moves + WALK_MOVES);
            if (!end || end == moves)
                break;
            mg_make(&pos, &moves[check_random32(&random) % (uint32_t)(end - moves)]);
        }
        uint8_t fits = found == 0 || bucket_of(&pos) == bucket_of(&out[0]);
        for (uint8_t i = 0; i < found; i++)
            fits &= (uint16_t)(game_hash_wide(&pos) >> 16) != (uint16_t)(game_hash_wide(&out[i]) >> 16);
        if (fits)
            out[found++] = pos;
    }
    return found == 3;
}

static void test_replacement(void)
{
    static bd_position p[3];
    if (!CHECK(three_in_a_bucket(p)))
        return;
    start(&p[0]);
    store(2, 5, 0, 100, 1, 10);                 /* a, depth 5: the first slot */
    work.pos = p[1];
    store(2, 3, 0, 100, 1, 20);                 /* b, shallower: the second */
    CHECK(held());
    work.pos = p[0];
    CHECK(held());
    work.pos = p[2];
    store(2, 2, 0, 100, 1, 30);                 /* c replaces b, not a */
    CHECK(held());
    work.pos = p[1];
    CHECK(!held());
    work.pos = p[0];
    CHECK(held());
    work.pos = p[1];
    store(2, 6, 0, 100, 1, 40);                 /* b, deeper than a: a goes */
    CHECK(held());
    work.pos = p[2];
    CHECK(held());
    work.pos = p[0];
    CHECK(!held());
    /* Written again, a position keeps its slot: the bucket still has c. */
    work.pos = p[1];
    store(2, 2, 0, 100, 1, 45);
    work.pos = p[2];
    CHECK(held());
    CHECK_EQ(slots_used(), 2);
}

static void test_collision_refused(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    start(&pos);
    store(2, 3, 0, 100, 1, 40);
    CHECK(held());
    /* The same bucket, one bit of the key's high half different: another
     * position's entry, its score not taken. */
    for (uint8_t i = 0; i < SEARCH_TABLE_SLOTS; i++)
        if (work.table_slots[i].depth_bound)
            work.table_slots[i].lock ^= 0x0100u;
    int16_t score = 0;
    CHECK(!probe_at(2, 3, 10, &score));
    CHECK(!held());
}

static void test_nodes_that_keep_out(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    start(&pos);
    /* One ply above the horizon and past it: no entry. */
    store(2, 1, 0, 100, 0, 40);
    store(2, 0, 0, 100, 0, 40);
    CHECK_EQ(slots_used(), 0);
    /* The quiet-move rule could draw within the node's search. */
    enter(2, 3, 0, 100, (uint8_t)(bd_rules_english.draw_quiet_plies - 3u));
    search_as(0, 40);
    CHECK_EQ(slots_used(), 0);
    enter(2, 3, 0, 100, (uint8_t)(bd_rules_english.draw_quiet_plies - 4u));
    search_as(0, 40);
    CHECK_EQ(slots_used(), 1);
    /* A stopped search's score is not kept, nor read back. */
    start(&pos);
    enter(2, 3, 0, 100, 0);
    work.stopped = 1;
    search_as(0, 40);
    CHECK_EQ(slots_used(), 0);
    /* A fresh search starts with an empty table. */
    work.stopped = 0;
    store(2, 3, 0, 100, 0, 40);
    CHECK_EQ(slots_used(), 1);
    table_start(&work, &no_limits);
    CHECK_EQ(slots_used(), 0);
}

int main(void)
{
    check_begin(PSTR("table_compact"));
    RUN_TEST(test_exact_score_read_back);
    RUN_TEST(test_bounds);
    RUN_TEST(test_killers_left_alone);
    RUN_TEST(test_won_and_lost_not_kept);
    RUN_TEST(test_replacement);
    RUN_TEST(test_collision_refused);
    RUN_TEST(test_nodes_that_keep_out);
    return check_end();
}
