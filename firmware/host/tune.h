/* SPDX-License-Identifier: MIT */
/*
 * tune.h - fitting the evaluation's weights to game results (the Texel
 * method), a host tool.
 *
 * Each quiet position of a game (the side to move has no capture) is a
 * sample: the evaluation's parts (engine/eval.h: the fixed part and the
 * terms, White's view), its men square by square, and the game's result
 * for White, 1, 1/2 or 0.  The evaluation predicts the result as
 * p = 1 / (1 + exp(-k * e)), e = the men's material and the tempo + sum of
 * man-square weight * (White's men there - Black's on the square turned)
 * + sum of term weight * term (0 in a drawn ending); the fit minimises the
 * mean of (result - p)^2 over each variant's samples, summed over the
 * variants.  First each variant's scale k alone, with the compiled-in
 * weights (a golden-section search: the error is unimodal in k), then the
 * weights with k kept, by Gauss-Newton steps with Levenberg-Marquardt
 * damping (e is linear in the weights), in doubles, with a weak ridge
 * pull towards 0; the caller rounds them.  The term
 * weights are a variant's own, the man squares shared (one table serves
 * both variants on the board).  Since e is linear in the weights, a term
 * that never varies has no gradient and keeps its weight.
 *
 * Games are read from PDN as the match tool writes it (build/host/match
 * --pdn): tags (Result, GameType, an optional FEN) and the moves from the
 * start, each read against the legal moves by the library; "1-0" means
 * that White (the colour that starts on ranks 1-3) won.
 */
#ifndef BITDRAUGHTS_TUNE_H
#define BITDRAUGHTS_TUNE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "engine/eval.h"

struct tune_sample {
    struct eval_parts parts;
    int16_t material;           /* parts.fixed without the men's squares */
    int8_t men[BB_SQUARES];     /* White's men on the square - Black's on it turned */
    double result;              /* what the fit predicts, for White: 1, 0.5, 0 or between */
    double game_result;         /* the game's result for White: 1, 0.5 or 0 */
    bd_position position;       /* for a deep search's label (tune_search_labels) */
    int16_t searched;           /* that search's score, White's view */
};

/* Samples of one variant, grown as needed. */
struct tune_set {
    struct tune_sample *sample;
    size_t count, capacity;
};

/* What is fitted: a scale and term weights a variant, man squares shared. */
struct tune_params {
    double k[BD_VARIANT_COUNT];
    double weight[BD_VARIANT_COUNT][EVAL_TERMS];
    double man_square[BB_SQUARES];
};

/* Adds s to set; 0 when out of memory. */
int tune_add(struct tune_set *set, const struct tune_sample *s);
void tune_free(struct tune_set *set);
/* The sample of a position (its parts, material and men) with result. */
void tune_sample_of(const bd_position *pos, const struct bd_rules *rules, double result,
                    struct tune_sample *out);

/* Labels every sample of set (positions of rules' variant) by a search of
 * its position to depth with the engine as compiled: its score, White's
 * view, in searched.  Minutes for tens of thousands of positions, so
 * progress (if not NULL) is called every TUNE_LABEL_PROGRESS positions and
 * at the end. */
#define TUNE_LABEL_PROGRESS 1000u
void tune_search_labels(struct tune_set *set, const struct bd_rules *rules, uint8_t depth,
                        void (*progress)(size_t done, size_t count));
/* The fit's targets from the labels: result = (1 - share) * game_result +
 * share * the searched score's logistic at scale k (share 0: the game's
 * result alone, 1: the search's alone). */
void tune_mix_labels(struct tune_set *set, double k, double share);

/* Reads every game of a PDN text into sets[variant], skipping the first
 * skip_plies positions of each game (the opening suite's moves) and
 * positions with a capture to make.  Returns the number of games read, or
 * -1 with a message in error (at least 160 bytes) for a malformed game. */
long tune_read_pdn(const char *text, unsigned skip_plies, struct tune_set sets[BD_VARIANT_COUNT],
                   char *error);

/* The compiled-in weights and man squares, k = 0. */
void tune_params_compiled(struct tune_params *p);
/* The evaluation of a sample of variant v with p, White's view. */
double tune_eval(const struct tune_sample *s, const struct tune_params *p, uint8_t v);
/* Mean squared error of the prediction over a variant's set. */
double tune_error(const struct tune_set *set, const struct tune_params *p, uint8_t v);
/* Sets p->k[v] to the k that minimises the error of the set. */
void tune_fit_scale(const struct tune_set *set, struct tune_params *p, uint8_t v);
/* Fits the weights in p (in place), k kept, in at most iterations steps;
 * term weights whose bit is set in frozen stay, and the man squares too
 * unless fit_squares.  Returns the summed error of the variants. */
double tune_fit(const struct tune_set sets[BD_VARIANT_COUNT], struct tune_params *p,
                unsigned iterations, uint32_t frozen, int fit_squares);
/* The same evaluation (but for the tempo) with the man squares' lowest
 * weight at 0: a weight every square shares is a man's worth beyond
 * EVAL_MAN, so every weight is scaled by EVAL_MAN / (EVAL_MAN + lowest)
 * and k by the inverse.  The crowning rank's squares, where no man
 * stands, are set to 0. */
void tune_normalise(struct tune_params *p);

#endif
