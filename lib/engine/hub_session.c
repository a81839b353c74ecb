/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "engine/hub_session.h"
#include "bits/progmem.h"

#define DEFAULT_MOVE_MS 1000u
/* Moves to go assumed when the clock gives none (sudden death). */
#define SUDDEN_DEATH_MOVES 25u
/* Time kept back from a period's last move for the pipes and the GUI. */
#define LAG_MS 50u
#define NO_LIMIT 0xFFFFFFFFu
/* Of an offending text, what an error line repeats. */
#define ERROR_TEXT_MAX 40u

/* A frame of its own for a command with big locals: inlined into the
 * dispatch, they would sit on the stack under every search. */
#define OWN_FRAME __attribute__((noinline))

/* A word holds a position and any legal move: two squares and at most
 * PDN_MAX_PIECES captured ones, each of up to two digits after a
 * separator. */
BD_STATIC_ASSERT(HUB_WORD_MAX >= HUB_POSITION_MAX && HUB_WORD_MAX >= 2u + 3u * (1u + PDN_MAX_PIECES) &&
                 HUB_WORD_MAX < 0xFFu, "a word holds a position and any move");

static const char too_many_moves_P[] PROGMEM = "too many moves for RAM";
static const char pong_P[] PROGMEM = "pong\n";

/* ---------------------------------------------------------------- words -- */

/* A line's words are read as they arrive.  A word is a name, ended by a
 * blank or '=' (a value follows); a value is read in parts: all of it, or
 * when quoted each blank-separated part of it (the moves of moves="..."). */
enum value_state { VALUE_NONE, VALUE_START, VALUE_QUOTED };

static uint8_t is_blank(int16_t c)
{
    return c == ' ' || c == '\t';
}

/* The next input byte, what a search held back first. */
static int16_t next_byte(struct hub_session *s)
{
    if (s->held_next < s->held_length)
        return (uint8_t)s->held[s->held_next++];
    s->held_next = s->held_length = 0;
    return hub_io_read();
}

/* The next byte of the line, -1 once it has ended (CR, LF or the end of
 * the input; the LF of a CR LF is an empty line, which is ignored). */
static int16_t line_byte(struct hub_session *s)
{
    if (s->line_over)
        return -1;
    int16_t c = next_byte(s);
    if (c == HUB_IO_END)
        s->input_over = 1;
    if (c < 0 || c == '\n' || c == '\r') {
        s->line_over = 1;
        return -1;
    }
    return c;
}

/* The next word's name into text (the rest of the current word's value
 * skipped), or with value set the next part of that value.  Returns its
 * length (HUB_WORD_MAX + 1 for a longer one, cut to HUB_WORD_MAX), 0 when
 * there is none: at the end of the line or of the value, and from the
 * moment the line proves malformed (s->malformed: a quote left open, or
 * not followed by a blank or the line's end, or anywhere but around a
 * value; a word starting with '='; a control byte but a tab). */
static uint8_t read_word(struct hub_session *s, char *text, uint8_t value)
{
    uint8_t n = 0;
    while (!value && s->value_state != VALUE_NONE)
        read_word(s, text, 1);
    while (!s->malformed && (!value || s->value_state != VALUE_NONE)) {
        int16_t c = line_byte(s);
        uint8_t state = s->value_state;
        if (c < 0 || (is_blank(c) && (n || state == VALUE_START))) {
            s->malformed = c < 0 && state == VALUE_QUOTED;
            if (c < 0 || state == VALUE_START)
                s->value_state = VALUE_NONE;
            break;
        }
        if (is_blank(c))
            continue;                           /* blanks before a word or a part */
        if (c < ' ') {                          /* a NUL would end the word early */
            s->malformed = 1;
            break;
        }
        if (c == '"') {
            if (state == VALUE_START && n == 0) {
                s->value_state = VALUE_QUOTED;
                continue;
            }
            if (state == VALUE_QUOTED) {
                c = line_byte(s);
                s->value_state = VALUE_NONE;
            }
            s->malformed = c >= 0 && !is_blank(c);
            break;
        }
        if (!value && c == '=') {
            s->malformed = n == 0;
            s->value_state = VALUE_START;
            break;
        }
        if (n < HUB_WORD_MAX)
            text[n] = (char)c;
        if (n <= HUB_WORD_MAX)
            n++;
    }
    if (s->malformed) {
        n = 0;
        s->value_state = VALUE_NONE;
    }
    text[n > HUB_WORD_MAX ? HUB_WORD_MAX : n] = '\0';
    return n;
}

#define read_name(s, text) read_word(s, text, 0)
#define read_value(s, text) read_word(s, text, 1)

/* --------------------------------------------------------------- output -- */

static void put_move(const bd_move *m)
{
    char text[HUB_MOVE_MAX];
    hub_write_move(m, hub_io_game()->rules, text);
    hub_io_put(text);
}

/* Starts an error line: error message=" */
static void error_begins(void)
{
    hub_io_put_P(PSTR("error message=\""));
}

/* Ends an error line: unless text is NULL, ": " and up to ERROR_TEXT_MAX
 * bytes of it ("..." when there are more), quotes and control bytes made
 * harmless. */
static void error_ends(const char *text, uint8_t length)
{
    if (text) {
        hub_io_put_P(PSTR(": "));
        for (uint8_t i = 0; i < length && i < ERROR_TEXT_MAX; i++) {
            uint8_t c = (uint8_t)text[i];
            if (c == '"')
                c = '\'';
            if (c < 0x20u || c > 0x7Eu)
                c = '?';
            hub_io_putc((char)c);
        }
        if (length > ERROR_TEXT_MAX)
            hub_io_put_P(PSTR("..."));
    }
    hub_io_put_P(PSTR("\"\n"));
}

static void put_error(const char *what_P, const char *text, uint8_t length)
{
    error_begins();
    hub_io_put_P(what_P);
    error_ends(text, length);
}

/* Reads the rest of the line's words: 1 when it is well formed, else 0
 * after an error line. */
static uint8_t line_is_good(struct hub_session *s)
{
    while (read_name(s, hub_io_word())) {
    }
    if (s->malformed)
        put_error(PSTR("malformed line"), NULL, 0);
    return !s->malformed;
}

/* ------------------------------------------------------------- commands -- */

static __attribute__((noinline)) void set_variant(struct hub_session *s, const struct bd_rules *rules)
{
    game_new(hub_io_game(), rules);
    s->has_position = 1;
}

static void send_id(void)
{
    hub_io_put_P(PSTR("id name=bitdraughts version=1.0 author=\"the bitdraughts authors\"\n"
                      "param name=variant value="));
    hub_io_put_P(hub_io_game()->rules->variant == BD_VARIANT_ENGLISH ? PSTR("english") : PSTR("russian"));
    hub_io_put_P(PSTR(" type=enum values=\"russian english\"\nwait\n"));
}

/* set-param name=variant value=russian|english|american. */
static void hub_set_param(struct hub_session *s)
{
    static const char words_P[] PROGMEM = "name\0value\0";
    char *text = hub_io_word();
    uint8_t given = 0, is_variant = 0, variant = 0;
    while (read_name(s, text)) {
        uint8_t which = bd_pgm_word_index(words_P, text);
        uint8_t bit = (uint8_t)(1u << which);
        read_value(s, text);
        if (which > 1u || (given & bit))
            continue;
        given |= bit;
        if (which == 0)
            is_variant = !strcmp_P(text, PSTR("variant"));
        else
            variant = bd_pgm_word_index(PSTR("russian\0english\0american\0"), text);
    }
    if (!line_is_good(s))
        return;
    if (given != 3u || !is_variant)
        put_error(PSTR("unknown parameter"), NULL, 0);
    else if (variant > 2u)
        put_error(PSTR("unknown variant"), NULL, 0);
    else
        set_variant(s, variant ? &bd_rules_english : &bd_rules_russian);
}

/* The moves of moves="M1 M2 ..." played into the game as they are read;
 * 0 after an error line. */
static uint8_t play_moves(struct hub_session *s)
{
    struct bd_game *game = hub_io_game();
    char *text = hub_io_word();
    uint16_t ply = 0;
    uint8_t n;
    while ((n = read_value(s, text))) {
        bd_move m, *moves_end;
        bd_move *moves = hub_io_moves(&moves_end);
        bd_move *end = mg_generate(&game->pos, game->rules, moves, moves_end);
        int8_t status;
        ply++;
        if (!end) {
            put_error(too_many_moves_P, NULL, 0);
            return 0;
        }
        status = hub_read_move_among(text, n, game->rules, moves, end, &m);
        if (status != PDN_OK) {
            error_begins();
            hub_io_put_P(PSTR("move "));
            hub_io_put_u32(ply);
            hub_io_put_P(PSTR(" of moves: "));
            hub_io_put_P(pdn_error_text(status));
            error_ends(text, n);
            return 0;
        }
        game_play(game, &m);
    }
    return 1;
}

/* pos pos=POSITION [moves="M1 M2 ..."]: the position, then the game's
 * moves since, played into the game record (which is how the search sees
 * repetitions). */
static OWN_FRAME void hub_pos(struct hub_session *s)
{
    struct bd_game *game = hub_io_game();
    char *text = hub_io_word();
    uint8_t have = 0;               /* 1: the position, 2: its moves too */
    s->has_position = 0;
    while (read_name(s, text)) {
        uint8_t which = bd_pgm_word_index(PSTR("pos\0moves\0"), text);
        if (which == 0 && !have) {
            bd_position start;
            uint8_t n = read_value(s, text);
            int8_t status = hub_read_position(text, n, game->rules, &start);
            if (s->malformed)
                break;
            if (status != PDN_OK) {
                put_error(pdn_error_text(status), text, n);
                return;
            }
            game_set_position(game, game->rules, &start);
            have = 1;
        } else if (which == 1 && have == 1) {
            have = 2;
            if (!play_moves(s))
                return;
        }
    }
    if (!line_is_good(s))
        return;
    if (!have)
        put_error(PSTR("bad pos"), NULL, 0);
    else
        s->has_position = 1;
}

/* level: the words it takes, and which of them are seconds. */
static const char level_words_P[] PROGMEM = "depth\0move-time\0nodes\0time\0inc\0moves\0infinite\0";
enum level_word { LW_DEPTH, LW_MOVE_TIME, LW_NODES, LW_TIME, LW_INC, LW_MOVES, LW_INFINITE, LW_COUNT };
#define LW_SECONDS ((1u << LW_MOVE_TIME) | (1u << LW_TIME) | (1u << LW_INC))

/* level depth=N | move-time=S | time=S [inc=S] [moves=N] | nodes=N | infinite */
static OWN_FRAME void hub_level(struct hub_session *s)
{
    char *text = hub_io_word();
    uint32_t v[LW_INFINITE];
    uint8_t given = 0;
    memset(v, 0, sizeof v);
    while (read_name(s, text)) {
        uint8_t which = bd_pgm_word_index(level_words_P, text);
        uint8_t bit = (uint8_t)(1u << which);
        uint8_t n = read_value(s, text);
        if (which >= LW_COUNT || (given & bit) || s->malformed)
            continue;
        given |= bit;
        if (which == LW_INFINITE)
            continue;
        /* Seconds in milliseconds; the counts (depth, nodes, moves) from 1. */
        uint8_t seconds = (uint8_t)((LW_SECONDS >> which) & 1u);
        if (hub_read_number(text, n, seconds ? 3u : 0u, &v[which]) != PDN_OK ||
            (!seconds && !v[which])) {
            error_begins();
            hub_io_put_P(PSTR("bad "));
            hub_io_put_P(bd_pgm_nth_string(level_words_P, which));
            error_ends(text, n);
            return;
        }
    }
    if (!line_is_good(s))
        return;
    /* Each level sets them all: a search's limits are these. */
    uint8_t infinite = 0, depth = SEARCH_MAX_DEPTH;
    uint32_t nodes = 0, hard = NO_LIMIT, soft = NO_LIMIT;
    if (given & (1u << LW_INFINITE)) {
        infinite = 1;
    } else if (given & (1u << LW_DEPTH)) {
        depth = (uint8_t)(v[LW_DEPTH] > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : v[LW_DEPTH]);
    } else if (given & (1u << LW_MOVE_TIME)) {
        hard = v[LW_MOVE_TIME];
    } else if (given & (1u << LW_NODES)) {
        nodes = v[LW_NODES];
    } else if (given & (1u << LW_TIME)) {
        uint32_t moves = v[LW_MOVES];
        /* The increment is added before the move (the protocol's rule).
         * Aim at target, begin no iteration past half of it, never go past
         * twice it, nor past half of what the clock spares (all of it on
         * a period's last move). */
        uint32_t total = v[LW_TIME] + v[LW_INC];        /* no carry: HUB_NUMBER_LIMIT */
        uint32_t spare = total > 2u * LAG_MS ? total - LAG_MS : total / 2u;
        uint32_t target = moves ? total / moves : v[LW_TIME] / SUDDEN_DEATH_MOVES + v[LW_INC];
        hard = moves == 1u ? spare : spare / 2u;
        if (target <= hard / 2u)
            hard = 2u * target;
        if (target > hard)
            target = hard;
        soft = target / 2u;
    } else {
        put_error(PSTR("bad level"), NULL, 0);
        return;
    }
    s->infinite = infinite;
    s->depth = depth;
    s->nodes = nodes;
    s->hard_ms = hard;
    s->soft_ms = soft;
}

/* --------------------------------------------------------------- search -- */

/* A line that arrived during the search, held, has ended: `ping` is
 * answered, `stop` stops, `ponder-hit` starts the clock; any other line
 * is kept, with its end, for after the search (`quit` ending it first). */
static void held_line(struct hub_session *s)
{
    char *held = s->held;
    uint8_t end = 0;
    while (end < s->held_length && !is_blank(held[end]))
        end++;
    char after = held[end];
    held[end] = '\0';
    uint8_t which = bd_pgm_word_index(PSTR("ping\0stop\0ponder-hit\0quit\0"), held);
    held[end] = after;
    if (end == 0) {
        /* a blank line */
    } else if (which == 0) {
        hub_io_put_P(pong_P);
    } else if (which == 1) {
        s->stop = 1;
    } else if (which == 2) {
        if (s->pondering) {
            s->pondering = 0;
            s->start_ms = hub_io_ms();
        }
    } else {
        s->stop |= which == 3u;
        held[s->held_length++] = '\n';
        s->waiting = 1;
        return;
    }
    s->held_length = 0;
}

/* The stop callback: the clock, then what has arrived. */
static uint8_t search_stop(void *context)
{
    struct hub_session *s = context;
    uint32_t elapsed = hub_io_ms() - s->start_ms;     /* read at every poll: hub_io_ms() */
    if (!s->pondering && elapsed >= s->hard_ms)
        s->stop = 1;
    while (!s->stop && !s->waiting) {
        int16_t c = hub_io_poll();
        if (c == HUB_IO_NONE)
            break;
        if (c == HUB_IO_END) {
            /* What is held is read after the search, and the end again. */
            s->stop = s->pondering || s->infinite;
            break;
        }
        if (c == '\n' || c == '\r') {
            held_line(s);
        } else if (s->held_length || !is_blank(c)) {    /* leading blanks are not kept */
            s->held[s->held_length++] = (char)c;
            /* Longer than any line read here: it waits, the rest of it
             * in the caller's input. */
            s->waiting = s->held_length == HUB_HELD_MAX - 1u;
        }
    }
    return s->stop;
}

/* The report callback, after each iteration: an info line, and on the
 * clock no new iteration past the soft limit.  Called at the root, out of
 * the search's deepest frames. */
static void report(const struct search_result *r, void *context)
{
    struct hub_session *s = context;
    uint32_t elapsed = hub_io_ms() - s->start_ms;
    char number[HUB_SECONDS_MAX > HUB_SCORE_MAX ? HUB_SECONDS_MAX : HUB_SCORE_MAX];
    hub_io_put_P(PSTR("info depth="));
    hub_io_put_u32(r->depth);
    hub_io_put_P(PSTR(" score="));
    hub_write_score(r->score, number);
    hub_io_put(number);
    hub_io_put_P(PSTR(" nodes="));
    hub_io_put_u32(r->nodes);
    hub_io_put_P(PSTR(" time="));
    hub_write_seconds(elapsed, number);
    hub_io_put(number);
    /* Millions of nodes a second, with three decimals: thousands of nodes
     * a millisecond. */
    hub_io_put_P(PSTR(" nps="));
    hub_write_seconds(elapsed ? r->nodes / elapsed : 0u, number);
    hub_io_put(number);
    hub_io_put_P(PSTR(" pv=\""));
    for (uint8_t i = 0; i < r->pv_length; i++) {
        if (i)
            hub_io_putc(' ');
        put_move(&r->pv[i]);
    }
    hub_io_put_P(PSTR("\"\n"));
    if (!s->pondering && elapsed >= s->soft_ms)
        s->stop = 1;
}

/* Searches the game's position and answers done move=M [ponder=M]; a go
 * ponder or level infinite search that ends by itself waits for its end
 * (ping still answered). */
static OWN_FRAME void search(struct hub_session *s, uint8_t ponder)
{
    struct search_limits limits = {
        .depth = s->depth,
        .nodes = s->nodes,
        .stop = search_stop,
        .report = report,
        .context = s,
    };
    struct search_result result;
    s->stop = s->waiting = 0;
    s->held_length = s->held_next = 0;
    s->pondering = ponder;
    s->start_ms = hub_io_ms();
    uint8_t has_move = hub_io_search(&limits, &result);
    while (!s->stop && !s->waiting && (s->pondering || s->infinite)) {
        hub_io_wait();
        search_stop(s);
    }
    if (!result.has_move) {
        put_error(has_move == SEARCH_NO_ROOM ? too_many_moves_P : PSTR("no legal move"), NULL, 0);
        hub_io_put_P(PSTR("done\n"));
        return;
    }
    hub_io_put_P(PSTR("done move="));
    put_move(&result.best);
    if (SEARCH_PV_MAX > 1u && result.pv_length > 1u) {
        hub_io_put_P(PSTR(" ponder="));
        put_move(result.pv + 1);
    }
    hub_io_putc('\n');
}

/* go [think|ponder|analyze] */
static void hub_go(struct hub_session *s)
{
    char *text = hub_io_word();
    uint8_t n = read_name(s, text);
    uint8_t mode = bd_pgm_word_index(PSTR("think\0ponder\0analyze\0"), text);
    if (n && mode > 2u) {
        put_error(PSTR("go think|ponder|analyze"), text, n);
        return;
    }
    /* The line read to its end before the search takes the word, the
     * moves and all: what comes after it is the stop callback's. */
    if (!line_is_good(s))
        return;
    if (!s->has_position)
        put_error(PSTR("no position (the last pos failed)"), NULL, 0);
    else
        search(s, mode == 1u);
}

/* ------------------------------------------------------------- the loop -- */

enum command { CMD_HUB, CMD_INIT, CMD_PING, CMD_NEW_GAME, CMD_STOP, CMD_PONDER_HIT, CMD_QUIT,
               CMD_SET_PARAM, CMD_POS, CMD_LEVEL, CMD_GO, CMD_UNKNOWN };

/* One line, up to its end or where it failed; 0 after quit. */
static uint8_t run_line(struct hub_session *s)
{
    char *text = hub_io_word();
    uint8_t n = read_name(s, text);
    uint8_t command = bd_pgm_word_index(PSTR("hub\0init\0ping\0new-game\0stop\0ponder-hit\0quit\0"
                                      "set-param\0pos\0level\0go\0"), text);
    if (!n)
        command = CMD_STOP;         /* an empty line, or a malformed one */
    if (command == CMD_SET_PARAM)
        hub_set_param(s);
    else if (command == CMD_POS)
        hub_pos(s);
    else if (command == CMD_LEVEL)
        hub_level(s);
    else if (command == CMD_GO)
        hub_go(s);
    else if (command == CMD_UNKNOWN)
        put_error(PSTR("unknown command"), text, n);
    else if (!line_is_good(s))
        ;
    else if (command == CMD_HUB)
        send_id();
    else if (command == CMD_INIT)
        hub_io_put_P(PSTR("ready\n"));
    else if (command == CMD_PING)
        hub_io_put_P(pong_P);
    else if (command == CMD_QUIT)
        return 0;
    /* new-game: no table to clear; stop, ponder-hit: the search has ended */
    return 1;
}

void hub_session_run(struct hub_session *s, const struct bd_rules *rules, uint8_t greet)
{
    s->input_over = 0;
    s->held_length = s->held_next = 0;
    s->infinite = 0;
    s->depth = SEARCH_MAX_DEPTH;
    s->nodes = 0;
    s->hard_ms = DEFAULT_MOVE_MS;
    s->soft_ms = NO_LIMIT;
    set_variant(s, rules);
    if (greet)
        send_id();
    for (;;) {
        s->line_over = 0;
        s->value_state = VALUE_NONE;
        s->malformed = 0;
        uint8_t more = run_line(s);
        while (line_byte(s) >= 0) {
        }
        if (!more || s->input_over)
            return;
    }
}
