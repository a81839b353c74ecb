/* SPDX-License-Identifier: MIT */
/*
 * The compact transposition table (engine/table_compact.h).  Compiled in
 * every build of the library; only one whose workspace has the table's
 * slots (the AVR's sizes) gets its code.
 */
#include "engine/search.h"

#ifdef SEARCH_TABLE_SLOTS
#include "engine/search_node.h"

#include <string.h>

/* The steps that the probe and the store share, out of line: one copy of
 * each in flash (the table's calls themselves are inlined into the
 * search's loop by link-time optimisation: measured, fewer bytes so). */
#define TABLE_CALL __attribute__((noinline))

/* Nodes one ply above the horizon and the captures searched out past it
 * neither read nor write the table: each would pay for a key, and their
 * entries, the most numerous, would push out the deeper ones that save the
 * most nodes (measured: fewer cycles on the bench than from depth 1). */
#define TABLE_MIN_DEPTH 2

void table_start(struct search_workspace *w, const struct search_limits *limits)
{
    (void)limits;
    memset(w->table_slots, 0, sizeof w->table_slots);
}

/* What a slot's score is: a bound of the node's score from its window
 * (at least when a move reached beta, at most when none raised alpha), or
 * the score itself. */
#define TABLE_UPPER 1u
#define TABLE_LOWER 2u
#define TABLE_EXACT 3u

static uint8_t slot_bound(const struct table_slot *s)
{
    return s->depth_bound & 3u;
}

static int8_t slot_depth(const struct table_slot *s)
{
    return (int8_t)(s->depth_bound >> 2);
}

/* Slot i, one copy of the address arithmetic. */
TABLE_CALL static struct table_slot *slot_at(struct search_workspace *w, uint8_t i)
{
    return &w->table_slots[i];
}

static uint8_t slot_holds(const struct table_slot *s, uint16_t lock)
{
    return slot_bound(s) && s->lock == lock;
}

/* Never called at the root (ply 0), nor from ply SEARCH_QUIET_PLY_MAX on
 * (search.c decides those nodes without it); a node with depth plies to
 * go draws by the quiet-move rule within its search when quiet + depth
 * reach the rule's count: an entry holds no count of quiet plies, so such
 * a node neither reads nor writes one. */
uint8_t table_probe(struct search_workspace *w, struct search_node *n, int16_t *score)
{
    if (n->depth < TABLE_MIN_DEPTH || n->quiet + n->depth >= w->rules->draw_quiet_plies)
        return 0;
    BD_ASSERT(n->ply && n->ply < SEARCH_QUIET_PLY_MAX);
    struct table_node *tn = &n->table;
    uint32_t key = game_hash_wide(&w->pos);
    uint16_t lock = (uint16_t)(key >> 16);
    uint8_t slot = (uint8_t)((uint8_t)key & (SEARCH_TABLE_SLOTS - 2u));
    tn->lock = lock;
    tn->flags = TABLE_PROBED;
    const struct table_slot *s = slot_at(w, slot);
    if (!slot_holds(s, lock)) {
        /* The second slot, where a position not found is written too
         * when the first holds a deeper search. */
        slot++;
        s++;
    }
    tn->slot = slot;
    if (!slot_holds(s, lock))
        return 0;
    if (slot_depth(s) < n->depth || n->beta - n->alpha != 1)
        return 0;
    *score = s->score;
    /* In a zero window a score above alpha is at least beta: a lower
     * bound (or exact) decides it then, an upper bound otherwise. */
    return slot_bound(s) & (*score > n->alpha ? TABLE_LOWER : TABLE_UPPER);
}

void table_listed(struct search_node *n)
{
    if (n->table.flags)
        n->table.flags = TABLE_PROBED | TABLE_LISTED;
}

void table_node_done(struct search_workspace *w, const struct search_node *n, int16_t score)
{
    const struct table_node *tn = &n->table;
    /* A won or lost position's score counts the plies from the root: not
     * kept (the host's table moves it to count from the entry instead). */
    if (!(tn->flags & TABLE_LISTED) || w->stopped || score > SEARCH_MATE_BOUND || score < -SEARCH_MATE_BOUND)
        return;
    struct table_slot *s = slot_at(w, tn->slot);
    if (!slot_holds(s, tn->lock)) {
        /* Another position's (the node's own search may have written over
         * the slot where it was found): the first slot keeps the deeper
         * search, the second takes the rest. */
        s = slot_at(w, tn->slot & (uint8_t)(SEARCH_TABLE_SLOTS - 2u));
        if (n->depth < slot_depth(s))
            s++;
        s->lock = tn->lock;
    }
    s->score = score;
    uint8_t bound = TABLE_UPPER;
    if (tn->flags & TABLE_RAISED) {
        bound = TABLE_EXACT;
        if (score >= n->beta)
            bound = TABLE_LOWER;
    }
    s->depth_bound = (uint8_t)((uint8_t)n->depth << 2 | bound);
}
#endif
