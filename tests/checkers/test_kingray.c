/* SPDX-License-Identifier: MIT */
/*
 * Flying-king rays: kr_ray_table against kr_ray_walk for every square, every
 * direction and every occupancy of the squares on the ray (the squares off
 * it filled at random), then on random full boards; kr_ray_walk itself
 * against a reference on files and ranks.  The same source runs on the host
 * (with sanitizers) and in the simulator on ATmega328P and ATtiny85, where
 * the flash tables are read with LPM.
 */
#include "checkers/bitboard32.h"
#include "check.h"
#include "checkers/kingray.h"
#include "steps_support.h"

#define RANDOM_BOARDS 300u

/* Out of line, so that the ATtiny85 build holds one copy of each. */
static __attribute__((noinline)) bb32 ray_walk(uint8_t square, uint8_t direction, bb32 occupied)
{
    return kr_ray_walk(square, direction, occupied);
}

static __attribute__((noinline)) bb32 ray_table(uint8_t square, uint8_t direction, bb32 occupied)
{
    return kr_ray_table(square, direction, occupied);
}

static __attribute__((noinline)) bb32 ray_default(uint8_t square, uint8_t direction, bb32 occupied)
{
    return kr_ray(square, direction, occupied);
}

/* The ray computed on (file, rank) coordinates, independently of the bit
 * tricks: walk the 8x8 board until the edge or an occupied square. */
static bb32 reference_ray(uint8_t square, uint8_t direction, bb32 occupied)
{
    int8_t file = 0, rank = 0;
    for (int8_t f = 0; f < 8; f++)
        for (int8_t r = 0; r < 8; r++)
            if (BB_IS_DARK(f, r) && BB_SQUARE(f, r) == square) {
                file = f;
                rank = r;
            }
    bb32 ray = 0;
    for (;;) {
        file = (int8_t)(file + step_file(direction));
        rank = (int8_t)(rank + step_rank(direction));
        if (!step_on_board(file, rank))
            return ray;
        ray |= BB_BIT(BB_SQUARE(file, rank));
        if (occupied & BB_BIT(BB_SQUARE(file, rank)))
            return ray;
    }
}

typedef bb32 (*ray_function)(uint8_t square, uint8_t direction, bb32 occupied);

/* actual against expected for every square, every direction and every
 * subset of the squares on expected's empty-board ray.  The squares off the
 * ray, including the king's own, are random: the ray must not depend on
 * them.  Stops at the first difference and says where it is. */
static void check_every_ray_occupancy(ray_function actual, ray_function expected, uint32_t state)
{
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
        for (uint8_t square = 0; square < BB_SQUARES; square++) {
            bb32 line = expected(square, direction, 0);
            bb32 subset = 0;
            do {
                bb32 occupied = subset | (check_random32(&state) & ~line);
                if (!CHECK_EQ(actual(square, direction, occupied),
                              expected(square, direction, occupied))) {
                    check_print_P(PSTR("square, direction, occupied: "));
                    check_print_u32(square);
                    check_print_P(PSTR(" "));
                    check_print_u32(direction);
                    check_print_P(PSTR(" "));
                    check_print_u32(occupied);
                    check_print_P(PSTR("\n"));
                    return;
                }
                subset = (subset - line) & line;
            } while (subset != 0);
        }
}

static void test_walk_matches_file_rank_reference_on_every_ray_occupancy(void)
{
    check_every_ray_occupancy(ray_walk, reference_ray, 0x9E3779B9u);
}

static void test_table_matches_walk_on_every_ray_occupancy(void)
{
    check_every_ray_occupancy(ray_table, ray_walk, 0x2545F491u);
}

static void test_table_matches_walk_on_random_boards(void)
{
    uint32_t state = 0xC0FFEE11u;
    for (uint16_t board = 0; board < RANDOM_BOARDS; board++) {
        /* Sparse and dense boards alike: AND or OR of two random words. */
        bb32 a = check_random32(&state), b = check_random32(&state);
        bb32 occupied = (board & 1u) ? (a & b) : (a | b);
        for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
            for (uint8_t square = 0; square < BB_SQUARES; square++)
                if (!CHECK_EQ(ray_table(square, direction, occupied),
                              ray_walk(square, direction, occupied)))
                    return;
    }
}

static void test_default_ray_matches_walk_on_full_and_empty_boards(void)
{
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++)
        for (uint8_t square = 0; square < BB_SQUARES; square++) {
            CHECK_EQ(ray_default(square, direction, 0), ray_walk(square, direction, 0));
            CHECK_EQ(ray_default(square, direction, BB_ALL),
                     ray_walk(square, direction, BB_ALL));
        }
}

static void test_long_diagonal_from_a1_and_h8(void)
{
    /* a1-h8 is bits 0, 7, 14, 21, 28, 3, 10, 17. */
    CHECK_EQ(ray_table(0, BB_UP_RIGHT, 0), 0x10224488u);
    CHECK_EQ(ray_table(17, BB_DOWN_LEFT, 0), 0x10204489u);
    /* A blocker on d4 (21) stops the ray there, included. */
    CHECK_EQ(ray_table(0, BB_UP_RIGHT, BB_BIT(21) | BB_BIT(28)), 0x00204080u);
    CHECK_EQ(ray_table(17, BB_DOWN_LEFT, BB_BIT(21) | BB_BIT(7)), 0x10200408u);
    /* g1-a7 (18..24) from g1 up-left, blocked on c5 (22). */
    CHECK_EQ(ray_table(18, BB_UP_LEFT, BB_BIT(22)), 0x00780000u);
}

static void test_corner_and_edge_rays_are_empty_off_the_board(void)
{
    CHECK_EQ(ray_table(0, BB_UP_LEFT, 0), 0);      /* a1 */
    CHECK_EQ(ray_table(0, BB_DOWN_RIGHT, 0), 0);
    CHECK_EQ(ray_table(0, BB_DOWN_LEFT, 0), 0);
    CHECK_EQ(ray_table(17, BB_UP_RIGHT, 0), 0);    /* h8 */
    CHECK_EQ(ray_table(17, BB_UP_LEFT, 0), 0);
    CHECK_EQ(ray_table(17, BB_DOWN_RIGHT, 0), 0);
}

int main(void)
{
    check_begin(PSTR("kingray"));
    RUN_TEST(test_walk_matches_file_rank_reference_on_every_ray_occupancy);
    RUN_TEST(test_table_matches_walk_on_every_ray_occupancy);
    RUN_TEST(test_table_matches_walk_on_random_boards);
    RUN_TEST(test_default_ray_matches_walk_on_full_and_empty_boards);
    RUN_TEST(test_long_diagonal_from_a1_and_h8);
    RUN_TEST(test_corner_and_edge_rays_are_empty_off_the_board);
    return check_end();
}
