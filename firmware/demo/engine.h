/* SPDX-License-Identifier: MIT */
/*
 * engine.h - the engine at the prompt: its level, the search limits, the
 * stop callback and the LED.
 *
 * The level is a fixed depth (every move searched to N plies: the same
 * moves on every board) or a time per move (iterative deepening stopped
 * after MS milliseconds of the clock, or when the first iteration is
 * complete if that is later; the last completed iteration counts).
 * The stop callback, polled by the search at every tick of the clock (a
 * millisecond: clock_tick, which the search reads at every node), feeds
 * the watchdog, checks the time and the serial port: a byte arriving stops
 * any search within a millisecond and a node.  `go` then plays the best
 * move found so far, `auto` stops.  The LED is on while the engine thinks,
 * and the search is between the runner's probe ENGINE_PROBE_SEARCH's
 * markers (its simulated cycles: avrsim --probes).  The sides it plays by
 * itself are kept here too.
 */
#ifndef BITDRAUGHTS_DEMO_ENGINE_H
#define BITDRAUGHTS_DEMO_ENGINE_H

#include <stdint.h>
#include "engine/search.h"

#define ENGINE_TIME_MAX_MS 60000u
#define ENGINE_PROBE_SEARCH 1u

enum engine_outcome {
    ENGINE_MOVED = 0,       /* result holds the move to play */
    ENGINE_NO_MOVE,         /* the side to move has no legal move */
    ENGINE_INTERRUPTED,     /* a key was pressed (watch_keys): no move;
                               without watch_keys a key stops the search
                               and the move found so far is ENGINE_MOVED */
    ENGINE_NO_ROOM          /* more moves than the workspace holds: no move */
};

/* The sides the engine plays by itself, a bit a colour: at the prompt it
 * moves whenever one of them is to move (commands.c).  Saved with the game
 * in the record (store.h), in the same power-safe step as the moves, and
 * resumed with it; none when no game is resumed.  The level is not saved. */
#define ENGINE_SIDE(colour) ((uint8_t)((colour) + 1u))   /* 1 << colour, as BD_WHITE is 0 */
_Static_assert(BD_WHITE == 0 && BD_BLACK == 1, "ENGINE_SIDE adds 1 for 1 << colour");
#define ENGINE_BOTH_SIDES (ENGINE_SIDE(BD_WHITE) | ENGINE_SIDE(BD_BLACK))
void engine_set_sides(uint8_t sides);
uint8_t engine_sides(void);
/* Every move searched to depth plies (1..SEARCH_MAX_DEPTH). */
void engine_set_depth(uint8_t depth);
/* Every move searched for ms milliseconds (1..ENGINE_TIME_MAX_MS). */
void engine_set_time(uint16_t ms);
/* Prints the level: "level depth N" or "level time MS ms". */
void engine_print_level(void);
/* Searches game->pos; *elapsed_ms gets the time taken.  A key stops the
 * search: with watch_keys it is consumed (ENGINE_INTERRUPTED), without it
 * stays the next line and the best move so far is played. */
uint8_t engine_think(const struct bd_game *game, struct search_workspace *work, uint8_t watch_keys,
                     struct search_result *result, uint32_t *elapsed_ms);
/* search_bench() stopped by a key (left as the next line): 0 then, else
 * its node count.  Feeds the watchdog. */
uint32_t engine_bench(struct search_workspace *work, struct bd_game *game);
/* For a long computation other than a search (perft), called often: at
 * each tick of the clock feeds the watchdog and says whether a key is
 * waiting (left as the next line); between ticks a test of one byte. */
uint8_t engine_key_waiting(void);

#endif
