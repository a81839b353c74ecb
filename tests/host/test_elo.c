/* SPDX-License-Identifier: MIT */
/*
 * firmware/host/elo.h against values computed independently, by python3 from
 * the formulas written out (not from this code):
 *
 *   import math
 *   def L(e): return 1 / (1 + 10 ** (-e / 400))
 *   def elo(s): return -400 * math.log10(1 / s - 1)
 *   W, D, Lo = 30, 50, 20; N = W + D + Lo; s = (W + D / 2) / N
 *   var = (W * (1 - s) ** 2 + D * (0.5 - s) ** 2 + Lo * s ** 2) / N
 *   m = 1.959963984540054 * math.sqrt(var / N)
 *   elo(s), elo(s - m), elo(s + m)          # 34.86007, -12.92969, 84.01076
 *   N * (L(10) - L(0)) * (2 * s - L(0) - L(10)) / (2 * var)     # 0.5027459
 *   10 * math.log((1 - L(50)) / (1 - L(0)))  # ten losses: -1.5423129
 *   7 * math.log(L(50) / L(0))               # seven wins: 0.9351429
 *   20 * math.log(2 * (1 - L(10)))           # twenty draws: -0.5839293
 *   math.log(0.05 / 0.95), math.log(0.1 / 0.95), math.log(0.9 / 0.05)
 *
 * By hand: 30/50/20 scores (30 + 25) / 100 = 0.55, var = (30 * 0.2025 +
 * 50 * 0.0025 + 20 * 0.3025) / 100 = 0.1225; 75% is +190.85 Elo
 * (400 log10 3); the SPRT bounds at alpha = beta = 0.05 are -+log 19.
 */
#include <math.h>

#include "check.h"
#include "host/elo.h"

/* Within 1e-6 of the expected value (or the same infinity). */
#define CHECK_NEAR(actual, expected) \
    CHECK(((actual) == (expected)) || fabs((double)(actual) - (double)(expected)) < 1e-6)

static void test_score_elo_and_interval_of_a_30_50_20_match(void)
{
    struct elo_counts c = { 30, 50, 20 };
    CHECK_EQ(elo_games(&c), 100);
    CHECK_NEAR(elo_score(&c), 0.55);
    CHECK_NEAR(elo_variance(&c), 0.1225);
    CHECK_NEAR(elo_from_score(elo_score(&c)), 34.86007028756008);
    double low, high;
    elo_interval(&c, ELO_Z95, &low, &high);
    CHECK_NEAR(low, -12.929693470337863);
    CHECK_NEAR(high, 84.01076264940247);
}

static void test_elo_and_score_are_inverse_and_symmetric(void)
{
    CHECK_NEAR(elo_from_score(0.75), 190.848501887865);
    CHECK_NEAR(elo_from_score(0.25), -190.848501887865);
    CHECK_NEAR(elo_from_score(0.5), 0.0);
    CHECK_NEAR(elo_to_score(100), 0.6400649998028851);
    for (int e = -800; e <= 800; e += 50)
        CHECK_NEAR(elo_from_score(elo_to_score(e)), e);
}

static void test_a_perfect_or_null_score_has_infinite_elo(void)
{
    struct elo_counts wins = { 5, 0, 0 }, losses = { 0, 0, 5 }, none = { 0, 0, 0 };
    CHECK(isinf(elo_from_score(elo_score(&wins))) && elo_from_score(elo_score(&wins)) > 0);
    CHECK(isinf(elo_from_score(elo_score(&losses))) && elo_from_score(elo_score(&losses)) < 0);
    CHECK_NEAR(elo_score(&none), 0.5);
    double low, high;
    elo_interval(&none, ELO_Z95, &low, &high);
    CHECK(isinf(low) && low < 0 && isinf(high) && high > 0);
    /* 1 win, 1 loss: s = 0.5, var = 0.25, the margin 1.96 * 0.354 takes the
     * score below 0 and above 1. */
    struct elo_counts even = { 1, 0, 1 };
    elo_interval(&even, ELO_Z95, &low, &high);
    CHECK(isinf(low) && low < 0 && isinf(high) && high > 0);
}

static void test_llr_by_the_normal_approximation(void)
{
    struct elo_counts c = { 30, 50, 20 };
    CHECK_NEAR(sprt_llr(&c, 0, 10), 0.5027458564789831);
    /* H0 and H1 swapped: the same evidence the other way. */
    CHECK_NEAR(sprt_llr(&c, 10, 0), -0.5027458564789831);
    struct elo_counts poor = { 3, 1, 12 };
    CHECK_NEAR(sprt_llr(&poor, 0, 50), -2.334203785084034);
}

static void test_llr_when_every_game_had_the_same_result(void)
{
    struct elo_counts losses = { 0, 0, 10 }, wins = { 7, 0, 0 }, draws = { 0, 20, 0 };
    struct elo_counts none = { 0, 0, 0 };
    CHECK_NEAR(sprt_llr(&losses, 0, 50), -1.5423129036242347);
    CHECK_NEAR(sprt_llr(&wins, 0, 50), 0.9351429238328248);
    CHECK_NEAR(sprt_llr(&draws, 0, 10), -0.5839293454948968);
    CHECK_NEAR(sprt_llr(&none, 0, 10), 0.0);
}

static void test_sprt_bounds_and_decisions(void)
{
    double lower, upper;
    sprt_bounds(0.05, 0.05, &lower, &upper);
    CHECK_NEAR(lower, -2.9444389791664403);
    CHECK_NEAR(upper, 2.9444389791664403);
    sprt_bounds(0.05, 0.10, &lower, &upper);
    CHECK_NEAR(lower, -2.251291798606495);
    CHECK_NEAR(upper, 2.8903717578961645);
    CHECK_EQ(sprt_decide(2.9, lower, upper), SPRT_H1);
    CHECK_EQ(sprt_decide(2.89, lower, upper), SPRT_CONTINUE);
    CHECK_EQ(sprt_decide(-2.26, lower, upper), SPRT_H0);
    CHECK_EQ(sprt_decide(0.0, lower, upper), SPRT_CONTINUE);
}

int main(void)
{
    check_begin(PSTR("elo"));
    RUN_TEST(test_score_elo_and_interval_of_a_30_50_20_match);
    RUN_TEST(test_elo_and_score_are_inverse_and_symmetric);
    RUN_TEST(test_a_perfect_or_null_score_has_infinite_elo);
    RUN_TEST(test_llr_by_the_normal_approximation);
    RUN_TEST(test_llr_when_every_game_had_the_same_result);
    RUN_TEST(test_sprt_bounds_and_decisions);
    return check_end();
}
