/* SPDX-License-Identifier: MIT */
/*
 * table_none.h - the search without a transposition table (the AVR parts
 * have no RAM for one): engine/table.h's calls, each doing nothing, so
 * that search.c compiles to the search it would be if it made none of them.
 * engine/search.h includes this header or table.h, by the target's
 * workspace sizes.
 */
#ifndef BITDRAUGHTS_TABLE_NONE_H
#define BITDRAUGHTS_TABLE_NONE_H

#include <stdint.h>

/* No `table` member in struct search_limits and the workspace. */
#define SEARCH_TABLE 0

struct search_workspace;
struct search_limits;
struct search_node;

/* Nothing kept: the node's layout is the one without a table. */
struct table_node {
};

static inline void table_start(struct search_workspace *w, const struct search_limits *limits)
{
    (void)w;
    (void)limits;
}

static inline void table_node_enter(struct table_node *t, int16_t alpha)
{
    (void)t;
    (void)alpha;
}

static inline uint8_t table_probe(struct search_workspace *w, struct search_node *n, int16_t *score)
{
    (void)w;
    (void)n;
    (void)score;
    return 0;
}

static inline uint8_t table_order(struct search_workspace *w, struct search_node *n)
{
    (void)w;
    (void)n;
    return 0;
}

#include "engine/table_no_move.h"

static inline void table_best(struct table_node *t, const bd_move *m)
{
    (void)t;
    (void)m;
}

static inline void table_node_done(struct search_workspace *w, const struct search_node *n, int16_t score)
{
    (void)w;
    (void)n;
    (void)score;
}

#endif
