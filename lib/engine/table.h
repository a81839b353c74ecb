/* SPDX-License-Identifier: MIT */
/*
 * table.h - the search's transposition table, on targets with the RAM for
 * one (the host: engine/search.h includes this header or its stand-in
 * without a table, engine/table_none.h, by the target's workspace sizes).
 *
 * Positions met again by another order of moves, and the previous
 * iteration's positions, give their score when searched as deep with a
 * window it decides (zero-window nodes only, so that the principal
 * variation is always searched out) and their best move first.  An entry
 * is found by a 64-bit key of the position: its low bits pick the slot,
 * its high half is kept to tell two positions of a slot apart.  The caller
 * owns the entries (search_table_init) and keeps them from one search to
 * the next; an entry is replaced unless it holds a deeper search of
 * another position made by the same search_run().
 *
 * The search (search.c) calls the table_* functions below at the same
 * points of a node with or without a table; engine/table_none.h gives each
 * one a version that does nothing, so that a build without a table
 * compiles the search as if none of these calls were there.
 */
#ifndef BITDRAUGHTS_TABLE_H
#define BITDRAUGHTS_TABLE_H

#include <stdint.h>

/* The search has a table: struct search_limits and the workspace have a
 * `table` member (engine/search.h). */
#define SEARCH_TABLE 1

struct search_entry {
    uint32_t lock;                  /* the position key's high half */
    int16_t score;                  /* mate scores counted from this position */
    int8_t depth;
    uint8_t bound;                  /* 0: empty, else SEARCH_BOUND_* */
    struct search_key move;         /* the best or cutting move, from BB_NO_SQUARE: none */
    uint8_t generation;             /* of the search_run() that wrote it */
};
#define SEARCH_BOUND_UPPER 1u       /* the score is at most this */
#define SEARCH_BOUND_LOWER 2u       /* at least this */
#define SEARCH_BOUND_EXACT 3u
/* The host tools' table (3 MB): several times the nodes that a move's
 * search lists in a second. */
#define SEARCH_TABLE_HOST_ENTRIES (1ul << 18)
struct endgame_tables;
struct search_table {
    struct search_entry *entries;
    uint32_t mask;                  /* entries - 1 */
    uint8_t generation;
    /* Endgame tables that decide the positions they hold before the
     * entries are looked at (arch/endgame_probe.h); NULL: none. */
    const struct endgame_tables *endgame;
};
/* Takes count entries (a power of two), all zero (static or calloc'ed:
 * a fresh process pays for no clearing), and no endgame tables. */
void search_table_init(struct search_table *table, struct search_entry *entries, uint32_t count);

/* ------------------------------------------------- the search's side -- */

struct search_workspace;
struct search_limits;
struct search_node;                 /* search.c's node of the path (search_node.h) */

/* What a node of the search keeps for the table. */
struct table_node {
    uint8_t listed;                 /* its moves are being searched: its score
                                       goes to the table */
    uint8_t first_fixed;            /* move 0 is the PV's or the table's: not picked */
    uint8_t keyed;                  /* key is this node's (it was probed) */
    int16_t alpha_in;               /* alpha before the moves raised it */
    uint64_t key;                   /* the position's, once probed */
    struct search_key move, best;   /* the entry's move, the node's best so far;
                                       from BB_NO_SQUARE: none */
};

/* At the start of search_run(): the table of limits (NULL: none), and a
 * new generation of entries. */
void table_start(struct search_workspace *w, const struct search_limits *limits);

/* A node entered with the window's lower bound alpha: nothing probed,
 * no move known. */
static inline void table_node_enter(struct table_node *t, int16_t alpha)
{
    t->listed = 0;
    t->keyed = 0;
    t->move.from = t->best.from = BB_NO_SQUARE;
    t->alpha_in = alpha;
}

/* Node n (ply > 0) before its moves: 1 when the endgame tables or its
 * entry decide it, with the score in *score; the entry's move is kept for
 * the order either way. */
uint8_t table_probe(struct search_workspace *w, struct search_node *n, int16_t *score);

/* Node n has listed its moves, the previous iteration's move first while
 * the search follows that line: 1 when the entry's move should go first
 * instead (table_move(), then table_move_is_first() if n has it). */
uint8_t table_order(struct search_workspace *w, struct search_node *n);

static inline const struct search_key *table_move(const struct table_node *t)
{
    return &t->move;
}

static inline void table_move_is_first(struct table_node *t)
{
    t->first_fixed = 1;
}

/* True when move 0 is fixed (the PV's or the table's) and is not picked;
 * follow_pv: the search is on the previous iteration's line. */
static inline uint8_t table_first_fixed(const struct table_node *t, uint8_t follow_pv)
{
    (void)follow_pv;
    return t->first_fixed;
}

/* Move m raised the node's alpha: its best move so far. */
static inline void table_best(struct table_node *t, const bd_move *m)
{
    search_key_of(&t->best, m);
}

/* Node n is decided with score: kept when its moves were searched and the
 * search was not stopped. */
void table_node_done(struct search_workspace *w, const struct search_node *n, int16_t score);

#endif
