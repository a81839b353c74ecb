/* SPDX-License-Identifier: MIT */
#include "host/debruijn.h"

#include <stddef.h>
#include "bits/platform.h"

/* What one search looks for; shared by every level of the recursion. */
struct debruijn_search {
    uint64_t lowest;      /* subtrees whose magics are all below are skipped */
    uint64_t skip;        /* sequences still to pass over before storing */
    uint64_t *out;        /* next slot; NULL when only counting */
    uint64_t *out_end;
    uint32_t all_nodes;   /* one bit per graph node */
    uint8_t node_mask;    /* 2^(k-1) - 1: a node is the last k-1 bits */
    uint8_t into_start;   /* node 10..0, whose 0-exit enters the start node */
    uint8_t bits;         /* n = 2^k */
};

static bool k_in_range(uint8_t k)
{
    return k >= DEBRUIJN_K_MIN && k <= DEBRUIJN_K_MAX;
}

/* 2^n - 1, written so that n = 64 does not shift by the full width. */
static uint64_t word_mask(uint8_t k)
{
    return UINT64_MAX >> (64u - DEBRUIJN_BITS(k));
}

/*
 * A partial sequence is four words, passed by value so that backtracking is
 * just returning and the recursion keeps them in registers (a struct passed
 * by value went through memory and doubled the k = 6 count time):
 *   used    one bit per k-bit window (graph edge) already walked
 *   tree    low half: the nodes already left once, whose last exit is thus
 *           fixed; high half: per node, the bit appended on leaving it last
 *   prefix  the sequence so far, at most n bits
 *   cursor  the current node (the last k-1 bits) | bits in prefix << 8
 */
static uint32_t tree_left(uint64_t tree)
{
    return (uint32_t)tree;
}

static unsigned tree_last_exit(uint64_t tree, unsigned node)
{
    return (unsigned)(tree >> (32u + node)) & 1u;
}

static unsigned cursor_node(unsigned cursor)
{
    return cursor & 0xFFu;
}

static unsigned cursor_placed(unsigned cursor)
{
    return cursor >> 8;
}

/* The walk starts on node 0..0 having taken its self-loop, the window of k
 * zeros that every generated sequence begins with; the start node's other
 * exit, 0..01, is then its only way on, recorded as its last exit. */
static void search_init(struct debruijn_search *search, uint8_t k)
{
    uint8_t nodes = (uint8_t)(DEBRUIJN_BITS(k) / 2u);

    search->lowest = 0;
    search->skip = 0;
    search->out = NULL;
    search->out_end = NULL;
    search->all_nodes = (uint32_t)(UINT64_MAX >> (64u - nodes));
    search->node_mask = (uint8_t)(nodes - 1u);
    search->into_start = (uint8_t)(nodes / 2u);
    search->bits = (uint8_t)DEBRUIJN_BITS(k);
}

#define START_USED 1u
#define START_TREE (1u | ((uint64_t)1u << 32))
#define START_PREFIX 0u
#define START_CURSOR(k) ((unsigned)(k) << 8)

static bool search_full(const struct debruijn_search *search)
{
    return search->out != NULL && search->out == search->out_end;
}

/* Appends bit to prefix and moves the cursor.  Bits past the n-th are the
 * wrap-around zeros that the multiply shifts in: walked, but not part of
 * the magic. */
static unsigned walk_append(const struct debruijn_search *search,
                            uint64_t *prefix, unsigned cursor, unsigned bit)
{
    unsigned window = (cursor_node(cursor) << 1) | bit;
    unsigned placed = cursor_placed(cursor);

    if (placed < search->bits) {
        *prefix = (*prefix << 1) | bit;
        placed++;
    }
    return (window & search->node_mask) | (placed << 8);
}

/* Whether making `target` the last exit of `node` closes a cycle of last
 * exits.  Following fixed last exits from target ends at the start node
 * (the tree root), at a node not yet left, or back at node: a cycle. */
static bool closes_cycle(const struct debruijn_search *search, uint64_t tree,
                         unsigned node, unsigned target)
{
    while (target != node && target != 0 && ((tree_left(tree) >> target) & 1u))
        target = ((target << 1) | tree_last_exit(tree, target)) & search->node_mask;
    return target == node;
}

/* Every node has been left once, so the last exits form a tree and, by the
 * BEST theorem, following them completes the sequence: exactly one
 * sequence lies below.  It is walked out only when it is to be stored. */
static uint64_t search_leaf(struct debruijn_search *search, uint64_t used,
                            uint64_t tree, uint64_t prefix, unsigned cursor)
{
    if (search->out == NULL)
        return 1;
    if (search->skip != 0) {
        search->skip--;
        return 1;
    }
    while (cursor_placed(cursor) < search->bits) {
        unsigned bit = tree_last_exit(tree, cursor_node(cursor));
        unsigned window = (cursor_node(cursor) << 1) | bit;
        BD_ASSERT(((used >> window) & 1u) == 0);
        used |= (uint64_t)1u << window;
        cursor = walk_append(search, &prefix, cursor, bit);
    }
    if (prefix < search->lowest)
        return 0;
    *search->out++ = prefix;
    return 1;
}

/* Number of sequences below the partial one (those reached before the
 * output filled up). */
static uint64_t search_from(struct debruijn_search *search, uint64_t used,
                            uint64_t tree, uint64_t prefix, unsigned cursor)
{
    /* A node left before has one exit left, its last: no choice to make.
     * Only the start node can be out of exits, when the walk comes back to
     * it early; that branch holds no sequence. */
    while ((tree_left(tree) >> cursor_node(cursor)) & 1u) {
        unsigned bit = tree_last_exit(tree, cursor_node(cursor));
        unsigned window = (cursor_node(cursor) << 1) | bit;
        if (tree_left(tree) == search->all_nodes)
            return search_leaf(search, used, tree, prefix, cursor);
        if ((used >> window) & 1u)
            return 0;
        used |= (uint64_t)1u << window;
        cursor = walk_append(search, &prefix, cursor, bit);
    }

    /* First visit: the exit not taken now becomes this node's last exit.
     * Node 10..0 must keep its 0-exit for last: that exit enters the start
     * node, whose exits are both spent, so taking it first would strand
     * the 1-exit. */
    unsigned node = cursor_node(cursor);
    uint64_t found = 0;
    for (unsigned bit = (node == search->into_start) ? 1u : 0u; bit < 2u; bit++) {
        unsigned other = ((node << 1) | (bit ^ 1u)) & search->node_mask;
        if (closes_cycle(search, tree, node, other))
            continue;

        uint64_t next_tree = tree | ((uint64_t)1u << node)
                             | ((uint64_t)(bit ^ 1u) << (32u + node));
        uint64_t next_prefix = prefix;
        unsigned next_cursor = walk_append(search, &next_prefix, cursor, bit);

        /* Skip a branch whose every completion is below lowest. */
        unsigned free_bits = search->bits - cursor_placed(next_cursor);
        uint64_t largest = (next_prefix << free_bits)
                           | (((uint64_t)1u << free_bits) - 1u);
        if (largest < search->lowest)
            continue;

        found += search_from(search, used | ((uint64_t)1u << ((node << 1) | bit)),
                             next_tree, next_prefix, next_cursor);
        if (search_full(search))
            break;
    }
    return found;
}

static uint64_t search_all(struct debruijn_search *search, uint8_t k)
{
    return search_from(search, START_USED, START_TREE, START_PREFIX,
                       START_CURSOR(k));
}

uint64_t debruijn_count(uint8_t k)
{
    struct debruijn_search search;

    BD_ASSERT(k_in_range(k));
    if (!k_in_range(k))
        return 0;
    search_init(&search, k);
    return search_all(&search, k);
}

/* The listing both public enumerators share: skip the first `skip`
 * sequences and those below `lowest`, then fill out..out_end. */
static uint64_t *enumerate(uint8_t k, uint64_t skip, uint64_t lowest,
                           uint64_t *out, uint64_t *out_end)
{
    struct debruijn_search search;

    BD_ASSERT(k_in_range(k));
    if (!k_in_range(k) || out >= out_end)
        return out;
    search_init(&search, k);
    search.skip = skip;
    search.lowest = lowest;
    search.out = out;
    search.out_end = out_end;
    search_all(&search, k);
    return search.out;
}

uint64_t *debruijn_enumerate(uint8_t k, uint64_t first, uint64_t *out,
                             uint64_t *out_end)
{
    return enumerate(k, first, 0, out, out_end);
}

uint64_t *debruijn_enumerate_from(uint8_t k, uint64_t lowest, uint64_t *out,
                                  uint64_t *out_end)
{
    return enumerate(k, 0, lowest, out, out_end);
}

bool debruijn_nth(uint8_t k, uint64_t index, uint64_t *magic)
{
    uint64_t found;

    if (debruijn_enumerate(k, index, &found, &found + 1) == &found)
        return false;
    *magic = found;
    return true;
}

uint8_t debruijn_index(uint8_t k, uint64_t magic, uint8_t bit)
{
    BD_ASSERT(k_in_range(k) && bit < DEBRUIJN_BITS(k));
    /* Shifting left by bit is the multiply by 1 << bit, modulo 2^n. */
    return (uint8_t)(((magic << bit) & word_mask(k)) >> (DEBRUIJN_BITS(k) - k));
}

bool debruijn_is_valid(uint8_t k, uint64_t magic)
{
    uint64_t seen = 0;

    if (!k_in_range(k) || (magic & ~word_mask(k)) != 0)
        return false;
    for (uint8_t bit = 0; bit < DEBRUIJN_BITS(k); bit++) {
        uint64_t index_bit = (uint64_t)1u << debruijn_index(k, magic, bit);
        if (seen & index_bit)
            return false;
        seen |= index_bit;
    }
    return true;
}

uint8_t *debruijn_fill_table(uint8_t k, uint64_t magic, uint8_t *table)
{
    BD_ASSERT(debruijn_is_valid(k, magic));
    if (!k_in_range(k))
        return table;
    for (uint8_t bit = 0; bit < DEBRUIJN_BITS(k); bit++)
        table[debruijn_index(k, magic, bit)] = bit;
    return table + DEBRUIJN_BITS(k);
}
