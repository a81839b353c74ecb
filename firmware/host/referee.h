/* SPDX-License-Identifier: MIT */
/*
 * referee.h - one game between two players, refereed by the library.
 *
 * The game starts from the variant's start position and plays the opening
 * first; then the side to move's player is asked for a move, given the
 * whole game (start FEN and every move since), until the game ends.  The
 * library is the referee: game_status() ends the game when the side to
 * move has no legal move (a loss), at the third occurrence of a position
 * and by the variant's rule on moves without a capture or a man move
 * (draws, lib/checkers/game.h), and a game reaching max_plies is drawn.
 * A reply is read with pdn_read_move() against the legal moves, so a
 * player whose move is illegal, ambiguous or malformed, who answers
 * nothing or fails, or who claims to have no move when it has one, loses
 * the game, and the reason says which and what it sent.
 *
 * The record holds the moves as pdn_write_move() writes them, so every
 * player is told the game in one canonical notation whatever its opponent
 * sent.
 */
#ifndef BITDRAUGHTS_REFEREE_H
#define BITDRAUGHTS_REFEREE_H

#include <stdint.h>

#include "checkers/pdn.h"
#include "checkers/position.h"
#include "host/player.h"

#ifdef __cplusplus
extern "C" {
#endif

#define REFEREE_MAX_PLIES 1000u
#define REFEREE_RECORD_MAX (REFEREE_MAX_PLIES * (PDN_MOVE_MAX + 1u))
#define REFEREE_DETAIL_MAX (PLAYER_NAME_MAX + PLAYER_ERROR_MAX + 2u * PLAYER_MOVE_MAX)

enum referee_outcome { REFEREE_DRAW = 0, REFEREE_WHITE_WINS, REFEREE_BLACK_WINS };

enum referee_reason {
    REFEREE_NO_LEGAL_MOVE = 0,  /* the loser cannot move */
    REFEREE_REPETITION,         /* a draw: the same position three times */
    REFEREE_QUIET_MOVES,        /* a draw: the variant's rule */
    REFEREE_MOVE_LIMIT,         /* a draw: max_plies reached */
    REFEREE_ILLEGAL_MOVE,       /* the loser's move is not a legal move */
    REFEREE_FALSE_NO_MOVE,      /* the loser said it had no move */
    REFEREE_NO_REPLY,           /* the loser failed: crashed, hung, said nothing usable */
    REFEREE_REASON_COUNT
};

struct referee_game {
    uint8_t outcome;                    /* enum referee_outcome */
    uint8_t reason;                     /* enum referee_reason */
    uint8_t culprit;                    /* colour at fault (the last three reasons) */
    uint16_t plies;                     /* plies played, the opening's included */
    char detail[REFEREE_DETAIL_MAX];    /* the reason in words */
    char record[REFEREE_RECORD_MAX];    /* every move, blank-separated */
};

/* Plays a game of opening (blank-separated PDN moves from the start
 * position) between players[BD_WHITE] and players[BD_BLACK], which are
 * open; 0, or -1 when the opening is not legal (out->detail says why). */
int referee_play(const struct bd_rules *rules, const char *opening, struct player *players[2],
                 uint16_t max_plies, struct referee_game *out);
/* True when the reason is a player's fault rather than the game's end. */
uint8_t referee_is_fault(uint8_t reason);
/* "1-0", "0-1" or "1/2-1/2". */
const char *referee_result_text(uint8_t outcome);

#ifdef __cplusplus
}
#endif

#endif
