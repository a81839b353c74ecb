/* SPDX-License-Identifier: MIT */
/*
 * test_game.c - the game record: its hash, the repetition count and the
 * window of hashes, on the host and in the simulator (ATmega328P and
 * ATtiny85: one static game).  game_status() needs the
 * whole move generator, which does not fit the ATtiny's 8 KB next to the
 * suite, so its tests (draws, wins) are in tests/checkers/test_game_status.c.
 *
 * Positions are built from bitboards (BB_SQUARE), not FEN, so the suite
 * does not pull the PDN reader into the ATtiny's 8 KB.  The repetition
 * tests shuffle two kings: White a1-b2-a1, Black h8-g7-h8, four plies to
 * a cycle, every move reversible.
 */
#include "check.h"
#include "game_support.h"
#include "checkers/hash_multiply.h"

/* The hash's product (checkers/hash_multiply.h) against the compiler's:
 * on the ATtiny85 the first is lib/arch/small/hash_multiply.S and the
 * second libgcc's loop; elsewhere both are the C product.  Every single
 * bit, all ones, and a run of xorshift words. */
#define PRODUCT_WORDS 4000u
static void test_hash_product_is_the_compilers_product(void)
{
    uint32_t x = 0x2545F491u;
    uint16_t wrong = 0;
    for (uint16_t i = 0; i < PRODUCT_WORDS + 33u; i++) {
        uint32_t h;
        if (i < 32u) {
            h = (uint32_t)1u << i;
        } else if (i == 32u) {
            h = 0xFFFFFFFFu;
        } else {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            h = x;
        }
        if (game_hash_multiply(h) != h * (uint32_t)GAME_HASH_MULTIPLIER)
            wrong++;
    }
    CHECK_EQ(wrong, 0);
}

static void test_hash_changes_with_every_piece_on_every_square_and_the_side(void)
{
    bd_position empty, pos;
    pos_clear(&empty, BD_WHITE);
    uint16_t base = game_hash(&empty);
    pos_clear(&pos, BD_BLACK);
    CHECK(game_hash(&pos) != base);
    for (uint8_t s = 0; s < BB_SQUARES; s++) {
        for (uint8_t kind = 0; kind < 4; kind++) {
            uint8_t colour = kind & 1u;
            pos_clear(&pos, BD_WHITE);
            pos.pieces[colour] = bb_bit(s);
            if (kind >= 2)
                pos.men[colour] = bb_bit(s);
            if (!CHECK(game_hash(&pos) != base)) {
                check_print_P(PSTR("  square "));
                check_print_u32(s);
                return;
            }
        }
        /* A man and a king on the same square hash differently too. */
        pos_clear(&pos, BD_WHITE);
        pos.pieces[BD_WHITE] = bb_bit(s);
        uint16_t king = game_hash(&pos);
        pos.men[BD_WHITE] = bb_bit(s);
        CHECK(game_hash(&pos) != king);
    }
}

static void test_repetition_is_counted_every_second_ply_only(void)
{
    start_kings(&bd_rules_russian);
    CHECK_EQ(game_repetitions(&game), 1);
    for (uint8_t i = 0; i < 3; i++) {
        game_play(&game, &cycle[i]);
        CHECK_EQ(game_repetitions(&game), 1);
    }
    game_play(&game, &cycle[3]);
    CHECK_EQ(game_repetitions(&game), 2);
    CHECK_EQ(game.quiet_plies, 4);
    CHECK_EQ(game.ply, 4);
}

static void test_full_window_drops_the_oldest_hashes(void)
{
    struct bd_rules long_rule = bd_rules_russian;
    long_rule.draw_quiet_plies = 0xFFu;
    bd_position seen[4], pos;
    kings_position(&pos);
    game_set_position(&game, &long_rule, &pos);
    for (uint8_t i = 0; i < 4; i++) {
        seen[i] = pos;
        mg_make(&pos, &cycle[i]);
    }
    /* 2 * GAME_HISTORY plies: the window has slid by GAME_HISTORY + 1. */
    uint8_t plies = (uint8_t)(2u * GAME_HISTORY);
    for (uint8_t i = 0; i < plies; i++)
        game_play(&game, &cycle[i & 3u]);
    CHECK_EQ(game.quiet_plies, plies);
    CHECK_EQ(game.hashes[GAME_HISTORY - 1u], game_hash(&game.pos));
    /* The oldest kept is GAME_HISTORY - 1 plies back. */
    uint8_t oldest = (uint8_t)((plies - (GAME_HISTORY - 1u)) & 3u);
    CHECK_EQ(game.hashes[0], game_hash(&seen[oldest]));
    CHECK_EQ(game.hashes[1], game_hash(&seen[(oldest + 1u) & 3u]));
    /* Every fourth of the GAME_HISTORY kept positions is this one. */
    CHECK_EQ(game_repetitions(&game), GAME_HISTORY / 4u);
    /* The counter saturates instead of wrapping. */
    for (uint16_t i = 0; i < 0x100u; i++)
        game_play(&game, &cycle[i & 3u]);
    CHECK_EQ(game.quiet_plies, 0xFF);
}

/* A search's path from the game's position: the cycle's first plies in the
 * game, the rest on the path; its last position repeats the one four plies
 * back, on the path or in the game, and none that an irreversible move
 * hides, or with the other side to move. */
static void test_a_path_repeats_the_games_positions_and_its_own(void)
{
    uint16_t path[GAME_REPEAT_PLIES + 1u];
    for (uint8_t in_game = 0; in_game <= GAME_REPEAT_PLIES; in_game++) {
        start_kings(&bd_rules_russian);
        for (uint8_t i = 0; i < in_game; i++)
            game_play(&game, &cycle[i]);
        bd_position pos = game.pos;
        uint8_t ply = (uint8_t)(GAME_REPEAT_PLIES - in_game);
        path[0] = game_hash(&pos);
        for (uint8_t i = 0; i < ply; i++) {
            mg_make(&pos, &cycle[in_game + i]);
            path[i + 1u] = game_hash(&pos);
        }
        CHECK(game_repeats(&game, path, ply, GAME_REPEAT_PLIES));
        /* Fewer reversible plies: the move before them was irreversible. */
        CHECK(!game_repeats(&game, path, ply, GAME_REPEAT_PLIES - 1u));
        /* Three plies back: the other side to move, never compared. */
        if (ply)
            CHECK(!game_repeats(&game, path, (uint8_t)(ply - 1u), GAME_REPEAT_PLIES - 1u));
    }
}

int main(void)
{
    check_begin(PSTR("game"));
    RUN_TEST(test_hash_product_is_the_compilers_product);
    RUN_TEST(test_hash_changes_with_every_piece_on_every_square_and_the_side);
    RUN_TEST(test_repetition_is_counted_every_second_ply_only);
    RUN_TEST(test_full_window_drops_the_oldest_hashes);
    RUN_TEST(test_a_path_repeats_the_games_positions_and_its_own);
    return check_end();
}
