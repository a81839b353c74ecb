/* SPDX-License-Identifier: MIT */
#include "engine/search.h"
#include "engine/search_node.h"
#include "arch/endgame_probe.h"

void search_table_init(struct search_table *table, struct search_entry *entries, uint32_t count)
{
    BD_ASSERT(count && (count & (count - 1u)) == 0);
    table->entries = entries;
    table->mask = count - 1u;
    table->generation = 0;
    table->endgame = NULL;
}

void table_start(struct search_workspace *w, const struct search_limits *limits)
{
    w->table = limits->table;
    if (w->table)
        w->table->generation++;
}

/* A 64-bit key of the pieces and the side to move: the four bitboards
 * as two words, each mixed by the finaliser of splitmix64 (every input
 * bit reaches every output bit), the side as an odd constant. */
#define KEY_BLACK_TO_MOVE 0x9E3779B97F4A7C15ull
static uint64_t key_mix(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t position_key(const bd_position *pos)
{
    uint64_t pieces = pos->pieces[BD_WHITE] | (uint64_t)pos->pieces[BD_BLACK] << 32;
    uint64_t men = pos->men[BD_WHITE] | (uint64_t)pos->men[BD_BLACK] << 32;
    return key_mix(pieces ^ key_mix(men ^ (pos->side == BD_BLACK ? KEY_BLACK_TO_MOVE : 0u)));
}

/* A mate score is kept counted from the entry's position, and read back
 * counted from the root. */
static int16_t score_to_table(int16_t score, uint8_t ply)
{
    if (score > SEARCH_MATE_BOUND)
        return (int16_t)(score + ply);
    if (score < -SEARCH_MATE_BOUND)
        return (int16_t)(score - ply);
    return score;
}

static int16_t score_from_table(int16_t score, uint8_t ply)
{
    if (score > SEARCH_MATE_BOUND)
        return (int16_t)(score - ply);
    if (score < -SEARCH_MATE_BOUND)
        return (int16_t)(score + ply);
    return score;
}

/* True when node n reads and writes the table: below the root (whose
 * order is the previous iteration's), and unless the quiet-move rule can
 * draw a line of its search: an entry holds no count of quiet plies, so
 * its score must not depend on one (a node's quiet moves are searched
 * depth plies deep at most; a capture or a man's move starts the count
 * again). */
static uint8_t table_applies(const struct search_workspace *w, const struct search_node *n)
{
    return w->table && n->ply != 0 &&
           n->quiet + (n->depth > 0 ? n->depth : 0) < w->rules->draw_quiet_plies;
}

uint8_t table_probe(struct search_workspace *w, struct search_node *n, int16_t *score)
{
    if (w->table && endgame_probe(w->table->endgame, &w->pos, w->rules, n->ply, n->quiet, score))
        return 1;
    if (!table_applies(w, n))
        return 0;
    const struct search_table *t = w->table;
    struct table_node *tn = &n->table;
    tn->key = position_key(&w->pos);
    tn->keyed = 1;
    const struct search_entry *e = &t->entries[tn->key & t->mask];
    if (!e->bound || e->lock != (uint32_t)(tn->key >> 32))
        return 0;
    tn->move = e->move;
    int8_t depth = n->depth < 0 ? 0 : n->depth;
    if (e->depth < depth || n->beta - n->alpha != 1)
        return 0;
    *score = score_from_table(e->score, n->ply);
    return e->bound == SEARCH_BOUND_EXACT || (e->bound == SEARCH_BOUND_LOWER && *score >= n->beta) ||
           (e->bound == SEARCH_BOUND_UPPER && *score <= n->alpha);
}

uint8_t table_order(struct search_workspace *w, struct search_node *n)
{
    struct table_node *tn = &n->table;
    tn->listed = table_applies(w, n);
    /* A node that lists its moves unprobed (one the quiet frontier left
     * undecided) is stored under its own key, not the one a node before
     * it at the same ply left. */
    if (tn->listed && !tn->keyed) {
        tn->key = position_key(&w->pos);
        tn->keyed = 1;
    }
    tn->first_fixed = w->follow_pv;
    return !tn->first_fixed && tn->move.from != BB_NO_SQUARE;
}

void table_node_done(struct search_workspace *w, const struct search_node *n, int16_t score)
{
    const struct table_node *tn = &n->table;
    if (!tn->listed || w->stopped)
        return;
    const struct search_table *t = w->table;
    struct search_entry *e = &t->entries[tn->key & t->mask];
    uint32_t lock = (uint32_t)(tn->key >> 32);
    if (e->bound && e->lock != lock && e->generation == t->generation && e->depth > n->depth)
        return;
    e->lock = lock;
    e->score = score_to_table(score, n->ply);
    e->depth = n->depth;
    e->bound = score >= n->beta ? SEARCH_BOUND_LOWER
               : score <= tn->alpha_in ? SEARCH_BOUND_UPPER : SEARCH_BOUND_EXACT;
    e->move = tn->best.from != BB_NO_SQUARE ? tn->best : tn->move;
    e->generation = t->generation;
}
