/* SPDX-License-Identifier: MIT */
/*
 * game.h - a game in progress: the position, the rules, and what the draw
 * rules need to see of the past.
 *
 * Only the facts that the rules look back on are kept, so a game's RAM is
 * fixed (mostly GAME_HISTORY hashes) however long it runs: the number of
 * plies since the last capture or man move (the variant's draw rule counts
 * them), and a 16-bit hash of every position since then (a capture or a
 * man move can never be undone, so no earlier position can repeat).  The move list
 * itself belongs to whoever keeps the record (the firmware keeps it in
 * EEPROM and replays it to undo).
 */
#ifndef BITDRAUGHTS_GAME_H
#define BITDRAUGHTS_GAME_H

#include <stdint.h>
#include "checkers/movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GAME_HISTORY, the positions remembered for repetition: a repetition
 * further back than this many plies is not seen (the quiet-ply counter
 * itself runs to 255), since 2 bytes each are RAM the search needs more.
 * The target's RAM sets it (arch/game_sizes.h). */
#include "arch/game_sizes.h"
/* A position seen this many times is a draw. */
#define GAME_REPETITIONS 3u
/* A position can come back with the same side to move this many reversible
 * plies later at the earliest (a king there and back, each side). */
#define GAME_REPEAT_PLIES 4u

enum game_status {
    GAME_ONGOING = 0,
    GAME_WHITE_WINS,        /* Black to move has no legal move */
    GAME_BLACK_WINS,
    GAME_DRAW_REPETITION,   /* the same position a third time */
    GAME_DRAW_QUIET_MOVES,  /* rules->draw_quiet_plies without capture or man move */
};

struct bd_game {
    bd_position pos;
    const struct bd_rules *rules;
    uint16_t ply;                   /* plies played since the start */
    uint8_t quiet_plies;            /* since the last capture or man move */
    uint16_t hashes[GAME_HISTORY];  /* positions since then, hashes[quiet_plies] = now;
                                       once full, the oldest are dropped */
};

/* Where hashes[] holds the current position: the quiet plies played, until
 * the window is full. */
BD_INLINE uint8_t game_now_index(const struct bd_game *game)
{
    return game->quiet_plies < GAME_HISTORY ? game->quiet_plies : (uint8_t)(GAME_HISTORY - 1u);
}
/* The repetition test of a line played on from the game's current
 * position (a search's path): true when path[ply], the hash of its
 * position ply plies on (path[0]: the game's current one), the last quiet
 * of them reversible, repeats an earlier position with the same side to
 * move, on the path or before it as far back as the game remembers. */
BD_INLINE uint8_t game_repeats(const struct bd_game *game, const uint16_t *path, uint8_t ply,
                               uint8_t quiet)
{
    uint16_t now = path[ply];
    uint8_t game_last = game_now_index(game);
    for (uint8_t back = GAME_REPEAT_PLIES; back <= quiet; back = (uint8_t)(back + 2u)) {
        if (back <= ply) {
            if (path[ply - back] == now)
                return 1;
        } else {
            uint8_t before_root = (uint8_t)(back - ply);
            if (before_root > game_last)
                return 0;
            if (game->hashes[game_last - before_root] == now)
                return 1;
        }
    }
    return 0;
}
/* A 16-bit hash of the pieces and the side to move. */
uint16_t game_hash(const bd_position *pos);
/* The same hash before it is cut to 16 bits: its high half is game_hash(),
 * its low half the low half of the last product folded onto the high one
 * (a transposition table's key: engine/table_compact.h). */
uint32_t game_hash_wide(const bd_position *pos);
/* Starts a game of the variant from its initial position. */
void game_new(struct bd_game *game, const struct bd_rules *rules);
/* Starts a game from a position (as if the previous move were irreversible). */
void game_set_position(struct bd_game *game, const struct bd_rules *rules, const bd_position *pos);
/* Plays a legal move of game->pos. */
void game_play(struct bd_game *game, const bd_move *m);
/* How many times the current position has occurred (1 when first seen). */
uint8_t game_repetitions(const struct bd_game *game);
/* Win, draw or still going; scratch..scratch_end holds the moves it lists. */
uint8_t game_status(const struct bd_game *game, bd_move *scratch, bd_move *scratch_end);

#ifdef __cplusplus
}
#endif

#endif
