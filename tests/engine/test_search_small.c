/* SPDX-License-Identifier: MIT */
/*
 * test_search_small.c - the size-first search (lib/engine/small/) on the
 * host, built as the attiny boards build it (ENGINE := small: that folder
 * first on the include path; their game history; lib/lib.mk,
 * build/host/tests/small-engine/).
 *
 * Its score and move against a plain minimax written here from the rules
 * alone: every move searched (no window), the same evaluation, the same
 * horizon (a side that must capture goes on capturing), a side without a
 * move lost, a repetition of the path or of the game's past and the
 * quiet-move count scored 0; the game's past is this file's own record of
 * the positions played, not the game's hash list.  Random positions of
 * both variants, after a few random plies (so that kings have shuffled and
 * the past holds positions), at depths 1 to 4.  Then the draws and the
 * capture past the horizon in composed positions, the ply limit counted,
 * and the node limit and the stop.
 */
#include <string.h>
#include "check.h"
#include "random_position.h"
#include "checkers/game.h"
#include "engine/eval.h"
#include "engine/search.h"

static struct search_workspace work;
static struct bd_game game;
static struct search_result result;

#define POSITIONS 400u
#define MAX_RANDOM_PLIES 6u
#define REFERENCE_PLY_MAX 64u       /* no capture line is this long */
#define HISTORY_MAX 16u

/* The positions since the last irreversible move, the current one last,
 * as hashes: the reference's own record of the game. */
static uint16_t history[HISTORY_MAX];
static uint8_t history_count;

static void record_start(void)
{
    history[0] = game_hash(&game.pos);
    history_count = 1;
}

static void record_play(const bd_move *m)
{
    uint8_t irreversible = mg_move_is_capture(m) || (game.pos.men[game.pos.side] & bb_bit(m->from));
    game_play(&game, m);
    if (irreversible)
        history_count = 0;
    history[history_count++] = game_hash(&game.pos);
}

struct reference {
    uint16_t path[REFERENCE_PLY_MAX];
    uint8_t beyond;             /* a capture node at or past the search's last ply */
    bd_move best;
};

/* True when the position at ply (quiet reversible plies in) appeared
 * before with the same side to move since the last irreversible move. */
static uint8_t reference_repeats(const struct reference *r, uint8_t ply, uint8_t quiet)
{
    for (uint8_t back = 2; back <= quiet; back = (uint8_t)(back + 2u)) {
        uint16_t then;
        if (back <= ply)
            then = r->path[ply - back];
        else if (back - ply < history_count)
            then = history[history_count - 1u - (back - ply)];
        else
            break;
        if (then == r->path[ply])
            return 1;
    }
    return 0;
}

static int16_t reference(struct reference *r, const bd_position *pos, uint8_t ply, uint8_t depth,
                         uint8_t quiet)
{
    bd_move moves[MG_MAX_MOVES];
    r->path[ply] = game_hash(pos);
    if (ply && reference_repeats(r, ply, quiet))
        return 0;
    bd_move *end = mg_generate(pos, game.rules, moves, moves + MG_MAX_MOVES);
    if (end == moves)
        return (int16_t)(ply - SEARCH_MATE);
    if (ply && quiet >= game.rules->draw_quiet_plies)
        return 0;
    uint8_t capture = mg_move_is_capture(&moves[0]);
    if (!capture && ply >= depth)
        return eval_position(pos, game.rules);
    if (capture && ply >= SEARCH_MAX_PLY - 1u)
        r->beyond = 1;
    int16_t best = -SEARCH_INFINITY;
    for (bd_move *m = moves; m < end; m++) {
        bd_position child = *pos;
        uint8_t man = (pos->men[pos->side] & bb_bit(m->from)) != 0;
        mg_make(&child, m);
        int16_t score = (int16_t)-reference(r, &child, (uint8_t)(ply + 1u), depth,
                                            capture || man ? 0u : (uint8_t)(quiet + 1u));
        if (score > best) {
            best = score;
            if (ply == 0)
                r->best = *m;
        }
    }
    return best;
}

static uint8_t search_depth(uint8_t depth)
{
    struct search_limits limits = { depth, 0, 0, 0, 0, 0 };
    return search_run(&game, &limits, &work, &result);
}

/* Random positions of a variant after random plies; returns how many were
 * compared (not cut short by the search's room). */
/* Most of them: some random positions have no move, and some searches
 * run out of room (kings' long lists at the deep plies, long captures). */
static uint16_t compare_random(const struct bd_rules *rules, uint32_t seed)
{
    uint32_t rng = seed;
    uint16_t compared = 0;
    for (uint16_t n = 0; n < POSITIONS; n++) {
        bd_position pos;
        random_scatter(&pos, &rng);
        game_set_position(&game, rules, &pos);
        record_start();
        uint8_t plies = random_between(&rng, 0, MAX_RANDOM_PLIES);
        for (uint8_t p = 0; p < plies; p++) {
            bd_move moves[MG_MAX_MOVES];
            bd_move *end = mg_generate(&game.pos, rules, moves, moves + MG_MAX_MOVES);
            if (end == moves)
                break;
            record_play(&moves[check_random32(&rng) % (uint32_t)(end - moves)]);
        }
        uint8_t depth = random_between(&rng, 1, 4);
        bd_move moves[MG_MAX_MOVES];
        if (mg_generate(&game.pos, rules, moves, moves + MG_MAX_MOVES) == moves)
            continue;
        struct reference r;
        r.beyond = 0;
        int16_t expected = reference(&r, &game.pos, 0, depth, game.quiet_plies);
        if (!CHECK_EQ(search_depth(depth), 1u))
            return compared;
        if (work.capture_cuts) {
            /* Cut short only where the room ran out: a long capture line
             * or a list too long for the deep plies. */
            continue;
        }
        compared++;
        if (!CHECK_EQ((uint16_t)result.score, (uint16_t)expected) || !CHECK(mg_move_equal(&result.best, &r.best)) ||
            !CHECK_EQ(result.depth, depth)) {
            check_print_P(PSTR("  position "));
            check_print_u32(n);
            check_print_P(PSTR(", depth "));
            check_print_u32(depth);
            check_print_P(PSTR("\n"));
            return compared;
        }
    }
    return compared;
}

static void test_score_and_move_match_plain_minimax_russian(void)
{
    CHECK(compare_random(&bd_rules_russian, 0x2545F491u) >= POSITIONS * 3u / 4u);
}

static void test_score_and_move_match_plain_minimax_english(void)
{
    CHECK(compare_random(&bd_rules_english, 0x9E3779B9u) >= POSITIONS * 3u / 4u);
}

/* English kings: White a1 and c1, Black h8, far apart (no capture within
 * a few plies); White is a king up. */
#define C1 BB_SQUARE(2, 0)
#define A1 BB_SQUARE(0, 0)
#define B2 BB_SQUARE(1, 1)
#define G7 BB_SQUARE(6, 6)
#define H8 BB_SQUARE(7, 7)
static void kings_game(uint8_t white_kings_bits_c1)
{
    bd_position pos;
    pos_clear(&pos, BD_WHITE);
    pos.pieces[BD_WHITE] = BB_BIT(A1) | (white_kings_bits_c1 ? BB_BIT(C1) : 0u);
    pos.pieces[BD_BLACK] = BB_BIT(H8);
    game_set_position(&game, &bd_rules_english, &pos);
}

static void test_quiet_move_count_reached_in_the_tree_scores_zero(void)
{
    kings_game(1);
    CHECK_EQ(search_depth(2), 1u);
    CHECK(result.score > EVAL_MAN);     /* a king up */
    kings_game(1);
    game.quiet_plies = (uint8_t)(bd_rules_english.draw_quiet_plies - 1u);
    CHECK_EQ(search_depth(2), 1u);
    CHECK_EQ(result.score, 0u);
}

/* White a1-b2, Black h8-g7, White b2-a1, Black g7-h8, White a1-b2: Black's
 * king has one move, h8-g7, which makes the position after the game's
 * second ply again. */
static void test_repetition_of_the_game_scores_zero(void)
{
    static const bd_move cycle[5] = {
        { A1, B2, 0 }, { H8, G7, 0 }, { B2, A1, 0 }, { G7, H8, 0 }, { A1, B2, 0 },
    };
    kings_game(0);
    game_play(&game, &cycle[0]);
    CHECK_EQ(search_depth(1), 1u);
    CHECK(result.score != 0);           /* not a repetition yet: the tempo */
    for (uint8_t i = 1; i < 5u; i++)
        game_play(&game, &cycle[i]);
    CHECK_EQ(search_depth(1), 1u);
    CHECK_EQ(result.score, 0u);
    CHECK_EQ(result.best.from, H8);
}

/* Russian, White to move with one man, c3, whose only move c3-d4 walks
 * into e5:c3, after which White has nothing: lost at ply 2, which a search
 * of depth 1 sees only by going on with the capture past its horizon (the
 * evaluation after c3-d4 is two men down, not lost). */
static void test_capture_past_the_horizon_is_searched(void)
{
    bd_position pos;
    pos_clear(&pos, BD_WHITE);
    pos.pieces[BD_WHITE] = pos.men[BD_WHITE] = BB_BIT(BB_SQUARE(2, 2));
    pos.pieces[BD_BLACK] = pos.men[BD_BLACK] =
        BB_BIT(BB_SQUARE(1, 3)) | BB_BIT(BB_SQUARE(0, 4)) | BB_BIT(BB_SQUARE(4, 4));
    game_set_position(&game, &bd_rules_russian, &pos);
    CHECK_EQ(search_depth(1), 1u);
    CHECK_EQ(mg_move_to(&result.best), BB_SQUARE(3, 3));
    CHECK_EQ((uint16_t)result.score, (uint16_t)(2 - SEARCH_MATE));
}

/* At the deepest iteration some random positions have a capture pending
 * at the last ply: the search counts it (capture_cuts) and the reference
 * confirms a capture line that long. */
static void test_capture_at_the_last_ply_is_counted(void)
{
    uint32_t rng = 0x68E31DA4u;
    uint16_t counted = 0;
    for (uint16_t n = 0; n < POSITIONS && counted < 3u; n++) {
        bd_position pos;
        random_scatter(&pos, &rng);
        game_set_position(&game, &bd_rules_english, &pos);
        record_start();
        if (search_depth(SEARCH_MAX_DEPTH) != 1u || !work.capture_cuts)
            continue;
        struct reference r;
        r.beyond = 0;
        reference(&r, &game.pos, 0, SEARCH_MAX_DEPTH, 0);
        CHECK(r.beyond);
        counted++;
    }
    CHECK(counted > 0);
}

static uint8_t stop_calls;
static uint8_t stop_now(void *context)
{
    (void)context;
    stop_calls++;
    return 1;
}

static void test_node_limit_and_stop_keep_a_legal_move(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_russian);
    game_set_position(&game, &bd_rules_russian, &pos);
    struct search_limits limits = { 6, 500, 0, 0, 0, 0 };
    CHECK_EQ(search_run(&game, &limits, &work, &result), 1u);
    CHECK_EQ(result.nodes, 500u);
    CHECK(result.depth < 6u);
    bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(&pos, &bd_rules_russian, moves, moves + MG_MAX_MOVES);
    uint8_t legal = 0;
    for (bd_move *m = moves; m < end; m++)
        legal |= mg_move_equal(m, &result.best);
    CHECK(legal);
    static volatile uint8_t flag = 1;
    struct search_limits stopping = { 6, 0, stop_now, 0, 0, &flag };
    stop_calls = 0;
    CHECK_EQ(search_run(&game, &stopping, &work, &result), 1u);
    CHECK_EQ(stop_calls, 1u);
    CHECK_EQ(result.depth, 0u);
    CHECK(mg_move_equal(&result.best, &moves[0]));
}

static void test_side_without_moves_has_lost(void)
{
    bd_position pos;
    pos_clear(&pos, BD_BLACK);
    pos.pieces[BD_WHITE] = pos.men[BD_WHITE] = BB_BIT(A1);
    game_set_position(&game, &bd_rules_english, &pos);
    CHECK_EQ(search_depth(2), 0u);
    CHECK_EQ(result.has_move, 0u);
}

int main(void)
{
    check_begin(PSTR("search_small"));
    RUN_TEST(test_score_and_move_match_plain_minimax_russian);
    RUN_TEST(test_score_and_move_match_plain_minimax_english);
    RUN_TEST(test_quiet_move_count_reached_in_the_tree_scores_zero);
    RUN_TEST(test_repetition_of_the_game_scores_zero);
    RUN_TEST(test_capture_past_the_horizon_is_searched);
    RUN_TEST(test_capture_at_the_last_ply_is_counted);
    RUN_TEST(test_node_limit_and_stop_keep_a_legal_move);
    RUN_TEST(test_side_without_moves_has_lost);
    return check_end();
}
