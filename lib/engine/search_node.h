/* SPDX-License-Identifier: MIT */
/*
 * search_node.h - the full search's node of the path and its move list,
 * shared by search.c and its transposition table (table.c or
 * table_compact.c); not part of
 * the library's API.
 *
 * A node's moves sit on the workspace's stack: captures as 6-byte entries
 * (from, to, captured), quiet moves packed to (from, to, key) triples (see
 * search.h); `to` carries MG_MOVE_PROMOTES.  The search plays and takes
 * back the entries themselves: a quiet move needs no captured set, and a
 * move is never copied to a struct move on the way.
 */
#ifndef BITDRAUGHTS_SEARCH_NODE_H
#define BITDRAUGHTS_SEARCH_NODE_H

#include "engine/search.h"

struct list {
    uint8_t *base;
    uint8_t count;
    uint8_t size;       /* bytes per entry: CAPTURE_ENTRY or QUIET_ENTRY (search.c) */
};

struct search_node {
    struct list l;              /* this node's moves */
    bb32 captured_men;          /* of the move being searched */
    int16_t alpha, beta, best;
    int8_t depth;
    uint8_t ply;
    uint8_t quiet;              /* reversible plies (king moves) that led here */
    uint8_t i;                  /* the move being searched */
    uint8_t child_quiet;
    uint8_t child_kings;        /* the child's position has a king */
    uint8_t zero_window;        /* the child is searched with (alpha, alpha + 1) */
    uint8_t reduce;             /* plies taken off the child's depth */
    uint8_t kind;               /* its moves' kind (mg_move_kind), or KIND_UNKNOWN */
    struct table_node table;    /* the transposition table's part (engine/table.h,
                                   table_compact.h), empty without one */
};

#endif
