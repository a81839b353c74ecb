/* SPDX-License-Identifier: MIT */
/*
 * test_hub.c - lib/engine/hub.h, the Hub protocol's text, on the host and
 * the simulated ATmega328P (its move reader takes a legal move list, 768
 * bytes, too much for the ATtiny85).  The positions and moves expected are
 * what pydraughts 0.6.7 writes (tests/host/pydraughts_play.py plays whole
 * games against it).
 */
#include "pdn_support.h"
#include "engine/hub.h"
#include "engine/search.h"

static bd_move moves[MG_MAX_MOVES];

static void read_pdn_P(const char *fen_P, const struct bd_rules *rules, bd_position *pos)
{
    uint16_t n = load_P(fen_P);
    CHECK_EQ(pdn_read_fen(text, n, rules, pos), PDN_OK);
}

static void test_square_numbers_round_trip_and_follow_each_variant(void)
{
    for (uint8_t english = 0; english < 2u; english++) {
        const struct bd_rules *rules = rules_for(english);
        for (uint8_t square = 0; square < 32u; square++) {
            uint8_t n = hub_square_number(square, rules);
            CHECK(n >= 1u && n <= 32u);
            CHECK_EQ(hub_number_square(n, rules), square);
            if (english)
                CHECK_EQ(n, pdn_square_number(square));
        }
        CHECK_EQ(hub_number_square(0, rules), BB_NO_SQUARE);
        CHECK_EQ(hub_number_square(33, rules), BB_NO_SQUARE);
    }
    CHECK_EQ(hub_number_square(1, &bd_rules_russian), BB_SQUARE(0, 0));    /* a1 */
    CHECK_EQ(hub_number_square(2, &bd_rules_russian), BB_SQUARE(2, 0));    /* c1 */
    CHECK_EQ(hub_number_square(5, &bd_rules_russian), BB_SQUARE(1, 1));    /* b2 */
    CHECK_EQ(hub_number_square(32, &bd_rules_russian), BB_SQUARE(7, 7));   /* h8 */
    CHECK_EQ(hub_white(&bd_rules_russian), BD_WHITE);
    CHECK_EQ(hub_white(&bd_rules_english), BD_BLACK);
}

/* pos written must be expected_P, and read back must be pos. */
static void check_position_P(const bd_position *pos, const struct bd_rules *rules, const char *expected_P)
{
    bd_position back;
    CHECK_EQ(hub_write_position(pos, rules, text), 33u);
    CHECK(text_is_P(expected_P));
    CHECK_EQ(hub_read_position(text, 33, rules, &back), PDN_OK);
    CHECK(pos_equal(&back, pos));
}

static void test_positions_are_written_and_read_as_pydraughts_does(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_russian);
    check_position_P(&pos, &bd_rules_russian, PSTR("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"));
    pos_initial(&pos, &bd_rules_english);
    check_position_P(&pos, &bd_rules_english, PSTR("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"));
    read_pdn_P(PSTR("W:WKa1:Bd4,f6"), &bd_rules_russian, &pos);
    check_position_P(&pos, &bd_rules_russian, PSTR("WeeeeeeeeeebeeeeeebeeeeeeeeeeWeee"));
    read_pdn_P(PSTR("B:W18,K27:B11,K5"), &bd_rules_english, &pos);
    check_position_P(&pos, &bd_rules_english, PSTR("WeeeeeBeeeeeeeebeeeeeeweeeeeWeeee"));
    read_pdn_P(PSTR("W:WK4,K32:BK29"), &bd_rules_english, &pos);
    check_position_P(&pos, &bd_rules_english, PSTR("BBeeWeeeeeeeeeeeeeeeeeeeeeeeeBeee"));
    read_pdn_P(PSTR("B:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3,b4:Ba7,c7,e7,g7,b8,d8,f8,h8,b6,d6,f6,h6"),
               &bd_rules_russian, &pos);
    check_position_P(&pos, &bd_rules_russian, PSTR("Bbbbbbbbbbbbbeeeeweeeewwwwwwwwwww"));
}

static void test_bad_positions_are_rejected_and_leave_pos_untouched(void)
{
    static const char bad_P[] PROGMEM =
        "dXbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n"
        "d\n"
        "cWbbbbbbbbbbbbeeeeeeeewwwwwwwwwww\n"
        "cWbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwww\n"
        "cWbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx\n"
        "cWbbbbbbbbbbb eeeeeeeewwwwwwwwwwww\n"
        "hWwbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n"      /* a white man on rank 8 */
        "hWbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwb\n"      /* a black man on rank 1 */
        "iWbbbbbbbbbbbbeeebbbbbbbeewwwwwwww\n"      /* 19 black men, as fen refuses */
        "iWeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee\n";     /* 16 white kings */
    const char *p_P = bad_P;
    for (uint8_t i = 0; pgm_read_byte(p_P); i++) {
        int8_t expected = (int8_t)('a' - (char)pgm_read_byte(p_P));
        uint16_t n = load_line_P(p_P + 1);
        bd_position pos;
        fill_sentinel(&pos);
        if (!CHECK_EQ(hub_read_position(text, n, &bd_rules_russian, &pos), expected) ||
            !CHECK(is_sentinel(&pos)))
            note_at(i);
        p_P += n + 2u;
    }
}

/* The legal moves of pos written as Hub moves, blank-separated, into text. */
static void write_all(const bd_position *pos, const struct bd_rules *rules)
{
    bd_move *end = mg_generate(pos, rules, moves, moves + MG_MAX_MOVES);
    uint16_t n = 0;
    for (const bd_move *m = moves; m < end; m++) {
        if (n)
            text[n++] = ' ';
        n = (uint16_t)(n + hub_write_move(m, rules, text + n));
    }
    text[n] = 0;
}

/* True when text holds the same blank-separated words as expected_P, in
 * any order (pydraughts lists moves in its own order). */
static uint8_t same_words_P(const char *expected_P)
{
    uint16_t length = (uint16_t)strlen(text), count = 0, words = 1;
    for (uint16_t i = 0; i < length; i++)
        words = (uint16_t)(words + (text[i] == ' '));
    for (const char *w_P = expected_P; pgm_read_byte(w_P);) {
        char word[HUB_MOVE_MAX];
        uint8_t n = 0;
        while (pgm_read_byte(w_P) && pgm_read_byte(w_P) != ' ')
            word[n++] = (char)pgm_read_byte(w_P++);
        word[n] = 0;
        while (pgm_read_byte(w_P) == ' ')
            w_P++;
        count++;
        const char *at = text;
        uint8_t found = 0;
        while (!found && (at = strstr(at, word)) != 0) {
            found = (at == text || at[-1] == ' ') && (at[n] == ' ' || at[n] == 0);
            at++;
        }
        if (!found)
            return 0;
    }
    return count == words;
}

static void test_moves_are_written_as_pydraughts_lists_them(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_russian);
    write_all(&pos, &bd_rules_russian);
    CHECK(same_words_P(PSTR("9-13 10-13 10-14 11-14 11-15 12-15 12-16")));
    read_pdn_P(PSTR("W:WKa1:Bd4,f6"), &bd_rules_russian, &pos);
    write_all(&pos, &bd_rules_russian);
    CHECK(same_words_P(PSTR("1x28x14x23 1x32x14x23")));
    read_pdn_P(PSTR("B:W18,K27:B11,K5"), &bd_rules_english, &pos);
    write_all(&pos, &bd_rules_english);
    CHECK(same_words_P(PSTR("11-16 11-15 5-9 5-1")));
    read_pdn_P(PSTR("B:W18,21,23-32:B1-10,12,15"), &bd_rules_english, &pos);
    write_all(&pos, &bd_rules_english);
    CHECK(text_is_P(PSTR("15x22x18")));
}

static int8_t read_P(const char *move_P, const bd_position *pos, const struct bd_rules *rules, bd_move *out)
{
    uint16_t n = load_P(move_P);
    bd_move *end = mg_generate(pos, rules, moves, moves + MG_MAX_MOVES);
    return hub_read_move_among(text, n, rules, moves, end, out);
}

static void test_moves_are_read_in_any_capture_order_and_bad_ones_rejected(void)
{
    bd_position pos;
    bd_move m;
    read_pdn_P(PSTR("W:WKa1:Bd4,f6"), &bd_rules_russian, &pos);
    CHECK_EQ(read_P(PSTR("1x28x14x23"), &pos, &bd_rules_russian, &m), PDN_OK);
    CHECK_EQ(mg_move_to(&m), BB_SQUARE(6, 6));                          /* g7 */
    CHECK_EQ(read_P(PSTR("1x28x23x14"), &pos, &bd_rules_russian, &m), PDN_OK);
    CHECK_EQ(mg_move_to(&m), BB_SQUARE(6, 6));
    CHECK_EQ(read_P(PSTR(" 1x32x14x23\r"), &pos, &bd_rules_russian, &m), PDN_OK);
    CHECK_EQ(mg_move_to(&m), BB_SQUARE(7, 7));                          /* h8 */
    CHECK_EQ(read_P(PSTR("1x32"), &pos, &bd_rules_russian, &m), PDN_OK);
    CHECK_EQ(read_P(PSTR("1x32x14"), &pos, &bd_rules_russian, &m), PDN_ERR_ILLEGAL);
    static const char bad_P[] PROGMEM =
        "b\n"  "c-\n"  "c1-\n"  "c1--5\n"  "c1x32-14x23\n"  "c1x32x14x14\n"
        "c123x32\n"  "cx32x14x23\n"  "e0x32\n"  "e33x32\n"  "j1-5\n"  "c1x32 x14\n";
    const char *p_P = bad_P;
    for (uint8_t i = 0; pgm_read_byte(p_P); i++) {
        int8_t expected = (int8_t)('a' - (char)pgm_read_byte(p_P));
        uint16_t n = load_line_P(p_P + 1);
        bd_move *end = mg_generate(&pos, &bd_rules_russian, moves, moves + MG_MAX_MOVES);
        memset(&m, 0x5A, sizeof m);
        if (!CHECK_EQ(hub_read_move_among(text, n, &bd_rules_russian, moves, end, &m), expected) ||
            !CHECK_EQ(m.from, 0x5A))
            note_at(i);
        p_P += n + 2u;
    }
    /* (1-5 above: a quiet move where a capture is due.)  A capture where
     * none is. */
    pos_initial(&pos, &bd_rules_english);
    CHECK_EQ(read_P(PSTR("9x13"), &pos, &bd_rules_english, &m), PDN_ERR_ILLEGAL);
    CHECK_EQ(read_P(PSTR("9-13"), &pos, &bd_rules_english, &m), PDN_OK);
    /* Two captures with the same ends: the ends alone are ambiguous. */
    read_pdn_P(PSTR("W:W30:B25,26,17,18"), &bd_rules_english, &pos);
    CHECK_EQ(read_P(PSTR("30x14"), &pos, &bd_rules_english, &m), PDN_ERR_AMBIGUOUS);
    CHECK_EQ(read_P(PSTR("30x14x25x17"), &pos, &bd_rules_english, &m), PDN_OK);
    CHECK_EQ(read_P(PSTR("30x14x18x26"), &pos, &bd_rules_english, &m), PDN_OK);
}

static void test_every_move_of_random_games_round_trips(void)
{
    uint32_t rng = 0x12345u;
    for (uint8_t english = 0; english < 2u; english++) {
        const struct bd_rules *rules = rules_for(english);
        for (uint8_t game = 0; game < 10u; game++) {
            bd_position pos, back;
            pos_initial(&pos, rules);
            for (uint8_t ply = 0; ply < 80u; ply++) {
                hub_write_position(&pos, rules, text);
                CHECK_EQ(hub_read_position(text, 33, rules, &back), PDN_OK);
                CHECK(pos_equal(&back, &pos));
                bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
                if (end == moves)
                    break;
                for (const bd_move *m = moves; m < end; m++) {
                    bd_move read;
                    uint8_t n = hub_write_move(m, rules, text);
                    if (!CHECK_EQ(hub_read_move_among(text, n, rules, moves, end, &read), PDN_OK) ||
                        !CHECK(mg_move_equal(&read, m)))
                        note_at(ply);
                }
                mg_make(&pos, &moves[check_random32(&rng) % (uint32_t)(end - moves)]);
            }
        }
    }
}

/* text_P read with decimals: the number, or 0xDEAD when it fails. */
static uint32_t number_P(const char *s_P, uint8_t decimals, int8_t expected)
{
    uint32_t value = 0xDEADu;
    uint16_t n = load_P(s_P);
    CHECK_EQ(hub_read_number(text, n, decimals, &value), expected);
    return value;
}

#define seconds_P(s_P, expected) number_P(s_P, 3, expected)

static void test_numbers_seconds_and_scores(void)
{
    CHECK_EQ(seconds_P(PSTR("2"), PDN_OK), 2000u);
    CHECK_EQ(seconds_P(PSTR("0.5"), PDN_OK), 500u);
    CHECK_EQ(seconds_P(PSTR(".25"), PDN_OK), 250u);
    CHECK_EQ(seconds_P(PSTR("12.3456"), PDN_OK), 12345u);
    CHECK_EQ(seconds_P(PSTR("2000000"), PDN_OK), 2000000000u);
    CHECK_EQ(seconds_P(PSTR("2000000.999"), PDN_OK), HUB_NUMBER_LIMIT);
    CHECK_EQ(seconds_P(PSTR(""), PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(seconds_P(PSTR("."), PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(seconds_P(PSTR("1.2.3"), PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(seconds_P(PSTR("-1"), PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(seconds_P(PSTR("2000001"), PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(number_P(PSTR("255"), 0, PDN_OK), 255u);
    CHECK_EQ(number_P(PSTR("007"), 0, PDN_OK), 7u);
    CHECK_EQ(number_P(PSTR("2000000999"), 0, PDN_OK), HUB_NUMBER_LIMIT);
    CHECK_EQ(number_P(PSTR("2000001000"), 0, PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(number_P(PSTR("99999999999"), 0, PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(number_P(PSTR("1.5"), 0, PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(number_P(PSTR("1."), 0, PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(number_P(PSTR(""), 0, PDN_ERR_SYNTAX), 0xDEADu);
    CHECK_EQ(number_P(PSTR("1.25"), 1, PDN_OK), 12u);
    hub_write_seconds(1250, text);
    CHECK(text_is_P(PSTR("1.250")));
    hub_write_seconds(7, text);
    CHECK(text_is_P(PSTR("0.007")));
    hub_write_score(0, text);
    CHECK(text_is_P(PSTR("0.00")));
    hub_write_score(-7, text);
    CHECK(text_is_P(PSTR("-0.07")));
    hub_write_score(1234, text);
    CHECK(text_is_P(PSTR("12.34")));
    CHECK_EQ(hub_write_score(SEARCH_MATE - 1, text), 5u);
    CHECK(text_is_P(PSTR("99.99")));
    hub_write_score(-(SEARCH_MATE - 12), text);
    CHECK(text_is_P(PSTR("-99.88")));
}

int main(void)
{
    check_begin(PSTR("hub"));
    RUN_TEST(test_square_numbers_round_trip_and_follow_each_variant);
    RUN_TEST(test_positions_are_written_and_read_as_pydraughts_does);
    RUN_TEST(test_bad_positions_are_rejected_and_leave_pos_untouched);
    RUN_TEST(test_moves_are_written_as_pydraughts_lists_them);
    RUN_TEST(test_moves_are_read_in_any_capture_order_and_bad_ones_rejected);
    RUN_TEST(test_every_move_of_random_games_round_trips);
    RUN_TEST(test_numbers_seconds_and_scores);
    return check_end();
}
