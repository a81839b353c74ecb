/* SPDX-License-Identifier: MIT */
/*
 * game_support.h - the fixture the game suites share: two kings that shuffle
 * White a1-b2-a1, Black h8-g7-h8, four reversible plies to a cycle, and the
 * one game they play in.  Built from bitboards, not FEN, so a suite does not
 * pull the PDN reader into the ATtiny85's 8 KB.
 */
#ifndef BITDRAUGHTS_GAME_SUPPORT_H
#define BITDRAUGHTS_GAME_SUPPORT_H

#include "checkers/game.h"

#define A1 BB_SQUARE(0, 0)
#define B2 BB_SQUARE(1, 1)
#define G7 BB_SQUARE(6, 6)
#define H8 BB_SQUARE(7, 7)

static struct bd_game game;

/* The four king moves of the cycle, in order. */
static const bd_move cycle[4] = {
    { A1, B2, 0 }, { H8, G7, 0 }, { B2, A1, 0 }, { G7, H8, 0 },
};

/* White king a1, Black king h8, White to move. */
static inline void kings_position(bd_position *pos)
{
    pos_clear(pos, BD_WHITE);
    pos->pieces[BD_WHITE] = BB_BIT(A1);
    pos->pieces[BD_BLACK] = BB_BIT(H8);
}

static inline void start_kings(const struct bd_rules *rules)
{
    bd_position pos;
    kings_position(&pos);
    game_set_position(&game, rules, &pos);
}

#endif
