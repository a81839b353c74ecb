/* SPDX-License-Identifier: MIT */
/*
 * test_eval.c - the evaluation's terms on composed positions, on the host
 * and on the simulated ATmega328P.  Every expected value is worked out by
 * hand from the definitions in engine/eval.h and the square pictures of
 * eval.c (noted beside each check), not read from the code's output; the
 * weighted sum is checked against the parts the tuner fits, and colour
 * symmetry on random positions.
 */
#include <string.h>
#include "check.h"
#include "checkers/pdn.h"
#include "checkers/symmetry.h"
#include "engine/eval.h"
#include "random_position.h"

#define TEXT_MAX 96u
static char text[TEXT_MAX];
static bd_position pos;
static struct eval_parts parts;

static uint8_t set_fen(const struct bd_rules *rules, const char *fen_P)
{
    uint16_t n = 0;
    while ((text[n] = (char)pgm_read_byte(fen_P + n)) != 0 && n + 1u < TEXT_MAX)
        n++;
    if (!CHECK_EQ(pdn_read_fen(text, n, rules, &pos), PDN_OK))
        return 0;
    eval_parts(&pos, rules, &parts);
    return 1;
}
#define RUSSIAN(fen) set_fen(&bd_rules_russian, PSTR(fen))
#define ENGLISH(fen) set_fen(&bd_rules_english, PSTR(fen))

/* True when every term outside the set (bits TERM(t)) is 0. */
#define TERM(t) ((uint16_t)1u << (t))
_Static_assert(EVAL_TERMS <= 16, "a term set is 16 bits");
static uint8_t no_terms_but(uint16_t set)
{
    for (uint8_t t = 0; t < EVAL_TERMS; t++)
        if (!(set & TERM(t)) && parts.term[t] != 0)
            return 0;
    return 1;
}

/* d4 weighs 6 for a White man, h8 for Black is a1 turned (4): 100 + 2 * 6
 * against 100 + 2 * 4, and 3 for the side to move. */
static void test_fixed_part_is_men_their_squares_and_the_tempo(void)
{
    if (RUSSIAN("W:Wd4:Bh8"))
        CHECK_EQ(parts.fixed, 112 - 108 + 3);
    if (RUSSIAN("B:Wd4:Bh8"))
        CHECK_EQ(parts.fixed, 112 - 108 - 3);
}

/* e5's cone: d6 f6, c7 e7 g7, b8 d8 f8 h8. */
static void test_runaway_man_has_no_enemy_piece_in_its_cone(void)
{
    if (RUSSIAN("W:We5:Ba7")) {
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 1);
        CHECK_EQ(parts.term[EVAL_RUNAWAYS_NEAR], 0);
    }
    if (RUSSIAN("W:We5:Bc7"))
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 0);
    if (RUSSIAN("W:We5:BKh8"))              /* a king in the cone stops it too */
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 0);
    /* e5's cone reaches b8, three steps away. */
    if (RUSSIAN("W:We5:Bb8"))
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 0);
    /* Not yet past the fourth rank (h6 is outside d4's cone). */
    if (RUSSIAN("W:Wd4:Bh6"))
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 0);
    /* d6 (sixth rank) is two steps from crowning. */
    if (RUSSIAN("W:Wd6:Ba7")) {
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 1);
        CHECK_EQ(parts.term[EVAL_RUNAWAYS_NEAR], 1);
    }
    /* Black's d4 runs down: c3 e3, b2 d2 f2, a1 c1 e1 g1 hold no White
     * piece when White's only man is on h2 (Russian draughts counts none
     * of the men's mobility, open squares and tempo). */
    if (RUSSIAN("W:Wh2:Bd4")) {
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], -1);
        CHECK(no_terms_but(TERM(EVAL_RUNAWAYS) | TERM(EVAL_ADVANCED_LATE)));
    }
    if (RUSSIAN("W:Wa1:Bd4"))
        CHECK_EQ(parts.term[EVAL_RUNAWAYS], 0);
}

/* Six pieces: the fullness is (6 - 2) / 2 = 2.  White a1 c1 on the back
 * rank: 2 * 2; Black b8: 1 * 2. */
static void test_guard_counts_back_men_by_the_boards_fullness(void)
{
    if (RUSSIAN("W:Wa1,c1,d4:Bb8,h6,a7"))
        CHECK_EQ(parts.term[EVAL_GUARD], 4 - 2);
}

/* Three pieces: the phase is (24 - 3) / 2 = 10.  d6 is in Black's half,
 * h6 in Black's own; White leads by one piece. */
static void test_ending_terms_grow_as_the_board_empties(void)
{
    if (RUSSIAN("W:Wd6,b4:Bh6")) {
        CHECK_EQ(parts.term[EVAL_ADVANCED_LATE], 10);
        CHECK_EQ(parts.term[EVAL_LEAD_LATE], 10);
    }
    /* Full board: phase 0. */
    if (RUSSIAN("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8")) {
        CHECK_EQ(parts.term[EVAL_ADVANCED_LATE], 0);
        CHECK_EQ(parts.term[EVAL_LEAD_LATE], 0);
        CHECK_EQ(parts.term[EVAL_GUARD], 0);        /* 4 * 11 each */
    }
}

/* d4: square weight 6, on the long diagonal; a1 and h8: weight 0, both
 * on it, each with its one neighbour empty. */
static void test_king_terms(void)
{
    if (RUSSIAN("W:WKd4:BKa1,Kh8")) {
        CHECK_EQ(parts.term[EVAL_KINGS], 1 - 2);
        CHECK_EQ(parts.term[EVAL_KING_CENTRE], 6);
        CHECK_EQ(parts.term[EVAL_KINGS_MAIN_ROAD], 1 - 2);
        CHECK_EQ(parts.term[EVAL_KINGS_SHUT_IN], 0);
    }
    /* a1's only neighbour, b2, holds its own man. */
    if (RUSSIAN("W:WKa1,b2:BKh6")) {
        CHECK_EQ(parts.term[EVAL_KINGS_SHUT_IN], 1);
    }
}

/* The men's terms that English checkers alone weighs (engine/eval.c), on
 * English squares: 1-4 are b8, d8, f8, h8 and 29-32 a1, c1, e1, g1. */

/* A man's quiet steps: the empty squares diagonally ahead of it. */
static void test_men_mobility_counts_the_empty_squares_ahead(void)
{
    /* 22 (c3) steps to 17 or 18 (b4, d4); Black's 4 (h8) only to 8 (g7);
     * two pieces: no guard, and the lead and the advance are even. */
    if (ENGLISH("W:W22:B4")) {
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 2 - 1);
        CHECK(no_terms_but(TERM(EVAL_MEN_MOBILITY) | TERM(EVAL_MEN_OPEN_BEHIND) | TERM(EVAL_TEMPO)));
    }
    /* Its own men on 17 and 18 block 22; they have 13, 14 and 14, 15. */
    if (ENGLISH("W:W22,17,18:B4"))
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 4 - 1);
    /* An enemy man blocks too: 21 (a3) has no step; 17 steps to 22 only,
     * and 4 to 8. */
    if (ENGLISH("W:W21:B17,4"))
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 0 - 2);
    /* A king is not a man. */
    if (ENGLISH("W:WK22:B4"))
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 0 - 1);
    /* The start: 21-24 have seven steps, as Black's 9-12 have. */
    if (ENGLISH("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"))
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 0);
    /* 4 gone: 8 is still blocked by 11 and 12. */
    if (ENGLISH("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,11,12"))
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 0);
    /* 24 gone: 28 and 27 step to it, 23 to 19 and 18, 22 to 18 and 17,
     * 21 to 17. */
    if (ENGLISH("W:W21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"))
        CHECK_EQ(parts.term[EVAL_MEN_MOBILITY], 7 - 7);
    /* Russian draughts counts none of these terms. */
    if (RUSSIAN("W:Wc3:Bh8"))
        CHECK(no_terms_but(0));
}

/* The empty squares one step behind a man: 18 (d4) has 22 and 23 (c3,
 * e3) behind it, a man on its back rank none. */
static void test_men_open_behind_counts_the_empty_squares_behind(void)
{
    if (ENGLISH("W:W18:B4"))
        CHECK_EQ(parts.term[EVAL_MEN_OPEN_BEHIND], 2 - 0);
    /* 22 fills one of 18's, and has 25 and 26 (b2, d2) behind it. */
    if (ENGLISH("W:W18,22:B4"))
        CHECK_EQ(parts.term[EVAL_MEN_OPEN_BEHIND], 1 + 2 - 0);
    /* Black's 18 has 14 and 15 (c5, e5) behind it; White's 28 (h2) only
     * 32 (g1). */
    if (ENGLISH("W:W28:B18"))
        CHECK_EQ(parts.term[EVAL_MEN_OPEN_BEHIND], 1 - 2);
    if (ENGLISH("W:W30:B4"))
        CHECK_EQ(parts.term[EVAL_MEN_OPEN_BEHIND], 0);   /* both on their back rank */
    if (ENGLISH("W:W30:BK15"))
        CHECK_EQ(parts.term[EVAL_MEN_OPEN_BEHIND], 0);   /* a king is not a man */
}

/* A colour's runaways found square by square from files and ranks: its
 * men on their fifth to seventh rank with no enemy piece in the cone
 * ahead of them (further forward, no further to the side than forward);
 * *near, those on the sixth and seventh.  Another road than the
 * evaluation's spread of the enemy's pieces, and on AVR its assembly. */
static uint8_t runaways_by_square(const bd_position *p, uint8_t colour, uint8_t *near)
{
    uint8_t count = 0;
    *near = 0;
    for (uint8_t man = 0; man < BB_SQUARES; man++) {
        if (!bb_has(&p->men[colour], man))
            continue;
        uint8_t rank = colour == BD_WHITE ? bb_rank(man) : (uint8_t)(7u - bb_rank(man));
        if (rank < 4u || rank > 6u)
            continue;
        uint8_t blocked = 0;
        for (uint8_t piece = 0; piece < BB_SQUARES; piece++) {
            if (!bb_has(&p->pieces[BD_OTHER_COLOUR(colour)], piece))
                continue;
            int8_t ahead = (int8_t)(bb_rank(piece) - bb_rank(man));
            int8_t aside = (int8_t)(bb_file(piece) - bb_file(man));
            if (colour == BD_BLACK)
                ahead = (int8_t)-ahead;
            if (aside < 0)
                aside = (int8_t)-aside;
            if (ahead > 0 && aside <= ahead)
                blocked = 1;
        }
        if (!blocked) {
            count++;
            *near = (uint8_t)(*near + (rank >= 5u));
        }
    }
    return count;
}

/* Men from 0 to 12 a side with a king or two: every count of the men's
 * terms, on the random positions of visit_random_positions. */
#define SQUARE_BY_SQUARE_POSITIONS 1000u
static const struct position_kind men_and_a_king_or_two = { 0, 12, 1, 2 };

static uint8_t runaways_agree(const bd_position *p, uint8_t variant, uint16_t index)
{
    (void)index;
    struct eval_parts got;
    eval_parts(p, bd_rules_of(variant), &got);
    uint8_t white_near, black_near;
    int16_t runaways = (int16_t)(runaways_by_square(p, BD_WHITE, &white_near) -
                                 runaways_by_square(p, BD_BLACK, &black_near));
    return CHECK_EQ(got.term[EVAL_RUNAWAYS], runaways) &&
           CHECK_EQ(got.term[EVAL_RUNAWAYS_NEAR], (int16_t)(white_near - black_near));
}

/* The runaways on random positions of both variants. */
static void test_runaways_match_a_search_square_by_square(void)
{
    visit_random_positions(0x8A3Fu, SQUARE_BY_SQUARE_POSITIONS, &men_and_a_king_or_two, runaways_agree);
}

/* A colour's men counted square by square through the neighbour table
 * (bitboard32.h): the empty squares next to them ahead (White moves up,
 * directions 0 and 1; Black down, 2 and 3), or behind.  Another road than
 * the evaluation's rotated boards, and on AVR its assembly (arch/eval.h). */
static uint8_t empty_neighbours_by_square(const bd_position *p, uint8_t colour, uint8_t ahead)
{
    bb32 empty = ~pos_occupied(p);
    uint8_t count = 0;
    for (uint8_t square = 0; square < BB_SQUARES; square++) {
        if (!bb_has(&p->men[colour], square))
            continue;
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
            uint8_t neighbour = bb_neighbour(square, direction);
            if ((direction >> 1 == colour) == ahead && neighbour != BB_NO_SQUARE &&
                bb_has(&empty, neighbour))
                count++;
        }
    }
    return count;
}

/* The men's mobility and the squares open behind them, counted in
 * English checkers only (0 in Russian draughts). */
static uint8_t men_shape_agrees(const bd_position *p, uint8_t variant, uint16_t index)
{
    (void)index;
    struct eval_parts got;
    eval_parts(p, bd_rules_of(variant), &got);
    int16_t mobility = 0, open_behind = 0;
    if (variant == BD_VARIANT_ENGLISH) {
        mobility = (int16_t)(empty_neighbours_by_square(p, BD_WHITE, 1) -
                             empty_neighbours_by_square(p, BD_BLACK, 1));
        open_behind = (int16_t)(empty_neighbours_by_square(p, BD_WHITE, 0) -
                                empty_neighbours_by_square(p, BD_BLACK, 0));
    }
    return CHECK_EQ(got.term[EVAL_MEN_MOBILITY], mobility) &&
           CHECK_EQ(got.term[EVAL_MEN_OPEN_BEHIND], open_behind);
}

/* The men's shape terms on random positions of both variants. */
static void test_men_shape_terms_match_a_count_square_by_square(void)
{
    visit_random_positions(0xE4A1u, SQUARE_BY_SQUARE_POSITIONS, &men_and_a_king_or_two, men_shape_agrees);
}

/* The tempo: a man's rank counted from its own back rank, 0 there. */
static void test_tempo_sums_the_mens_ranks(void)
{
    /* 18 (d4) is White's fourth rank (3), 12 (h6) Black's third (2); two
     * pieces: the board's fullness is 0. */
    if (ENGLISH("W:W18:B12")) {
        CHECK_EQ(parts.term[EVAL_TEMPO], 3 - 2);
        CHECK_EQ(parts.term[EVAL_TEMPO_EARLY], 0);
    }
    /* A man about to crown: 28 (h2) is Black's seventh rank (6). */
    if (ENGLISH("W:W29:B28"))
        CHECK_EQ(parts.term[EVAL_TEMPO], 0 - 6);
    /* The start less 24: White 4 * (0 + 1) + 3 * 2 = 10, Black 4 * (0 + 1
     * + 2) = 12; 23 pieces, fullness 11: 10 * 11 / 4 = 27 (rounded down)
     * against 12 * 11 / 4 = 33. */
    if (ENGLISH("W:W21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")) {
        CHECK_EQ(parts.term[EVAL_TEMPO], 10 - 12);
        CHECK_EQ(parts.term[EVAL_TEMPO_EARLY], 27 - 33);
    }
}

static void test_drawn_endings_score_zero(void)
{
    if (RUSSIAN("W:WKd4:BKa1")) {
        CHECK(parts.drawn);
        CHECK_EQ(eval_position(&pos, &bd_rules_russian), 0);
    }
    if (ENGLISH("W:WK14:BK1")) {
        CHECK(parts.drawn);
        CHECK_EQ(eval_position(&pos, &bd_rules_english), 0);
    }
    if (RUSSIAN("W:WKc1:BKa3,Kh6"))
        CHECK(parts.drawn);                 /* one flying king against two */
    if (ENGLISH("W:WK1:BK14,K23"))
        CHECK(!parts.drawn);                /* two short kings win */
    if (RUSSIAN("W:WKb2:BKa3,Kc1,Kh6"))
        CHECK(parts.drawn);                 /* b2 is on the long diagonal */
    if (RUSSIAN("W:WKb4:BKa3,Kc1,Kh6"))
        CHECK(!parts.drawn);
    if (RUSSIAN("B:WKa1,Kc1,Ke1:BKd4"))
        CHECK(!parts.drawn);                /* a1 contests the long diagonal */
    if (RUSSIAN("W:WKd4,a1:BKh8"))
        CHECK(!parts.drawn);                /* a man on the board */
}

/* What the tuner fits is what the engine plays: fixed + weights * terms,
 * negated for Black, and the colour-flipped position has the same score
 * for its side to move, every part negated. */
static void test_score_is_the_weighted_parts_and_colour_symmetric(void)
{
    uint32_t rng = 0x5EEDu;
    for (uint16_t i = 0; i < 400u; i++) {
        const struct bd_rules *rules = bd_rules_of((uint8_t)(i & 1u));
        uint8_t men[2] = { random_between(&rng, 0, 8), random_between(&rng, 0, 8) };
        uint8_t kings[2] = { random_between(&rng, 0, 3), random_between(&rng, 0, 3) };
        if (men[0] + kings[0] == 0)
            kings[0] = 1;
        if (men[1] + kings[1] == 0)
            kings[1] = 1;
        bd_position flipped;
        struct eval_parts flipped_parts;
        random_position(&pos, &rng, men, kings);
        eval_parts(&pos, rules, &parts);
        int16_t expected = 0;
        if (!parts.drawn) {
            expected = parts.fixed;
            for (uint8_t t = 0; t < EVAL_TERMS; t++)
                expected = (int16_t)(expected + eval_weight(rules->variant, t) * parts.term[t]);
            if (pos.side == BD_BLACK)
                expected = (int16_t)-expected;
        }
        int16_t score = eval_position(&pos, rules);
        if (!CHECK_EQ(score, expected))
            return;
        sym_colour_flip(&pos, &flipped);
        eval_parts(&flipped, rules, &flipped_parts);
        if (!CHECK_EQ(eval_position(&flipped, rules), score) ||
            !CHECK_EQ(flipped_parts.fixed, -parts.fixed))
            return;
        for (uint8_t t = 0; t < EVAL_TERMS; t++)
            if (!CHECK_EQ(flipped_parts.term[t], -parts.term[t]))
                return;
    }
}

int main(void)
{
    check_begin(PSTR("eval"));
    RUN_TEST(test_fixed_part_is_men_their_squares_and_the_tempo);
    RUN_TEST(test_runaway_man_has_no_enemy_piece_in_its_cone);
    RUN_TEST(test_runaways_match_a_search_square_by_square);
    RUN_TEST(test_guard_counts_back_men_by_the_boards_fullness);
    RUN_TEST(test_ending_terms_grow_as_the_board_empties);
    RUN_TEST(test_king_terms);
    RUN_TEST(test_men_mobility_counts_the_empty_squares_ahead);
    RUN_TEST(test_men_open_behind_counts_the_empty_squares_behind);
    RUN_TEST(test_men_shape_terms_match_a_count_square_by_square);
    RUN_TEST(test_tempo_sums_the_mens_ranks);
    RUN_TEST(test_drawn_endings_score_zero);
    RUN_TEST(test_score_is_the_weighted_parts_and_colour_symmetric);
    return check_end();
}
