/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "host/player.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "checkers/pdn.h"
#include "engine/search.h"
#include "host/command_line.h"

/* What a child may print for one request before it counts as a failure:
 * far more than a `go` (one info line an iteration) or a firmware reply. */
#define OUTPUT_MAX (256u * 1024u)
#define SIM_LEVEL_TIME_MAX 60000u     /* the firmware's `level time` range */
#define SIM_LEVEL_DEPTH_MAX 20u       /* and `level depth`'s (the AVR's SEARCH_MAX_DEPTH) */
#define EXIT_EXEC_FAILED 127

static void set_error(struct player *p, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static void set_error(struct player *p, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(p->error, sizeof p->error, format, args);
    va_end(args);
}

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* ------------------------------------------------------------ processes -- */

/* A pseudo-terminal in raw mode (no line editing, no CR added): out[0]
 * the master, out[1] the terminal; 0 or -1. */
static int open_pty(int out[2])
{
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0)
        return -1;
    struct termios raw;
    const char *name = grantpt(master) || unlockpt(master) ? NULL : ptsname(master);
    int slave = name ? open(name, O_RDWR | O_NOCTTY | O_CLOEXEC) : -1;
    if (slave < 0 || tcgetattr(slave, &raw)) {
        if (slave >= 0)
            close(slave);
        close(master);
        return -1;
    }
    cfmakeraw(&raw);
    if (tcsetattr(slave, TCSANOW, &raw)) {
        close(slave);
        close(master);
        return -1;
    }
    out[0] = master;
    out[1] = slave;
    return 0;
}

/* Runs argv with stdout and stderr into one pipe (*from), or a terminal
 * when tty is set, and stdin from a pipe (*to) or /dev/null (to == NULL);
 * returns the pid, or -1.  Everything is close-on-exec, so no other child
 * inherits it.  A terminal because a program (avrsim) may buffer its
 * output fully unless it writes to one, and a prompt ends no line. */
static pid_t spawn(struct player *p, char *const argv[], int *to, int *from, int tty)
{
    int out[2], in[2] = { -1, -1 };
    if (tty ? open_pty(out) : pipe2(out, O_CLOEXEC)) {
        set_error(p, "%s: %s", tty ? "pseudo-terminal" : "pipe", strerror(errno));
        return -1;
    }
    if (to && pipe2(in, O_CLOEXEC)) {
        set_error(p, "pipe: %s", strerror(errno));
        close(out[0]);
        close(out[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        set_error(p, "fork: %s", strerror(errno));
        close(out[0]);
        close(out[1]);
        if (to) {
            close(in[0]);
            close(in[1]);
        }
        return -1;
    }
    if (pid == 0) {
        int input = to ? in[0] : open("/dev/null", O_RDONLY);
        if (input < 0 || dup2(input, STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0 ||
            dup2(out[1], STDERR_FILENO) < 0)
            _exit(EXIT_EXEC_FAILED);
        if (!to)
            close(input);
        execv(argv[0], argv);
        dprintf(STDOUT_FILENO, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(EXIT_EXEC_FAILED);
    }
    close(out[1]);
    *from = out[0];
    if (to) {
        close(in[0]);
        *to = in[1];
    }
    return pid;
}

/* Reads from fd into buf (NUL-terminated, *length bytes so far) until EOF,
 * until done(buf) is true, or until the deadline; 1 on EOF or done, 0 on
 * timeout, -1 on an error or an overflow (p->error set). */
static int read_until(struct player *p, int fd, char *buf, size_t *length, uint64_t deadline,
                      int (*done)(const char *buf, size_t length))
{
    for (;;) {
        if (done && done(buf, *length))
            return 1;
        uint64_t now = now_ms();
        if (now >= deadline)
            return 0;
        struct pollfd pfd = { .fd = fd, .events = POLLIN };
        uint64_t wait = deadline - now;
        int ready = poll(&pfd, 1, wait > 60000u ? 60000 : (int)wait);
        if (ready < 0 && errno != EINTR) {
            set_error(p, "poll: %s", strerror(errno));
            return -1;
        }
        if (ready <= 0)
            continue;
        if (*length + 1u >= OUTPUT_MAX) {
            set_error(p, "more than %u bytes of output", OUTPUT_MAX);
            return -1;
        }
        ssize_t n = read(fd, buf + *length, OUTPUT_MAX - 1u - *length);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EIO)      /* a terminal whose other side is closed */
            return 1;
        if (n < 0) {
            set_error(p, "read: %s", strerror(errno));
            return -1;
        }
        if (n == 0)
            return 1;
        *length += (size_t)n;
        buf[*length] = '\0';
    }
}

/* Waits for the child; its exit status, 128 + signal, or -1. */
static int reap(pid_t pid)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void kill_and_reap(pid_t pid)
{
    kill(pid, SIGKILL);
    reap(pid);
}

/* The last non-blank line of text, at most size - 1 bytes of it, into out. */
static void last_line(const char *text, char *out, size_t size)
{
    size_t end = strlen(text);
    while (end && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' '))
        end--;
    size_t start = end;
    while (start && text[start - 1] != '\n')
        start--;
    snprintf(out, size, "%.*s", (int)(end - start), text + start);
}

/* The word after "key " at the start of a line of text, into out. */
static int find_word_after(const char *text, const char *key, char *out, size_t size)
{
    size_t key_length = strlen(key);
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, key, key_length))
            continue;
        const char *word = line + key_length;
        size_t length = strcspn(word, " \t\r\n");
        if (!length || length >= size)
            return 0;
        memcpy(out, word, length);
        out[length] = '\0';
        return 1;
    }
    return 0;
}

static const char *variant_name(const struct bd_rules *rules)
{
    return rules->variant == BD_VARIANT_ENGLISH ? "english" : "russian";
}

/* ------------------------------------------------------------------ cli -- */

/* Reads the binary's --help when it must tell what the binary knows:
 * --moves (unless history= said), and --nodes at a node limit. */
static int cli_open(struct player *p)
{
    if (p->history != PLAYER_HISTORY_AUTO && !p->nodes)
        return 0;
    char *argv[] = { p->path, "--help", NULL };
    int from;
    pid_t pid = spawn(p, argv, NULL, &from, 0);
    if (pid < 0)
        return -1;
    char *out = malloc(OUTPUT_MAX);
    size_t length = 0;
    int status = -1;
    if (out) {
        out[0] = '\0';
        status = read_until(p, from, out, &length, now_ms() + p->timeout_ms, NULL);
    }
    close(from);
    if (status != 1) {
        kill_and_reap(pid);
        if (!status)
            set_error(p, "%s --help: no end within %u ms", p->path, p->timeout_ms);
        free(out);
        return -1;
    }
    int exit_status = reap(pid);
    if (exit_status) {
        char line[PLAYER_ERROR_MAX / 2];
        last_line(out, line, sizeof line);
        set_error(p, "%s --help: exit status %d: %s", p->path, exit_status, line);
        free(out);
        return -1;
    }
    if (p->history == PLAYER_HISTORY_AUTO)
        p->history = strstr(out, "--moves") ? PLAYER_HISTORY_MOVES : PLAYER_HISTORY_FEN;
    /* Refused when the engine is opened (the match opens each before its
     * games), rather than every game lost to a usage error. */
    int knows_nodes = strstr(out, "--nodes") != NULL;
    free(out);
    if (p->nodes && !knows_nodes) {
        set_error(p, "%s: its --help has no --nodes (older than the option): give it depth= or "
                  "movetime=", p->path);
        return -1;
    }
    return 0;
}

static int cli_go(struct player *p, const struct player_game *game, char *move, size_t move_size)
{
    char limit[16];
    snprintf(limit, sizeof limit, "%u", p->depth ? p->depth : p->nodes ? p->nodes : p->movetime_ms);
    char *argv[12];
    int n = 0;
    argv[n++] = p->path;
    argv[n++] = "go";
    argv[n++] = "--variant";
    argv[n++] = (char *)variant_name(game->rules);
    argv[n++] = "--fen";
    if (p->history == PLAYER_HISTORY_FEN) {
        argv[n++] = (char *)game->current_fen;
    } else {
        argv[n++] = (char *)game->start_fen;
        argv[n++] = "--moves";
        argv[n++] = (char *)game->moves;
    }
    argv[n++] = p->depth ? "--depth" : p->nodes ? "--nodes" : "--movetime";
    argv[n++] = limit;
    argv[n] = NULL;

    int from;
    pid_t pid = spawn(p, argv, NULL, &from, 0);
    if (pid < 0)
        return PLAYER_FAILED;
    char *out = malloc(OUTPUT_MAX);
    if (!out) {
        close(from);
        kill_and_reap(pid);
        set_error(p, "out of memory");
        return PLAYER_FAILED;
    }
    out[0] = '\0';
    size_t length = 0;
    int status = read_until(p, from, out, &length, now_ms() + p->timeout_ms, NULL);
    close(from);
    int reply = PLAYER_FAILED;
    if (status != 1) {
        kill_and_reap(pid);
        if (!status)
            set_error(p, "no reply within %u ms", p->timeout_ms);
    } else {
        int exit_status = reap(pid);
        if (find_word_after(out, "bestmove ", move, move_size)) {
            reply = strcmp(move, "none") ? PLAYER_MOVED : PLAYER_NO_MOVE;
        } else {
            char line[PLAYER_ERROR_MAX / 2];
            last_line(out, line, sizeof line);
            set_error(p, "no bestmove (exit status %d)%s%s", exit_status, *line ? ": " : "", line);
        }
    }
    free(out);
    return reply;
}

static void cli_close(struct player *p)
{
    (void)p;
}

/* --------------------------------------------------------------- avrsim -- */

/* The firmware waits for a line once it has printed its prompt. */
static int at_prompt(const char *buf, size_t length)
{
    return length >= 3 && !memcmp(buf + length - 3, "\n> ", 3);
}

static void sim_stop(struct player *p)
{
    if (p->pid > 0 && !p->stopped && !kill(p->pid, SIGSTOP))
        p->stopped = 1;
}

static void sim_continue(struct player *p)
{
    if (p->pid > 0 && p->stopped) {
        kill(p->pid, SIGCONT);
        p->stopped = 0;
    }
}

static void sim_end(struct player *p)
{
    if (p->pid > 0) {
        close(p->to_engine);
        close(p->from_engine);
        kill_and_reap(p->pid);
    }
    p->pid = -1;
    p->stopped = 0;
    p->level_sent = 0;
    p->session_rules = NULL;
    if (p->session_moves)
        p->session_moves[0] = '\0';
}

/* Sends line (without its newline; NULL: nothing) and reads the reply up to
 * the next prompt into *reply (malloc'ed); 0, or -1 with p->error set (the
 * session is then over). */
static int sim_command(struct player *p, const char *line, char **reply)
{
    *reply = malloc(OUTPUT_MAX);
    if (!*reply) {
        set_error(p, "out of memory");
        sim_end(p);
        return -1;
    }
    (*reply)[0] = '\0';
    sim_continue(p);
    if (line) {
        size_t length = strlen(line);
        char *text = malloc(length + 2u);
        int written = -1;
        if (text) {
            memcpy(text, line, length);
            text[length] = '\n';
            /* The firmware reads a line at a time; the pipe holds far more. */
            written = (int)write(p->to_engine, text, length + 1u);
            free(text);
        }
        if (written != (int)(length + 1u)) {
            set_error(p, "cannot send '%s' to the simulator: %s", line, strerror(errno));
            sim_end(p);
            return -1;
        }
    }
    size_t got = 0;
    int status = read_until(p, p->from_engine, *reply, &got, now_ms() + p->timeout_ms, at_prompt);
    if (status == 1 && at_prompt(*reply, got))
        return 0;
    if (status == 1) {
        char last[PLAYER_ERROR_MAX / 2];
        last_line(*reply, last, sizeof last);
        set_error(p, "the simulator ended after '%s'%s%s", line ? line : "(start)",
                  *last ? ": " : "", last);
    } else if (status == 0) {
        set_error(p, "no reply to '%s' within %u ms", line ? line : "(start)", p->timeout_ms);
    }
    sim_end(p);
    return -1;
}

/* The first line of reply starting with "error:", or NULL. */
static const char *error_line(const char *reply)
{
    for (const char *line = reply; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (!strncmp(line, "error:", 6))
            return line;
    return NULL;
}

/* Runs a command whose reply must not hold an error line; 0 or -1. */
static int sim_checked(struct player *p, const char *line)
{
    char *reply;
    if (sim_command(p, line, &reply))
        return -1;
    const char *error = error_line(reply);
    if (error) {
        set_error(p, "the firmware refused '%s': %.*s", line, (int)strcspn(error, "\r\n"), error);
        free(reply);
        sim_end(p);
        return -1;
    }
    free(reply);
    return 0;
}

static int sim_start(struct player *p)
{
    char *argv[] = { p->sim, p->path, NULL };
    p->pid = spawn(p, argv, &p->to_engine, &p->from_engine, 1);
    if (p->pid < 0)
        return -1;
    char *reply;
    if (sim_command(p, NULL, &reply))
        return -1;
    free(reply);
    char level[32];
    if (p->depth)
        snprintf(level, sizeof level, "level depth %u", p->depth);
    else
        snprintf(level, sizeof level, "level time %u", p->movetime_ms);
    return sim_checked(p, level);
}

/* Brings the firmware's game to game's moves: only the new ones when its
 * game is a beginning of this one, else a new game and all of them. */
static int sim_sync(struct player *p, const struct player_game *game)
{
    size_t known = p->session_rules == game->rules ? strlen(p->session_moves) : 0;
    const char *todo = game->moves;
    if (p->session_rules == game->rules && !strncmp(game->moves, p->session_moves, known) &&
        (known == 0 || game->moves[known] == ' ' || game->moves[known] == '\0')) {
        todo = game->moves + known;
    } else {
        char line[32];
        snprintf(line, sizeof line, "new %s", variant_name(game->rules));
        if (sim_checked(p, line))
            return -1;
        p->session_rules = game->rules;
        p->session_moves[0] = '\0';
        bd_position initial;
        char fen[PDN_FEN_MAX];
        pos_initial(&initial, game->rules);
        pdn_write_fen(&initial, game->rules, fen, sizeof fen);
        if (strcmp(fen, game->start_fen)) {
            char line[PDN_FEN_MAX + 8];
            snprintf(line, sizeof line, "fen %s", game->start_fen);
            if (sim_checked(p, line))
                return -1;
        }
    }
    for (const char *c = todo + strspn(todo, " "); *c; c += strspn(c, " ")) {
        size_t length = strcspn(c, " ");
        char move[PLAYER_MOVE_MAX];
        snprintf(move, sizeof move, "%.*s", (int)length, c);
        if (sim_checked(p, move))
            return -1;
        c += length;
    }
    size_t need = strlen(game->moves) + PLAYER_MOVE_MAX + 2u;
    if (need > p->session_size) {
        char *grown = realloc(p->session_moves, need);
        if (!grown) {
            set_error(p, "out of memory");
            return -1;
        }
        p->session_moves = grown;
        p->session_size = need;
    }
    strcpy(p->session_moves, game->moves);
    return 0;
}

/* The move of the firmware's "12... 24-19  (depth 8, ...)" line, or 0. */
static int parse_engine_line(const char *reply, char *move, size_t move_size)
{
    for (const char *line = reply; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        const char *c = line;
        if (*c < '0' || *c > '9')
            continue;
        while (*c >= '0' && *c <= '9')
            c++;
        if (*c++ != '.')
            continue;
        if (!strncmp(c, "..", 2))
            c += 2;
        if (*c++ != ' ')
            continue;
        size_t length = strcspn(c, " \r\n");
        if (!length || length >= move_size || strncmp(c + length, "  (depth ", 9))
            continue;
        memcpy(move, c, length);
        move[length] = '\0';
        return 1;
    }
    return 0;
}

static int sim_open(struct player *p)
{
    p->pid = -1;
    if (access(p->path, R_OK)) {
        set_error(p, "%s: %s", p->path, strerror(errno));
        return -1;
    }
    if (strchr(p->sim, '/') && access(p->sim, X_OK)) {
        set_error(p, "%s (the simulator): %s", p->sim, strerror(errno));
        return -1;
    }
    p->session_size = 1024;
    p->session_moves = calloc(1, p->session_size);
    if (!p->session_moves) {
        set_error(p, "out of memory");
        return -1;
    }
    return 0;
}

static int sim_go(struct player *p, const struct player_game *game, char *move, size_t move_size)
{
    if (p->pid < 0 && sim_start(p))
        return PLAYER_FAILED;
    if (sim_sync(p, game))
        return PLAYER_FAILED;
    char *reply;
    if (sim_command(p, "go", &reply))
        return PLAYER_FAILED;
    sim_stop(p);
    int found = parse_engine_line(reply, move, move_size);
    if (!found) {
        const char *error = error_line(reply);
        char last[PLAYER_ERROR_MAX / 2];
        if (error)
            snprintf(last, sizeof last, "%.*s", (int)strcspn(error, "\r\n"), error);
        else
            last_line(reply, last, sizeof last);
        set_error(p, "no move line in the reply to go: %s", last);
        free(reply);
        sim_end(p);
        return PLAYER_FAILED;
    }
    free(reply);
    /* The firmware has played its move on its own board. */
    size_t known = strlen(p->session_moves);
    snprintf(p->session_moves + known, p->session_size - known, "%s%s", known ? " " : "", move);
    return PLAYER_MOVED;
}

static void sim_close(struct player *p)
{
    sim_end(p);
    free(p->session_moves);
    p->session_moves = NULL;
    p->session_size = 0;
}

static const struct player_kind kind_cli = { "cli", cli_open, cli_go, cli_close };
static const struct player_kind kind_avrsim = { "avrsim", sim_open, sim_go, sim_close };

/* ----------------------------------------------------------------- spec -- */

static int parse_u32(const char *text, uint32_t min, uint32_t max, uint32_t *value)
{
    uint64_t v = 0;
    if (!*text)
        return -1;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || v > max)
            return -1;
        v = v * 10u + (uint64_t)(*c - '0');
    }
    if (v < min || v > max)
        return -1;
    *value = (uint32_t)v;
    return 0;
}

static int has_suffix(const char *text, const char *suffix)
{
    size_t a = strlen(text), b = strlen(suffix);
    return a >= b && !strcmp(text + a - b, suffix);
}

int player_parse(struct player *p, const char *spec, uint8_t depth, uint32_t movetime_ms,
                 uint32_t nodes, const char *default_sim)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->depth = depth;
    p->movetime_ms = movetime_ms;
    p->nodes = nodes;
    const char *rest = spec;
    if (!strncmp(spec, "cli:", 4)) {
        p->kind = &kind_cli;
        rest += 4;
    } else if (!strncmp(spec, "avrsim:", 7)) {
        p->kind = &kind_avrsim;
        rest += 7;
    }
    size_t path_length = strcspn(rest, ",");
    if (!path_length || path_length >= sizeof p->path) {
        set_error(p, "engine '%s': no path, or too long a one", spec);
        return -1;
    }
    memcpy(p->path, rest, path_length);
    if (!p->kind)
        p->kind = has_suffix(p->path, ".elf") ? &kind_avrsim : &kind_cli;
    snprintf(p->sim, sizeof p->sim, "%s", default_sim ? default_sim : "avrsim");
    uint8_t own_limit = 0;
    for (rest += path_length; *rest == ','; ) {
        rest++;
        size_t length = strcspn(rest, ",");
        char item[PLAYER_PATH_MAX];
        if (length >= sizeof item) {
            set_error(p, "engine '%s': option too long", spec);
            return -1;
        }
        memcpy(item, rest, length);
        item[length] = '\0';
        rest += length;
        char *value = strchr(item, '=');
        if (!value) {
            set_error(p, "engine '%s': option '%s' is not KEY=VALUE", spec, item);
            return -1;
        }
        *value++ = '\0';
        uint32_t number;
        if (!strcmp(item, "depth") || !strcmp(item, "movetime") || !strcmp(item, "nodes")) {
            /* The engine's own limit replaces the match's. */
            if (own_limit) {
                set_error(p, "engine '%s': one limit only (depth=, movetime= or nodes=)", spec);
                return -1;
            }
            own_limit = 1;
            p->depth = 0;
            p->movetime_ms = 0;
            p->nodes = 0;
        }
        if (!strcmp(item, "depth")) {
            if (parse_u32(value, 1, SEARCH_MAX_DEPTH, &number)) {
                set_error(p, "engine '%s': depth must be 1 to %u", spec, SEARCH_MAX_DEPTH);
                return -1;
            }
            p->depth = (uint8_t)number;
        } else if (!strcmp(item, "movetime")) {
            if (parse_u32(value, 1, 3600000u, &number)) {
                set_error(p, "engine '%s': movetime must be 1 to 3600000 ms", spec);
                return -1;
            }
            p->movetime_ms = number;
        } else if (!strcmp(item, "nodes")) {
            if (parse_u32(value, 1, COMMAND_LINE_NODES_MAX, &number)) {
                set_error(p, "engine '%s': nodes must be 1 to %u", spec, COMMAND_LINE_NODES_MAX);
                return -1;
            }
            p->nodes = number;
        } else if (!strcmp(item, "name")) {
            snprintf(p->name, sizeof p->name, "%s", value);
        } else if (!strcmp(item, "sim")) {
            snprintf(p->sim, sizeof p->sim, "%s", value);
        } else if (!strcmp(item, "history")) {
            if (!strcmp(value, "moves"))
                p->history = PLAYER_HISTORY_MOVES;
            else if (!strcmp(value, "fen"))
                p->history = PLAYER_HISTORY_FEN;
            else {
                set_error(p, "engine '%s': history must be moves or fen", spec);
                return -1;
            }
        } else {
            set_error(p, "engine '%s': unknown option '%s' (depth, movetime, nodes, name, sim, "
                      "history)", spec, item);
            return -1;
        }
    }
    if ((p->depth != 0) + (p->movetime_ms != 0) + (p->nodes != 0) != 1) {
        set_error(p, "engine '%s': needs a limit (depth=, movetime= or nodes=, or the match's)",
                  spec);
        return -1;
    }
    /* The firmware's `level` command (its text protocol, which this kind
     * speaks) is a depth or a time: a node limit it would not keep is
     * refused rather than played as something else. */
    if (p->kind == &kind_avrsim && p->nodes) {
        set_error(p, "engine '%s': the firmware's level has no node limit (depth or time "
                  "only): give it depth= or movetime=", spec);
        return -1;
    }
    if (p->kind == &kind_avrsim && p->depth > SIM_LEVEL_DEPTH_MAX) {
        set_error(p, "engine '%s': the firmware's depth is at most %u", spec, SIM_LEVEL_DEPTH_MAX);
        return -1;
    }
    if (p->kind == &kind_avrsim && p->movetime_ms > SIM_LEVEL_TIME_MAX) {
        set_error(p, "engine '%s': the firmware's movetime is at most %u ms", spec,
                  SIM_LEVEL_TIME_MAX);
        return -1;
    }
    p->timeout_ms = p->depth || p->nodes ? PLAYER_DEPTH_TIMEOUT_MS
                             : PLAYER_TIMEOUT_FACTOR * p->movetime_ms + PLAYER_TIMEOUT_SLACK_MS;
    if (!p->name[0]) {
        char limit[32];
        player_describe_limit(p, limit, sizeof limit);
        snprintf(p->name, sizeof p->name, "%.60s %s", p->path, limit);
    }
    return 0;
}

void player_describe_limit(const struct player *p, char *out, size_t size)
{
    if (p->depth)
        snprintf(out, size, "depth %u", p->depth);
    else if (p->nodes)
        snprintf(out, size, "nodes %u", p->nodes);
    else
        snprintf(out, size, "%s %u ms", p->kind == &kind_avrsim ? "time" : "movetime",
                 p->movetime_ms);
}

int player_open(struct player *p)
{
    p->error[0] = '\0';
    return p->kind->open(p);
}

int player_go(struct player *p, const struct player_game *game, char *move, size_t move_size)
{
    p->error[0] = '\0';
    move[0] = '\0';
    return p->kind->go(p, game, move, move_size);
}

void player_close(struct player *p)
{
    p->kind->close(p);
}
