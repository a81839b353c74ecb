#include "hub_mode.h"

#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <stdlib.h>                 /* exit */
#include <string.h>

#include "board.h"
#include "clock.h"
#include "engine/hub.h"
#include "engine/search.h"
#include "serial.h"
#include "session.h"

#ifdef DEMO_HUB_MODE

/* The longest word kept: a position (33 letters) or a move of 14 captures;
 * it lives at the end of scratch, past the legal moves (SESSION_MOVE_TEXT).
 * A longer word is read to its end and taken as "!", which nothing accepts. */
#define WORD_MAX (PDN_MOVE_MAX - 1u)
/* What a search keeps of a line that arrives meanwhile: enough for `ping`,
 * `stop` and `quit`; any other line waits, this much of it held here and
 * the rest in the UART, until the search's `done`. */
#define HELD_MAX 8u
#define DEFAULT_MOVE_MS 1000u
/* Moves to go assumed when the clock gives none (sudden death). */
#define SUDDEN_DEATH_MOVES 25u

enum level_kind { LEVEL_TIME, LEVEL_DEPTH };

static struct {
    uint8_t kind;
    uint8_t depth;
    uint8_t has_position;           /* 0 after a pos that failed */
    uint32_t hard_ms;               /* LEVEL_TIME: the search stops then */
    uint32_t soft_ms;               /* LEVEL_TIME: no new iteration once past it */
} hub;

/* The search in progress. */
static struct {
    uint32_t start_ms;
    uint8_t stop;
    uint8_t waiting;                /* a line for after done is held */
} run;

static char held[HELD_MAX + 1u];
static uint8_t held_length, held_next;

/* ------------------------------------------------------------- input -- */

/* The words of a line are read as they arrive: a line has no buffer.  A
 * word is a name, ended by a blank or '=' (a value follows), and a value
 * is read in parts: all of it, or when quoted each blank-separated part of
 * it (the moves of `moves="..."`). */
enum value_state { VALUE_NONE, VALUE_START, VALUE_QUOTED };

static uint8_t line_over;           /* the line's end has been read */
static uint8_t input_over;          /* the simulator's input has ended */
static uint8_t value_state;

/* The next input byte, the held ones first, waiting asleep for it. */
static int16_t next_byte(void)
{
    if (held_next < held_length)
        return (uint8_t)held[held_next++];
    held_next = held_length = 0;
    for (;;) {
        wdt_reset();
        int c = serial_poll();
        if (c != SERIAL_NO_INPUT)
            return c < 0 ? c : (uint8_t)c;     /* an overrun is not told apart */
        serial_wait();
    }
}

/* The next byte of the line, -1 once it has ended (CR, LF or the end of
 * input; the LF of a CR LF is an empty line, which is ignored). */
static int16_t line_byte(void)
{
    if (line_over)
        return -1;
    int16_t c = next_byte();
    if (c == SERIAL_END_OF_INPUT)
        input_over = 1;
    if (c < 0 || c == '\n' || c == '\r') {
        line_over = 1;
        return -1;
    }
    return c;
}

static uint8_t is_blank(int16_t c)
{
    return c == ' ' || c == '\t';
}

static uint8_t store(char *text, uint8_t n, int16_t c)
{
    if (n < WORD_MAX)
        text[n] = (char)c;
    return n < WORD_MAX ? (uint8_t)(n + 1u) : (uint8_t)(WORD_MAX + 1u);
}

static uint8_t finish(char *text, uint8_t n)
{
    if (n > WORD_MAX) {
        text[0] = '!';
        n = 1;
    }
    text[n] = '\0';
    return n;
}

/* The next word's name into text (what is left of the previous word's
 * value skipped), or with value set the next part of the current word's
 * value; its length, 0 when there is none. */
static uint8_t read_word(char *text, uint8_t value)
{
    uint8_t n = 0;
    while (!value && value_state != VALUE_NONE)
        read_word(text, 1);
    while (!value || value_state != VALUE_NONE) {
        int16_t c = line_byte();
        if (c < 0) {
            value_state = VALUE_NONE;
        } else if (value && c == '"') {
            if (value_state == VALUE_START && n == 0) {
                value_state = VALUE_QUOTED;
                continue;
            }
            value_state = VALUE_NONE;
        } else if (is_blank(c)) {
            if (n == 0 && value_state != VALUE_START)
                continue;
            if (value_state == VALUE_START)
                value_state = VALUE_NONE;
        } else if (!value && c == '=') {
            value_state = VALUE_START;
        } else {
            n = store(text, n, c);
            continue;
        }
        break;
    }
    return finish(text, n);
}

#define read_name(text) read_word(text, 0)
#define read_value(text) read_word(text, 1)

/* The index of text in a flash list of NUL-terminated words that ends
 * with an empty one; the list's length when it is none of them. */
static uint8_t word_index(const char *words_P, const char *text)
{
    uint8_t index = 0;
    for (; pgm_read_byte(words_P); words_P += strlen_P(words_P) + 1u, index++)
        if (!strcmp_P(text, words_P))
            break;
    return index;
}

/* ------------------------------------------------------------ output -- */

/* error message="what" (the offending text is not repeated: flash). */
static __attribute__((noinline)) void put_error(const char *what_P)
{
    serial_puts_P(PSTR("error message=\""));
    serial_puts_P(what_P);
    serial_puts_P(PSTR("\"\n"));
}

static __attribute__((noinline)) void put_move(const bd_move *m)
{
    char text[HUB_MOVE_MAX];
    hub_write_move(m, session_game.rules, text);
    serial_puts(text);
}

/* ---------------------------------------------------------- commands -- */

static const char bad_pos_P[] PROGMEM = "bad pos";
static const char bad_level_P[] PROGMEM = "bad level";

static SESSION_OWN_FRAME void set_variant(const struct bd_rules *rules)
{
    bd_position pos;
    pos_initial(&pos, rules);
    session_set_position(rules, &pos);
    hub.has_position = 1;
}

static void send_id(void)
{
    serial_puts_P(PSTR("id name=bitdraughts version=1.0\n"
                       "param name=variant value="));
    serial_puts_P(session_game.rules->variant == BD_VARIANT_ENGLISH ? PSTR("english")
                                                                    : PSTR("russian"));
    serial_puts_P(PSTR(" type=enum values=\"russian english\"\nwait\n"));
}

/* set-param name=variant value=russian|english. */
static void cmd_set_param(char *text)
{
    uint8_t is_variant = 0;
    const struct bd_rules *rules = NULL;
    while (read_name(text)) {
        uint8_t which = word_index(PSTR("name\0value\0"), text);
        read_value(text);
        if (which == 0)
            is_variant = !strcmp_P(text, PSTR("variant"));
        else if (which == 1) {
            uint8_t variant = word_index(PSTR("russian\0english\0"), text);
            rules = variant == 0 ? &bd_rules_russian : variant == 1 ? &bd_rules_english : NULL;
        }
    }
    if (!is_variant)
        put_error(PSTR("unknown parameter"));
    else if (!rules)
        put_error(PSTR("unknown variant"));
    else
        set_variant(rules);
}

/* pos pos=POSITION [moves="M1 M2 ..."]: the position, then each move as it
 * is read, played into the game record (which is how the search sees
 * repetitions).  pos= must come first. */
static SESSION_OWN_FRAME void cmd_pos(char *text)
{
    const struct bd_rules *rules = session_game.rules;
    uint8_t have_start = 0;
    hub.has_position = 0;
    while (read_name(text)) {
        uint8_t which = word_index(PSTR("pos\0moves\0"), text);
        if (which == 0) {
            bd_position start;
            uint8_t n = read_value(text);
            int8_t status = hub_read_position(text, n, rules, &start);
            if (status != PDN_OK) {
                put_error(pdn_error_text(status));
                return;
            }
            session_set_position(rules, &start);
            have_start = 1;
        } else if (which == 1 && have_start) {
            uint8_t n;
            while ((n = read_value(text))) {
                bd_move m;
                bd_move *end = mg_generate(&session_game.pos, rules, session_scratch.moves,
                                           SESSION_MOVES_END);
                if (!end) {
                    put_error(session_too_many_moves_P);
                    return;
                }
                int8_t status = hub_read_move_among(text, n, rules, session_scratch.moves, end, &m);
                if (status != PDN_OK) {
                    put_error(pdn_error_text(status));
                    return;
                }
                game_play(&session_game, &m);
            }
        } else {
            put_error(bad_pos_P);
            return;
        }
    }
    hub.has_position = have_start;
    if (!have_start)
        put_error(bad_pos_P);
}

/* level depth=N | move-time=S | time=S [inc=S] [moves=N]: depth= first,
 * then move-time=, then the clock. */
enum level_word { LW_DEPTH, LW_MOVE_TIME, LW_TIME, LW_INC, LW_MOVES, LW_NONE };

static SESSION_OWN_FRAME void cmd_level(char *text)
{
    uint32_t v[LW_NONE];
    uint8_t given = 0;
    memset(v, 0, sizeof v);
    while (read_name(text)) {
        uint8_t which = word_index(PSTR("depth\0move-time\0time\0inc\0moves\0"), text);
        uint8_t n = read_value(text);
        /* Whole numbers too are read as seconds, in thousandths: one
         * number reader in flash. */
        if (which >= LW_NONE || hub_read_seconds(text, n, &v[which]) != PDN_OK) {
            put_error(bad_level_P);
            return;
        }
        given |= (uint8_t)(1u << which);
    }
    uint32_t hard = v[LW_MOVE_TIME], target = hard;
    if (given & (1u << LW_DEPTH)) {
        uint32_t depth = v[LW_DEPTH] / 1000u;
        hub.kind = LEVEL_DEPTH;
        hub.depth = (uint8_t)(depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : depth ? depth : 1u);
        return;
    }
    if (!(given & (1u << LW_MOVE_TIME))) {
        if (!(given & (1u << LW_TIME))) {
            put_error(bad_level_P);
            return;
        }
        /* The increment is added before the move (the protocol's rule).
         * Aim at target a move, begin no iteration past half of it, never
         * go past twice it nor half of the clock. */
        uint32_t total = v[LW_TIME] + v[LW_INC];
        uint32_t moves = v[LW_MOVES] / 1000u;
        target = moves ? total / moves : v[LW_TIME] / SUDDEN_DEATH_MOVES + v[LW_INC];
        hard = total / 2u;
        if (hard > 2u * target)
            hard = 2u * target;
        if (target > hard)
            target = hard;
        target /= 2u;
    }
    hub.kind = LEVEL_TIME;
    hub.hard_ms = hard;
    hub.soft_ms = target;
}

/* The stop callback: the clock, then what arrived: `ping` is answered,
 * `stop` and `quit` stop the search, any other line, and whatever follows
 * a stop, waits for done. */
static uint8_t hub_stop(void *context)
{
    (void)context;
    wdt_reset();
    if (hub.kind == LEVEL_TIME && clock_ms() - run.start_ms >= hub.hard_ms)
        run.stop = 1;
    while (!run.stop && !run.waiting && held_length < HELD_MAX) {
        int c = serial_poll();
        if (c < 0)
            break;              /* nothing, or the end of input: a bounded search ends anyway */
        c = (uint8_t)c;
        if (c != '\n' && c != '\r') {
            held[held_length++] = (char)c;
            continue;
        }
        if (!held_length)
            continue;
        held[held_length] = '\0';
        uint8_t which = word_index(PSTR("ping\0stop\0quit\0"), held);
        if (which == 0) {
            serial_puts_P(PSTR("pong\n"));
        } else if (which == 1) {
            run.stop = 1;
        } else {
            if (which == 2)
                run.stop = 1;
            held[held_length++] = '\n';
            run.waiting = 1;
            break;
        }
        held_length = 0;
    }
    if (held_length == HELD_MAX)
        run.waiting = 1;
    return run.stop;
}

/* The report callback, after each iteration: an info line, and on the
 * clock no new iteration past the soft limit.  Called at the root, out of
 * the search's deepest frames. */
static void hub_report(const struct search_result *r, void *context)
{
    (void)context;
    char number[HUB_SCORE_MAX];
    serial_puts_P(PSTR("info depth="));
    serial_put_u32(r->depth);
    serial_puts_P(PSTR(" score="));
    hub_write_score(r->score, number);
    serial_puts(number);
    serial_puts_P(PSTR(" nodes="));
    serial_put_u32(r->nodes);
    serial_puts_P(PSTR(" pv="));
    put_move(&r->pv[0]);
    serial_putc('\n');
    if (hub.kind == LEVEL_TIME && clock_ms() - run.start_ms >= hub.soft_ms)
        run.stop = 1;
}

/* go [think]: info lines, then done move=M [ponder=M]. */
static SESSION_OWN_FRAME void cmd_go(char *text)
{
    if (read_name(text) && strcmp_P(text, PSTR("think"))) {
        put_error(PSTR("go think"));
        return;
    }
    if (!hub.has_position) {
        put_error(PSTR("no position"));
        return;
    }
    /* The line is done with before the search takes scratch, text and
     * all; what comes after it is the stop callback's. */
    while (line_byte() >= 0) {
    }
    struct search_limits limits = {
        .depth = hub.kind == LEVEL_DEPTH ? hub.depth : SEARCH_MAX_DEPTH,
        .nodes = 0,
        .stop = hub_stop,
        .report = hub_report,
        .context = NULL,
    };
    struct search_result result;
    memset(&run, 0, sizeof run);
    held_length = held_next = 0;
    run.start_ms = clock_ms();
    wdt_reset();
    board_led_on();
    uint8_t has_move = search_run(&session_game, &limits, &session_scratch.search, &result);
    board_led_off();
    if (!result.has_move) {
        put_error(has_move == SEARCH_NO_ROOM ? session_too_many_moves_P : PSTR("no legal move"));
        serial_puts_P(PSTR("done\n"));
        return;
    }
    serial_puts_P(PSTR("done move="));
    put_move(&result.best);
    serial_putc('\n');
}

enum command { CMD_HUB, CMD_INIT, CMD_PING, CMD_NEW_GAME, CMD_SET_PARAM, CMD_POS, CMD_LEVEL,
               CMD_GO, CMD_STOP, CMD_QUIT };

void hub_mode_enter(const char *line, uint8_t length)
{
    if (length != 3u || strcmp_P(line, PSTR("hub")))
        return;
    char *text = SESSION_MOVE_TEXT;
    set_variant(&bd_rules_russian);
    hub.kind = LEVEL_TIME;
    hub.hard_ms = hub.soft_ms = DEFAULT_MOVE_MS;
    send_id();
    for (;;) {
        line_over = 0;
        value_state = VALUE_NONE;
        if (read_name(text)) {
            switch (word_index(PSTR("hub\0init\0ping\0new-game\0set-param\0pos\0level\0go\0stop\0"
                                    "quit\0"), text)) {
            case CMD_HUB:
                send_id();
                break;
            case CMD_INIT:
                serial_puts_P(PSTR("ready\n"));
                break;
            case CMD_PING:
                serial_puts_P(PSTR("pong\n"));
                break;
            case CMD_NEW_GAME:
            case CMD_STOP:              /* the search has ended already */
                break;
            case CMD_SET_PARAM:
                cmd_set_param(text);
                break;
            case CMD_POS:
                cmd_pos(text);
                break;
            case CMD_LEVEL:
                cmd_level(text);
                break;
            case CMD_GO:
                cmd_go(text);
                break;
            case CMD_QUIT:
                input_over = 1;
                break;
            default:
                put_error(PSTR("unknown command"));
            }
        }
        while (line_byte() >= 0) {
        }
        if (input_over)
            break;
    }
    /* avr-libc's exit loop would wait for the watchdog: disarm it first. */
    wdt_disable();
    exit(0);
}

#endif
