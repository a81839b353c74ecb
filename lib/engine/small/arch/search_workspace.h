/* SPDX-License-Identifier: MIT */
/*
 * arch/search_workspace.h (small) - the sizes and the workspace of the
 * size-first search (lib/engine/small/search.c), which replaces search.c on
 * the parts whose flash and RAM cannot hold it (the ATtiny85: 8 KB, 512
 * bytes).  A build with `ENGINE := small` (lib/lib.mk) puts lib/engine/small
 * first on the include path, where engine/search.h finds this header
 * instead of the full search's; the API is search.h's: search_run() with
 * the same limits and result.
 *
 * Plain negamax with alpha-beta in generation order, no tables: no move
 * ordering, killers, history, null move or reductions, so that its score
 * and move are those of a plain minimax of the same evaluation to the same
 * depth (the first move of the best score), which the host test checks.
 * The horizon, the draws and a lost side are those of the full search
 * (search.h): at depth 0 a side that must capture keeps capturing, a
 * position that repeats one of the path or of the game's hash list with no
 * irreversible move in between scores 0, as does reaching the variant's
 * quiet-move count, and a side without a move has lost.
 *
 * RAM is what it is about.  No move list is kept: a node lists its moves
 * again each time it takes the next one after a child that listed its own
 * over them, so only one list exists at a time (a node of n moves
 * generates up to n + 1 times: the price in time).  A child at the horizon
 * lists its moves past its parent's, where they are only looked at (a
 * quiet node is evaluated), so the parent's list stays for its next move
 * (listed_ply, listed_count).  Nor is a position kept a ply: one position
 * is played forward, and a node's own is found again, when its child is
 * done, by playing its move backwards (a step, or a capture on a board
 * without a king) or else by replaying the path's moves from the game's
 * position.  The nodes of the path are an array of slots
 * in the workspace (the root's apart), walked by a loop (no recursion, no
 * saved registers a ply); each holds the move being searched, the window
 * and the place in the list, 12 bytes on AVR.  The list of the node at
 * ply p is written over the slots of the deeper plies after its child's
 * node (free while p lists), so the root has the most room (all slots but
 * the first) and the deepest ply the SEARCH_TAIL_SLOTS - 1 slots after
 * the path.  A node whose list does not fit, and one at the last ply that
 * still has a capture to make, is scored by the evaluation and counted in
 * capture_cuts (a root whose list does not fit is SEARCH_NO_ROOM); the
 * self-play test checks that its games count none.
 *
 * Limits: a depth, a node count, and the caller's stop (polled every 256
 * nodes and at each node while *poll is set), as search.h's.  With a stop
 * or a node limit the depths are iterated from 1 and a search cut short
 * gives the last completed iteration's move (the first legal move before
 * one completes); without either, only the requested depth is searched.
 * No report callback (limits->report is ignored), a PV of one move.
 */
#ifndef BITDRAUGHTS_SEARCH_WORKSPACE_SMALL_H
#define BITDRAUGHTS_SEARCH_WORKSPACE_SMALL_H

#include <stdint.h>
#include "bits/platform.h"
#include "checkers/movegen.h"
#include "checkers/game.h"

/* No transposition table (struct search_limits has no `table` member). */
#define SEARCH_TABLE 0

/* Plies of the path, the root's included: the deepest iteration and the
 * capture plies after it.  Every ply costs a slot (12 bytes on AVR). */
#ifndef SEARCH_MAX_PLY
#  define SEARCH_MAX_PLY 13u
#endif
/* Slots after the path: all but the first are the list room of its
 * deepest node (a node lists past the slot of its child's node). */
#ifndef SEARCH_TAIL_SLOTS
#  define SEARCH_TAIL_SLOTS 7u
#endif
/* The deepest iteration: one ply at least is left for captures. */
#define SEARCH_MAX_DEPTH (SEARCH_MAX_PLY - 2u)
#define SEARCH_PV_MAX 1u
/* Moves of a slot's bytes (12 bytes on AVR: 2 moves of 6). */
#define SEARCH_SLOT_MOVES 2u

/* A node of the path. */
struct search_node {
    bd_move move;               /* the one being searched, played from here */
    int16_t alpha;              /* raised as moves beat it; beta is -parent's alpha */
    uint16_t hash;              /* game_hash() of the position when it has a king
                                   (never 0: search.c's node_hash), else 0 */
    uint8_t i;                  /* the next move's place in the list */
    uint8_t quiet;              /* reversible plies (king moves) that led here */
};

union search_slot {
    struct search_node node;
    bd_move moves[SEARCH_SLOT_MOVES];
};
BD_STATIC_ASSERT(sizeof(struct search_node) <= SEARCH_SLOT_MOVES * sizeof(bd_move),
                 "a node fits in its slot's moves");
BD_STATIC_ASSERT(SEARCH_MAX_PLY >= 3u && SEARCH_TAIL_SLOTS >= 2u, "the path has room");

struct search_limits;

struct search_workspace {
    const struct bd_game *game;
    const struct bd_rules *rules;
    bd_position pos;                /* the position of the node being searched */
    uint8_t depth;                  /* of the iteration: plies to the horizon */
    uint8_t root_best;              /* the root move that raised its alpha last */
    uint8_t stopped;                /* the current iteration was cut short */
    uint8_t listed_ply;             /* the node whose list is in place */
    uint8_t listed_count;           /* and its count */
    uint16_t capture_cuts;          /* nodes scored by the evaluation for want of
                                       plies or list room (see above) */
    uint32_t nodes;
    const struct search_limits *limits; /* the caller's, read as the search goes */
    struct search_node root;
    /* The nodes of plies 1 ..., slot p - 1 at ply p, then the tail; the
     * list of node p from slot p + 1 on. */
    union search_slot slots[SEARCH_MAX_PLY - 1u + SEARCH_TAIL_SLOTS];
};

#endif
