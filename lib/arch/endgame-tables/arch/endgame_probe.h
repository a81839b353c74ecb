/* SPDX-License-Identifier: MIT */
/*
 * arch/endgame_probe.h (endgame-tables) - found first on the host
 * library's include path (lib/lib.mk): the search's look into the endgame
 * tables of lib/endgame, when the caller has given some (struct
 * search_table's `endgame`; NULL: none, and the search is the one it is
 * without).
 */
#ifndef BITDRAUGHTS_ARCH_ENDGAME_PROBE_H
#define BITDRAUGHTS_ARCH_ENDGAME_PROBE_H

#include <stdint.h>
#include "checkers/position.h"

struct endgame_tables;

/* 1 when the tables decide pos, ply plies below the root with quiet plies
 * of the quiet-move rule counted: its score for the side to move in
 * *score (0 a draw, a win or a loss in a known number of plies as the
 * search counts them).  A win or a loss is left to the search when the
 * quiet-move rule could end the game first. */
uint8_t endgame_probe(const struct endgame_tables *tables, const bd_position *pos,
                      const struct bd_rules *rules, uint8_t ply, uint8_t quiet, int16_t *score);

#endif
