/* SPDX-License-Identifier: MIT */
/*
 * elo.h - what a match's wins, draws and losses say: the score, the Elo
 * difference with its confidence interval, and the sequential probability
 * ratio test (SPRT) that stops a match once it has answered its question.
 *
 * The logistic model: a player who scores s (a win 1, a draw 1/2) is
 *     elo(s) = -400 log10(1/s - 1)
 * points stronger than the opponent, and s(elo) = 1 / (1 + 10^(-elo/400)).
 *
 * Each game is one draw from the trinomial {1, 1/2, 0}; the games are
 * treated as independent (the colour-swapped pairs of a match are not, but
 * treating them so only widens the interval).  With N games and the mean
 * score s, the variance of one game's score is
 *     var = (W (1 - s)^2 + D (1/2 - s)^2 + L s^2) / N
 * and the 95% interval of the Elo is elo(s -+ 1.959964 sqrt(var / N)),
 * bounds that fall outside (0, 1) being infinite.
 *
 * SPRT of H0: elo = elo0 against H1: elo = elo1 by the generalised SPRT in
 * its normal approximation (Michel Van den Bergh's, as cutechess-cli and
 * fishtest used it for trinomial results): with s0 = s(elo0), s1 = s(elo1),
 *     LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)
 * H1 is accepted once LLR >= log((1 - beta) / alpha), H0 once
 * LLR <= log(beta / (1 - alpha)); alpha and beta are the chances of
 * accepting H1 when H0 holds and the reverse.
 *
 * When every game had the same result x the variance is 0 and the
 * approximation has nothing to say (a common implementation then returns 0
 * and a crushing mismatch never stops).  The exact generalised likelihood
 * ratio is then in closed form: the likeliest distribution of mean s puts
 * on x all the mass it can, p(x) = 1 - s for losses, s for wins,
 * 2 min(s, 1 - s) for draws, so
 *     LLR = N log(p1(x) / p0(x)),
 * e.g. N log((1 - s1) / (1 - s0)) after N losses.  With no game it is 0.
 */
#ifndef BITDRAUGHTS_ELO_H
#define BITDRAUGHTS_ELO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The normal quantile of a two-sided 95% interval. */
#define ELO_Z95 1.959963984540054

struct elo_counts {
    uint32_t wins;
    uint32_t draws;
    uint32_t losses;
};

enum sprt_decision { SPRT_CONTINUE = 0, SPRT_H0 = -1, SPRT_H1 = 1 };

/* Games counted. */
uint32_t elo_games(const struct elo_counts *c);
/* The mean score, 0..1; 0.5 with no game. */
double elo_score(const struct elo_counts *c);
/* The Elo difference of score s (0 < s < 1); -INFINITY at 0, +INFINITY at 1. */
double elo_from_score(double s);
/* The score of an Elo difference. */
double elo_to_score(double elo);
/* The variance of one game's score (0 with no game). */
double elo_variance(const struct elo_counts *c);
/* The Elo interval elo(s -+ z * sqrt(var / N)); infinite bounds where the
 * score's bound leaves (0, 1), both infinite with no game. */
void elo_interval(const struct elo_counts *c, double z, double *low, double *high);
/* The log-likelihood ratio of H1 (elo1) against H0 (elo0) (above). */
double sprt_llr(const struct elo_counts *c, double elo0, double elo1);
/* The SPRT's bounds: *lower = log(beta / (1 - alpha)), *upper = log((1 - beta) / alpha).
 * 0 < alpha, beta < 1/2. */
void sprt_bounds(double alpha, double beta, double *lower, double *upper);
/* SPRT_H1 when llr >= upper, SPRT_H0 when llr <= lower, else SPRT_CONTINUE. */
int sprt_decide(double llr, double lower, double upper);

#ifdef __cplusplus
}
#endif

#endif
