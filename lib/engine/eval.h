/* SPDX-License-Identifier: MIT */
/*
 * eval.h - the static evaluation: a score of a quiet position from the
 * side to move's view, in hundredths of a man.
 *
 * The men's material and squares are the fixed part, the unit the rest
 * is measured in.  Per-square weights are 0..15, written once for White;
 * Black reads them on the board turned by 180 degrees (square n ->
 * (17 - n) mod 32), so colour symmetry is data.  The men's are summed a
 * nibble of a bitboard at a time through flash tables built from them at
 * compile time (eight reads per bitboard instead of a loop over its
 * pieces), with their material folded in; the kings', rings round the
 * centre, by counting the kings in each ring.
 *
 * On top of it, a weighted sum of the terms below, each counted for White
 * and for Black with shifts and masks over the 32-bit boards (no loop over
 * pieces): kings (material, centre, kings shut in, kings on the long
 * diagonal), runaway men (no enemy piece in the cone of squares in
 * front of them, so nothing can block them), the back-rank guard while
 * the board is full (it keeps the opponent's men from crowning), men in
 * the opponent's half as
 * the board empties (the tempo of the ending), the lead in pieces as
 * the board empties (trading down when ahead), the men's mobility (the
 * quiet steps they have: a side out of them must give material away), the
 * empty squares behind the men (where a capture of them lands) and the
 * tempo, how far the men have come, alone and as the board is full (a
 * side that spends its moves early runs out of them later); these last
 * four in English checkers only.  The weights are a table a
 * variant, fitted to the project's self-play games by build/host/tune
 * (firmware/host/tune.h; README "Tuning the evaluation").  Endings known to be
 * drawn score 0.
 */
#ifndef BITDRAUGHTS_EVAL_H
#define BITDRAUGHTS_EVAL_H

#include <stdint.h>
#include "checkers/position.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EVAL_MAN 100

/* The weighted terms, each counted for one colour (0..255). */
enum eval_term {
    EVAL_KINGS,             /* kings */
    EVAL_KING_CENTRE,       /* the kings' square weights (centre 6, edge 0) */
    EVAL_KINGS_SHUT_IN,     /* kings with no empty square next to them */
    EVAL_KINGS_MAIN_ROAD,   /* kings on the long diagonal a1-h8 */
    EVAL_RUNAWAYS,          /* men past their fourth rank with no enemy piece ahead */
    EVAL_RUNAWAYS_NEAR,     /* those of them one or two steps from crowning */
    EVAL_GUARD,             /* men on the own back rank times the board's fullness */
    EVAL_ADVANCED_LATE,     /* men in the enemy's half times the empty-board phase */
    EVAL_LEAD_LATE,         /* the lead in pieces times the empty-board phase */
    /* The men's shape, counted in English checkers only (0 in Russian
     * draughts, whose evaluation does not weigh it): */
    EVAL_MEN_MOBILITY,      /* empty squares one step ahead of a man, one per direction */
    EVAL_MEN_OPEN_BEHIND,   /* empty squares one step behind a man, one per direction */
    EVAL_TEMPO,             /* the men's ranks summed, counted from the own back rank (0) */
    EVAL_TEMPO_EARLY,       /* the tempo times the board's fullness, over 4 */
    EVAL_TERMS
};

/* The score of pos for pos->side, within +-(12 * king value + bonuses),
 * always far from the search's mate scores. */
int16_t eval_position(const bd_position *pos, const struct bd_rules *rules);

/* The parts of the evaluation, White's view, for the tuner: the fixed part
 * (men, their squares, the side to move's tempo), each term White's count
 * minus Black's, and whether the position is a drawn ending (scored 0).
 * eval_position is, for White to move, fixed + sum of weight * term, or 0
 * when drawn (negated for Black to move). */
struct eval_parts {
    int16_t fixed;
    int16_t term[EVAL_TERMS];
    uint8_t drawn;
};
void eval_parts(const bd_position *pos, const struct bd_rules *rules, struct eval_parts *out);
/* The weight of a term in a variant (the table compiled in). */
int16_t eval_weight(uint8_t variant, uint8_t term);
/* The points a White man on square (0..31) adds to the fixed part beyond
 * its material (a Black man: the square turned, (17 - square) mod 32). */
int16_t eval_man_square(uint8_t square);
/* The scale of the man squares' table: points per unit of its 0..15. */
#define EVAL_MAN_SQUARE_SCALE 2
/* True for an ending without men known to be drawn with correct play:
 * one king against one king, and in Russian draughts a king against two,
 * or against three while it holds the long diagonal and they do not. */
uint8_t eval_drawn_ending(const bd_position *pos, const struct bd_rules *rules);

#ifdef __cplusplus
}
#endif

#endif
