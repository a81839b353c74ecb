/* SPDX-License-Identifier: MIT */
/*
 * test_hub_session.c - lib/engine/hub_session.h, the Hub session that the
 * game firmware's Hub mode and `checkers hub` share, run on scripted input
 * on the host and the simulated ATmega328P (a search workspace and a game:
 * too much for the ATtiny85).  Each script is what a GUI sends, all of it
 * there at once (a GUI that types ahead), and the session's exact answer:
 * a '*' at the end of an expected line stands for the rest of that line
 * (a score, a node count, a time), and info lines are skipped where the
 * expected text has none (a search reports its iterations before it reads
 * what has come in).  The clock is the test's: a millisecond each time the
 * session reads it.
 */
#include "check.h"
#include "engine/hub_session.h"
#include "serial.h"

#define START "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"

/* ------------------------------------------------- the session's I/O -- */

static const char *input_P;
static const char *expected_P;
static uint32_t written;            /* bytes the session wrote */
static uint8_t differs;             /* the output left the expected text */
static uint8_t line_start;          /* of the output line: how much of "info " */
static uint8_t skipping;            /* an info line the expected text has not */
static uint32_t now_ms;

static struct bd_game game;
static union {
    struct search_workspace search;
    bd_move moves[MG_MAX_MOVES];
} scratch;
static char word[HUB_WORD_MAX + 1u];

int16_t hub_io_read(void)
{
    char c = (char)pgm_read_byte(input_P);
    if (!c)
        return HUB_IO_END;
    input_P++;
    return (uint8_t)c;
}

int16_t hub_io_poll(void)
{
    return hub_io_read();
}

void hub_io_wait(void)
{
    now_ms += 100u;
}

static const char info_P[] PROGMEM = "info ";

/* A byte of the output against the expected text. */
static void match(char c)
{
    char want = (char)pgm_read_byte(expected_P);
    if (differs)
        return;
    if (want == '*' && c != '\n')
        return;
    if (want == '*')
        want = (char)pgm_read_byte(++expected_P);
    if (c == want) {
        expected_P++;
        return;
    }
    differs = 1;
    check_print_P(PSTR("    output byte "));
    check_print_u32(written);
    check_print_P(PSTR(" is "));
    check_print_u32((uint8_t)c);
    check_print_P(PSTR(" ('"));
    serial_putc(c < ' ' ? '?' : c);
    check_print_P(PSTR("'), where the rest should be:\n"));
    check_print_P(expected_P);
}

/* Each byte written is matched as it comes, but for the start of a line,
 * held until it is sure not to be an info line to skip. */
void hub_io_putc(char c)
{
    written++;
    if (skipping) {
        skipping = c != '\n';
        return;
    }
    if (line_start < 5u && pgm_read_byte(expected_P) != 'i' &&
        c == (char)pgm_read_byte(info_P + line_start)) {
        skipping = ++line_start == 5u;
        line_start = skipping ? 0 : line_start;
        return;
    }
    for (uint8_t i = 0; i < line_start && line_start < 5u; i++)
        match((char)pgm_read_byte(info_P + i));
    line_start = c == '\n' ? 0 : 5u;
    match(c);
}

void hub_io_put(const char *text)
{
    while (*text)
        hub_io_putc(*text++);
}

void hub_io_put_P(const char *text_P)
{
    char c;
    while ((c = (char)pgm_read_byte(text_P++)))
        hub_io_putc(c);
}

void hub_io_put_u32(uint32_t value)
{
    char digits[10];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value);
    while (n)
        hub_io_putc(digits[--n]);
}

uint32_t hub_io_ms(void)
{
    return now_ms++;
}

struct bd_game *hub_io_game(void)
{
    return &game;
}

bd_move *hub_io_moves(bd_move **end)
{
    *end = scratch.moves + MG_MAX_MOVES;
    return scratch.moves;
}

char *hub_io_word(void)
{
    return word;
}

uint8_t hub_io_search(struct search_limits *limits, struct search_result *result)
{
    return search_run(&game, limits, &scratch.search, result);
}

/* Runs a session on input_P (which `hub` opens when greet is set): its
 * output must be expected_P, all of it. */
static void run_P(const char *in_P, const char *out_P, uint8_t greet)
{
    struct hub_session session;
    input_P = in_P;
    expected_P = out_P;
    written = 0;
    differs = 0;
    line_start = 0;
    skipping = 0;
    now_ms = 0;
    hub_session_run(&session, &bd_rules_russian, greet);
    CHECK(!differs);
    if (!CHECK_EQ(pgm_read_byte(expected_P), 0)) {
        check_print_P(PSTR("    missing:\n"));
        check_print_P(expected_P);
    }
}

/* ----------------------------------------------------------------- tests -- */

static void test_hub_init_ping_and_quit_answer_as_the_protocol_says(void)
{
    run_P(PSTR("init\nping\r\n\n  \t\nnew-game\nstop\nponder-hit\nquit\nping\n"),
          PSTR("id name=bitdraughts version=1.0 author=\"the bitdraughts authors\"\n"
               "param name=variant value=russian type=enum values=\"russian english\"\n"
               "wait\nready\npong\n"), 1);
    run_P(PSTR("ping"), PSTR("pong\n"), 0);         /* a last line without its end */
    run_P(PSTR("set-param name=variant value=english\nhub\n"),
          PSTR("id name=bitdraughts version=1.0 author=\"the bitdraughts authors\"\n"
               "param name=variant value=english type=enum values=\"russian english\"\n"
               "wait\n"), 0);
}

static void test_a_malformed_line_is_refused_whole(void)
{
    run_P(PSTR("pos pos=\"" START "\ngo\n"
               "level time=\"5\"inc=1\n"
               "level =5\n"
               "level time=5\"\n"
               "\"ping\n"
               "ping \"x\n"
               "ping a=\"b c\" d\n"),
          PSTR("error message=\"malformed line\"\n"
               "error message=\"no position (the last pos failed)\"\n"
               "error message=\"malformed line\"\n"
               "error message=\"malformed line\"\n"
               "error message=\"malformed line\"\n"
               "error message=\"malformed line\"\n"
               "error message=\"malformed line\"\n"
               "pong\n"), 0);
    /* A move list left open: the moves read are played, and the position
     * is dropped all the same. */
    run_P(PSTR("pos pos=" START " moves=\"10-14 23-19\ngo\n"),
          PSTR("error message=\"malformed line\"\n"
               "error message=\"no position (the last pos failed)\"\n"), 0);
}

static void test_positions_with_too_many_pieces_are_refused(void)
{
    run_P(PSTR("pos pos=Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww\ngo\n"
               "pos pos=WeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee\ngo\n"),
          PSTR("error message=\"more than 12 pieces of a colour: Wbbbbbbbbbbbbeeebbbbbbbeewwwwwwww\"\n"
               "error message=\"no position (the last pos failed)\"\n"
               "error message=\"more than 12 pieces of a colour: WeeeeeeeeWWWWWWWWWWWWWWWWeeeBeeee\"\n"
               "error message=\"no position (the last pos failed)\"\n"), 0);
}

static void test_levels_that_mean_nothing_are_refused(void)
{
    run_P(PSTR("level depth=0\nlevel moves=0 time=0\nlevel nodes=0\nlevel depth=x\n"
               "level move-time=1.2.3\nlevel time=-1\nlevel nodes=\nlevel\nlevel moves=4\n"
               "level time=2000001\nlevel depth=1.5\nlevel depth=3 depth=x\n"),
          PSTR("error message=\"bad depth: 0\"\n"
               "error message=\"bad moves: 0\"\n"
               "error message=\"bad nodes: 0\"\n"
               "error message=\"bad depth: x\"\n"
               "error message=\"bad move-time: 1.2.3\"\n"
               "error message=\"bad time: -1\"\n"
               "error message=\"bad nodes: \"\n"
               "error message=\"bad level\"\n"
               "error message=\"bad level\"\n"
               "error message=\"bad time: 2000001\"\n"
               "error message=\"bad depth: 1.5\"\n"), 0);
}

static void test_errors_repeat_the_word_printable_and_cut(void)
{
    run_P(PSTR("fo\xffo\xff bar\nfo\001o bar\n"
               "x123456789012345678901234567890123456789012345678901234567890\n"
               "set-param name=variant value=chess\nset-param name=hash value=64\nset-param\n"
               "go sideways\n"
               "pos pos=" START " moves=\"9-13 9-13\"\n"
               "pos pos=Xbbb\npos moves=\"9-13\"\n"),
          PSTR("error message=\"unknown command: fo?o?\"\n"
               "error message=\"malformed line\"\n"
               "error message=\"unknown command: x123456789012345678901234567890123456789...\"\n"
               "error message=\"unknown variant\"\n"
               "error message=\"unknown parameter\"\n"
               "error message=\"unknown parameter\"\n"
               "error message=\"go think|ponder|analyze: sideways\"\n"
               "error message=\"move 2 of moves: no legal move matches: 9-13\"\n"
               "error message=\"side to move must be W or B: Xbbb\"\n"
               "error message=\"bad pos\"\n"), 0);
}

static void test_go_answers_the_forced_capture_after_the_moves(void)
{
    run_P(PSTR("pos pos=" START " moves=\"10-14 23-19\"\nlevel depth=1\ngo think\n"
               "level nodes=1\ngo\n"),
          PSTR("info depth=1 score=*\n"
               "done move=14x23x19*\n"
               "done move=14x23x19*\n"), 0);
    run_P(PSTR("set-param name=variant value=american\n"
               "pos pos=" START " moves=\"11-15 22-18\"\nlevel depth=2\ngo analyze\n"),
          PSTR("info depth=1 score=*\n"
               "info depth=2 score=*\n"
               "done move=15x22x18*\n"), 0);
    run_P(PSTR("pos pos=BeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWee\ngo\n"),
          PSTR("error message=\"no legal move\"\ndone\n"), 0);
}

/* During a search the lines that have come in are read: ping answered,
 * stop obeyed, the rest kept for after done. */
static void test_lines_during_a_search(void)
{
    run_P(PSTR("pos pos=" START "\nlevel infinite\ngo\nping\n  stop\nping\n"),
          PSTR("pong\n"
               "done move=*\n"
               "pong\n"), 0);
    run_P(PSTR("pos pos=" START "\nlevel infinite\ngo ponder\nquit\nping\n"),
          PSTR("done move=*\n"), 0);
}

int main(void)
{
    check_begin(PSTR("hub session"));
    RUN_TEST(test_hub_init_ping_and_quit_answer_as_the_protocol_says);
    RUN_TEST(test_a_malformed_line_is_refused_whole);
    RUN_TEST(test_positions_with_too_many_pieces_are_refused);
    RUN_TEST(test_levels_that_mean_nothing_are_refused);
    RUN_TEST(test_errors_repeat_the_word_printable_and_cut);
    RUN_TEST(test_go_answers_the_forced_capture_after_the_moves);
    RUN_TEST(test_lines_during_a_search);
    return check_end();
}
