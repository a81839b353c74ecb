/* SPDX-License-Identifier: MIT */
/*
 * test_nibble.c - the nibble-packed board, on the host and in the simulator.
 *
 * Exhaustive where the domain is small (every square x every code, every
 * pair of nibble values, every byte), random boards and words from
 * check_random32 elsewhere.  Boards are checked against a plain reference
 * array of 64 codes, read straight from the packed bytes rather than through
 * nb_get, so the layout itself is under test.  At most one board, one copy,
 * the reference and one 64-entry list are live at a time, and every check
 * goes through one call site, so the suite fits the ATtiny85 (512 bytes of
 * RAM, 8 KB of flash).
 */
#include "check.h"
#include "nibble/nibble.h"

/* ---------------------------------------------------------- helpers -- */

/* Helpers stay out of line: -Os would inline most of them into every test,
 * and the ATtiny85's 8 KB would not hold the suite. */
#define HELPER static __attribute__((noinline))

/* Every comparison goes through this one CHECK_EQ: a check site then costs
 * a call and no strings in flash.  A failure still names the calling line.
 * SAME takes 16-bit values, SAME32 full words: on AVR, widening every
 * square number to 32 bits at each call site would not fit the ATtiny. */
#define SAME(got, want) same_at((uint16_t)(got), (uint16_t)(want), __LINE__)
#define SAME32(got, want) same32_at((uint32_t)(got), (uint32_t)(want), __LINE__)

HELPER uint8_t same32_at(uint32_t got, uint32_t want, uint16_t line)
{
    if (got == want)
        return 1;
    check_print_P(PSTR("  at line "));
    check_print_u32(line);
    check_print_P(PSTR(":\n"));
    return CHECK_EQ(got, want);
}

HELPER uint8_t same_at(uint16_t got, uint16_t want, uint16_t line)
{
    return same32_at(got, want, line);
}

/* The code of square s read from the bytes by the documented layout. */
HELPER uint8_t raw_square(const nb_board *b, uint8_t s)
{
    uint8_t byte = nb_bytes(b)[s / 2u];
    return (uint8_t)((s & 1u ? byte >> 4 : byte) & 15u);
}

/* The first square whose code differs from ref[square], or NB_NONE. */
HELPER uint8_t board_differs_at(const nb_board *b, const uint8_t *ref)
{
    for (uint8_t s = 0; s < NB_SQUARES; s++)
        if (raw_square(b, s) != ref[s])
            return s;
    return NB_NONE;
}

/* A background with every code on some square and neighbours that differ,
 * so a write that spills into the wrong nibble always shows. */
HELPER void background(nb_board *b, uint8_t *ref)
{
    for (uint8_t s = 0; s < NB_SQUARES; s += 2) {
        ref[s] = (uint8_t)((s * 7u + 3u) & 15u);
        ref[s + 1u] = (uint8_t)((s * 7u + 10u) & 15u);
        b->nibbles[s / 2u] = (uint8_t)(ref[s] | ref[s + 1u] << 4);
    }
}

/* A random board; with sparse set, codes 0..3 only, so each code appears
 * on many squares and the scans meet long runs and gaps. */
HELPER void random_board(nb_board *b, uint32_t *seed, uint8_t sparse)
{
    for (uint8_t i = 0; i < NB_BYTES; i += 4) {
        uint32_t r = check_random32(seed);
        for (uint8_t k = 0; k < 4; k++, r >>= 8)
            b->nibbles[i + k] = (uint8_t)(sparse ? r & 0x33u : r);
    }
}

/* --------------------------------------------------- single squares -- */

static void test_set_and_clear_square_touch_only_their_square(void)
{
    nb_board b;
    uint8_t ref[NB_SQUARES];
    for (uint8_t sq = 0; sq < NB_SQUARES; sq++) {
        for (uint8_t code = 0; code < 16; code++) {
            background(&b, ref);
            nb_set(&b, sq, code);
            ref[sq] = code;
            /* The square written rides in the high byte, for the report. */
            if (!SAME(sq << 8 | board_differs_at(&b, ref), sq << 8 | NB_NONE))
                return;
        }
        nb_clear_square(&b, sq);
        ref[sq] = NB_EMPTY;
        if (!SAME(sq << 8 | board_differs_at(&b, ref), sq << 8 | NB_NONE))
            return;
    }
}

static void test_get_reads_the_documented_nibble(void)
{
    nb_board b;
    /* Every byte value in every byte position, both nibbles. */
    for (uint16_t v = 0; v < 256u; v++) {
        for (uint8_t k = 0; k < NB_BYTES; k++)
            b.nibbles[k] = (uint8_t)(v + 37u * k);
        for (uint8_t s = 0; s < NB_SQUARES; s++)
            if (!SAME(nb_get(&b, s), raw_square(&b, s)))
                return;
    }
}

/* ------------------------------------------------------ whole board -- */

static void test_fill_and_clear_set_every_square(void)
{
    nb_board b;
    uint8_t ref[NB_SQUARES];
    for (uint8_t code = 0; code <= 16; code++) {
        background(&b, ref);
        /* code 16 stands for nb_clear. */
        if (code == 16)
            nb_clear(&b);
        else
            nb_fill(&b, code);
        uint8_t want = code & 15u;
        for (uint8_t s = 0; s < NB_SQUARES; s++)
            ref[s] = want;
        if (!SAME(board_differs_at(&b, ref), NB_NONE)
            || !SAME(nb_count(&b, want), NB_SQUARES))
            return;
    }
}

/* b = a with the bits of x flipped in square lo and, unless hi is NB_NONE,
 * bit 0 flipped in square hi, straight in the bytes. */
HELPER void copy_with_flips(const nb_board *a, nb_board *b, uint8_t lo, uint8_t x,
                            uint8_t hi)
{
    *b = *a;
    b->nibbles[lo / 2u] ^= (uint8_t)(lo & 1u ? x << 4 : x);
    if (hi != NB_NONE)
        b->nibbles[hi / 2u] ^= (uint8_t)(hi & 1u ? 0x10u : 0x01u);
}

static void test_first_difference_is_the_lowest_changed_square(void)
{
    uint32_t seed = 0xD1FFD1FFu;
    nb_board a, b;
    random_board(&a, &seed, 0);
    for (uint8_t lo = 0; lo < NB_SQUARES; lo++) {
        /* One square changed to every other code, or (x = 0) not at all. */
        for (uint8_t x = 0; x < 16; x++) {
            copy_with_flips(&a, &b, lo, x, NB_NONE);
            uint8_t want = x ? lo : NB_NONE;
            if (!SAME(nb_first_difference(&a, &b), want)
                || !SAME(nb_first_difference(&b, &a), want)
                || !SAME(nb_equal(&a, &b), !x))
                return;
        }
        /* Two squares changed, lo < hi, including both nibbles of a byte. */
        for (uint8_t hi = (uint8_t)(lo + 1u); hi < NB_SQUARES; hi++) {
            copy_with_flips(&a, &b, lo, 8, hi);
            if (!SAME(nb_first_difference(&a, &b), lo))
                return;
        }
    }
}

static void test_count_matches_squares_holding_the_code(void)
{
    uint32_t seed = 0x12345678u;
    nb_board b;
    for (uint8_t round = 0; round < 40; round++) {
        random_board(&b, &seed, round & 1u);
        for (uint8_t code = 0; code < 16; code++) {
            uint8_t want = 0;
            for (uint8_t s = 0; s < NB_SQUARES; s++)
                want += raw_square(&b, s) == code;
            if (!SAME(nb_count(&b, code), want))
                return;
        }
    }
}

/* -------------------------------------------------------- iteration -- */

/* Check a list against a scan of the board: the squares holding code, or
 * with occupied set, the squares not empty; 1 when it matches. */
HELPER uint8_t list_is_exact(const nb_board *b, uint8_t code, uint8_t occupied,
                             const uint8_t *list, const uint8_t *end)
{
    for (uint8_t s = 0; s < NB_SQUARES; s++) {
        uint8_t code_here = raw_square(b, s);
        if (occupied ? code_here == NB_EMPTY : code_here != code)
            continue;
        if (!SAME(list < end ? *list : NB_NONE, s))
            return 0;
        list++;
    }
    return SAME(end - list, 0);
}

static void test_square_lists_hold_exactly_the_matches_in_order(void)
{
    uint32_t seed = 0xC0FFEE01u;
    nb_board b;
    uint8_t list[NB_SQUARES];
    for (uint8_t round = 0; round < 40; round++) {
        random_board(&b, &seed, round & 1u);
        if (!list_is_exact(&b, 0, 1, list, nb_occupied(&b, list)))
            return;
        for (uint8_t code = 0; code < 16; code++)
            if (!list_is_exact(&b, code, 0, list, nb_squares_with(&b, code, list)))
                return;
    }
    /* A full board lists all 64 squares; an empty one none. */
    nb_fill(&b, 9);
    if (!list_is_exact(&b, 9, 0, list, nb_squares_with(&b, 9, list))
        || !list_is_exact(&b, 0, 1, list, nb_occupied(&b, list)))
        return;
    nb_clear(&b);
    list_is_exact(&b, 0, 1, list, nb_occupied(&b, list));
}

static void test_next_occupied_finds_next_piece_from_any_start(void)
{
    uint32_t seed = 0x0DDBA11u;
    nb_board b;
    for (uint8_t round = 0; round < 24; round++) {
        random_board(&b, &seed, 1);
        /* An empty stretch of at least 16 squares, then (sparse board) a
         * piece on either nibble of a byte; the last round is all empty. */
        for (uint8_t k = round / 2u; k < round + 8u && k < NB_BYTES; k++)
            b.nibbles[k] = 0;
        if (round == 23)
            nb_clear(&b);
        for (uint8_t from = 0; from <= NB_SQUARES; from++) {
            uint8_t want = from;
            while (want < NB_SQUARES && raw_square(&b, want) == NB_EMPTY)
                want++;
            if (!SAME(from << 8 | nb_next_occupied(&b, from), from << 8 | want))
                return;
        }
    }
}

/* ------------------------------------------------------------- SWAR -- */

enum { OP_ADD, OP_SUB, OP_AVG, OP_EQ, OP_COUNT };

/* The scalar reference: nibble by nibble, in ordinary arithmetic. */
HELPER uint32_t per_nibble(uint32_t a, uint32_t b, uint8_t op)
{
    uint32_t r = 0;
    for (uint8_t k = 0; k < 8; k++, a >>= 4, b >>= 4) {
        uint8_t x = (uint8_t)(a & 15u), y = (uint8_t)(b & 15u), z;
        if (op == OP_ADD)
            z = (uint8_t)(x + y);
        else if (op == OP_SUB)
            z = (uint8_t)(x - y);
        else if (op == OP_AVG)
            z = (uint8_t)((x + y) / 2u);
        else
            z = x == y ? 15u : 0u;
        r = r >> 4 | (uint32_t)(z & 15u) << 28;
    }
    return r;
}

HELPER uint32_t swar(uint32_t a, uint32_t b, uint8_t op)
{
    switch (op) {
    case OP_ADD: return nb_swar_add(a, b);
    case OP_SUB: return nb_swar_sub(a, b);
    case OP_AVG: return nb_swar_avg(a, b);
    default:     return nb_swar_eq_mask(a, b);
    }
}

static uint8_t swar_matches_per_nibble(uint32_t a, uint32_t b)
{
    for (uint8_t op = 0; op < OP_COUNT; op++)
        if (!SAME32(swar(a, b, op), per_nibble(a, b, op)))
            return 0;
    return 1;
}

static void test_swar_broadcast_fills_every_nibble(void)
{
    uint32_t want = 0;
    for (uint8_t code = 0; code < 16; code++, want += 0x11111111u)
        SAME32(nb_swar_broadcast(code), want);
}

static void test_swar_matches_scalar_for_every_value_pair(void)
{
    /* x and y in every nibble at once, so a carry or borrow would always
     * have a neighbour to spill into. */
    for (uint8_t x = 0; x < 16; x++)
        for (uint8_t y = 0; y < 16; y++)
            if (!swar_matches_per_nibble(nb_swar_broadcast(x), nb_swar_broadcast(y)))
                return;
}

static void test_swar_matches_scalar_on_edge_words(void)
{
    static const uint32_t edges[] PROGMEM = {
        0x00000000u, 0xFFFFFFFFu, 0x0F0F0F0Fu, 0xF0F0F0F0u, 0x88888888u,
        0x77777777u, 0x80000000u, 0x0000000Fu, 0xF000000Fu, 0xFEDCBA98u,
    };
    for (uint8_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (uint8_t j = 0; j < sizeof edges / sizeof edges[0]; j++)
            if (!swar_matches_per_nibble(pgm_read_dword(&edges[i]),
                                         pgm_read_dword(&edges[j])))
                return;
}

static void test_swar_matches_scalar_for_random_words(void)
{
    uint32_t seed = 0x9E3779B9u;
    for (uint16_t n = 0; n < 10000u; n++) {
        uint32_t a = check_random32(&seed);
        uint32_t b = check_random32(&seed);
        /* Every other pair shares about half its nibbles, for eq_mask. */
        if (n & 1u)
            b = (a & 0xF0F00F0Fu) | (b & 0x0F0FF0F0u);
        if (!swar_matches_per_nibble(a, b))
            return;
    }
}

static void test_row_nibbles_round_trip_within_their_row(void)
{
    uint32_t seed = 0xA5A5A5A5u;
    nb_board b;
    uint8_t ref[NB_SQUARES];
    background(&b, ref);
    for (uint8_t row = 0; row < 8; row++) {
        /* Square 8*row+k is nibble k. */
        uint8_t *r = &ref[8u * row];
        uint32_t word = 0;
        for (uint8_t k = 8; k-- > 0;)
            word = word << 4 | r[k];
        if (!SAME32(nb_row_nibbles(&b, row), word))
            return;
        word = check_random32(&seed);
        nb_set_row_nibbles(&b, row, word);
        for (uint8_t k = 0; k < 8; k++, word >>= 4)
            r[k] = (uint8_t)(word & 15u);
        if (!SAME(board_differs_at(&b, ref), NB_NONE))
            return;
    }
}

/* -------------------------------------------------------- bitboards -- */

static void test_row_of_marks_the_squares_holding_the_code(void)
{
    uint32_t seed = 0x31415926u;
    nb_board b;
    for (uint8_t round = 0; round < 20; round++) {
        random_board(&b, &seed, round & 1u);
        for (uint8_t code = 0; code < 16; code++)
            for (uint8_t s = 0; s < NB_SQUARES; s++)
                if (!SAME(nb_row_of(&b, s / 8u, code) >> (s % 8u) & 1u,
                          raw_square(&b, s) == code))
                    return;
    }
}

static void test_place_row_sets_marked_squares_keeps_the_rest(void)
{
    nb_board b;
    uint8_t ref[NB_SQUARES];
    for (uint16_t bits = 0; bits < 256u; bits++) {
        uint8_t row = (uint8_t)(bits & 7u), code = (uint8_t)((bits >> 3 & 7u) + 8u);
        background(&b, ref);
        nb_place_row(&b, row, (uint8_t)bits, code);
        for (uint8_t f = 0; f < 8; f++)
            if (bits >> f & 1u)
                ref[8u * row + f] = code;
        if (!SAME(board_differs_at(&b, ref), NB_NONE))
            return;
    }
}

static void test_place_half_and_half_of_round_trip(void)
{
    uint32_t seed = 0x27182818u;
    nb_board b;
    uint8_t ref[NB_SQUARES];
    for (uint8_t round = 0; round < 64; round++) {
        uint8_t half = round & 1u, code = (uint8_t)(round >> 2);
        uint32_t bits = check_random32(&seed), want = 0;
        background(&b, ref);
        nb_place_half(&b, half, bits, code);
        /* Bit i is square 32*half + i; the background already holds code
         * on some squares, which half_of must report as well. */
        uint8_t *r = &ref[32u * half];
        for (uint8_t i = 0; i < 32; i++, bits >>= 1)
            if (bits & 1u)
                r[i] = code;
        for (uint8_t i = 32; i-- > 0;)
            want = want << 1 | (r[i] == code);
        if (!SAME(board_differs_at(&b, ref), NB_NONE)
            || !SAME32(nb_half_of(&b, half, code), want))
            return;
    }
}

/* The 64-bit forms are built from halves, so they are checked against the
 * (already tested) halves; keeping the uint64_t work in this one helper
 * keeps 64-bit register shuffling out of the test loop. */
HELPER uint8_t place_bitboard_then_compare(nb_board *b, uint32_t hi, uint32_t lo,
                                           uint8_t code)
{
    nb_place_bitboard(b, (uint64_t)hi << 32 | lo, code);
    uint64_t got = nb_bitboard_of(b, code);
    return SAME32((uint32_t)got, nb_half_of(b, 0, code))
        && SAME32((uint32_t)(got >> 32), nb_half_of(b, 1, code));
}

static void test_64_bit_bitboards_agree_with_the_halves(void)
{
    uint32_t seed = 0x600DF00Du;
    nb_board b, before;
    for (uint8_t round = 0; round < 32; round++) {
        uint32_t lo = check_random32(&seed), hi = check_random32(&seed);
        uint8_t code = (uint8_t)(round & 15u);
        random_board(&before, &seed, round & 1u);
        b = before;
        if (!place_bitboard_then_compare(&b, hi, lo, code))
            return;
        nb_place_half(&before, 0, lo, code);
        nb_place_half(&before, 1, hi, code);
        if (!SAME(nb_first_difference(&b, &before), NB_NONE))
            return;
    }
}

int main(void)
{
    check_begin(PSTR("nibble"));
    RUN_TEST(test_set_and_clear_square_touch_only_their_square);
    RUN_TEST(test_get_reads_the_documented_nibble);
    RUN_TEST(test_fill_and_clear_set_every_square);
    RUN_TEST(test_first_difference_is_the_lowest_changed_square);
    RUN_TEST(test_count_matches_squares_holding_the_code);
    RUN_TEST(test_square_lists_hold_exactly_the_matches_in_order);
    RUN_TEST(test_next_occupied_finds_next_piece_from_any_start);
    RUN_TEST(test_swar_broadcast_fills_every_nibble);
    RUN_TEST(test_swar_matches_scalar_for_every_value_pair);
    RUN_TEST(test_swar_matches_scalar_on_edge_words);
    RUN_TEST(test_swar_matches_scalar_for_random_words);
    RUN_TEST(test_row_nibbles_round_trip_within_their_row);
    RUN_TEST(test_row_of_marks_the_squares_holding_the_code);
    RUN_TEST(test_place_row_sets_marked_squares_keeps_the_rest);
    RUN_TEST(test_place_half_and_half_of_round_trip);
    RUN_TEST(test_64_bit_bitboards_agree_with_the_halves);
    return check_end();
}
