/* SPDX-License-Identifier: MIT */
/*
 * test_game_status.c - game_status(): the draw rules and the win, on the
 * host and the simulated ATmega328P (game_status() lists the legal moves,
 * so it needs the whole move generator, more than the ATtiny85's 8 KB
 * holds next to a suite; tests/checkers/test_game.c has the rest of the record).
 * The same two kings as there: White a1-b2-a1, Black h8-g7-h8.
 */
#include "check.h"
#include "game_support.h"

#define G1 BB_SQUARE(6, 0)
#define H2 BB_SQUARE(7, 1)
#define C3 BB_SQUARE(2, 2)
#define D4 BB_SQUARE(3, 3)

static bd_move scratch[8];

static uint8_t status(void)
{
    return game_status(&game, scratch, scratch + 8);
}

static void test_third_occurrence_is_a_draw_by_repetition(void)
{
    start_kings(&bd_rules_russian);
    for (uint8_t i = 0; i < 8; i++) {
        CHECK_EQ(status(), GAME_ONGOING);
        game_play(&game, &cycle[i & 3u]);
    }
    CHECK_EQ(game_repetitions(&game), 3);
    CHECK_EQ(status(), GAME_DRAW_REPETITION);
}

static void test_quiet_plies_draw_after_the_rules_count_and_a_man_move_resets_it(void)
{
    /* Kings wander without a third repetition; a short rule makes it quick. */
    struct bd_rules short_rule = bd_rules_english;
    short_rule.draw_quiet_plies = 5;
    bd_position pos;
    kings_position(&pos);
    pos.pieces[BD_WHITE] |= BB_BIT(C3);
    pos.men[BD_WHITE] = BB_BIT(C3);
    game_set_position(&game, &short_rule, &pos);
    static const bd_move wander[5] = {
        { A1, B2, 0 }, { H8, G7, 0 }, { B2, A1, 0 }, { G7, H8, 0 }, { A1, B2, 0 },
    };
    for (uint8_t i = 0; i < 5; i++) {
        CHECK_EQ(status(), GAME_ONGOING);
        game_play(&game, &wander[i]);
    }
    CHECK_EQ(game.quiet_plies, 5);
    CHECK_EQ(status(), GAME_DRAW_QUIET_MOVES);
    /* Black plays a king move, White a man move: the count starts again. */
    const bd_move black = { H8, G7, 0 }, man = { C3, D4, 0 };
    game_play(&game, &black);
    game_play(&game, &man);
    CHECK_EQ(game.quiet_plies, 0);
    CHECK_EQ(status(), GAME_ONGOING);
}

static void test_side_to_move_without_moves_loses(void)
{
    /* Black's man on h2 can only step to g1, where White's man stands, and
     * cannot jump it (g1 is on the edge). */
    bd_position pos;
    pos_clear(&pos, BD_BLACK);
    pos.pieces[BD_WHITE] = pos.men[BD_WHITE] = BB_BIT(G1);
    pos.pieces[BD_BLACK] = pos.men[BD_BLACK] = BB_BIT(H2);
    game_set_position(&game, &bd_rules_russian, &pos);
    CHECK_EQ(status(), GAME_WHITE_WINS);
    pos.side = BD_WHITE;    /* White's man can still step to f2. */
    game_set_position(&game, &bd_rules_russian, &pos);
    CHECK_EQ(status(), GAME_ONGOING);
    /* No pieces at all for White: Black wins. */
    pos_clear(&pos, BD_WHITE);
    pos.pieces[BD_BLACK] = pos.men[BD_BLACK] = BB_BIT(H2);
    game_set_position(&game, &bd_rules_russian, &pos);
    CHECK_EQ(status(), GAME_BLACK_WINS);
}

int main(void)
{
    check_begin(PSTR("game status"));
    RUN_TEST(test_third_occurrence_is_a_draw_by_repetition);
    RUN_TEST(test_quiet_plies_draw_after_the_rules_count_and_a_man_move_resets_it);
    RUN_TEST(test_side_to_move_without_moves_loses);
    return check_end();
}
