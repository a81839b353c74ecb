/* SPDX-License-Identifier: MIT */
// The library's headers compiled as C++, the way an Arduino sketch includes
// them: a missing extern "C" guard fails to link, a C-only construct fails
// to compile.  The calls below reach one function of each module.
#include "bitdraughts.h"
#include "check.h"

static void test_cxx_calls_reach_the_c_library()
{
    bd_position pos;
    bd_move moves[MG_MAX_MOVES];
    const struct bd_rules *rules = bd_rules_of(BD_VARIANT_RUSSIAN);
    pos_initial(&pos, rules);
    CHECK_EQ(perft(&pos, rules, 3, moves, moves + MG_MAX_MOVES), 302);
    CHECK_EQ(mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES) - moves, 7);
    CHECK_EQ(bs_lsb32(0x100u), 8);
    nb_board board;
    nb_clear(&board);
    CHECK_EQ(nb_count(&board, NB_EMPTY), NB_SQUARES);
    char fen[PDN_FEN_MAX];
    CHECK(pdn_write_fen(&pos, rules, fen, sizeof fen) > 0);
    struct bd_game game;
    game_new(&game, rules);
    CHECK_EQ(game_status(&game, moves, moves + MG_MAX_MOVES), GAME_ONGOING);
}

int main()
{
    check_begin(PSTR("cxx-headers"));
    RUN_TEST(test_cxx_calls_reach_the_c_library);
    return check_end();
}
