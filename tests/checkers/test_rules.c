/* SPDX-License-Identifier: MIT */
/*
 * Hand-built positions for each rule of the two variants, with the legal
 * moves worked out on the board (the reasoning is in each test's comment).
 * Squares are written as file and rank; every position has White to move
 * unless said otherwise (both variants: White on ranks 1-3 moving up).
 */
#include "check.h"
#include "checkers/movegen.h"
#include "random_position.h"

#define SQ(name) BB_SQUARE((uint8_t)((name)[0] - 'a'), (uint8_t)((name)[1] - '1'))

static bd_move moves[MG_MAX_MOVES];
static bd_move *moves_end;

static void setup(bd_position *pos, uint8_t side)
{
    pos_clear(pos, side);
}

static void put(bd_position *pos, uint8_t colour, uint8_t king, uint8_t square)
{
    pos->pieces[colour] |= BB_BIT(square);
    if (!king)
        pos->men[colour] |= BB_BIT(square);
}

static uint8_t generate(const bd_position *pos, const struct bd_rules *rules)
{
    moves_end = mg_generate(pos, rules, moves, moves + MG_MAX_MOVES);
    CHECK(moves_end != 0);
    return moves_end ? (uint8_t)(moves_end - moves) : 0;
}

/* White king on a1, black man on c3, the long diagonal empty beyond. */
static void king_a1_behind_c3(bd_position *pos)
{
    setup(pos, BD_WHITE);
    put(pos, BD_WHITE, 1, SQ("a1"));
    put(pos, BD_BLACK, 0, SQ("c3"));
}

/* White king on d2 inside a diamond of black men c3, e3, c5, e5. */
static void king_in_diamond(bd_position *pos)
{
    setup(pos, BD_WHITE);
    put(pos, BD_WHITE, 1, SQ("d2"));
    put(pos, BD_BLACK, 0, SQ("c3"));
    put(pos, BD_BLACK, 0, SQ("e3"));
    put(pos, BD_BLACK, 0, SQ("c5"));
    put(pos, BD_BLACK, 0, SQ("e5"));
}

/* True when the generated list holds from -> to taking exactly captured. */
static uint8_t has_move(uint8_t from, uint8_t to, bb32 captured)
{
    for (const bd_move *m = moves; m < moves_end; m++)
        if (m->from == from && mg_move_to(m) == to && m->captured == captured)
            return 1;
    return 0;
}

/* A man on c3 can take d4; the man on a1 may not make its quiet move. */
static void test_capture_is_mandatory(void)
{
    for (uint8_t variant = 0; variant < BD_VARIANT_COUNT; variant++) {
        bd_position pos;
        setup(&pos, BD_WHITE);
        put(&pos, BD_WHITE, 0, SQ("c3"));
        put(&pos, BD_WHITE, 0, SQ("a1"));
        put(&pos, BD_BLACK, 0, SQ("d4"));
        CHECK_EQ(generate(&pos, bd_rules_of(variant)), 1);
        CHECK(has_move(SQ("c3"), SQ("e5"), BB_BIT(SQ("d4"))));
    }
}

/* A white man on e5 with a black man behind it on d4 and c3 empty: Russian
 * men capture backwards (one move, e5:c3), English men may not, so the two
 * forward steps e5-d6 and e5-f6 remain. */
static void test_only_russian_men_capture_backwards(void)
{
    bd_position pos;
    setup(&pos, BD_WHITE);
    put(&pos, BD_WHITE, 0, SQ("e5"));
    put(&pos, BD_BLACK, 0, SQ("d4"));
    CHECK_EQ(generate(&pos, &bd_rules_russian), 1);
    CHECK(has_move(SQ("e5"), SQ("c3"), BB_BIT(SQ("d4"))));
    CHECK_EQ(generate(&pos, &bd_rules_english), 2);
    CHECK(has_move(SQ("e5"), SQ("d6"), 0));
    CHECK(has_move(SQ("e5"), SQ("f6"), 0));
}

/* b6 takes c7 and lands on d8, the last rank.  Russian: the new king goes on
 * at once and, flying, takes f6 two squares away, landing on g5 or h4 (two
 * moves, both promoting).  English: the move ends on d8 (one move). */
static void test_promotion_in_the_middle_of_a_capture(void)
{
    bd_position pos;
    setup(&pos, BD_WHITE);
    put(&pos, BD_WHITE, 0, SQ("b6"));
    put(&pos, BD_BLACK, 0, SQ("c7"));
    put(&pos, BD_BLACK, 0, SQ("f6"));
    bb32 both = BB_BIT(SQ("c7")) | BB_BIT(SQ("f6"));
    CHECK_EQ(generate(&pos, &bd_rules_russian), 2);
    CHECK(has_move(SQ("b6"), SQ("g5"), both));
    CHECK(has_move(SQ("b6"), SQ("h4"), both));
    for (const bd_move *m = moves; m < moves_end; m++)
        CHECK(mg_move_promotes(m));
    CHECK_EQ(generate(&pos, &bd_rules_english), 1);
    CHECK(has_move(SQ("b6"), SQ("d8"), BB_BIT(SQ("c7"))));
    CHECK(mg_move_promotes(&moves[0]));
}

/* A king on a1 and a black man on c3, the long diagonal empty beyond: the
 * Russian king may land on any of d4..h8 (5 moves); the English king only
 * jumps to d4 (1 move). */
static void test_flying_king_chooses_any_landing_square(void)
{
    bd_position pos;
    king_a1_behind_c3(&pos);
    CHECK_EQ(generate(&pos, &bd_rules_russian), 5);
    static const char landings[][3] = { "d4", "e5", "f6", "g7", "h8" };
    for (uint8_t i = 0; i < 5u; i++)
        CHECK(has_move(SQ("a1"), SQ(landings[i]), BB_BIT(SQ("c3"))));
    CHECK_EQ(generate(&pos, &bd_rules_english), 1);
}

/* As above plus a black man on f4: only from e5 can the king go on (e5:f4,
 * landing g3 or h2), so it must land there: two moves, each taking both. */
static void test_flying_king_must_land_where_it_can_go_on(void)
{
    bd_position pos;
    king_a1_behind_c3(&pos);
    put(&pos, BD_BLACK, 0, SQ("f4"));
    bb32 both = BB_BIT(SQ("c3")) | BB_BIT(SQ("f4"));
    CHECK_EQ(generate(&pos, &bd_rules_russian), 2);
    CHECK(has_move(SQ("a1"), SQ("g3"), both));
    CHECK(has_move(SQ("a1"), SQ("h2"), both));
}

/* A king on d2 inside a diamond of black men c3, e3, c5, e5.  It can go
 * round either way and take all four; both orders that end on the same
 * square are one move.  English king (short jumps): the only end is d2
 * itself, one move.  Russian flying king: the last jump may land on d2 or
 * on the square beyond (e1 one way round, c1 the other): three moves. */
static void test_capture_loop_in_two_orders_is_one_move(void)
{
    bd_position pos;
    king_in_diamond(&pos);
    bb32 all = BB_BIT(SQ("c3")) | BB_BIT(SQ("e3")) | BB_BIT(SQ("c5")) | BB_BIT(SQ("e5"));
    CHECK_EQ(generate(&pos, &bd_rules_english), 1);
    CHECK(has_move(SQ("d2"), SQ("d2"), all));
    CHECK_EQ(generate(&pos, &bd_rules_russian), 3);
    CHECK(has_move(SQ("d2"), SQ("d2"), all));
    CHECK(has_move(SQ("d2"), SQ("e1"), all));
    CHECK(has_move(SQ("d2"), SQ("c1"), all));
    /* A Russian man goes round too (men capture backwards), ending on d2. */
    pos.men[BD_WHITE] |= BB_BIT(SQ("d2"));
    CHECK_EQ(generate(&pos, &bd_rules_russian), 1);
    CHECK(has_move(SQ("d2"), SQ("d2"), all));
}

/* The Turkish strike.  King on d2, black men on c3, e3, c5, e5 (the diamond
 * above) and g5.  Worked out on the board, six moves:
 *   d2:b4:d6:f4:h6  takes c3 c5 e5 g5   (from f4 over g5 instead of e3)
 *   d2:b4:d6:f4:d2  takes the diamond   (counter-clockwise round)
 *   d2:b4:d6:f4:c1  takes the diamond
 *   d2:b4:e7:h4     takes c3 c5 g5      (from b4 over c5 it may land on d6
 *                                        or e7, both go on; f8 does not)
 *   d2:f4:d6:b4:e1  takes the diamond   (clockwise; its d2 ending is the
 *                                        same move as the one above)
 *   d2:f4:h6        takes e3 g5
 * The strike: after the clockwise loop the king stands on d2 with g5
 * beyond e3 on the same diagonal.  Were e3 lifted at once, it would go on
 * over g5 to h6, taking all five; jumped pieces stay until the move ends,
 * so e3 blocks and no move takes five. */
static void test_turkish_strike_jumped_pieces_block_until_the_move_ends(void)
{
    bd_position pos;
    king_in_diamond(&pos);
    put(&pos, BD_BLACK, 0, SQ("g5"));
    bb32 c3 = BB_BIT(SQ("c3")), e3 = BB_BIT(SQ("e3")), c5 = BB_BIT(SQ("c5"));
    bb32 e5 = BB_BIT(SQ("e5")), g5 = BB_BIT(SQ("g5"));
    bb32 diamond = c3 | e3 | c5 | e5;
    CHECK_EQ(generate(&pos, &bd_rules_russian), 6);
    CHECK(has_move(SQ("d2"), SQ("h6"), c3 | c5 | e5 | g5));
    CHECK(has_move(SQ("d2"), SQ("d2"), diamond));
    CHECK(has_move(SQ("d2"), SQ("c1"), diamond));
    CHECK(has_move(SQ("d2"), SQ("h4"), c3 | c5 | g5));
    CHECK(has_move(SQ("d2"), SQ("e1"), diamond));
    CHECK(has_move(SQ("d2"), SQ("h6"), e3 | g5));
}

/* Quiet moves of a Russian king run to the first piece in each direction. */
static void test_flying_king_quiet_moves_stop_at_the_first_piece(void)
{
    bd_position pos;
    setup(&pos, BD_WHITE);
    put(&pos, BD_WHITE, 1, SQ("c1"));
    put(&pos, BD_WHITE, 0, SQ("f4"));
    put(&pos, BD_BLACK, 0, SQ("h8"));
    /* c1: up-left b2, a3 (2); up-right d2, e3 then f4 is own (2); the man
     * on f4: f4-e5, f4-g5 (2). */
    CHECK_EQ(generate(&pos, &bd_rules_russian), 6);
    CHECK(!has_move(SQ("c1"), SQ("g5"), 0));
}

/* Random positions of each variant for the two tests below. */
#define FLIP_POSITIONS 150u

static uint8_t same_position(const bd_position *a, const bd_position *b)
{
    return a->side == b->side && a->pieces[BD_WHITE] == b->pieces[BD_WHITE] &&
           a->pieces[BD_BLACK] == b->pieces[BD_BLACK] && a->men[BD_WHITE] == b->men[BD_WHITE] &&
           a->men[BD_BLACK] == b->men[BD_BLACK];
}

/* Every legal move of pos: mg_flip by the side to move plays it as
 * mg_make does, and the same flips after it, the mover told by
 * mg_moved_a_man, take it back; so do mg_flip_tell_man's, which say
 * whether the mover is a man both times. */
static uint8_t flips_play_and_take_back(const bd_position *pos, uint8_t variant, uint16_t index)
{
    (void)index;
    generate(pos, bd_rules_of(variant));
    for (const bd_move *m = moves; m < moves_end; m++) {
        uint8_t side = pos->side, other = BD_OTHER_COLOUR(side);
        bd_position made = *pos, flipped = *pos;
        mg_make(&made, m);
        uint8_t man = bb_has(&pos->men[side], m->from) != 0;
        bb32 captured_men = m->captured & pos->men[other];
        mg_flip(&flipped, side, m->from, m->to, man, m->captured, captured_men);
        flipped.side = other;
        if (!CHECK(same_position(&made, &flipped)))
            return 0;
        if (!CHECK_EQ(mg_moved_a_man(&flipped, side, m->to), man))
            return 0;
        mg_flip(&flipped, side, m->from, m->to, man, m->captured, captured_men);
        flipped.side = side;
        if (!CHECK(same_position(pos, &flipped)))
            return 0;
        /* The same flips told the mover by the men's bits, both ways. */
        if (!CHECK_EQ(mg_flip_tell_man(&flipped, side, m->from, m->to, m->captured, captured_men) != 0, man))
            return 0;
        flipped.side = other;
        if (!CHECK(same_position(&made, &flipped)))
            return 0;
        if (!CHECK_EQ(mg_flip_tell_man(&flipped, side, m->from, m->to, m->captured, captured_men) != 0, man))
            return 0;
        flipped.side = side;
        if (!CHECK(same_position(pos, &flipped)))
            return 0;
    }
    return 1;
}

static void test_flipping_a_move_plays_it_and_flipping_again_takes_it_back(void)
{
    visit_random_positions(0xF11Bu, FLIP_POSITIONS, NULL, flips_play_and_take_back);
}

/* mg_has_step is true exactly when the side to move has a quiet move (the
 * moves listed as if it had no capture). */
static uint8_t step_test_agrees(const bd_position *pos, uint8_t variant, uint16_t index)
{
    (void)index;
    moves_end = mg_generate_known(pos, bd_rules_of(variant), moves, moves + MG_MAX_MOVES, 0);
    return CHECK(moves_end != 0) && CHECK_EQ(mg_has_step(pos), moves_end != moves);
}

static void test_quiet_step_test_agrees_with_the_quiet_moves(void)
{
    visit_random_positions(0x57E9u, FLIP_POSITIONS, NULL, step_test_agrees);
}

/* Positions whose side to move has no move at all, which the random sets
 * seldom give: one man or king of the side on each square, hemmed in by
 * enemy kings two deep in each direction (or the board's edge), so that
 * it can neither step nor jump, in both variants and with either side to
 * move; and a side with no piece left: mg_move_kind() says MG_KIND_NONE
 * (tests/checkers/test_movegen_override.c compares it with the count of
 * the listed moves on the large position sets). */
static void test_positions_without_a_move(void)
{
    bd_position pos;
    uint16_t without = 0;
    /* i: a king on square i, a man on i - BB_SQUARES - 1; BB_SQUARES: no
     * piece of the side (the enemy's one king on square 0). */
    for (uint8_t i = 0; i < 2u * BB_SQUARES + 1u; i++) {
        uint8_t square = i < BB_SQUARES ? i : i > BB_SQUARES ? (uint8_t)(i - BB_SQUARES - 1u) : 0u;
        bb32 hem = 0;
        for (uint8_t d = 0; d < BB_DIRECTIONS; d++)
            for (uint8_t s = bb_neighbour(square, d), depth = 0; s != BB_NO_SQUARE && depth < 2u;
                 s = bb_neighbour(s, d), depth++)
                hem |= bb_bit(s);
        for (uint8_t v = 0; v < 2u * BD_VARIANT_COUNT; v++) {
            uint8_t side = v & 1u, enemy = BD_OTHER_COLOUR(side);
            pos_clear(&pos, side);
            pos.pieces[side] = i == BB_SQUARES ? 0 : bb_bit(square);
            pos.men[side] = i > BB_SQUARES ? pos.pieces[side] : 0;
            pos.pieces[enemy] = i == BB_SQUARES ? bb_bit(0) : hem;
            if (pos.men[side] & pos_promotion_rank(side))
                continue;                   /* no man stands there */
            without += mg_move_kind(&pos, bd_rules_of(v >> 1)) == MG_KIND_NONE;
        }
    }
    /* Every one of them: two colours, two variants, 32 kings and 28 men
     * off their promotion rank, and the side with no piece. */
    CHECK_EQ(without, 2u * BD_VARIANT_COUNT * (BB_SQUARES + BB_SQUARES - 4u + 1u));
}

int main(void)
{
    check_begin(PSTR("rules"));
    RUN_TEST(test_capture_is_mandatory);
    RUN_TEST(test_only_russian_men_capture_backwards);
    RUN_TEST(test_promotion_in_the_middle_of_a_capture);
    RUN_TEST(test_flying_king_chooses_any_landing_square);
    RUN_TEST(test_flying_king_must_land_where_it_can_go_on);
    RUN_TEST(test_capture_loop_in_two_orders_is_one_move);
    RUN_TEST(test_turkish_strike_jumped_pieces_block_until_the_move_ends);
    RUN_TEST(test_flying_king_quiet_moves_stop_at_the_first_piece);
    RUN_TEST(test_flipping_a_move_plays_it_and_flipping_again_takes_it_back);
    RUN_TEST(test_quiet_step_test_agrees_with_the_quiet_moves);
    RUN_TEST(test_positions_without_a_move);
    return check_end();
}
