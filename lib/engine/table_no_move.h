/* SPDX-License-Identifier: MIT */
/*
 * table_no_move.h - the calls by which search.c orders a node's list by
 * its table's move, for the tables that keep none (engine/table_none.h,
 * engine/table_compact.h: the killers order the list instead).  Only the
 * previous iteration's line then fixes a node's move 0.
 * Included by those two headers after their struct table_node.
 */
#ifndef BITDRAUGHTS_TABLE_NO_MOVE_H
#define BITDRAUGHTS_TABLE_NO_MOVE_H

#include <stdint.h>

struct search_key;
struct table_node;

static inline const struct search_key *table_move(const struct table_node *t)
{
    (void)t;
    return 0;
}

static inline void table_move_is_first(struct table_node *t)
{
    (void)t;
}

static inline uint8_t table_first_fixed(const struct table_node *t, uint8_t follow_pv)
{
    (void)t;
    return follow_pv;
}

#endif
