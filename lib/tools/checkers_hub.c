#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "checkers_hub.h"
#include "engine/hub.h"
#include "engine/search.h"
#include "host_table.h"

#define ENGINE_NAME "bitdraughts"
#define ENGINE_VERSION "1.0"
/* The longest line taken: a whole game's moves fit many times over. */
#define LINE_MAX_BYTES 65536u
/* Time kept back from a clock for the pipes and the GUI. */
#define LAG_MS 50u
/* Moves to go assumed when the clock gives none (sudden death). */
#define SUDDEN_DEATH_MOVES 25u

/* ---------------------------------------------------------------- input -- */

static char input[LINE_MAX_BYTES];
static size_t input_length;
static uint8_t input_closed;
static uint8_t discarding;          /* inside an overlong line, up to its end */

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Writes one line of output, at once. */
static void emit(const char *line)
{
    fputs(line, stdout);
    putchar('\n');
    fflush(stdout);
}

/* error message="...": what, then up to 40 bytes of the offending text
 * with quotes and control bytes made harmless. */
static void emit_error(const char *what, const char *text, size_t length)
{
    printf("error message=\"%s", what);
    if (text) {
        fputs(": ", stdout);
        for (size_t i = 0; i < length && i < 40u; i++) {
            unsigned char c = (unsigned char)text[i];
            putchar(c == '"' ? '\'' : (c < 0x20u || c > 0x7Eu) ? '?' : c);
        }
        if (length > 40u)
            fputs("...", stdout);
    }
    puts("\"");
    fflush(stdout);
}

/* Reads what is there (waiting for it when wait is set) into the buffer.
 * A full buffer with no line end is an overlong line: it is dropped, up to
 * its end, with an error. */
static void read_input(uint8_t wait)
{
    if (input_closed)
        return;
    if (!wait) {
        struct pollfd fd = { 0, POLLIN, 0 };
        if (poll(&fd, 1, 0) <= 0)
            return;
    }
    if (input_length == sizeof input) {
        if (memchr(input, '\n', input_length))
            return;                 /* lines wait for the search to end */
        if (!discarding)
            emit_error("line too long", 0, 0);
        discarding = 1;
        input_length = 0;
    }
    ssize_t n;
    do
        n = read(0, input + input_length, sizeof input - input_length);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        input_closed = 1;
    else
        input_length += (size_t)n;
}

/* The first complete line in the buffer (without its line end, a CR
 * before it dropped), or NULL; *used is what consume() must drop. */
static const char *peek_line(size_t *length, size_t *used)
{
    for (;;) {
        char *end = memchr(input, '\n', input_length);
        if (!end && input_closed && input_length > 0 && !discarding) {
            *length = *used = input_length;     /* the last line, unended */
            return input;
        }
        if (!end)
            return 0;
        *used = (size_t)(end - input) + 1u;
        if (discarding) {
            discarding = 0;
            memmove(input, input + *used, input_length - *used);
            input_length -= *used;
            continue;
        }
        *length = (size_t)(end - input);
        if (*length && input[*length - 1u] == '\r')
            (*length)--;
        return input;
    }
}

static void consume(size_t used)
{
    memmove(input, input + used, input_length - used);
    input_length -= used;
}

/* The command word of a line: its first word, or an empty one. */
static struct hub_word command_of(const char *line, size_t length)
{
    struct hub_scanner s;
    struct hub_word w = { line, line, 0, 0, 0 };
    hub_scan_start(&s, line, (uint16_t)length);
    if (hub_scan_next(&s, &w) <= 0)
        w.name_length = 0;
    return w;
}

/* ---------------------------------------------------------------- state -- */

enum level_kind { LEVEL_DEPTH, LEVEL_MOVE_TIME, LEVEL_TIME, LEVEL_NODES, LEVEL_INFINITE };

static struct {
    const struct bd_rules *rules;
    struct bd_game game;
    uint8_t has_position;           /* 0 after a pos that failed */
    enum level_kind level;
    uint8_t depth;
    uint32_t nodes;
    uint32_t move_ms;
    uint32_t time_ms, inc_ms, moves;
} hub;

static struct search_workspace work;
static bd_move legal[MG_MAX_MOVES];

/* The search in progress. */
static struct {
    uint8_t pondering;              /* go ponder, no ponder-hit yet */
    uint8_t stop;                   /* stop, quit or end of input */
    uint8_t waiting_line;           /* another command waits for the search's end */
    double start;                   /* when the clock started */
    double deadline;                /* 0: none */
    double soft;                    /* after an iteration, stop past this; 0: none */
    double next_poll;
} run;

/* ------------------------------------------------------------- commands -- */

static void send_id(void)
{
    emit("id name=" ENGINE_NAME " version=" ENGINE_VERSION " author=\"the " ENGINE_NAME " authors\"");
    printf("param name=variant value=%s type=enum values=\"russian english\"\n",
           hub.rules->variant == BD_VARIANT_ENGLISH ? "english" : "russian");
    emit("wait");
}

static void set_variant(const struct bd_rules *rules)
{
    hub.rules = rules;
    game_new(&hub.game, rules);
    hub.has_position = 1;
}

static void set_param(const char *line, size_t length)
{
    struct hub_word name, value;
    if (hub_find(line, (uint16_t)length, "name", &name) != 1 ||
        hub_find(line, (uint16_t)length, "value", &value) != 1) {
        emit_error("set-param needs name=... value=...", line, length);
        return;
    }
    if (name.value_length == 7 && !memcmp(name.value, "variant", 7)) {
        if (value.value_length == 7 && !memcmp(value.value, "russian", 7))
            set_variant(&bd_rules_russian);
        else if ((value.value_length == 7 && !memcmp(value.value, "english", 7)) ||
                 (value.value_length == 8 && !memcmp(value.value, "american", 8)))
            set_variant(&bd_rules_english);
        else
            emit_error("unknown variant (russian or english)", value.value, value.value_length);
        return;
    }
    emit_error("unknown parameter", name.value, name.value_length);
}

/* pos pos=POSITION [moves="M1 M2 ..."]: the position and the game's moves
 * since, played into the game record. */
static void set_position(const char *line, size_t length)
{
    struct hub_word w;
    bd_position start;
    hub.has_position = 0;
    if (hub_find(line, (uint16_t)length, "pos", &w) != 1 || !w.has_value) {
        emit_error("pos needs pos=POSITION", line, length);
        return;
    }
    int8_t status = hub_read_position(w.value, w.value_length, hub.rules, &start);
    if (status != PDN_OK) {
        emit_error(pdn_error_text(status), w.value, w.value_length);
        return;
    }
    game_set_position(&hub.game, hub.rules, &start);
    if (hub_find(line, (uint16_t)length, "moves", &w) == 1) {
        const char *p = w.value, *end = w.value + w.value_length;
        unsigned ply = 0;
        while (p < end) {
            if (*p == ' ' || *p == '\t') {
                p++;
                continue;
            }
            const char *move_end = p;
            while (move_end < end && *move_end != ' ' && *move_end != '\t')
                move_end++;
            bd_move *legal_end = mg_generate(&hub.game.pos, hub.rules, legal, legal + MG_MAX_MOVES);
            bd_move m;
            ply++;
            status = hub_read_move_among(p, (uint16_t)(move_end - p), hub.rules, legal, legal_end, &m);
            if (status != PDN_OK) {
                char what[80];
                snprintf(what, sizeof what, "move %u of moves: %s", ply, pdn_error_text(status));
                emit_error(what, p, (size_t)(move_end - p));
                return;
            }
            game_play(&hub.game, &m);
            p = move_end;
        }
    }
    hub.has_position = 1;
}

/* A number argument of level into *value; 1 when given and good, 0 when
 * absent, -1 (after an error line) when malformed. */
static int level_arg(const char *line, size_t length, const char *name, uint8_t seconds,
                     uint32_t max, uint32_t *value)
{
    struct hub_word w;
    if (hub_find(line, (uint16_t)length, name, &w) != 1)
        return 0;
    int8_t status = seconds ? hub_read_seconds(w.value, w.value_length, value)
                            : hub_read_uint(w.value, w.value_length, max, value);
    if (status != PDN_OK) {
        char what[64];
        snprintf(what, sizeof what, "bad %s %s", name, seconds ? "(seconds)" : "(a whole number)");
        emit_error(what, w.value, w.value_length);
        return -1;
    }
    return 1;
}

/* level depth=N | move-time=S | time=S [inc=S] [moves=N] | nodes=N | infinite */
static void set_level(const char *line, size_t length)
{
    uint32_t depth, move_ms, nodes, time_ms, inc_ms = 0, moves = 0;
    struct hub_word w;
    int d = level_arg(line, length, "depth", 0, 1000000u, &depth);
    int m = level_arg(line, length, "move-time", 1, 0, &move_ms);
    int n = level_arg(line, length, "nodes", 0, 0xFFFFFFFFu, &nodes);
    int t = level_arg(line, length, "time", 1, 0, &time_ms);
    int i = level_arg(line, length, "inc", 1, 0, &inc_ms);
    int g = level_arg(line, length, "moves", 0, 100000u, &moves);
    if (d < 0 || m < 0 || n < 0 || t < 0 || i < 0 || g < 0)
        return;
    if (hub_find(line, (uint16_t)length, "infinite", &w) == 1) {
        hub.level = LEVEL_INFINITE;
    } else if (d > 0) {
        if (depth == 0) {
            emit_error("depth must be 1 or more", 0, 0);
            return;
        }
        hub.level = LEVEL_DEPTH;
        hub.depth = (uint8_t)(depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : depth);
    } else if (m > 0) {
        hub.level = LEVEL_MOVE_TIME;
        hub.move_ms = move_ms;
    } else if (n > 0) {
        if (nodes == 0) {
            emit_error("nodes must be 1 or more", 0, 0);
            return;
        }
        hub.level = LEVEL_NODES;
        hub.nodes = nodes;
    } else if (t > 0) {
        hub.level = LEVEL_TIME;
        hub.time_ms = time_ms;
        hub.inc_ms = inc_ms;
        hub.moves = moves;
    } else {
        emit_error("level needs depth=, move-time=, time= [inc= moves=], nodes= or infinite",
                   line, length);
    }
}

/* Starts the clock: the hard deadline and the soft limit past which no
 * new iteration is begun, from the level. */
static void start_clock(void)
{
    run.start = seconds_now();
    run.deadline = 0;
    run.soft = 0;
    if (hub.level == LEVEL_MOVE_TIME) {
        run.deadline = run.start + hub.move_ms / 1000.0;
    } else if (hub.level == LEVEL_TIME) {
        /* The increment is added before the move (the protocol's rule). */
        double total = (hub.time_ms + hub.inc_ms) / 1000.0;
        double spare = total > 2.0 * LAG_MS / 1000.0 ? total - LAG_MS / 1000.0 : total / 2.0;
        double target = hub.moves ? total / hub.moves
                                  : hub.time_ms / 1000.0 / SUDDEN_DEATH_MOVES + hub.inc_ms / 1000.0;
        double hard = 2.0 * target;
        if (hub.moves != 1u && hard > spare / 2.0)
            hard = spare / 2.0;
        if (hard > spare)
            hard = spare;
        if (target > hard)
            target = hard;
        run.deadline = run.start + hard;
        run.soft = run.start + target / 2.0;
    }
}

/* The stop callback: the clock, then the input, at most once a millisecond. */
static uint8_t search_stop(void *context)
{
    (void)context;
    if (run.stop)
        return 1;
    double now = seconds_now();
    if (!run.pondering && run.deadline && now >= run.deadline)
        return 1;
    if (now < run.next_poll)
        return 0;
    run.next_poll = now + 0.001;
    read_input(0);
    size_t length, used;
    const char *line;
    while (!run.stop && (line = peek_line(&length, &used))) {
        struct hub_word c = command_of(line, length);
        if (c.name_length == 0) {
            consume(used);
        } else if (hub_word_is(&c, "ping")) {
            consume(used);
            emit("pong");
        } else if (hub_word_is(&c, "ponder-hit")) {
            consume(used);
            if (run.pondering) {
                run.pondering = 0;
                start_clock();
            }
        } else if (hub_word_is(&c, "stop")) {
            consume(used);
            run.stop = 1;
        } else {
            /* Left in the buffer, handled after done; quit ends the
             * search first. */
            if (hub_word_is(&c, "quit"))
                run.stop = 1;
            run.waiting_line = 1;
            break;
        }
    }
    /* A closed input ends a search that has no end of its own; a bounded
     * one finishes (a script that pipes its commands in gets its answer). */
    if (input_closed && (run.pondering || hub.level == LEVEL_INFINITE))
        run.stop = 1;
    return run.stop;
}

/* The PV as Hub moves, each played in turn. */
static void print_pv(const struct search_result *r)
{
    bd_position pos = hub.game.pos;
    for (uint8_t i = 0; i < r->pv_length; i++) {
        char text[HUB_MOVE_MAX];
        hub_write_move(&r->pv[i], hub.rules, text);
        printf("%s%s", i ? " " : "", text);
        mg_make(&pos, &r->pv[i]);
    }
}

static void report(const struct search_result *r, void *context)
{
    (void)context;
    double now = seconds_now();
    double elapsed = now - run.start;
    char score[HUB_SCORE_MAX], seconds[HUB_SECONDS_MAX];
    hub_write_score(r->score, score);
    hub_write_seconds((uint32_t)(elapsed * 1000.0), seconds);
    printf("info depth=%u score=%s nodes=%lu time=%s nps=%.3f pv=\"", r->depth, score,
           (unsigned long)r->nodes, seconds, elapsed > 0 ? r->nodes / elapsed / 1e6 : 0.0);
    print_pv(r);
    puts("\"");
    fflush(stdout);
    if (!run.pondering && run.soft && now >= run.soft)
        run.stop = 1;
}

/* A search of go ponder or level infinite that has ended by itself (it
 * goes no deeper than SEARCH_MAX_DEPTH, soon reached in easy positions)
 * keeps its answer until the GUI asks for it: ponder-hit (when not also
 * infinite), stop, or any other command; ping is still answered. */
static void wait_for_end(void)
{
    while (!run.stop && !run.waiting_line && (run.pondering || hub.level == LEVEL_INFINITE)) {
        struct pollfd fd = { 0, POLLIN, 0 };
        if (poll(&fd, 1, 100) < 0 && errno != EINTR)
            break;
        run.next_poll = 0;
        search_stop(0);
    }
}

static void go(const char *line, size_t length)
{
    struct hub_scanner s;
    struct hub_word w;
    uint8_t ponder = 0;
    hub_scan_start(&s, line, (uint16_t)length);
    hub_scan_next(&s, &w);
    if (hub_scan_next(&s, &w) == 1) {
        if (hub_word_is(&w, "ponder"))
            ponder = 1;
        else if (!hub_word_is(&w, "think") && !hub_word_is(&w, "analyze")) {
            emit_error("go takes think, ponder or analyze", w.name, w.name_length);
            return;
        }
    }
    if (!hub.has_position) {
        emit_error("no position (the last pos failed)", 0, 0);
        return;
    }
    struct search_limits limits = { .depth = SEARCH_MAX_DEPTH, .stop = search_stop, .report = report };
    host_table_use(&limits);
    if (hub.level == LEVEL_DEPTH)
        limits.depth = hub.depth;
    else if (hub.level == LEVEL_NODES)
        limits.nodes = hub.nodes;
    memset(&run, 0, sizeof run);
    run.pondering = ponder;
    if (ponder)
        run.start = seconds_now();
    else
        start_clock();
    struct search_result result;
    uint8_t has_move = search_run(&hub.game, &limits, &work, &result);
    wait_for_end();
    if (!result.has_move) {
        emit_error(has_move == SEARCH_NO_ROOM ? "too many moves for the search" : "no legal move", 0, 0);
        emit("done");
        return;
    }
    char move[HUB_MOVE_MAX];
    hub_write_move(&result.best, hub.rules, move);
    printf("done move=%s", move);
    if (result.pv_length >= 2u) {
        hub_write_move(&result.pv[1], hub.rules, move);
        printf(" ponder=%s", move);
    }
    putchar('\n');
    fflush(stdout);
}

/* One line; returns 0 for quit. */
static uint8_t handle(const char *line, size_t length)
{
    struct hub_scanner s;
    struct hub_word c, w;
    int8_t status;
    hub_scan_start(&s, line, (uint16_t)length);
    status = hub_scan_next(&s, &c);
    if (status == 0)
        return 1;                               /* an empty line */
    while (status > 0)
        status = hub_scan_next(&s, &w);
    if (status < 0) {
        emit_error("malformed line (a quote not closed?)", line, length);
        return 1;
    }
    if (hub_word_is(&c, "hub"))
        send_id();
    else if (hub_word_is(&c, "init"))
        emit("ready");
    else if (hub_word_is(&c, "set-param"))
        set_param(line, length);
    else if (hub_word_is(&c, "new-game"))
        ;                                       /* no table to clear */
    else if (hub_word_is(&c, "pos"))
        set_position(line, length);
    else if (hub_word_is(&c, "level"))
        set_level(line, length);
    else if (hub_word_is(&c, "go"))
        go(line, length);
    else if (hub_word_is(&c, "ping"))
        emit("pong");
    else if (hub_word_is(&c, "stop") || hub_word_is(&c, "ponder-hit"))
        ;                                       /* the search has ended already */
    else if (hub_word_is(&c, "quit"))
        return 0;
    else
        emit_error("unknown command", c.name, c.name_length);
    return 1;
}

int checkers_hub(const struct bd_rules *rules)
{
    /* The line being handled, out of the input buffer, which a search
     * reads on into. */
    static char current[LINE_MAX_BYTES];
    set_variant(rules);
    hub.level = LEVEL_MOVE_TIME;
    hub.move_ms = 1000u;
    for (;;) {
        size_t length, used;
        const char *line = peek_line(&length, &used);
        if (!line) {
            if (input_closed)
                return 0;
            read_input(1);
            continue;
        }
        memcpy(current, line, length);
        consume(used);
        if (!handle(current, length))
            return 0;
    }
}
