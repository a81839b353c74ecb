/* SPDX-License-Identifier: MIT */
#include "host/elo.h"

#include <assert.h>
#include <math.h>

uint32_t elo_games(const struct elo_counts *c)
{
    return c->wins + c->draws + c->losses;
}

double elo_score(const struct elo_counts *c)
{
    uint32_t n = elo_games(c);
    return n ? (c->wins + 0.5 * c->draws) / n : 0.5;
}

double elo_from_score(double s)
{
    if (s <= 0.0)
        return -INFINITY;
    if (s >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0);
}

double elo_to_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double elo_variance(const struct elo_counts *c)
{
    uint32_t n = elo_games(c);
    if (!n)
        return 0.0;
    double s = elo_score(c);
    return (c->wins * (1.0 - s) * (1.0 - s) + c->draws * (0.5 - s) * (0.5 - s) +
            c->losses * s * s) / n;
}

void elo_interval(const struct elo_counts *c, double z, double *low, double *high)
{
    uint32_t n = elo_games(c);
    if (!n) {
        *low = -INFINITY;
        *high = INFINITY;
        return;
    }
    double s = elo_score(c);
    double margin = z * sqrt(elo_variance(c) / n);
    *low = elo_from_score(s - margin);
    *high = elo_from_score(s + margin);
}

/* The most probability a distribution on {0, 1/2, 1} with mean s can give
 * the one result x: the rest of the mass goes to the result that moves the
 * mean furthest. */
static double most_likely(double x, double s)
{
    if (x == 0.0)
        return 1.0 - s;
    if (x == 1.0)
        return s;
    return 2.0 * (s < 0.5 ? s : 1.0 - s);
}

double sprt_llr(const struct elo_counts *c, double elo0, double elo1)
{
    uint32_t n = elo_games(c);
    if (!n)
        return 0.0;
    double s = elo_score(c);
    double s0 = elo_to_score(elo0);
    double s1 = elo_to_score(elo1);
    double var = elo_variance(c);
    if (var <= 0.0)
        return n * log(most_likely(s, s1) / most_likely(s, s0));
    return n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
}

void sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    assert(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5);
    *lower = log(beta / (1.0 - alpha));
    *upper = log((1.0 - beta) / alpha);
}

int sprt_decide(double llr, double lower, double upper)
{
    if (llr >= upper)
        return SPRT_H1;
    if (llr <= lower)
        return SPRT_H0;
    return SPRT_CONTINUE;
}
