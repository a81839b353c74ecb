/* SPDX-License-Identifier: MIT */
/*
 * search.h - the game-playing search: negamax alpha-beta with principal-
 * variation search and iterative deepening.
 *
 * One position lives in the caller's workspace and is changed in place:
 * a ply plays a move and takes it back (unmake needs only which captured
 * pieces were kings and whether the mover was a man), so a ply of
 * the search costs a few bytes of state, not a 17-byte position copy.  The
 * moves of every ply share one byte stack, also in the workspace, so a ply
 * uses only as much RAM as it has moves.  Since capture is mandatory, a
 * position's moves are either all captures or all quiet: a quiet list is
 * packed to (from, to, ordering key), 3 bytes a move instead of 6, right after
 * mg_generate() wrote it (the pairs never overtake the moves they are read
 * from), which lets the same stack hold a path three times as deep in the
 * quiet middle game.  How big the stack and the path are depends on the
 * target (arch/search_sizes.h): on the host nothing is ever cut short.
 *
 * Move order: the previous iteration's best move first (the PV move), then
 * captures (mandatory anyway: a capture position lists only captures), then
 * the two killer moves of the ply, then the others by a history table of
 * one nibble per (from-square, direction) (two nibble boards, 64 bytes),
 * halved when a counter saturates.  Quiet moves after the first two (not
 * the killers) are searched shallower first, by one to three plies as the
 * move number and depth grow (late move reduction), and again at full depth
 * when they beat alpha.  Zero-window nodes one ply above the horizon take a
 * quiet position whose evaluation is half a man over beta, or a man under
 * alpha, as decided.  None of these touches a capture: every shot is still
 * seen at the depth it needs.
 *
 * The horizon never cuts a capture sequence: at depth 0 a side that must
 * capture keeps searching its captures (they are forced and few); only a
 * quiet position is evaluated.  Draws: a position that repeats one on the
 * search path, or one of the game's hash list, with the same side to move
 * and no irreversible move in between, scores 0, as does reaching
 * rules->draw_quiet_plies plies without a capture or a man move.  A side
 * with no legal move has lost: -(SEARCH_MATE - ply).
 *
 * All the engine's RAM is struct search_workspace (the caller declares it,
 * static in the firmware) plus search_run()'s frame: no malloc, no
 * file-static state, no recursion.  The path's plies are an array of
 * SEARCH_MAX_PLY + 1 small node structs in that frame, walked up and down
 * by one loop; below it, only the move generator's own frames, deepest in
 * a long flying-king capture.  What that comes to on the ATmega328P is
 * measured, not written down here: tests/firmware/test_demo.sh runs the game
 * firmware through the bench (whose king endings reach SEARCH_MAX_PLY) and
 * a depth-9 search and checks its static RAM, the workspace included, plus
 * the peak stack against what the board can give (it prints both figures).
 */
#ifndef BITDRAUGHTS_SEARCH_H
#define BITDRAUGHTS_SEARCH_H

#include <stdint.h>
#include "bits/platform.h"
#include "checkers/movegen.h"
#include "checkers/game.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SEARCH_MATE 30000            /* a win found at the root: SEARCH_MATE - plies */
/* Scores beyond this are wins or losses in a known number of plies. */
#define SEARCH_MATE_BOUND (SEARCH_MATE - 256)
#define SEARCH_INFINITY 32000
/* The engine's workspace and its sizes: the full search's
 * (engine/search_workspace.h, by way of lib/arch/generic), or, in a build
 * of the size-first search (ENGINE := small: lib/engine/small first on the
 * include path, lib/engine/small/ compiled instead of search.c, eval.c and
 * table.c), the small search's.  Each defines SEARCH_TABLE: 1 when the
 * search has a transposition table that the caller owns (engine/table.h),
 * and struct search_limits a `table` member (the AVR's compact table,
 * engine/table_compact.h, is the workspace's own); the rest of this
 * header is the API both share. */
#include "arch/search_workspace.h"

struct search_result {
    bd_move best;
    uint8_t has_move;                /* 0: the side to move has no legal move */
    int16_t score;                   /* side to move's view; +-(SEARCH_MATE - plies) = won/lost */
    uint8_t depth;                   /* last completed iteration */
    uint32_t nodes;                  /* positions visited, all iterations */
    uint8_t pv_length;
    bd_move pv[SEARCH_PV_MAX];          /* pv[0] == best */
};

struct search_limits {
    uint8_t depth;                                      /* max iteration depth (1..SEARCH_MAX_DEPTH) */
    uint32_t nodes;                                     /* 0 = no limit */
    uint8_t (*stop)(void *context);                     /* polled every 256 nodes and as poll asks; NULL =
                                                           never; true ends the search, the last completed
                                                           iteration counts */
    void (*report)(const struct search_result *progress, void *context); /* after each completed
                                                           iteration; NULL = none */
    void *context;
    /* NULL, or a flag that an interrupt sets (a timer's tick): while it is
     * non-zero, stop is polled at every node (stop clears it).  It costs a
     * load a node; a tick a millisecond bounds the stop's latency by a
     * millisecond and a node, however slow the nodes are. */
    const volatile uint8_t *poll;
#if SEARCH_TABLE
    struct search_table *table;                         /* NULL = none */
#endif
};

/* Searches game->pos within limits (limits->depth 0 counts as 1) and fills
 * *result with the best move of the last completed iteration.  Stopped
 * before the first one completed, it gives the best root move searched in
 * full so far (result->depth 0, its score), or else the first legal move
 * (score 0): a move whenever there is one.  Returns has_move: 0
 * when the side to move has no legal move (the game is lost), or
 * SEARCH_NO_ROOM (result->has_move 0) when its moves do not fit even the
 * whole workspace (more than 81 on AVR; never on a host).  A position
 * that is already a draw is still searched (the caller checks game_status). */
#define SEARCH_NO_ROOM 2u
uint8_t search_run(const struct bd_game *game, const struct search_limits *limits,
                   struct search_workspace *work, struct search_result *result);

/* The bench (search_bench.c): a fixed set of positions of both
 * variants, each searched to SEARCH_BENCH_DEPTH from a fresh workspace;
 * returns the total node count, the same on every target.  game is
 * scratch (its contents are replaced).  watch: NULL, or limits whose stop,
 * context and poll are used (the rest is ignored); when stop ends a
 * search, the bench ends there and returns 0. */
#define SEARCH_BENCH_DEPTH 7u
uint32_t search_bench(struct search_workspace *work, struct bd_game *game,
                      const struct search_limits *watch);

#ifdef __cplusplus
}
#endif

#endif
