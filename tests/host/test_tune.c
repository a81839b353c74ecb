/* SPDX-License-Identifier: MIT */
/*
 * test_tune.c - the tuner (firmware/host/tune.h) on data small enough to work
 * out by hand: a synthetic set whose results are exactly the logistic of
 * one term at a known weight and scale, which the fit must find again,
 * and a two-game PDN whose quiet positions are counted by hand.
 */
#include <math.h>
#include <string.h>
#include "check.h"
#include "host/tune.h"

#define TRUE_WEIGHT 50.0
#define TRUE_SCALE 0.01
#define ALL_BUT(term) (~((uint32_t)1u << (term)))

/* Two samples, runaway term +1 and -1, fixed part 0, with the results the
 * model predicts at TRUE_WEIGHT and TRUE_SCALE: 1/(1+e^-0.5) = 0.6225 and
 * 1/(1+e^0.5) = 0.3775. */
static void synthetic(struct tune_set *set)
{
    struct tune_sample s;
    memset(&s, 0, sizeof s);
    s.parts.term[EVAL_RUNAWAYS] = 1;
    s.result = 1 / (1 + exp(-TRUE_WEIGHT * TRUE_SCALE));
    tune_add(set, &s);
    s.parts.term[EVAL_RUNAWAYS] = -1;
    s.result = 1 / (1 + exp(TRUE_WEIGHT * TRUE_SCALE));
    tune_add(set, &s);
}

static void test_fit_finds_the_weight_that_made_the_results(void)
{
    struct tune_set sets[BD_VARIANT_COUNT] = { { 0 } };
    struct tune_params p;
    memset(&p, 0, sizeof p);
    p.k[BD_VARIANT_RUSSIAN] = TRUE_SCALE;
    synthetic(&sets[BD_VARIANT_RUSSIAN]);
    CHECK(fabs(0.6225 - sets[BD_VARIANT_RUSSIAN].sample[0].result) < 1e-4);
    double error = tune_fit(sets, &p, 50, ALL_BUT(EVAL_RUNAWAYS), 0);
    CHECK(fabs(p.weight[BD_VARIANT_RUSSIAN][EVAL_RUNAWAYS] - TRUE_WEIGHT) < 0.5);
    CHECK(error < 1e-6);
    for (unsigned t = 0; t < EVAL_TERMS; t++)
        if (t != EVAL_RUNAWAYS)
            CHECK(p.weight[BD_VARIANT_RUSSIAN][t] == 0);
    for (unsigned s = 0; s < BB_SQUARES; s++)
        CHECK(p.man_square[s] == 0);
    tune_free(&sets[BD_VARIANT_RUSSIAN]);
}

/* The same with the man squares: White's man on d4 (square 21) against
 * none, and the colours swapped, the results made by a square weight of
 * TRUE_WEIGHT; the terms frozen. */
static void test_fit_finds_a_man_square_weight(void)
{
    struct tune_set sets[BD_VARIANT_COUNT] = { { 0 } };
    struct tune_params p;
    struct tune_sample s;
    memset(&p, 0, sizeof p);
    memset(&s, 0, sizeof s);
    p.k[BD_VARIANT_ENGLISH] = TRUE_SCALE;
    s.men[21] = 1;
    s.result = 1 / (1 + exp(-TRUE_WEIGHT * TRUE_SCALE));
    tune_add(&sets[BD_VARIANT_ENGLISH], &s);
    s.men[21] = -1;
    s.result = 1 / (1 + exp(TRUE_WEIGHT * TRUE_SCALE));
    tune_add(&sets[BD_VARIANT_ENGLISH], &s);
    tune_fit(sets, &p, 50, ~(uint32_t)0, 1);
    CHECK(fabs(p.man_square[21] - TRUE_WEIGHT) < 0.5);
    CHECK(p.man_square[20] == 0);
    tune_free(&sets[BD_VARIANT_ENGLISH]);
}

static void test_scale_fit_finds_the_scale_that_made_the_results(void)
{
    struct tune_set set = { 0 };
    struct tune_params p;
    memset(&p, 0, sizeof p);
    p.weight[BD_VARIANT_RUSSIAN][EVAL_RUNAWAYS] = TRUE_WEIGHT;
    synthetic(&set);
    tune_fit_scale(&set, &p, BD_VARIANT_RUSSIAN);
    CHECK(fabs(p.k[BD_VARIANT_RUSSIAN] - TRUE_SCALE) < 1e-4);
    tune_free(&set);
}

/* White d4 (square 21, table weight 6), Black h8 (a1 turned, weight 4):
 * the men are +1 on d4 and -1 on a1 (square 0), and what is left of the
 * fixed part is the material (100 - 100) and the tempo, 3. */
static void test_sample_splits_the_men_squares_from_the_material(void)
{
    bd_position pos;
    struct tune_sample s;
    pos_clear(&pos, BD_WHITE);
    pos.pieces[BD_WHITE] = pos.men[BD_WHITE] = BB_BIT(BB_SQUARE(3u, 3u));
    pos.pieces[BD_BLACK] = pos.men[BD_BLACK] = BB_BIT(BB_SQUARE(7u, 7u));
    tune_sample_of(&pos, &bd_rules_russian, 1.0, &s);
    CHECK_EQ(s.men[21], 1);
    CHECK_EQ(s.men[0], -1);
    CHECK_EQ(s.parts.fixed, 112 - 108 + 3);
    CHECK_EQ(s.material, 3);
    struct tune_params p;
    tune_params_compiled(&p);
    CHECK(tune_eval(&s, &p, BD_VARIANT_RUSSIAN) == eval_position(&pos, &bd_rules_russian));
}

/* Russian: the start (White to move, quiet), after c3-d4 (Black, quiet),
 * after f6-e5 (White must take d4:f6), after d4:f6 (Black must take
 * back), after g7:e5 (White, quiet: nothing next to e5 to take it with):
 * 3 samples, 1 after skipping 2 plies.  English: the start and after
 * 11-15, both quiet.  A game without a result ("*") is left out. */
static const char two_games[] =
    "[Event \"t\"]\n[Result \"1/2-1/2\"]\n[GameType \"25\"]\n\n"
    "1. c3-d4 f6-e5 2. d4:f6 g7:e5 1/2-1/2\n\n"
    "[Event \"t\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n\n1. 11-15 1-0\n\n"
    "[Event \"t\"]\n[Result \"*\"]\n[GameType \"21\"]\n\n1. 11-15 *\n";

static void test_pdn_games_give_their_quiet_positions(void)
{
    struct tune_set sets[BD_VARIANT_COUNT] = { { 0 } };
    char error[160];
    CHECK_EQ(tune_read_pdn(two_games, 0, sets, error), 2);
    CHECK_EQ(sets[BD_VARIANT_RUSSIAN].count, 3);
    CHECK_EQ(sets[BD_VARIANT_ENGLISH].count, 2);
    CHECK(sets[BD_VARIANT_RUSSIAN].sample[0].result == 0.5);
    CHECK(sets[BD_VARIANT_ENGLISH].sample[1].result == 1.0);
    /* The start position is even: no term, the fixed part is the tempo. */
    CHECK_EQ(sets[BD_VARIANT_RUSSIAN].sample[0].parts.fixed, 3);
    tune_free(&sets[0]);
    tune_free(&sets[1]);
    CHECK_EQ(tune_read_pdn(two_games, 2, sets, error), 2);
    CHECK_EQ(sets[BD_VARIANT_RUSSIAN].count, 1);
    CHECK_EQ(sets[BD_VARIANT_ENGLISH].count, 0);
    tune_free(&sets[0]);
    tune_free(&sets[1]);
}

/* Three kings against a man, each colour with each side to move: won for
 * the kings whoever moves, so a search's label, White's view, is a man or
 * more for White's kings and against Black's; the mix is the game's result
 * at share 0, the label's logistic at share 1, their mean at 1/2. */
#define LABEL_DEPTH 4u
static void add_kings_against_a_man(struct tune_set *set, uint8_t kings, uint8_t side)
{
    bd_position pos;
    struct tune_sample s;
    pos_clear(&pos, side);
    pos.pieces[kings] = BB_BIT(BB_SQUARE(1u, 1u)) | BB_BIT(BB_SQUARE(3u, 3u)) | BB_BIT(BB_SQUARE(5u, 3u));
    pos.pieces[BD_OTHER_COLOUR(kings)] = pos.men[BD_OTHER_COLOUR(kings)] = BB_BIT(BB_SQUARE(6u, 4u));
    tune_sample_of(&pos, &bd_rules_english, 0.5, &s);
    tune_add(set, &s);
}

static void test_search_labels_are_whites_view(void)
{
    struct tune_set set = { 0 };
    add_kings_against_a_man(&set, BD_WHITE, BD_WHITE);
    add_kings_against_a_man(&set, BD_WHITE, BD_BLACK);
    add_kings_against_a_man(&set, BD_BLACK, BD_WHITE);
    add_kings_against_a_man(&set, BD_BLACK, BD_BLACK);
    tune_search_labels(&set, &bd_rules_english, LABEL_DEPTH, NULL);
    CHECK(set.sample[0].searched > EVAL_MAN);
    CHECK(set.sample[1].searched > EVAL_MAN);
    CHECK(set.sample[2].searched < -EVAL_MAN);
    CHECK(set.sample[3].searched < -EVAL_MAN);
    tune_mix_labels(&set, TRUE_SCALE, 0);
    CHECK(set.sample[0].result == 0.5);
    double logistic = 1 / (1 + exp(-TRUE_SCALE * set.sample[2].searched));
    tune_mix_labels(&set, TRUE_SCALE, 1);
    CHECK(fabs(set.sample[2].result - logistic) < 1e-12);
    tune_mix_labels(&set, TRUE_SCALE, 0.5);
    CHECK(fabs(set.sample[2].result - (0.5 + logistic) / 2) < 1e-12);
    CHECK(set.sample[2].game_result == 0.5);
    tune_free(&set);
}

static void test_pdn_illegal_move_is_an_error(void)
{
    struct tune_set sets[BD_VARIANT_COUNT] = { { 0 } };
    char error[160];
    CHECK_EQ(tune_read_pdn("[Result \"1-0\"]\n1. c3-d4 c3-d4 1-0\n", 0, sets, error), -1);
    CHECK(strstr(error, "ply 2") != NULL);
    tune_free(&sets[0]);
    tune_free(&sets[1]);
}

int main(void)
{
    check_begin(PSTR("tune"));
    RUN_TEST(test_fit_finds_the_weight_that_made_the_results);
    RUN_TEST(test_fit_finds_a_man_square_weight);
    RUN_TEST(test_scale_fit_finds_the_scale_that_made_the_results);
    RUN_TEST(test_sample_splits_the_men_squares_from_the_material);
    RUN_TEST(test_pdn_games_give_their_quiet_positions);
    RUN_TEST(test_search_labels_are_whites_view);
    RUN_TEST(test_pdn_illegal_move_is_an_error);
    return check_end();
}
