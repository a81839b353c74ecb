/* SPDX-License-Identifier: MIT */
/*
 * endgame_gen.h - the endgame tables of lib/endgame/ made by retrograde
 * analysis over the library's move generator (build/host/endgame generate).
 *
 * Signature by signature in the tables' order, so that every position a
 * capture or a promotion leads to is known already: each position's moves
 * are listed once, those that stay in the signature kept as edges, the
 * others read from the table made so far.  Then rounds r = 1, 2, ...
 * settle the positions that are won in r plies (a move to a loss in
 * r - 1) and lost in r (every move to a win, the longest in r - 1),
 * starting from the positions without a move (lost in 0); what no round
 * settles is a draw.  endgame_verify.h checks the result on its own.
 */
#ifndef BITDRAUGHTS_ENDGAME_GEN_H
#define BITDRAUGHTS_ENDGAME_GEN_H

#include <stdio.h>
#include "checkers/position.h"
#include "endgame/probe.h"

/* Fills values (eg_table_init's size for max_pieces) with the table of
 * rules; progress, if not NULL, gets a line a signature.  Returns 0, or -1
 * (a message on stderr) when memory runs out or a distance does not fit. */
int endgame_generate(const struct bd_rules *rules, uint8_t max_pieces, uint8_t *values, FILE *progress);

#endif
