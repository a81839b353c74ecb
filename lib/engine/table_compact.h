/* SPDX-License-Identifier: MIT */
/*
 * table_compact.h - the search's transposition table where RAM and flash
 * are counted in bytes (the full search on AVR: lib/arch/avr's
 * arch/search_sizes.h chooses it or engine/table_none.h; the host has
 * engine/table.h).
 *
 * SEARCH_TABLE_ENTRIES slots of 5 bytes inside the workspace, in buckets
 * of two, emptied by every search_run(): one search's iterations share
 * them, the next search starts afresh (the firmware lends the workspace's
 * RAM to its commands between searches).  A position's key is
 * game_hash_wide(): the 32-bit multiplicative hash whose high half is the
 * game record's repetition hash, products of 32-bit words where a 64-bit
 * key would take hundreds of cycles a node on AVR.  Its low bits pick the
 * bucket and its high half, kept in the slot, tells positions apart: a
 * wrong position is taken for the one searched only when 16 more bits
 * agree, and its score then decides only a zero-window node searched as
 * deep.  Replacement: the bucket's first slot keeps the deeper search (a
 * new result as deep or deeper takes it), the second takes whatever the
 * first does not; a position already in the bucket is written over in
 * its slot.
 *
 * A slot keeps no move.  The move that cut a node off is its ply's first
 * killer already (search.c's reward()), and the killers order the list
 * (search.c's pack_quiet) as a kept move would: measured on the Uno with
 * 64 slots, searches to a fixed depth took as long with the move as
 * without, and without it a slot takes 5 bytes instead of 7, so the same
 * RAM holds more positions (the commit that dropped it has the figures).
 * So the search's calls that order by the table's move do nothing here,
 * and a node keeps only its bucket, the key's high half and three flags.
 * A won or lost score counts plies from the root, so it is not kept: that
 * saves the flash of moving it to count from the slot's position and
 * back.
 */
#ifndef BITDRAUGHTS_TABLE_COMPACT_H
#define BITDRAUGHTS_TABLE_COMPACT_H

#include <stdint.h>

/* No `table` member in struct search_limits: the table is the workspace's
 * (SEARCH_TABLE_SLOTS slots, engine/search_workspace.h). */
#define SEARCH_TABLE 0
#define SEARCH_TABLE_SLOTS SEARCH_TABLE_ENTRIES
BD_STATIC_ASSERT(SEARCH_TABLE_SLOTS >= 2u && SEARCH_TABLE_SLOTS <= 256u &&
                 (SEARCH_TABLE_SLOTS & (SEARCH_TABLE_SLOTS - 1u)) == 0,
                 "buckets of two, a byte's index, a power of two");

struct table_slot {
    uint16_t lock;                  /* the key's high half */
    int16_t score;                  /* never a won or lost score (they count from the root) */
    uint8_t depth_bound;            /* depth << 2 | bound; bound 0: empty */
};

struct search_workspace;
struct search_limits;
struct search_node;

/* What a node of the search keeps for the table. */
#define TABLE_PROBED 1u             /* slot and lock are its position's */
#define TABLE_LISTED 2u             /* its moves are searched: its score goes to the table */
#define TABLE_RAISED 4u             /* a move raised alpha */
struct table_node {
    uint8_t flags;                  /* 0 until probed */
    uint8_t slot;                   /* where its position was, else its bucket's second */
    uint16_t lock;                  /* its key's high half */
};

/* At the start of search_run(): every slot empty. */
void table_start(struct search_workspace *w, const struct search_limits *limits);

static inline void table_node_enter(struct table_node *t, int16_t alpha)
{
    (void)alpha;
    t->flags = 0;
}

/* As engine/table.h's. */
uint8_t table_probe(struct search_workspace *w, struct search_node *n, int16_t *score);

/* Marks a probed node as searching its moves; never asks for a move
 * first (the killer does it), which the compiler sees here: inlined before
 * anything else, the search's code that would put it first is dropped. */
void table_listed(struct search_node *n);

static inline __attribute__((always_inline)) uint8_t table_order(struct search_workspace *w,
                                                                 struct search_node *n)
{
    (void)w;
    table_listed(n);
    return 0;
}

#include "engine/table_no_move.h"

static inline void table_best(struct table_node *t, const bd_move *m)
{
    (void)m;
    t->flags |= TABLE_RAISED;
}

void table_node_done(struct search_workspace *w, const struct search_node *n, int16_t score);

#endif
