/* SPDX-License-Identifier: MIT */
/*
 * endgame_verify.h - an endgame table checked on its own, apart from
 * endgame_gen.c (build/host/endgame verify).
 *
 * Every position of up to the table's pieces is made by placing pieces on
 * the board square by square (men never on their crowning row), with
 * either side to move, and must have exactly one number of the table, no
 * number two positions, and every number without a position a hole.  Each
 * position's value must follow from those of its moves' results, as the
 * library's move generator lists them: no move is a loss in 0; a move to
 * a loss makes a win one ply longer than the shortest such loss; moves
 * all to wins make a loss one ply longer than the longest win; anything
 * else is a draw.  Values that agree with their successors everywhere
 * are the game's: by induction on the distance, wins and losses are true
 * ones at the right distance, and then so are the draws.
 */
#ifndef BITDRAUGHTS_ENDGAME_VERIFY_H
#define BITDRAUGHTS_ENDGAME_VERIFY_H

#include <stdint.h>
#include <stdio.h>
#include "checkers/position.h"
#include "endgame/probe.h"

struct endgame_check {
    uint32_t positions;     /* positions checked */
    uint32_t wins, losses, draws;
    uint32_t errors;        /* the first few are printed on report */
};

/* Checks table (of rules) through; returns 0 when it is right, -1 (the
 * first errors on report, if not NULL) when not or out of memory. */
int endgame_verify(const struct bd_rules *rules, const struct eg_table *table,
                   struct endgame_check *check, FILE *report);

#endif
