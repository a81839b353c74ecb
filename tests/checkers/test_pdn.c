/* SPDX-License-Identifier: MIT */
/*
 * PDN square names and FEN: the core that fits the ATtiny85 as well as the
 * ATmega328P and the host.  Texts live in flash and are copied to one RAM
 * buffer before reading, since the readers take RAM strings.  The FEN tests
 * that do not fit 8 KB next to the reader and writer are in
 * tests/checkers/test_pdn_fen.c; moves, which need the legal move list (768
 * bytes of RAM), in tests/checkers/test_pdn_moves.c; random and mutated bytes
 * in tests/checkers/test_pdn_fuzz.c.
 */
#include <string.h>
#include "checkers/pdn.h"
#include "check.h"
#include "pdn_support.h"

/* The 32 English squares in order, by their algebraic names: the reference
 * the conversions are checked against, typed from the PDN diagram. */
static const char english_squares[] PROGMEM =
    "b8d8f8h8" "a7c7e7g7" "b6d6f6h6" "a5c5e5g5"
    "b4d4f4h4" "a3c3e3g3" "b2d2f2h2" "a1c1e1g1";

/* ------------------------------------------------------------- squares -- */

/* Each check below ands many facts and names the square that broke. */
static void test_squares_convert_both_ways_in_both_notations_for_all_32(void)
{
    char name[PDN_SQUARE_MAX];
    for (uint8_t n = 1; n <= 32u; n++) {
        char file_name = (char)pgm_read_byte(&english_squares[2 * n - 2]);
        char rank_name = (char)pgm_read_byte(&english_squares[2 * n - 1]);
        uint8_t file = (uint8_t)(file_name - 'a'), rank = (uint8_t)(rank_name - '1');
        uint8_t square = pdn_number_square(n);
        uint8_t ok = square == BB_SQUARE(file, rank) && pdn_square_number(square) == n &&
                     pdn_file_rank_square(file, rank) == square &&
                     bb_file(square) == file && bb_rank(square) == rank;
        uint8_t length = pdn_write_square(square, &bd_rules_english, name);
        ok = ok && length == (n < 10u ? 1u : 2u) && name[length] == 0 &&
             name[length - 1u] == (char)('0' + n % 10u) &&
             (n < 10u || name[0] == (char)('0' + n / 10u)) &&
             pdn_read_square(name, length, &bd_rules_english) == square;
        ok = ok && pdn_write_square(square, &bd_rules_russian, name) == 2u &&
             name[0] == file_name && name[1] == rank_name && name[2] == 0 &&
             pdn_read_square(name, 2, &bd_rules_russian) == square;
        if (!CHECK(ok))
            note_at(n);
    }
    /* The corners of bitboard32.h's diagram: b8 is bit 31, g1 bit 18. */
    CHECK(pdn_number_square(1) == 31u && pdn_number_square(32) == 18u);
    CHECK(pdn_number_square(0) == BB_NO_SQUARE && pdn_number_square(33) == BB_NO_SQUARE);
}

/* ----------------------------------------------------------------- FEN -- */

static const char english_start[] PROGMEM = "B:W21-32:B1-12";
static const char russian_start[] PROGMEM =
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6";

static void test_start_positions_read_and_write_exactly_as_published(void)
{
    for (uint8_t english = 0; english < 2u; english++) {
        const char *fen_P = english ? english_start : russian_start;
        bd_position pos, initial;
        pos_initial(&initial, rules_for(english));
        uint16_t length = load_P(fen_P);
        CHECK(pdn_read_fen(text, length, rules_for(english), &pos) == PDN_OK &&
              pos_equal(&pos, &initial) && pos.side == (english ? BD_BLACK : BD_WHITE));
        CHECK(pdn_write_fen(&initial, rules_for(english), text, sizeof text) == length &&
              text_is_P(fen_P));
    }
}

/*
 * FENs and the canonical text each must read to, in pairs of lines: the
 * variant (E or R) and the text read, then the text written.  They cover
 * the wrapper, blanks, list order, the :H/:F suffix, a final dot, kings,
 * K before a range, ranges written only for three men or more, empty and
 * missing lists.
 */
static const char canonical_fens[] PROGMEM =
    "E[FEN \"B:W21-32:B1-12\"]\n"                      "B:W21-32:B1-12\n"
    "E  [ FEN \"B:W21-32:B1-12\" ]  \n"                "B:W21-32:B1-12\n"
    "EB:B1-12:W21-32\n"                                 "B:W21-32:B1-12\n"
    "E[FEN \"B:W21-32:B1-12:H0:F1\"]\r\n"              "B:W21-32:B1-12\n"
    "EB:H12:W21-32:F3:B1-12.\n"                          "B:W21-32:B1-12\n"
    "E\tB : W 21 - 32 : B 1 - 4 , 5-8,9 -12 \n"          "B:W21-32:B1-12\n"
    "EB:W21,22,23,24,25,26,27,28,29,30,31,32:B12-12,1-11\n" "B:W21-32:B1-12\n"
    "EW:WK1-3,20,K32:B5,K28\n"                           "W:WK1,K2,K3,20,K32:B5,K28\n"
    "EW:W22,21,13,14,18,17,16,K19,20:B\n"                "W:W13,14,16-18,K19,20-22:B\n"
    "EW\n"                                              "W:W:B\n"
    "EW:B1\n"                                           "W:W:B1\n"
    "RB:W:B\n"                                          "B:W:B\n"
    "RB:WKh8,a1:BKb2,Kg1\n"                              "B:Wa1,Kh8:BKb2,Kg1\n"
    "R[FEN \"W:Bh6,Kc1:We1,a3:H0:F1\"]\n"                "W:We1,a3:Bh6,Kc1\n";

static void test_fens_read_to_their_canonical_text(void)
{
    for (const char *p = canonical_fens; pgm_read_byte(p);) {
        const struct bd_rules *rules = rules_for(pgm_read_byte(p++) == 'E');
        bd_position pos, back;
        /* The newline is part of the text read: a blank at the end. */
        uint16_t n = load_line_P(p);
        uint8_t ok = CHECK_EQ(pdn_read_fen(text, (uint16_t)(n + 1u), rules, &pos), PDN_OK);
        p += n + 1u;
        n = load_line_P(p);
        ok = ok && CHECK_EQ(pdn_read_fen(text, n, rules, &back), PDN_OK) &&
             CHECK(pos_equal(&pos, &back));
        text[n] = 0;
        ok = ok && CHECK_EQ(pdn_write_fen(&pos, rules, text, sizeof text), n) &&
             CHECK(text_is_P(p));
        if (!ok)
            note_at((uint32_t)(p - canonical_fens));
        p += n + 1u;
    }
}

/*
 * Malformed FENs, one per line: the expected code as a letter ('a' - code),
 * E or R for the variant, then the text (one or two of each kind here, the
 * full list in tests/checkers/test_pdn_fen.c).  Lines hold NUL and 0xFF bytes;
 * the table's size, not a NUL, ends it.
 */
static const char bad_fens[] PROGMEM =
    "bE \t \r\n" "dE:W21:B1\n" "dE\xff\n" "dE\0B:W1\n"
    "eEB:W33\n" "eEB:W01\n" "eEB:W0000000000001\n" "eEB:W99999999999999999999\n"
    "fEB:W12-9\n" "gEB:W21:B21\n" "hEB:W1\n" "iEB:BK1-13\n"
    "cEB:W21-32:B1-12:W\n" "cEB:W21,:B1\n" "cEB:W21-32:B1-12:H\n" "cE[FEN \"B:W21\"\n"
    "cEB:W21-32\0\n" "cEB:W22\xb2\n" "cEB:W21-K23\n"
    "eRW:Wa2\n" "eRW:Wa11\n" "cRW:W1\n" "cRW:Wa1-c1\n" "hRW:Ba1\n"
    "iRW:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4\n";

static void test_malformed_fens_are_rejected_and_leave_the_position_untouched(void)
{
    check_malformed_fens(bad_fens, sizeof bad_fens);
}

static void check_every_truncation_fails(const char *fen_P, uint8_t english)
{
    uint16_t length = load_P(fen_P);
    bd_position pos;
    for (uint16_t n = 0; n < length; n++) {
        fill_sentinel(&pos);
        int8_t status = pdn_read_fen(text, n, rules_for(english), &pos);
        if (!CHECK(status < 0 && is_sentinel(&pos)))
            note_at(n);
    }
    CHECK_EQ(pdn_read_fen(text, length, rules_for(english), &pos), PDN_OK);
}

static void test_every_truncation_of_a_wrapped_fen_is_an_error(void)
{
    check_every_truncation_fails(PSTR("[FEN \"W:W18,K31,21-24:BK1,5-7:H0:F1\"]"), 1);
    check_every_truncation_fails(PSTR("[FEN \"B:Wa1,Kh8:BKg1,b2\"]"), 0);
}

int main(void)
{
    check_begin(PSTR("pdn"));
    RUN_TEST(test_squares_convert_both_ways_in_both_notations_for_all_32);
    RUN_TEST(test_start_positions_read_and_write_exactly_as_published);
    RUN_TEST(test_fens_read_to_their_canonical_text);
    RUN_TEST(test_malformed_fens_are_rejected_and_leave_the_position_untouched);
    RUN_TEST(test_every_truncation_of_a_wrapped_fen_is_an_error);
    return check_end();
}
