/* SPDX-License-Identifier: MIT */
/*
 * PDN FEN and square names: the tests that do not fit the ATtiny85 next to
 * the reader and writer (tests/checkers/test_pdn.c has the core that runs there
 * too).  Host and ATmega328P in the simulator.
 */
#include <string.h>
#include "checkers/pdn.h"
#include "check.h"
#include "pdn_support.h"

#define RANDOM_POSITIONS 300u

static const char russian_start[] PROGMEM =
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6";

static void test_square_reader_rejects_what_is_not_a_square(void)
{
    static const char bad_english[] PROGMEM = "0 33 01 99999 a1 1a K1 -1 ";
    static const char bad_russian[] PROGMEM = "a2 h1 i1 a9 a0 a11 A1 1 a Ka1 ";
    for (uint8_t english = 0; english < 2u; english++) {
        const char *p = english ? bad_english : bad_russian;
        for (uint8_t start = 0, i = 0; pgm_read_byte(p + i); i++) {
            if (pgm_read_byte(p + i) != ' ')
                continue;
            for (uint8_t k = start; k < i; k++)
                text[k - start] = (char)pgm_read_byte(p + k);
            CHECK_EQ(pdn_read_square(text, (uint16_t)(i - start), rules_for(english)),
                     BB_NO_SQUARE);
            start = (uint8_t)(i + 1u);
        }
        CHECK_EQ(pdn_read_square(text, 0, rules_for(english)), BB_NO_SQUARE);
    }
    CHECK_EQ(pdn_file_rank_square(1, 0), BB_NO_SQUARE);   /* b1 is light */
    CHECK_EQ(pdn_file_rank_square(8, 0), BB_NO_SQUARE);
    CHECK_EQ(pdn_file_rank_square(0, 8), BB_NO_SQUARE);
}

/* A consistent position with at most 12 pieces a side: random squares,
 * random kings, men on their promotion rank made kings. */
static void random_position(uint32_t *seed, bd_position *pos)
{
    pos_clear(pos, (uint8_t)(check_random32(seed) & 1u));
    for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++) {
        uint8_t count = (uint8_t)(check_random32(seed) % (PDN_MAX_PIECES + 1u));
        uint32_t kings = check_random32(seed) & check_random32(seed);
        while (count--) {
            bb32 bit = BB_BIT(check_random32(seed) & 31u);
            if (pos_occupied(pos) & bit)
                continue;
            pos->pieces[colour] |= bit;
            if (!(bit & (kings | pos_promotion_rank(colour))))
                pos->men[colour] |= bit;
        }
    }
}

static void test_random_positions_round_trip_through_fen_in_both_variants(void)
{
    uint32_t seed = 0x5EED0F3Eu;
    for (uint16_t i = 0; i < RANDOM_POSITIONS; i++) {
        uint8_t english = (uint8_t)(i & 1u);
        bd_position pos, back;
        random_position(&seed, &pos);
        if (!CHECK(pos_is_consistent(&pos)))
            return;
        uint16_t length = pdn_write_fen(&pos, rules_for(english), text, sizeof text);
        CHECK(length > 0u && length < PDN_FEN_MAX);
        if (!CHECK_EQ(pdn_read_fen(text, length, rules_for(english), &back), PDN_OK) ||
            !CHECK(pos_equal(&pos, &back)))
            return;
    }
}

static void test_fen_max_is_exactly_a_full_board_of_russian_kings(void)
{
    bd_position pos;
    pos_clear(&pos, BD_WHITE);
    pos.pieces[BD_WHITE] = BB_ALL;
    CHECK_EQ(pdn_write_fen(&pos, &bd_rules_russian, text, sizeof text), PDN_FEN_MAX - 1u);
    CHECK_EQ(pdn_write_fen(&pos, &bd_rules_russian, text, PDN_FEN_MAX), PDN_FEN_MAX - 1u);
    CHECK_EQ(pdn_write_fen(&pos, &bd_rules_russian, text, PDN_FEN_MAX - 1u), 0);
    CHECK(pdn_write_fen(&pos, &bd_rules_english, text, PDN_FEN_MAX) < PDN_FEN_MAX);
    pos.pieces[BD_BLACK] = 0x0000FFFFu;
    pos.pieces[BD_WHITE] = 0xFFFF0000u;
    CHECK(pdn_write_fen(&pos, &bd_rules_russian, text, PDN_FEN_MAX) < PDN_FEN_MAX);
}

static void test_writer_returns_0_and_empty_text_when_capacity_is_short(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    for (uint16_t capacity = 0; capacity <= 15u; capacity++) {
        memset(text, 0x55, sizeof text);
        uint16_t length = pdn_write_fen(&pos, &bd_rules_english, text, capacity);
        CHECK_EQ(length, capacity == 15u ? 14u : 0u);
        if (capacity)
            CHECK_EQ(text[capacity < 15u ? 0 : 14], 0);
        else
            CHECK_EQ(text[0], 0x55);
        CHECK_EQ(text[capacity], 0x55);         /* nothing written past it */
    }
}

/* Unwrapped, a prefix may be a FEN itself (B:W21-3 is one): each must be
 * an error that leaves the position, or a consistent position. */
static void test_every_truncation_of_a_bare_fen_fails_cleanly_or_reads(void)
{
    uint16_t length = load_P(russian_start);
    for (uint16_t n = 0; n <= length; n++) {
        bd_position pos;
        fill_sentinel(&pos);
        int8_t status = pdn_read_fen(text, n, &bd_rules_russian, &pos);
        CHECK(status == PDN_OK ? pos_is_consistent(&pos) : is_sentinel(&pos));
    }
}

static void test_error_texts_are_distinct_and_unknown_codes_have_one(void)
{
    const char *unknown = pdn_error_text(-100);
    CHECK(unknown == pdn_error_text(1));
    CHECK(unknown == pdn_error_text(PDN_ERR_LAST - 1));
    const char *previous = 0;
    for (int8_t code = PDN_OK; code >= PDN_ERR_LAST; code--) {
        const char *t = pdn_error_text(code);
        CHECK(t != unknown && t != previous && pgm_read_byte(t) != 0);
        previous = t;
    }
    CHECK_EQ(pgm_read_byte(pdn_error_text(PDN_ERR_AMBIGUOUS)), 's');
}

/*
 * Malformed FENs, one per line: the expected code as a letter ('a' - code),
 * E or R for the variant, then the text.  Lines hold NUL and 0xFF bytes;
 * the table's size, not a NUL, ends it.
 */
static const char bad_fens[] PROGMEM =
    "bE\n" "bE \t \r\n"
    "dE:W21:B1\n" "dEX:W1\n" "dEw:W21\n" "dE[FEN \"\"]\n" "dE\xff\n" "dE\0B:W1\n"
    "eEB:W0\n" "eEB:W33\n" "eEB:W01\n" "eEB:W0000000000001\n"
    "eEB:W99999999999999999999\n" "eEB:WK255\n" "eEB:W21-33\n"
    "fEB:W12-9\n" "fEB:WK12-11\n"
    "gEB:W21,21\n" "gEB:W21:B21\n" "gEB:W21-32:B1-12,24\n" "gEB:W21-24,22-23\n"
    "hEB:W1\n" "hEB:B32\n" "hEB:W5,4\n"
    "iEB:W13-32\n" "iEB:W21-32,K5\n" "iEB:BK1-13\n"
    "cEB:W21-32:B1-12:W\n" "cEB:W21-32:B1-12x\n" "cEB:W21-32:\n" "cEB:W21,:B1\n"
    "cEB:W21;B1\n" "cEB:Wa1\n" "cEB:W21-32:B1-12:H\n" "cEB:W21:Hx\n" "cE[FEN \"B:W21\"\n"
    "cE[FEN B:W21]\n" "cE[FEM \"B\"]\n" "cEB:W22 1\n" "cEB:W21-32\0\n" "cEB:W21-32\xff\n"
    "cEB:WK\n" "cEB:WKK1\n" "cEB:W21--32\n" "cEB:W1-\n" "cEB:W-1\n" "cEB:W21..\n"
    "cEBW21\n" "cEB:?1\n" "cEB:W21-32:B1-12]\n" "cE[FEN \"B\"] x\n" "cEB:W22\xb2\n"
    "cEB::W21\n" "cEB:W21,,22\n" "cEB:W21-K23\n"
    "eRW:Wa2\n" "eRW:Wh1\n" "eRW:Wi1\n" "eRW:Wa9\n" "eRW:Wa0\n" "eRW:Wa\n" "eRW:Wa11\n"
    "cRW:W1\n" "cRW:WA1\n" "cRW:Wa1-c1\n" "cRW:Wa1 c1\n"
    "hRW:Wb8\n" "hRW:Ba1\n" "gRW:Wa1,a1\n" "gRW:Wa1:BKa1\n"
    "iRW:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4\n";

static void test_malformed_fens_are_rejected_and_leave_the_position_untouched(void)
{
    check_malformed_fens(bad_fens, sizeof bad_fens);
}

int main(void)
{
    check_begin(PSTR("pdn-fen"));
    RUN_TEST(test_square_reader_rejects_what_is_not_a_square);
    RUN_TEST(test_random_positions_round_trip_through_fen_in_both_variants);
    RUN_TEST(test_fen_max_is_exactly_a_full_board_of_russian_kings);
    RUN_TEST(test_writer_returns_0_and_empty_text_when_capacity_is_short);
    RUN_TEST(test_malformed_fens_are_rejected_and_leave_the_position_untouched);
    RUN_TEST(test_every_truncation_of_a_bare_fen_fails_cleanly_or_reads);
    RUN_TEST(test_error_texts_are_distinct_and_unknown_codes_have_one);
    return check_end();
}
