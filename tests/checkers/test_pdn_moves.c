/* SPDX-License-Identifier: MIT */
/*
 * PDN moves: every legal move of random games written and read back, the
 * published start moves, full paths where two captures share their ends,
 * any valid path of a flying king's capture, and malformed or illegal text.
 * Host and ATmega328P in the simulator (a legal move list is 768 bytes:
 * more than the ATtiny85 has).
 */
#include <string.h>
#include "checkers/pdn.h"
#include "check.h"
#define PDN_SUPPORT_TEXT_SIZE (PDN_MOVE_MAX + 8u)
#include "pdn_support.h"

#define GAMES_PER_VARIANT 12u
#define MAX_PLIES 90u

static void note_P(const char *s_P)
{
    check_print_P(PSTR("    at "));
    check_print_P(s_P);
    check_print_P(PSTR("\n"));
}

static void setup(const char *fen_P, uint8_t english, bd_position *pos)
{
    uint16_t n = load_P(fen_P);
    if (!CHECK_EQ(pdn_read_fen(text, n, rules_for(english), pos), PDN_OK))
        note_P(fen_P);
}

/* Reads text_P as a move of pos; the result code, and *out when PDN_OK
 * (a failed read must leave *out as it was: checked here). */
static int8_t read_P(const char *move_P, const bd_position *pos, uint8_t english, bd_move *out)
{
    bd_move before;
    memset(&before, 0x5A, sizeof before);
    *out = before;
    int8_t status = pdn_read_move(text, load_P(move_P), pos, rules_for(english), out);
    if (status != PDN_OK && !CHECK(memcmp(&before, out, sizeof before) == 0))
        note_P(move_P);
    return status;
}

/* -------------------------------------------------------- round trips -- */

/* Every legal move of pos: written, it reads back as itself; it is written
 * as mg_path()'s full path exactly when another move has the same ends.  Returns 0 on
 * failure or when there is no move, else 1 and a random move in *next (one
 * move list on the stack at a time: the ATmega328P has 2 KB). */
static uint8_t check_moves_of(const bd_position *pos, const struct bd_rules *rules,
                              uint32_t *seed, bd_move *next)
{
    bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(pos, rules, moves, moves + MG_MAX_MOVES);
    if (!CHECK(end != 0) || end == moves)
        return 0;
    *next = moves[check_random32(seed) % (uint8_t)(end - moves)];
    for (const bd_move *m = moves; m != end; m++) {
        uint8_t same_ends = 0;
        for (const bd_move *o = moves; o != end; o++)
            same_ends = (uint8_t)(same_ends + (o->from == m->from && mg_move_to(o) == mg_move_to(m)));
        uint16_t length = pdn_write_move_among(pos, rules, m, moves, end, text, sizeof text);
        uint8_t separators = 0;
        for (uint16_t i = 0; i < length; i++)
            separators = (uint8_t)(separators + (text[i] == '-' || text[i] == 'x' || text[i] == ':'));
        uint8_t path[MG_MAX_PATH];
        uint8_t squares = same_ends == 1u ? 2u : mg_path(pos, rules, m, path);
        bd_move back;
        uint8_t ok = length > 0u && length < PDN_MOVE_MAX && separators + 1u == squares &&
                     pdn_read_move_among(text, length, pos, rules, moves, end, &back) == PDN_OK &&
                     mg_move_equal(&back, m) && back.to == m->to;
        if (!CHECK(ok)) {
            check_print_P(PSTR("    bd_move from, to, captured: "));
            check_print_u32(m->from);
            check_print_P(PSTR(", "));
            check_print_u32(m->to);
            check_print_P(PSTR(", "));
            check_print_u32(m->captured);
            check_print_P(PSTR("\n"));
            return 0;
        }
    }
    return 1;
}

static void test_every_legal_move_of_random_games_reads_back_as_itself(void)
{
    uint32_t seed = 0xC0FFEE11u;
    for (uint8_t english = 0; english < 2u; english++) {
        const struct bd_rules *rules = rules_for(english);
        for (uint8_t game = 0; game < GAMES_PER_VARIANT; game++) {
            bd_position pos;
            pos_initial(&pos, rules);
            bd_move next;
            for (uint8_t ply = 0; ply < MAX_PLIES && check_moves_of(&pos, rules, &seed, &next);
                 ply++)
                mg_make(&pos, &next);
        }
    }
}

/* ------------------------------------------------------ known answers -- */

static const char english_start_moves[] PROGMEM =
    "9-13 9-14 10-14 10-15 11-15 11-16 12-16 ";
static const char russian_start_moves[] PROGMEM =
    "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4 ";

static void test_start_moves_are_written_as_published(void)
{
    for (uint8_t english = 0; english < 2u; english++) {
        const struct bd_rules *rules = rules_for(english);
        const char *expected = english ? english_start_moves : russian_start_moves;
        bd_position pos;
        pos_initial(&pos, rules);
        bd_move moves[MG_MAX_MOVES];
        bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
        CHECK_EQ(end - moves, 7);
        /* Each written move is one of the published seven, each once. */
        uint8_t seen = 0;
        for (const bd_move *m = moves; m != end; m++) {
            uint16_t length = pdn_write_move(&pos, rules, m, text, sizeof text);
            uint8_t index = 0, found = 0;
            for (const char *p = expected; pgm_read_byte(p); index++) {
                uint16_t n = 0;
                while (pgm_read_byte(p + n) != ' ')
                    n++;
                if (n == length) {
                    uint16_t i = 0;
                    while (i < n && text[i] == (char)pgm_read_byte(p + i))
                        i++;
                    if (i == n)
                        found = (uint8_t)(index + 1u);
                }
                p += n + 1u;
            }
            if (CHECK(found != 0))
                seen |= (uint8_t)(1u << (found - 1u));
        }
        CHECK_EQ(seen, 0x7Fu);
    }
}

/* English: a white man on 23 takes 18 and 10 or 19 and 11, ending on 7
 * either way; the short form is ambiguous, the paths are not. */
static const char two_ways_to_7[] PROGMEM = "W:W23:B10,11,18,19";

static void test_captures_sharing_their_ends_are_written_and_read_as_full_paths(void)
{
    bd_position pos;
    setup(two_ways_to_7, 1, &pos);
    bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(&pos, &bd_rules_english, moves, moves + MG_MAX_MOVES);
    if (!CHECK_EQ(end - moves, 2))
        return;
    bd_move m;
    bb32 left = BB_BIT(pdn_number_square(18)) | BB_BIT(pdn_number_square(10));
    CHECK_EQ(read_P(PSTR("23x14x7"), &pos, 1, &m), PDN_OK);
    CHECK_EQ(m.captured, left);
    CHECK_EQ(read_P(PSTR(" 23x16x7\n"), &pos, 1, &m), PDN_OK);
    CHECK_EQ(m.captured, BB_BIT(pdn_number_square(19)) | BB_BIT(pdn_number_square(11)));
    CHECK_EQ(read_P(PSTR("23x7"), &pos, 1, &m), PDN_ERR_AMBIGUOUS);
    CHECK_EQ(read_P(PSTR("23x14"), &pos, 1, &m), PDN_ERR_ILLEGAL);
    CHECK_EQ(read_P(PSTR("23x18x7"), &pos, 1, &m), PDN_ERR_ILLEGAL);
    CHECK_EQ(read_P(PSTR("23x14x7x16"), &pos, 1, &m), PDN_ERR_ILLEGAL);
    CHECK_EQ(read_P(PSTR("23-7"), &pos, 1, &m), PDN_ERR_ILLEGAL);
    CHECK_EQ(read_P(PSTR("23:14:7"), &pos, 1, &m), PDN_ERR_SYNTAX);
    for (const bd_move *o = moves; o != end; o++) {
        pdn_write_move(&pos, &bd_rules_english, o, text, sizeof text);
        CHECK(text_is_P(o->captured == left ? PSTR("23x14x7") : PSTR("23x16x7")));
    }
}

/* Russian: the king on a1 takes b2, lands on c3 or d4, and takes e5 from
 * either: one move to f6 with two paths, both accepted. */
static const char king_two_paths[] PROGMEM = "W:WKa1:Bb2,e5";

static void test_any_valid_path_of_a_flying_king_capture_is_accepted(void)
{
    bd_position pos;
    setup(king_two_paths, 0, &pos);
    bd_move m;
    bb32 both = BB_BIT(pdn_file_rank_square(1, 1)) | BB_BIT(pdn_file_rank_square(4, 4));
    static const char good[] PROGMEM = "a1:f6\0a1:c3:f6\0a1:d4:f6\0a1xd4xf6\0";
    for (const char *p = good; pgm_read_byte(p); p += load_P(p) + 1u) {
        if (!CHECK(read_P(p, &pos, 0, &m) == PDN_OK && m.captured == both &&
                   mg_move_to(&m) == pdn_file_rank_square(5, 5)))
            note_P(p);
    }
    CHECK_EQ(read_P(PSTR("a1:e5:f6"), &pos, 0, &m), PDN_ERR_ILLEGAL);   /* lands on e5 */
    CHECK_EQ(read_P(PSTR("a1:c3:a1"), &pos, 0, &m), PDN_ERR_ILLEGAL);   /* b2 twice */
    CHECK_EQ(read_P(PSTR("a1:d4:e5:f6"), &pos, 0, &m), PDN_ERR_ILLEGAL);
    CHECK_EQ(read_P(PSTR("a1:c3:x6"), &pos, 0, &m), PDN_ERR_SQUARE);
    CHECK_EQ(read_P(PSTR("a1:d4xf6"), &pos, 0, &m), PDN_ERR_SYNTAX);   /* mixed */
    CHECK_EQ(read_P(PSTR("a1-f6"), &pos, 0, &m), PDN_ERR_ILLEGAL);
}

/*
 * Malformed and illegal moves from the start positions, one per line: the
 * code as a letter ('a' - code), E or R, the text.
 */
static const char bad_moves[] PROGMEM =
    "bE\n" "bE  \t\n" "cE11\n" "cE11-\n" "cE-15\n" "cE11--15\n" "cE11-15-19\n"
    "cE11x15:19\n" "cE11:15\n" "eE0-4\n" "eE33-1\n" "eE011-15\n" "eE99999999999-1\n"
    "cE11-15x\n" "cE11 -15\n" "cE11-15!\n" "cE1\0-15\n" "cE\xff\n" "cE11-15\0\n"
    "cE1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1\n" "cEa3-b4\n"
    "jE11-14\n" "jE11x15\n" "jE21-17\n" "jE12-8\n" "jE1-1\n"
    "jRc3:d4\n" "jRc3xd4\n" "jRc3-e5\n" "cRC3-d4\n" "cRc3-d4-e5\n" "eRc2-d3\n"
    "cRc3 d4\n" "jRa1-b2\n" "cR9-13\n" "eRc9-d4\n" "eRc3-d\n";

static void test_malformed_and_illegal_moves_are_rejected_and_leave_out_untouched(void)
{
    bd_position positions[2];
    pos_initial(&positions[0], &bd_rules_russian);
    pos_initial(&positions[1], &bd_rules_english);
    const char *p = bad_moves;
    while (p < bad_moves + sizeof bad_moves - 1u) {
        const char *entry = p;
        int8_t expected;
        uint8_t english;
        uint16_t n = next_corpus_entry(&p, &expected, &english);
        bd_move out, before;
        memset(&before, 0x5A, sizeof before);
        out = before;
        int8_t status = pdn_read_move(text, n, &positions[english], rules_for(english), &out);
        if (!CHECK_EQ(status, expected) || !CHECK(memcmp(&out, &before, sizeof out) == 0)) {
            check_print_P(PSTR("    at offset "));
            check_print_u32((uint32_t)(entry + 2 - bad_moves));
            check_print_P(PSTR("\n"));
        }
    }
    /* The good ones next to them, blanks around allowed. */
    bd_move m;
    CHECK_EQ(read_P(PSTR(" 12-16 "), &positions[1], 1, &m), PDN_OK);
    CHECK_EQ(read_P(PSTR("c3-d4"), &positions[0], 0, &m), PDN_OK);
}

static void test_move_writer_returns_0_and_empty_text_when_capacity_is_short(void)
{
    bd_position pos;
    pos_initial(&pos, &bd_rules_english);
    bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(&pos, &bd_rules_english, moves, moves + MG_MAX_MOVES);
    const bd_move *m = moves;
    while (m != end && !(m->from == pdn_number_square(11) && mg_move_to(m) == pdn_number_square(15)))
        m++;
    if (!CHECK(m != end))
        return;
    for (uint16_t capacity = 0; capacity <= 6u; capacity++) {
        memset(text, 0x55, sizeof text);
        uint16_t length = pdn_write_move_among(&pos, &bd_rules_english, m, moves, end, text, capacity);
        CHECK_EQ(length, capacity == 6u ? 5u : 0u);
        CHECK_EQ(text[0], capacity == 0 ? 0x55 : capacity == 6u ? '1' : 0);
        CHECK_EQ(text[capacity], 0x55);
    }
    CHECK(text_is_P(PSTR("11-15")));
}

int main(void)
{
    check_begin(PSTR("pdn-moves"));
    RUN_TEST(test_start_moves_are_written_as_published);
    RUN_TEST(test_every_legal_move_of_random_games_reads_back_as_itself);
    RUN_TEST(test_captures_sharing_their_ends_are_written_and_read_as_full_paths);
    RUN_TEST(test_any_valid_path_of_a_flying_king_capture_is_accepted);
    RUN_TEST(test_malformed_and_illegal_moves_are_rejected_and_leave_out_untouched);
    RUN_TEST(test_move_writer_returns_0_and_empty_text_when_capacity_is_short);
    return check_end();
}
