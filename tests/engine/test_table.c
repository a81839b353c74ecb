/* SPDX-License-Identifier: MIT */
/*
 * test_table.c - the host's transposition table (engine/table.h) through
 * the calls the search makes: a node stored and read back by its own
 * position, and a node that lists its moves without having been probed
 * (one the quiet frontier left undecided: the search does not probe it)
 * stored under its own position too, not under the key that a node
 * before it at the same ply left in the same node record.
 *
 * The expected values follow from the table's contract: a position's
 * score is found again by that position, and by no other.
 */
#include <string.h>
#include "check.h"
#include "engine/search.h"
#include "engine/search_node.h"

#define ENTRIES 64u
static struct search_entry entries[ENTRIES];
static struct search_table table;
static struct search_workspace work;
static struct search_node node;

static void start(void)
{
    struct search_limits limits;
    memset(&limits, 0, sizeof limits);
    memset(entries, 0, sizeof entries);
    search_table_init(&table, entries, ENTRIES);
    limits.table = &table;
    memset(&work, 0, sizeof work);
    work.rules = &bd_rules_english;
    table_start(&work, &limits);
}

/* Enters the node of work.pos at ply 2 with 3 plies to go and a window
 * (alpha, beta), into the one node record the search reuses at a ply. */
static void enter(int16_t alpha, int16_t beta)
{
    node.ply = 2;
    node.depth = 3;
    node.alpha = alpha;
    node.beta = beta;
    node.quiet = 0;
    table_node_enter(&node.table, alpha);
}

/* Lists the entered node's moves and decides it with score, a move having
 * raised alpha to it: an exact score in a wide window. */
static void decide(int16_t score)
{
    table_order(&work, &node);
    bd_move m = { 0, 0, 0 };
    table_best(&node.table, &m);
    table_node_done(&work, &node, score);
}

/* The score the table gives work.pos in a zero window below it, or
 * SEARCH_INFINITY when it gives none. */
static int16_t read_back(void)
{
    int16_t score;
    enter(-1000, -999);
    return table_probe(&work, &node, &score) ? score : SEARCH_INFINITY;
}

static void test_probed_node_read_back(void)
{
    start();
    pos_initial(&work.pos, &bd_rules_english);
    int16_t score;
    enter(-1000, 1000);
    CHECK(!table_probe(&work, &node, &score));
    decide(50);
    CHECK_EQ(read_back(), 50);
}

static void test_unprobed_node_keyed_by_its_own_position(void)
{
    start();
    bd_position first, second;
    pos_initial(&first, &bd_rules_english);
    second = first;
    second.side = BD_OTHER_COLOUR(first.side);
    int16_t score;
    /* A probed node of the first position, decided. */
    work.pos = first;
    enter(-1000, 1000);
    CHECK(!table_probe(&work, &node, &score));
    decide(50);
    /* The same record at the same ply, another position, never probed. */
    work.pos = second;
    enter(-1000, 1000);
    decide(77);
    CHECK_EQ(read_back(), 77);
    work.pos = first;
    CHECK_EQ(read_back(), 50);
}

int main(void)
{
    check_begin(PSTR("table"));
    RUN_TEST(test_probed_node_read_back);
    RUN_TEST(test_unprobed_node_keyed_by_its_own_position);
    return check_end();
}
