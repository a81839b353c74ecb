/* SPDX-License-Identifier: MIT */
#include "commands.h"

#include <avr/interrupt.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <string.h>

#include "bits/progmem.h"
#include "flash_gap.h"
#include "board.h"
#include "clock.h"
#include "console.h"
#include "engine.h"
#include "demo_features.h"
#include "checkers/pdn.h"
#include "engine/search.h"
#include "record.h"
#include "serial.h"
#include "session.h"
#include "stack_paint.h"

#define PERFT_MAX_DEPTH 8u
#define DECIMAL 10u
#define MOVES_PER_LINE 10u
#define MS_PER_SECOND 1000u
#define HZ_PER_MHZ 1000000UL

/* Parses a decimal number of at most five digits; 0 when there is none
 * (callers reject 0 as a value anyway).  In 16 bits: a value that would
 * pass UINT16_MAX is none too. */
static uint16_t parse_number(const char *text)
{
    uint16_t value = 0;
    for (uint8_t digits = 0; *text; text++, digits++) {
        uint8_t digit = (uint8_t)(*text - '0');
        if (digit >= DECIMAL || digits == 5u || value > UINT16_MAX / DECIMAL ||
            (value == UINT16_MAX / DECIMAL && digit > UINT16_MAX % DECIMAL))
            return 0;
        value = (uint16_t)(value * DECIMAL + digit);
    }
    return value;
}

/* Text that several replies share. */
static const char open_paren_P[] PROGMEM = " (";
static const char ms_close_P[] PROGMEM = " ms)\n";

static uint8_t refuse_if_over(void)
{
    if (session_status() == GAME_ONGOING)
        return 0;
    session_error_P(PSTR("game over (new, fen or undo)"));
    return 1;
}

/* A command's handler: the argument, blanks trimmed (empty for none), and
 * its length.  Those that take none get none (commands_run). */
typedef void command_handler(char *arg, uint8_t length);
#define NO_ARGUMENT char *arg __attribute__((unused)), uint8_t length __attribute__((unused))

/* help's text names the commands built (demo_features.h), then those left out. */
#if DEMO_HAS_FEN_WRITER && DEMO_HAS_FEN_READER
#  define HELP_FEN "fen [FEN]  "
#  define HELP_NO_FEN ""
#elif DEMO_HAS_FEN_READER
#  define HELP_FEN "fen FEN  "
#  define HELP_NO_FEN " fen (alone)"
#elif DEMO_HAS_FEN_WRITER
#  define HELP_FEN "fen  "
#  define HELP_NO_FEN " fen FEN"
#else
#  define HELP_FEN ""
#  define HELP_NO_FEN " fen"
#endif
#if DEMO_HAS_PERFT
#  define HELP_PERFT "   perft 1-8"
#  define HELP_NO_PERFT ""
#else
#  define HELP_PERFT ""
#  define HELP_NO_PERFT " perft"
#endif
#if DEMO_HAS_BENCH
#  define HELP_BENCH "   bench"
#  define HELP_NO_BENCH ""
#else
#  define HELP_BENCH ""
#  define HELP_NO_BENCH " bench"
#endif
#if DEMO_HAS_RAM_REPORT
#  define HELP_RAM "   ram"
#  define HELP_NO_RAM ""
#else
#  define HELP_RAM ""
#  define HELP_NO_RAM " ram"
#endif
#if DEMO_HAS_PERFT && DEMO_HAS_BENCH
#  define HELP_STOPS ", perft or bench,"
#elif DEMO_HAS_PERFT
#  define HELP_STOPS " or perft,"
#elif DEMO_HAS_BENCH
#  define HELP_STOPS " or bench,"
#else
#  define HELP_STOPS ","
#endif
#if !DEMO_HAS_FEN_WRITER || !DEMO_HAS_FEN_READER || !DEMO_HAS_PERFT || !DEMO_HAS_BENCH ||           \
    !DEMO_HAS_RAM_REPORT
#  define HELP_ABSENT "not in this build:" HELP_NO_FEN HELP_NO_PERFT HELP_NO_BENCH HELP_NO_RAM "\n"
#else
#  define HELP_ABSENT ""
#endif

/* The short help: the commands and their arguments, nothing of how they
 * behave. */
#define HELP_SHORT                                                                          \
    "new [russian|english]  " HELP_FEN "board  moves  undo  quit\n"                          \
    "MOVE (c3-d4 c3:e5 | 11-15 22x15)  go  auto\n"                                           \
    "engine [white|black|both|off]  level [depth 1-20|time 1-60000]" HELP_PERFT HELP_BENCH   \
    HELP_RAM                                                                                \
    "\n" HELP_ABSENT

static SESSION_OWN_FRAME void cmd_help(NO_ARGUMENT)
{
    if (!DEMO_HAS_FULL_HELP) {
        serial_puts_P(PSTR(HELP_SHORT));
        return;
    }
    serial_puts_P(PSTR(
        "new [russian|english]  " HELP_FEN "board  moves  undo  quit\n"
        "MOVE  e.g. c3-d4 c3:e5 (russian), 11-15 22x15 (english)\n"
        "go  engine moves     auto  engine plays on; a key stops it\n"
        "engine [white|black|both|off]  sides it answers by itself\n"
        "level [depth 1-20|time 1-60000]" HELP_PERFT HELP_BENCH HELP_RAM "\n"
        "Saved in EEPROM after each move.  A key stops go (it plays the best\n"
        "move so far)" HELP_STOPS " and starts the next line.\n" HELP_ABSENT));
}

/* The variants' names, in enum bd_variant order, for bd_pgm_word_index(). */
static const char variant_words[] PROGMEM = "russian\0english\0";

static SESSION_OWN_FRAME void cmd_new(char *arg, uint8_t length __attribute__((unused)))
{
    const struct bd_rules *variant_rules = session_game.rules;
    uint8_t variant = bd_pgm_word_index(variant_words, arg);
    if (variant < BD_VARIANT_COUNT) {
        variant_rules = bd_rules_of(variant);
    } else if (*arg) {
        session_error_P(PSTR("new [russian|english]"));
        return;
    }
    bd_position pos;
    pos_initial(&pos, variant_rules);
    record_begin(variant_rules, &pos);
    serial_puts_P(PSTR("new game: "));
    session_put_variant();
    serial_putc('\n');
    session_show_position();
}

static SESSION_OWN_FRAME void cmd_fen(char *arg, uint8_t length)
{
    if (!*arg) {
        if (DEMO_HAS_FEN_WRITER)
            session_put_fen();
        else
            session_error_P(PSTR("not in this build: fen (alone)"));
        return;
    }
    if (!DEMO_HAS_FEN_READER) {
        session_error_P(PSTR("not in this build: fen FEN"));
        return;
    }
    bd_position pos;
    int8_t status = pdn_read_fen(arg, length, session_game.rules, &pos);
    if (status != PDN_OK) {
        session_error2_P(PSTR("bad FEN: "), pdn_error_text(status));
        return;
    }
    record_begin(session_game.rules, &pos);
    session_show_position();
    session_report_status();
}

static void cmd_board(NO_ARGUMENT)
{
    session_show_position();
}

static SESSION_OWN_FRAME void cmd_moves(NO_ARGUMENT)
{
    bd_move *end = session_legal_moves();
    if (!end)
        return;
    const bd_move *first = session_scratch.moves;
    serial_put_u32((uint32_t)(end - first));
    serial_puts_P(PSTR(" legal move"));
    if (end - first != 1)
        serial_putc('s');
    uint8_t column = 0;
    for (const bd_move *m = first; m < end; m++) {
        serial_puts_P(column == 0 ? PSTR(":\n  ") : PSTR(" "));
        session_put_move(m, first, end);
        if (++column == MOVES_PER_LINE)
            column = 0;
    }
    serial_putc('\n');
}

static SESSION_OWN_FRAME void cmd_move(const char *line, uint8_t length)
{
    /* The moves overwrite the line: the text goes past their end, or into
     * this frame (SESSION_MOVE_TEXT_ON_STACK). */
    char own_text[SESSION_MOVE_TEXT_ON_STACK ? PDN_MOVE_MAX : 1u];
    char *text = SESSION_MOVE_TEXT_ON_STACK ? own_text : SESSION_MOVE_TEXT;
    if (length >= PDN_MOVE_MAX) {
        /* Longer than any move: a syntax error, not a cut that could read. */
        line = "!";
        length = 1;
    }
    memcpy(text, line, length);
    text[length] = '\0';
    if (refuse_if_over())
        return;
    bd_move *end = session_legal_moves();
    if (!end)
        return;
    bd_move m;
    int8_t status = pdn_read_move_among(text, length, &session_game.pos, session_game.rules,
                                        session_scratch.moves, end, &m);
    if (status != PDN_OK) {
        session_error2_P(pdn_error_text(status), PSTR(" (moves lists them)"));
        return;
    }
    session_put_move_number();
    session_put_move(&m, session_scratch.moves, end);
    serial_putc('\n');
    record_play(session_find_move(&m, end));
    session_show_position();
    session_report_status();
}

/* Out of line, as measured: inlined, engine_move() grows by more. */
static __attribute__((noinline)) void put_score(int16_t score)
{
    if (score >= SEARCH_MATE_BOUND || score <= -SEARCH_MATE_BOUND) {
        session_put_labelled(score > 0 ? PSTR("win in ") : PSTR("loss in "),
                             (uint32_t)(SEARCH_MATE - (score > 0 ? score : -score)));
        serial_puts_P(PSTR(" plies"));
        return;
    }
    serial_putc(score < 0 ? '-' : '+');
    serial_put_u32((uint32_t)(score < 0 ? -score : score));
}

/* The engine plays one move; returns its engine_outcome. */
static uint8_t engine_move(uint8_t watch_keys)
{
    struct search_result result;
    uint32_t ms;
    uint8_t outcome = engine_think(&session_game, &session_scratch.search, watch_keys, &result,
                                   &ms);
    if (outcome == ENGINE_NO_ROOM)
        session_error_P(session_too_many_moves_P);
    if (outcome != ENGINE_MOVED)
        return outcome;
    /* The workspace is gone now: list the moves again to name and record it. */
    bd_move *end = session_legal_moves();
    if (!end)
        return ENGINE_NO_MOVE;
    const bd_move *m = session_find_move(&result.best, end);
    if (!m) {
        session_error_P(PSTR("engine move not legal"));
        return ENGINE_NO_MOVE;
    }
    session_put_move_number();
    session_put_move(m, session_scratch.moves, end);
    if (DEMO_HAS_SEARCH_INFO) {
        session_put_labelled(PSTR("  (depth "), result.depth);
        serial_puts_P(PSTR(", score "));
        put_score(result.score);
        session_put_labelled(PSTR(", nodes "), result.nodes);
        session_put_labelled(PSTR(", "), ms);
        serial_puts_P(ms_close_P);
    } else {
        serial_putc('\n');
    }
    record_play(m);
    session_show_position();
    return ENGINE_MOVED;
}

static void cmd_go(NO_ARGUMENT)
{
    if (refuse_if_over())
        return;
    engine_move(0);
    session_report_status();
}

/* The engine moves while one of sides (ENGINE_SIDE bits) is to move and
 * the game goes on.  Playing both, it watches the keys, and a key stops it
 * (consumed, as by auto); playing one side, it answers one move and keys
 * typed meanwhile wait as the next line, as during go. */
static void play_on(uint8_t sides)
{
    uint8_t watch_keys = sides == ENGINE_BOTH_SIDES;
    while ((sides & ENGINE_SIDE(session_game.pos.side)) && session_status() == GAME_ONGOING) {
        uint8_t outcome =
            watch_keys && console_key_pressed() ? ENGINE_INTERRUPTED : engine_move(watch_keys);
        if (outcome == ENGINE_INTERRUPTED) {
            serial_puts_P(PSTR("engine stopped\n"));
            return;
        }
        session_report_status();
        /* No move played (and said why) ends it too: it would not play
         * the next time either. */
        if (outcome != ENGINE_MOVED)
            return;
        /* Playing both sides, each move is a step of its own. */
        if (watch_keys)
            record_save();
    }
}

static void cmd_auto(NO_ARGUMENT)
{
    if (refuse_if_over())
        return;
    serial_puts_P(PSTR("a key stops auto\n"));
    play_on(ENGINE_BOTH_SIDES);
}

/* Word lists for bd_pgm_word_index(): "off" is no side, "white" and
 * "black" are ENGINE_SIDE of their colour, "both" both. */
static const char side_words[] IN_FLASH_GAP = "off\0white\0black\0both\0";

static SESSION_OWN_FRAME void cmd_engine(char *arg, uint8_t length __attribute__((unused)))
{
    if (*arg) {
        uint8_t sides = bd_pgm_word_index(side_words, arg);
        if (sides > ENGINE_BOTH_SIDES) {
            session_error_P(PSTR("engine white|black|both|off"));
            return;
        }
        engine_set_sides(sides);
    }
    serial_puts_P(PSTR("engine "));
    serial_puts_P(bd_pgm_nth_string(side_words, engine_sides()));
    serial_putc('\n');
}

/* The kinds of level, in that order, for bd_pgm_word_index(). */
enum { LEVEL_DEPTH, LEVEL_TIME, LEVEL_KINDS };
static const char level_words[] PROGMEM = "depth\0time\0";

static SESSION_OWN_FRAME void cmd_level(char *arg, uint8_t length __attribute__((unused)))
{
    if (!*arg) {
        engine_print_level();
        return;
    }
    char *value = strchr(arg, ' ');
    if (value)
        *value++ = '\0';
    uint16_t n = value ? parse_number(value) : 0u;
    uint8_t kind = bd_pgm_word_index(level_words, arg);
    if (kind == LEVEL_DEPTH && n >= 1u && n <= SEARCH_MAX_DEPTH)
        engine_set_depth((uint8_t)n);
    else if (kind == LEVEL_TIME && n >= 1u && n <= ENGINE_TIME_MAX_MS)
        engine_set_time(n);
    else {
        session_error_P(PSTR("level depth 1-20 or time 1-60000"));
        return;
    }
    engine_print_level();
}

static SESSION_OWN_FRAME void cmd_undo(NO_ARGUMENT)
{
    /* Back to a side the engine does not play: your move and its answer
     * (it would only answer again). */
    uint8_t sides = engine_sides();
    uint8_t undone = 0;
    while (record_undo()) {
        undone = 1;
        if (sides == ENGINE_BOTH_SIDES || !(sides & ENGINE_SIDE(session_game.pos.side)))
            break;
    }
    if (!undone) {
        session_error_P(PSTR("nothing to undo"));
        return;
    }
    session_show_position();
}

/* The leaves of the move tree below pos, counted by listing the moves
 * (lib/checkers/perft.c's perft() counts the last ply without listing, through
 * mg_count(): 1.6 KB of flash that this firmware cannot spare).  Each ply's
 * list goes on the move stack above its parent's; a child whose list does
 * not fit there gets its parent's room instead (the parent lists its moves
 * again afterwards), and so on up to the root's, so a count fails only
 * when a single list is longer than the whole stack.  Feeds the watchdog
 * at every inner node.  PERFT_TOO_MANY when the count passes 32 bits,
 * PERFT_NO_ROOM when the moves do not fit from stack on. */
#define PERFT_NO_ROOM UINT32_MAX
#define PERFT_TOO_MANY (UINT32_MAX - 1u)
#define PERFT_STOPPED (UINT32_MAX - 2u)     /* a key arrived */
static uint32_t perft_count(const bd_position *pos, uint8_t depth, bd_move *stack)
{
    if (engine_key_waiting())
        return PERFT_STOPPED;
    bd_move *end = mg_generate(pos, session_game.rules, stack, SESSION_STACK_END);
    if (!end)
        return PERFT_NO_ROOM;
    if (depth == 1u)
        return (uint32_t)(end - stack);
    wdt_reset();
    uint32_t total = 0;
    for (const bd_move *m = stack; m < end; m++) {
        bd_position child = *pos;
        mg_make(&child, m);
        uint32_t count = perft_count(&child, (uint8_t)(depth - 1u), end);
        if (count == PERFT_NO_ROOM) {
            count = perft_count(&child, (uint8_t)(depth - 1u), stack);
            mg_generate(pos, session_game.rules, stack, SESSION_STACK_END);
        }
        if (count >= PERFT_STOPPED)
            return count;
        total += count;
        if (total < count || total >= PERFT_STOPPED)
            return PERFT_TOO_MANY;
    }
    return total;
}

static SESSION_OWN_FRAME void cmd_perft(char *arg, uint8_t length __attribute__((unused)))
{
    uint16_t depth = parse_number(arg);
    if (depth < 1u || depth > PERFT_MAX_DEPTH) {
        session_error_P(PSTR("perft N: N is 1 to 8"));
        return;
    }
    uint32_t start_ms = clock_ms();
    board_led_on();
    uint32_t leaves = perft_count(&session_game.pos, (uint8_t)depth, session_scratch.moves);
    board_led_off();
    uint32_t ms = clock_ms() - start_ms;
    if (leaves == PERFT_NO_ROOM) {
        session_error_P(session_too_many_moves_P);
        return;
    }
    session_put_labelled(PSTR("perft "), depth);
    serial_putc(' ');
    if (leaves == PERFT_STOPPED)
        serial_puts_P(PSTR("stopped"));
    else if (leaves == PERFT_TOO_MANY)
        serial_puts_P(PSTR("over 4294967293"));
    else
        serial_put_u32(leaves);
    session_put_labelled(open_paren_P, ms);
    serial_puts_P(ms_close_P);
}

static SESSION_OWN_FRAME void cmd_bench(NO_ARGUMENT)
{
    session_put_labelled(PSTR("bench: depth "), SEARCH_BENCH_DEPTH);
    serial_puts_P(PSTR("...\n"));
    /* The bench is a fixed, finite computation with no stop callback to feed
     * the watchdog, and it runs longer than the watchdog's longest timeout
     * (8 s): the watchdog is off during it. */
    wdt_disable();
    board_led_on();
    clock_cycles_start();
    /* The bench overwrites the game it is given: lend it ours, then
     * rebuild ours from the record. */
    const struct bd_rules *variant_rules = session_game.rules;
    uint32_t nodes = engine_bench(&session_scratch.search, &session_game);
    uint32_t cycles = clock_cycles_stop();
    board_led_off();
    wdt_enable(WDTO_2S);
    record_restore(variant_rules);
    if (!nodes) {
        serial_puts_P(PSTR("bench stopped\n"));
        return;
    }
    session_put_labelled(PSTR("bench nodes "), nodes);
    session_put_labelled(PSTR(" cycles "), cycles);
    session_put_labelled(open_paren_P, cycles / (F_CPU / MS_PER_SECOND));
    session_put_labelled(PSTR(" ms at "), F_CPU / HZ_PER_MHZ);
    serial_puts_P(PSTR(" MHz)\n"));
}

/* The RAM as the stack's paint shows it since the last reset
 * (firmware/common/stack_paint.h): what a board has left for a deeper
 * search, measured on the board. */
static void cmd_ram(NO_ARGUMENT)
{
    uint16_t never_used = stack_paint_never_used();
    session_put_labelled(PSTR("RAM: static "), stack_paint_static());
    session_put_labelled(PSTR(", deepest stack "),
                         RAMEND + 1u - RAMSTART - stack_paint_static() - never_used);
    session_put_labelled(PSTR(", never used "), never_used);
    serial_puts_P(PSTR(" bytes\n"));
}

/* Ends the session.  SLEEP with interrupts off: the simulator runner ends
 * the run there with status 0 ("cli; sleep", halted on purpose); a board
 * sleeps (idle: the last bytes still go out) until the watchdog resets it
 * within 2 s, and starts again on the saved game. */
static void cmd_quit(NO_ARGUMENT)
{
    serial_puts_P(PSTR("bye\n"));
    sleep_enable();
    cli();
    for (;;)
        sleep_cpu();
}

/* Spins with interrupts off and the watchdog unfed: the watchdog resets the
 * board (a test of that path). */
static void cmd_hang(NO_ARGUMENT)
{
    serial_puts_P(PSTR("hanging\n"));
    cli();
    for (;;) {
    }
}

/* The command words and their handlers, in the same order: those that
 * take an argument first. */
#define CMD_TAKING_ARGUMENT 5u
#define CMD_NONE 15u
static const char command_words[] PROGMEM =
    "new\0fen\0level\0perft\0engine\0help\0board\0moves\0go\0auto\0undo\0bench\0ram\0quit\0hang\0";
/* A command left out of this build (demo_features.h) keeps its word, with no
 * handler: commands_run() says so. */
#define IF_BUILT(built, handler) ((built) ? (handler) : (command_handler *)0)
static command_handler *const command_handlers[CMD_NONE] PROGMEM = {
    cmd_new, IF_BUILT(DEMO_HAS_FEN_WRITER || DEMO_HAS_FEN_READER, cmd_fen), cmd_level,
    IF_BUILT(DEMO_HAS_PERFT, cmd_perft), cmd_engine,
    cmd_help, cmd_board, cmd_moves, cmd_go, cmd_auto, cmd_undo, IF_BUILT(DEMO_HAS_BENCH, cmd_bench),
    IF_BUILT(DEMO_HAS_RAM_REPORT, cmd_ram), cmd_quit, cmd_hang
};

/* True when text reads like the start of a move: a digit (English) or a
 * file letter and a digit (Russian). */
static uint8_t looks_like_move(const char *text)
{
    if (text[0] >= '0' && text[0] <= '9')
        return 1;
    return text[0] >= 'a' && text[0] <= 'h' && text[1] >= '0' && text[1] <= '9';
}

void commands_run(char *line, uint8_t length)
{
    /* Trim blanks at both ends. */
    while (length && line[length - 1u] == ' ')
        line[--length] = '\0';
    while (*line == ' ') {
        line++;
        length--;
    }
    if (!length)
        return;
    char *arg = strchr(line, ' ');
    uint8_t word_length = arg ? (uint8_t)(arg - line) : length;
    if (arg) {
        *arg++ = '\0';
        while (*arg == ' ')
            arg++;
    } else {
        arg = line + length;
    }
    uint8_t arg_length = (uint8_t)(length - (uint8_t)(arg - line));

    uint8_t index = bd_pgm_word_index(command_words, line);
    if (index < CMD_NONE) {
        if (index < CMD_TAKING_ARGUMENT || !*arg) {
            command_handler *handler = (command_handler *)pgm_read_ptr(&command_handlers[index]);
            if (DEMO_ANY_LEFT_OUT && !handler) {
                serial_puts_P(PSTR("error: not in this build: "));
                serial_puts(line);
                serial_putc('\n');
                return;
            }
            handler(arg, arg_length);
            goto answer;
        }
    } else if (looks_like_move(line)) {
        if (arg != line + length)   /* put back the blank the split removed */
            line[word_length] = ' ';
        cmd_move(line, length);
        goto answer;
    }
    session_error_P(PSTR("unknown command (help lists them)"));
    return;
answer:
    /* The engine's answer, and the command and it saved as one step. */
    play_on(engine_sides());
    record_save();
}
