/* SPDX-License-Identifier: MIT */
/*
 * search_workspace.h - the full search's workspace (search.c), with its
 * sizes by target (arch/search_sizes.h) and its transposition table, or
 * the stand-in without one (engine/table.h, engine/table_compact.h,
 * engine/table_none.h).
 *
 * engine/search.h includes it by way of arch/search_workspace.h
 * (lib/arch/generic), which a build of the size-first search replaces
 * (ENGINE := small: lib/engine/small/arch/search_workspace.h); search.h's
 * own text describes the search that uses it.
 */
#ifndef BITDRAUGHTS_SEARCH_WORKSPACE_H
#define BITDRAUGHTS_SEARCH_WORKSPACE_H

#include <stdint.h>
#include "bits/platform.h"
#include "checkers/movegen.h"
#include "checkers/game.h"
#include "nibble/nibble.h"

/* A move as killers and the PV keep it: from, to (with MG_MOVE_PROMOTES), and
 * the captured set folded to a byte, matched against the legal moves. */
struct search_key {
    uint8_t from;
    uint8_t to;
    uint8_t fold;
};

/* The key of a move: the captured set folded to a byte by xor. */
static inline uint8_t search_key_fold(bb32 captured)
{
    return (uint8_t)((uint8_t)captured ^ (uint8_t)(captured >> 8) ^ (uint8_t)(captured >> 16) ^
                     (uint8_t)(captured >> 24));
}

static inline void search_key_of(struct search_key *k, const bd_move *m)
{
    k->from = m->from;
    k->to = m->to;
    k->fold = search_key_fold(m->captured);
}

#define SEARCH_CAPTURE_CHAIN 23u     /* captures in a row: 24 pieces, the last one left */
/* The workspace's sizes, by target, and whether it has a transposition
 * table: the target's arch/search_sizes.h (lib/arch/avr: the RAM decides;
 * lib/arch/generic: the host's, where no node is ever cut short for want
 * of room). */
#include "arch/search_sizes.h"
/* A move on the stack as AVR holds it: from, to, captured.  The stack's
 * room is counted in these bytes on every target, so that the same lists
 * fit, or do not, alike (a host built with the AVR sizes searches the AVR's
 * tree); a host whose struct move is padded gets the extra bytes
 * mg_generate() needs there, and the alignment, on top (none on AVR). */
#define SEARCH_MOVE_BYTES 6u
#define SEARCH_STACK_ALLOC (SEARCH_STACK_BYTES + (__alignof__(bd_move) - 1u) +                  \
                            (sizeof(bd_move) - SEARCH_MOVE_BYTES) *                         \
                            (SEARCH_STACK_BYTES / SEARCH_MOVE_BYTES) +                      \
                            SEARCH_WIDE_EXTRA)
/* A root whose moves do not fit in the stack (a king-heavy position can
 * have 68 or more; the AVR's stack holds 46 captures, or 38 quiet moves
 * as they are generated, before packing) is listed in the whole
 * workspace from the stack on (its other fields are set up after it): on
 * AVR that is 81 moves, no byte more than the search needs anyway; a host,
 * with padded moves, gets the extra room for MG_MAX_MOVES.  The
 * SEARCH_ROOT_KEPT best of them by a one-ply look (the evaluation after
 * the move) become the root's list, and the rest of the stack is the
 * tree's. */
#define SEARCH_ROOT_KEPT 16u
#define SEARCH_WIDE_EXTRA (sizeof(bd_move) > SEARCH_MOVE_BYTES ? MG_MAX_MOVES * sizeof(bd_move) : 0u)
/* 1 when no node can be cut short: every quiet node of the deepest
 * iteration has its plies, every capture sequence after it too, and the
 * stack holds a full list at every ply (the host's sizes). */
#define SEARCH_FULL_HORIZON (SEARCH_QUIET_PLY_MAX >= SEARCH_MAX_DEPTH &&                        \
                             SEARCH_MAX_PLY > SEARCH_MAX_DEPTH + SEARCH_CAPTURE_CHAIN &&         \
                             SEARCH_STACK_BYTES - SEARCH_CAPTURE_RESERVE >=                      \
                                 SEARCH_MAX_PLY * MG_MAX_MOVES * SEARCH_MOVE_BYTES)
/* The sizes that promise it (arch/search_sizes.h) keep it. */
#ifdef SEARCH_SIZES_FULL_HORIZON
BD_STATIC_ASSERT(SEARCH_FULL_HORIZON, "a host search is never cut short");
#endif
BD_STATIC_ASSERT(SEARCH_QUIET_PLY_MAX < SEARCH_MAX_PLY && SEARCH_CAPTURE_RESERVE < SEARCH_STACK_BYTES &&
                 SEARCH_STACK_BYTES <= 0xFFFFu, "the workspace's sizes are consistent");

/* A quiet move (a killer): from and to say it all. */
struct search_quiet {
    uint8_t from;
    uint8_t to;
};

struct search_workspace {
    bd_position pos;                                   /* the position being searched */
    const struct bd_rules *rules;
    const struct bd_game *game;
    uint8_t root_kept;                              /* 0, or the moves kept of a wide root */
    uint8_t root_size;                              /* their entry size */
#ifdef SEARCH_TABLE_SLOTS
    /* Before the stack: a wide root lists its moves from the stack on. */
    struct table_slot table_slots[SEARCH_TABLE_SLOTS]; /* engine/table_compact.h */
#endif
    uint8_t stack[SEARCH_STACK_ALLOC]               /* moves of all plies on the path */
        __attribute__((aligned(__alignof__(bd_move))));
    uint16_t path[SEARCH_MAX_PLY];                  /* hash of the position at each ply */
    struct search_quiet killers[SEARCH_QUIET_PLY_MAX][2]; /* quiet moves that cut off */
    nb_board history[2];                            /* 0..15 by from-square and direction */
    struct search_key pv[SEARCH_PV_MAX * (SEARCH_PV_MAX + 1u) / 2u]; /* triangular */
    uint8_t pv_length[SEARCH_PV_MAX];
    uint32_t nodes;
    uint32_t node_limit;                            /* 0 = none */
    uint8_t (*stop)(void *context);
    void *context;
    const volatile uint8_t *poll;                   /* limits->poll, or a byte that stays 0 */
    uint8_t stopped;                                /* the current iteration was cut short */
    uint8_t follow_pv;                              /* still on the previous iteration's line */
    uint16_t capture_cuts;                          /* capture nodes evaluated for want of
                                                       plies or stack (never on the host) */
    uint8_t prev_pv_length;
    struct search_key prev_pv[SEARCH_PV_MAX];       /* the previous iteration's line */
#if SEARCH_TABLE
    struct search_table *table;                     /* limits->table */
#endif
};


#endif
