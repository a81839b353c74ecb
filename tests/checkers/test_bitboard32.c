/* SPDX-License-Identifier: MIT */
/*
 * The square numbering against its definition: the dark square (f, r) is
 * bit (3f + 4r) mod 32; the tables and the one-step shifts must agree with
 * stepping on (file, rank) coordinates.
 */
#include "checkers/bitboard32.h"
#include "check.h"
#include "steps_support.h"

static void test_every_dark_square_has_its_own_bit_and_coordinates(void)
{
    bb32 seen = 0;
    for (uint8_t rank = 0; rank < 8u; rank++)
        for (uint8_t file = 0; file < 8u; file++) {
            if (!BB_IS_DARK(file, rank))
                continue;
            uint8_t square = BB_SQUARE(file, rank);
            CHECK(!(seen & bb_bit(square)));
            seen |= bb_bit(square);
            CHECK_EQ(bb_file(square), file);
            CHECK_EQ(bb_rank(square), rank);
        }
    CHECK_EQ(seen, BB_ALL);
}

static void test_neighbours_and_shifts_match_coordinate_steps(void)
{
    for (uint8_t square = 0; square < BB_SQUARES; square++) {
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
            int8_t file = (int8_t)(bb_file(square) + step_file(direction));
            int8_t rank = (int8_t)(bb_rank(square) + step_rank(direction));
            uint8_t expected = step_on_board(file, rank) ? BB_SQUARE((uint8_t)file, (uint8_t)rank)
                                                    : BB_NO_SQUARE;
            CHECK_EQ(bb_neighbour(square, direction), expected);
            bb32 stepped = bb_step(bb_bit(square), direction);
            CHECK_EQ(stepped, expected == BB_NO_SQUARE ? 0 : bb_bit(expected));
            CHECK_EQ(BB_OPPOSITE(direction) ^ direction, 2);
        }
    }
}

static void test_bit_of_every_square_is_one_shifted(void)
{
    for (uint8_t square = 0; square < BB_SQUARES; square++)
        CHECK_EQ(bb_bit(square), (bb32)1u << square);
}

static void test_rank_masks_hold_the_first_and_last_ranks(void)
{
    bb32 first = 0, last = 0;
    for (uint8_t file = 0; file < 8u; file += 2)
        first |= bb_bit(BB_SQUARE(file, 0));
    for (uint8_t file = 1; file < 8u; file += 2)
        last |= bb_bit(BB_SQUARE(file, 7));
    CHECK_EQ(BB_RANK_1, first);
    CHECK_EQ(BB_RANK_8, last);
}

/* bb_direction of every move along a diagonal, one square or several,
 * from every square: the direction it was made in. */
static void test_direction_of_every_move_along_a_diagonal(void)
{
    for (uint8_t square = 0; square < BB_SQUARES; square++)
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
            for (uint8_t to = bb_neighbour(square, direction); to != BB_NO_SQUARE;
                 to = bb_neighbour(to, direction))
                if (!CHECK_EQ(bb_direction(square, to), direction))
                    return;
}

int main(void)
{
    check_begin(PSTR("bitboard32"));
    RUN_TEST(test_every_dark_square_has_its_own_bit_and_coordinates);
    RUN_TEST(test_neighbours_and_shifts_match_coordinate_steps);
    RUN_TEST(test_bit_of_every_square_is_one_shifted);
    RUN_TEST(test_rank_masks_hold_the_first_and_last_ranks);
    RUN_TEST(test_direction_of_every_move_along_a_diagonal);
    return check_end();
}
