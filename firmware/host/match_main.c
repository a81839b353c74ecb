/* SPDX-License-Identifier: MIT */
/*
 * build/host/match - two engines play each other from an opening suite.
 *
 *   match [OPTIONS] ENGINE_A ENGINE_B
 *   match --generate-openings VARIANT [--plies N] [--depth D] [--balance CP]
 *
 * Each opening of the suite is played twice, A with each colour, the games
 * in parallel on all cores (one worker process a game, in its own process
 * group with its engines).  Engines are specs of firmware/host/player.h: a
 * `checkers` binary of any revision run per move, or the game firmware
 * under avrsim at its simulated time.  The library referees every game
 * (firmware/host/referee.h).  A line a game as it ends, then the totals from
 * A's side: wins, draws, losses, the score, the Elo difference with its
 * 95% interval, and with --sprt the log-likelihood ratio and, once it
 * crosses a bound, which hypothesis is accepted; the match stops there
 * (firmware/host/elo.h has the arithmetic).
 *
 * The suite is firmware/host/openings/VARIANT.txt (firmware/host/openings.h): every
 * 3-ply opening, those whose score at the generating search lay beyond the
 * balance bound marked "#drop " and not played.  The order of the
 * openings is shuffled by --seed (0 keeps the file's order), so that a
 * short match samples the whole suite; game 2k and 2k+1 share an opening.
 *
 * Exit status: 0 when the match ran (whatever its result), 1 when a worker
 * or the machinery failed, 2 for bad arguments (one line on stderr).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "checkers/pdn.h"
#include "engine/search.h"
#include "host/elo.h"
#include "host/openings.h"
#include "host/player.h"
#include "host/referee.h"
#include "host/command_line.h"

enum { EXIT_FAILED = 1 };

#define DEFAULT_MOVETIME_MS 100u
#define DEFAULT_MAX_PLIES 300u
#define DEFAULT_SPRT_GAMES 20000u
#define DEFAULT_ALPHA 0.05
#define DEFAULT_BETA 0.05
#define DEFAULT_SEED 1u
#define MAX_JOBS 256u
#define OPENING_PLIES 3u
#define GENERATE_DEPTH 10u
#define GENERATE_BALANCE 60
#define SUITE_DIR "firmware/host/openings"

struct options {
    const struct bd_rules *rules;
    const char *engine_spec[2];
    uint8_t depth;
    uint32_t movetime_ms;
    uint32_t nodes;
    uint32_t games;             /* 0: the default */
    unsigned jobs;
    const char *openings_path;
    uint8_t all_openings;
    uint32_t seed;
    uint16_t max_plies;
    uint8_t sprt;
    double elo0, elo1, alpha, beta;
    uint32_t timeout_ms;        /* 0: the players' default */
    const char *pdn_path;
    uint8_t quiet;
    const char *sim;
    /* --generate-openings */
    uint8_t generate;
    uint8_t plies;
    uint8_t generate_depth;
    int balance;
};

static void print_help(void)
{
    puts("usage: match [OPTIONS] ENGINE_A ENGINE_B\n"
         "       match --generate-openings russian|english [--plies N] [--depth D] [--balance CP]\n"
         "Two engines play each other from an opening suite, every opening with both\n"
         "colours, several games at a time; every move is checked by the library.\n"
         "ENGINE is [cli:|avrsim:]PATH[,depth=N|,movetime=MS|,nodes=N][,name=LABEL]\n"
         "  [,sim=AVRSIM][,history=moves|fen]: a `checkers` binary (run per move: go\n"
         "  --variant V --fen F --moves \"...\" and the limit), or firmware (PATH ending in\n"
         "  .elf) in the simulator (level time MS | level depth N, new V, the moves, go;\n"
         "  simulated time; its level has no node limit: nodes= is refused for it).\n"
         "options:\n"
         "  --variant russian|english  (default russian)\n"
         "  --depth N | --movetime MS | --nodes N\n"
         "                             limit per move of engines that name none (default\n"
         "                             movetime 100); --nodes gives the same games at any\n"
         "                             load, for `checkers` binaries that know it\n"
         "  --games N                  games, rounded up to pairs (default: each opening of\n"
         "                             the suite twice; with --sprt, up to 20000, the\n"
         "                             suite repeated)\n"
         "  -j, --jobs N               games at a time (default: the number of cores)\n"
         "  --openings FILE            the suite (default firmware/host/openings/VARIANT.txt)\n"
         "  --all-openings             play the openings marked #drop too\n"
         "  --seed N                   order of the openings (default 1; 0: the file's)\n"
         "  --max-plies N              a game this long is drawn (default 300, at most 1000)\n"
         "  --sprt ELO0 ELO1           stop once H0 (elo0) or H1 (elo1) is accepted\n"
         "  --alpha A, --beta B        the SPRT's error rates (default 0.05 each)\n"
         "  --timeout MS               wall-clock time per move before an engine counts as\n"
         "                             hung (default: 120 s at a depth or a node limit,\n"
         "                             else 10 x movetime + 5 s)\n"
         "  --pdn FILE                 write every game to FILE in PDN\n"
         "  --sim PATH                 the avrsim binary (default: avrsim beside match)\n"
         "  --quiet                    no line per game; instead a line of progress on\n"
         "                             stderr every few seconds\n"
         "--generate-openings prints a suite file: every opening of --plies plies (default\n"
         "3), each scored by a search of --depth D (default 10) from White's side, those\n"
         "beyond --balance CP (default 60, hundredths of a man) marked #drop.");
}

static double parse_real(const char *text, double min, double max, const char *what)
{
    char *end;
    if (!text || !*text)
        usage_error(what, text);
    errno = 0;
    double value = strtod(text, &end);
    if (*end || errno || !(value >= min && value <= max))
        usage_error(what, text);
    return value;
}

static const struct bd_rules *parse_variant(const char *text)
{
    if (text && !strcmp(text, "russian"))
        return &bd_rules_russian;
    if (text && !strcmp(text, "english"))
        return &bd_rules_english;
    usage_error("the variant is russian or english", text);
    return NULL;
}

static const char *variant_name(const struct bd_rules *rules)
{
    return rules->variant == BD_VARIANT_ENGLISH ? "english" : "russian";
}

/* The value after option argv[*i]. */
static const char *value_of(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        usage_error("missing value after", argv[*i]);
    return argv[++*i];
}

static struct options parse_options(int argc, char **argv)
{
    struct options o;
    memset(&o, 0, sizeof o);
    o.rules = &bd_rules_russian;
    o.seed = DEFAULT_SEED;
    o.max_plies = DEFAULT_MAX_PLIES;
    o.alpha = DEFAULT_ALPHA;
    o.beta = DEFAULT_BETA;
    o.plies = OPENING_PLIES;
    o.generate_depth = GENERATE_DEPTH;
    o.balance = GENERATE_BALANCE;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.jobs = cores < 1 ? 1u : cores > (long)MAX_JOBS ? MAX_JOBS : (unsigned)cores;
    unsigned engines = 0;
    uint8_t depth_given = 0, movetime_given = 0, nodes_given = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            print_help();
            exit(0);
        } else if (!strcmp(arg, "--variant")) {
            o.rules = parse_variant(value_of(argc, argv, &i));
        } else if (!strcmp(arg, "--generate-openings")) {
            o.generate = 1;
            o.rules = parse_variant(value_of(argc, argv, &i));
        } else if (!strcmp(arg, "--plies")) {
            o.plies = (uint8_t)parse_number(value_of(argc, argv, &i), 1, OPENINGS_MAX_PLIES,
                                            "--plies must be 1 to 8");
        } else if (!strcmp(arg, "--balance")) {
            o.balance = (int)parse_number(value_of(argc, argv, &i), 0, SEARCH_MATE,
                                          "--balance must be 0 to 30000");
        } else if (!strcmp(arg, "--depth")) {
            char message[sizeof "--depth must be 1 to 255"];
            snprintf(message, sizeof message, "--depth must be 1 to %u", SEARCH_MAX_DEPTH);
            o.depth = (uint8_t)parse_number(value_of(argc, argv, &i), 1, SEARCH_MAX_DEPTH, message);
            o.generate_depth = o.depth;
            depth_given = 1;
        } else if (!strcmp(arg, "--movetime")) {
            o.movetime_ms = parse_number(value_of(argc, argv, &i), 1, 3600000u,
                                         "--movetime must be 1 to 3600000 ms");
            movetime_given = 1;
        } else if (!strcmp(arg, "--nodes")) {
            char message[sizeof "--nodes must be 1 to 4294967295"];
            snprintf(message, sizeof message, "--nodes must be 1 to %u", COMMAND_LINE_NODES_MAX);
            o.nodes = parse_number(value_of(argc, argv, &i), 1, COMMAND_LINE_NODES_MAX, message);
            nodes_given = 1;
        } else if (!strcmp(arg, "--games")) {
            o.games = parse_number(value_of(argc, argv, &i), 1, 10000000u,
                                   "--games must be 1 to 10000000");
        } else if (!strcmp(arg, "-j") || !strcmp(arg, "--jobs")) {
            o.jobs = parse_number(value_of(argc, argv, &i), 1, MAX_JOBS, "--jobs must be 1 to 256");
        } else if (!strcmp(arg, "--openings")) {
            o.openings_path = value_of(argc, argv, &i);
        } else if (!strcmp(arg, "--all-openings")) {
            o.all_openings = 1;
        } else if (!strcmp(arg, "--seed")) {
            o.seed = parse_number(value_of(argc, argv, &i), 0, UINT32_MAX, "--seed must be a number");
        } else if (!strcmp(arg, "--max-plies")) {
            o.max_plies = (uint16_t)parse_number(value_of(argc, argv, &i), 1, REFEREE_MAX_PLIES,
                                                 "--max-plies must be 1 to 1000");
        } else if (!strcmp(arg, "--sprt")) {
            o.sprt = 1;
            o.elo0 = parse_real(value_of(argc, argv, &i), -2000, 2000, "--sprt ELO0 must be a number");
            o.elo1 = parse_real(value_of(argc, argv, &i), -2000, 2000, "--sprt ELO1 must be a number");
            if (o.elo0 == o.elo1)
                usage_error("--sprt needs ELO0 and ELO1 apart", 0);
        } else if (!strcmp(arg, "--alpha")) {
            o.alpha = parse_real(value_of(argc, argv, &i), 1e-9, 0.4999, "--alpha must be in (0, 0.5)");
        } else if (!strcmp(arg, "--beta")) {
            o.beta = parse_real(value_of(argc, argv, &i), 1e-9, 0.4999, "--beta must be in (0, 0.5)");
        } else if (!strcmp(arg, "--timeout")) {
            o.timeout_ms = parse_number(value_of(argc, argv, &i), 1, 86400000u,
                                        "--timeout must be 1 to 86400000 ms");
        } else if (!strcmp(arg, "--pdn")) {
            o.pdn_path = value_of(argc, argv, &i);
        } else if (!strcmp(arg, "--sim")) {
            o.sim = value_of(argc, argv, &i);
        } else if (!strcmp(arg, "--quiet")) {
            o.quiet = 1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            usage_error("unknown option", arg);
        } else if (engines < 2) {
            o.engine_spec[engines++] = arg;
        } else {
            usage_error("more than two engines", arg);
        }
    }
    if (depth_given + movetime_given + nodes_given > 1)
        usage_error("--depth, --movetime and --nodes exclude each other", 0);
    if (o.generate) {
        if (engines)
            usage_error("--generate-openings takes no engine", o.engine_spec[0]);
        return o;
    }
    if (engines < 2)
        usage_error("two engines needed (--help for usage)", 0);
    if (!depth_given && !movetime_given && !nodes_given)
        o.movetime_ms = DEFAULT_MOVETIME_MS;
    return o;
}

/* -------------------------------------------------------------- suite -- */

struct generate {
    const struct bd_rules *rules;
    uint8_t depth;
    int balance;
    struct search_workspace work;
    struct bd_game game;
    uint32_t dropped;
};

static void generate_visit(const char *moves, const bd_position *pos, void *context)
{
    struct generate *g = context;
    game_set_position(&g->game, g->rules, pos);
    struct search_limits limits = { .depth = g->depth };
    struct search_result result;
    search_run(&g->game, &limits, &g->work, &result);
    int score = pos->side == BD_WHITE ? result.score : -result.score;
    uint8_t drop = score > g->balance || score < -g->balance;
    g->dropped += drop;
    printf("%s%s %+d\n", drop ? OPENINGS_DROP_MARK : "", moves, score);
}

static void count_visit(const char *moves, const bd_position *pos, void *context)
{
    (void)moves;
    (void)pos;
    (void)context;
}

static int generate_openings(const struct options *o)
{
    static struct generate g;
    g.rules = o->rules;
    g.depth = o->generate_depth;
    g.balance = o->balance;
    uint32_t total = openings_enumerate(o->rules, o->plies, count_visit, NULL);
    printf("# %s: every opening of %u plies from the start position (%u).\n"
           "# Written by: build/host/match --generate-openings %s --plies %u --depth %u --balance %d\n"
           "# Each line: the moves, then the score of a search of depth %u after them,\n"
           "# from White's side in hundredths of a man.  Lines marked \"%s\" lie beyond\n"
           "# %d either way and are not played (match --all-openings plays them too).\n",
           o->rules->variant == BD_VARIANT_ENGLISH ? "English checkers" : "Russian draughts",
           o->plies, total, variant_name(o->rules), o->plies, o->generate_depth, o->balance,
           o->generate_depth, OPENINGS_DROP_MARK "", o->balance);
    openings_enumerate(o->rules, o->plies, generate_visit, &g);
    printf("# %u played, %u dropped.\n", total - g.dropped, g.dropped);
    return 0;
}

/* The default suite: SUITE_DIR/VARIANT.txt from the current directory, or
 * from the source tree that holds this binary (build/host/match). */
static void default_suite_path(const struct bd_rules *rules, char *out, size_t size)
{
    snprintf(out, size, "%s/%s.txt", SUITE_DIR, variant_name(rules));
    if (access(out, R_OK) == 0)
        return;
    char exe[PATH_MAX];
    if (!executable_folder(exe, sizeof exe))
        return;
    char candidate[PATH_MAX + 64];
    snprintf(candidate, sizeof candidate, "%s/../../%s/%s.txt", exe, SUITE_DIR, variant_name(rules));
    if (access(candidate, R_OK) == 0)
        snprintf(out, size, "%s", candidate);
}

static void default_sim_path(char *out, size_t size)
{
    char exe[PATH_MAX];
    if (executable_folder(exe, sizeof exe))
        snprintf(out, size, "%s/avrsim", exe);
    else
        snprintf(out, size, "avrsim");
}

/* ---------------------------------------------------------------- match -- */

struct match {
    const struct options *opt;
    struct player players[2];       /* A, B */
    const struct opening *suite;    /* the suite file's openings, in its order */
    const struct opening **order;   /* the openings played, in playing order */
    uint32_t openings;
    uint32_t games;
    const char *suite_path;
    FILE *pdn;
    /* results, A's side */
    struct elo_counts total;
    struct elo_counts as_colour[2];  /* A as White, A as Black */
    uint32_t reasons[REFEREE_REASON_COUNT];
    uint32_t faults[2];             /* by A, by B */
    uint32_t done;
    int decision;
    double llr, lower, upper;
    time_t progress_at;             /* --quiet: when the next progress line is due */
};

struct worker {
    pid_t pid;
    int fd;
    uint32_t game;
    size_t got;
    struct referee_game result;
};

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    interrupted = sig;
}

/* Game g: opening order[g / 2], A plays White in even games. */
static const struct opening *game_opening(const struct match *m, uint32_t g)
{
    return m->order[(g / 2u) % m->openings];
}

static uint8_t a_colour(uint32_t g)
{
    return (g & 1u) ? BD_BLACK : BD_WHITE;
}

/* The worker: plays game g and writes its struct referee_game to fd. */
static void __attribute__((noreturn)) run_worker(struct match *m, uint32_t g, int fd)
{
    static struct referee_game result;
    struct player players[2] = { m->players[0], m->players[1] };
    uint8_t a = a_colour(g);
    struct player *by_colour[2];
    by_colour[a] = &players[0];
    by_colour[BD_OTHER_COLOUR(a)] = &players[1];
    int status = 0;
    for (int i = 0; i < 2; i++) {
        if (player_open(&players[i])) {
            memset(&result, 0, sizeof result);
            uint8_t colour = by_colour[BD_WHITE] == &players[i] ? BD_WHITE : BD_BLACK;
            result.outcome = colour == BD_WHITE ? REFEREE_BLACK_WINS : REFEREE_WHITE_WINS;
            result.reason = REFEREE_NO_REPLY;
            result.culprit = colour;
            snprintf(result.detail, sizeof result.detail, "%s cannot start: %s", players[i].name,
                     players[i].error);
            status = 1;
            break;
        }
    }
    if (!status && referee_play(m->opt->rules, game_opening(m, g)->moves, by_colour,
                                m->opt->max_plies, &result))
        status = 2;
    player_close(&players[0]);
    player_close(&players[1]);
    if (status == 2)
        _exit(EXIT_FAILED);
    const char *bytes = (const char *)&result;
    size_t left = sizeof result;
    while (left) {
        ssize_t n = write(fd, bytes, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(EXIT_FAILED);
        bytes += n;
        left -= (size_t)n;
    }
    _exit(0);
}

static int start_worker(struct match *m, struct worker *w, uint32_t g)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC)) {
        perror("match: pipe");
        return -1;
    }
    fflush(stdout);
    if (m->pdn)
        fflush(m->pdn);
    pid_t pid = fork();
    if (pid < 0) {
        perror("match: fork");
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        close(fds[0]);
        run_worker(m, g, fds[1]);
    }
    setpgid(pid, pid);      /* also here: no race with a kill before the child ran */
    close(fds[1]);
    w->pid = pid;
    w->fd = fds[0];
    w->game = g;
    w->got = 0;
    return 0;
}

static void stop_worker(struct worker *w)
{
    kill(-w->pid, SIGKILL);
    close(w->fd);
    while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    w->pid = 0;
}

static void print_elo(double elo)
{
    if (isinf(elo))
        printf("%sinf", elo < 0 ? "-" : "+");
    else
        printf("%+.1f", elo + 0.0);   /* no "-0.0" */
}

static void write_pdn(struct match *m, const struct worker *w)
{
    const struct referee_game *r = &w->result;
    uint8_t a = a_colour(w->game);
    fprintf(m->pdn, "[Event \"bitdraughts match\"]\n[Round \"%u\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
            "[Result \"%s\"]\n[GameType \"%u\"]\n[Opening \"%s\"]\n[Termination \"%s\"]\n\n",
            w->game + 1u, m->players[a == BD_WHITE ? 0 : 1].name,
            m->players[a == BD_WHITE ? 1 : 0].name, referee_result_text(r->outcome),
            m->opt->rules->pdn_game_type, game_opening(m, w->game)->moves, r->detail);
    unsigned ply = 0, column = 0;
    const char *c = r->record;
    while (*c) {
        size_t length = strcspn(c, " ");
        char number[16] = "";
        if (ply % 2u == 0)
            snprintf(number, sizeof number, "%u. ", ply / 2u + 1u);
        size_t width = strlen(number) + length + 1u;
        if (column && column + width > 79u) {
            fputc('\n', m->pdn);
            column = 0;
        }
        column += (unsigned)fprintf(m->pdn, "%s%s%.*s", column ? " " : "", number, (int)length, c);
        c += length;
        c += strspn(c, " ");
        ply++;
    }
    fprintf(m->pdn, "%s%s\n\n", column ? " " : "", referee_result_text(r->outcome));
}

/* With --quiet, a line on stderr every PROGRESS_SECONDS or so while games
 * finish: the games played, the score and the SPRT's standing, so that a
 * long match (an SPRT can run to thousands of games) shows it is going. */
#define PROGRESS_SECONDS 10
static void show_progress(struct match *m)
{
    time_t now = time(NULL);
    if (now < m->progress_at)
        return;
    m->progress_at = now + PROGRESS_SECONDS;
    const struct elo_counts *t = &m->total;
    fprintf(stderr, "match: %u of %u games, W/D/L %u/%u/%u, %.1f%%", m->done, m->games, t->wins, t->draws,
            t->losses, 100.0 * elo_score(t));
    if (m->opt->sprt)
        fprintf(stderr, ", LLR %.3f, bounds [%.3f, %.3f]", m->llr, m->lower, m->upper);
    fputc('\n', stderr);
}

/* Counts a finished game, prints its line (or, quiet, the progress), and
 * runs the SPRT. */
static void record_game(struct match *m, const struct worker *w)
{
    const struct referee_game *r = &w->result;
    uint8_t a = a_colour(w->game);
    int a_result = r->outcome == REFEREE_DRAW ? 0
                   : (r->outcome == REFEREE_WHITE_WINS) == (a == BD_WHITE) ? 1 : -1;
    struct elo_counts *counts[2] = { &m->total, &m->as_colour[a == BD_WHITE ? 0 : 1] };
    for (int i = 0; i < 2; i++) {
        if (a_result > 0)
            counts[i]->wins++;
        else if (a_result < 0)
            counts[i]->losses++;
        else
            counts[i]->draws++;
    }
    m->reasons[r->reason]++;
    if (referee_is_fault(r->reason))
        m->faults[r->culprit == a ? 0 : 1]++;
    m->done++;
    if (!m->opt->quiet) {
        const struct opening *o = game_opening(m, w->game);
        printf("game %u/%u: opening %u (%s), White %s, Black %s: %s, %s, %u plies\n",
               w->game + 1u, m->games, (unsigned)(o - m->suite) + 1u, o->moves,
               a == BD_WHITE ? "A" : "B", a == BD_WHITE ? "B" : "A",
               referee_result_text(r->outcome), r->detail, r->plies);
        fflush(stdout);
    }
    if (m->pdn)
        write_pdn(m, w);
    if (m->opt->sprt) {
        m->llr = sprt_llr(&m->total, m->opt->elo0, m->opt->elo1);
        m->decision = sprt_decide(m->llr, m->lower, m->upper);
    }
    if (m->opt->quiet)
        show_progress(m);
}

static void print_summary(const struct match *m)
{
    const struct options *o = m->opt;
    printf("A: %s\nB: %s\n", m->players[0].name, m->players[1].name);
    printf("%s, %u games of %u, %u openings of %s%s, each with both colours, %u at a time\n",
           variant_name(o->rules), m->done, m->games, m->openings, m->suite_path,
           o->all_openings ? " (all)" : "", o->jobs);
    const struct elo_counts *t = &m->total;
    printf("A: %u wins, %u draws, %u losses (W/D/L %u/%u/%u); as White %u/%u/%u, as Black %u/%u/%u\n",
           t->wins, t->draws, t->losses, t->wins, t->draws, t->losses,
           m->as_colour[0].wins, m->as_colour[0].draws, m->as_colour[0].losses,
           m->as_colour[1].wins, m->as_colour[1].draws, m->as_colour[1].losses);
    double low, high;
    elo_interval(t, ELO_Z95, &low, &high);
    printf("score %.1f%%, Elo ", 100.0 * elo_score(t));
    print_elo(elo_from_score(elo_score(t)));
    printf(", 95%% interval [");
    print_elo(low);
    printf(", ");
    print_elo(high);
    printf("]\n");
    printf("ends: %u no legal move, %u repetition, %u quiet-move rule, %u move limit, "
           "%u illegal move, %u false no-move, %u no reply\n",
           m->reasons[REFEREE_NO_LEGAL_MOVE], m->reasons[REFEREE_REPETITION],
           m->reasons[REFEREE_QUIET_MOVES], m->reasons[REFEREE_MOVE_LIMIT],
           m->reasons[REFEREE_ILLEGAL_MOVE], m->reasons[REFEREE_FALSE_NO_MOVE],
           m->reasons[REFEREE_NO_REPLY]);
    printf("illegal or missing moves: A %u, B %u\n", m->faults[0], m->faults[1]);
    if (o->sprt) {
        printf("SPRT elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.3f, bounds [%.3f, %.3f]: %s\n",
               o->elo0, o->elo1, o->alpha, o->beta, m->llr, m->lower, m->upper,
               m->decision == SPRT_H1 ? "H1 accepted (elo1)"
               : m->decision == SPRT_H0 ? "H0 accepted (elo0)" : "no decision");
    }
}

/* A Fisher-Yates shuffle by xorshift32 (seed 0: no shuffle). */
static void shuffle(const struct opening **items, uint32_t count, uint32_t seed)
{
    uint32_t x = seed;
    if (!seed)
        return;
    for (uint32_t i = count; i > 1; i--) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        uint32_t j = x % i;
        const struct opening *t = items[i - 1u];
        items[i - 1u] = items[j];
        items[j] = t;
    }
}

static int run_match(const struct options *o)
{
    static struct match m;
    m.opt = o;
    char sim[PATH_MAX + 16];
    if (o->sim)
        snprintf(sim, sizeof sim, "%s", o->sim);
    else
        default_sim_path(sim, sizeof sim);
    for (int i = 0; i < 2; i++) {
        struct player *p = &m.players[i];
        if (player_parse(p, o->engine_spec[i], o->depth, o->movetime_ms, o->nodes, sim))
            usage_error(p->error, 0);
        if (o->timeout_ms)
            p->timeout_ms = o->timeout_ms;
        /* Started once here, so that a wrong path stops the match at once. */
        if (player_open(p))
            usage_error(p->error, 0);
        player_close(p);
    }

    char suite_path[PATH_MAX + 64];
    if (o->openings_path)
        snprintf(suite_path, sizeof suite_path, "%s", o->openings_path);
    else
        default_suite_path(o->rules, suite_path, sizeof suite_path);
    m.suite_path = suite_path;
    struct opening_suite suite;
    char error[PATH_MAX + 128];
    if (openings_load(suite_path, o->rules, &suite, error, sizeof error))
        usage_error(error, 0);
    m.suite = suite.items;
    m.order = malloc(suite.count * sizeof *m.order);
    if (!m.order)
        usage_error("out of memory", 0);
    for (uint32_t i = 0; i < suite.count; i++)
        if (o->all_openings || !suite.items[i].dropped)
            m.order[m.openings++] = &suite.items[i];
    shuffle(m.order, m.openings, o->seed);
    m.games = o->games ? o->games : o->sprt ? DEFAULT_SPRT_GAMES : 2u * m.openings;
    m.games += m.games & 1u;
    if (o->sprt)
        sprt_bounds(o->alpha, o->beta, &m.lower, &m.upper);
    m.progress_at = time(NULL) + PROGRESS_SECONDS;
    if (o->pdn_path) {
        m.pdn = fopen(o->pdn_path, "w");
        if (!m.pdn)
            usage_error("cannot write the PDN file", o->pdn_path);
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    unsigned jobs = o->jobs < m.games ? o->jobs : m.games;
    struct worker *workers = calloc(jobs, sizeof *workers);
    struct pollfd *fds = calloc(jobs, sizeof *fds);
    if (!workers || !fds)
        usage_error("out of memory", 0);
    uint32_t next = 0;
    unsigned running = 0;
    int failed = 0;
    printf("match: A = %s, B = %s, %s, %u games, %u at a time\n", m.players[0].name,
           m.players[1].name, variant_name(o->rules), m.games, jobs);
    fflush(stdout);
    for (;;) {
        int stopping = failed || interrupted || m.decision != SPRT_CONTINUE;
        for (unsigned i = 0; i < jobs && !stopping && next < m.games; i++) {
            if (workers[i].pid)
                continue;
            if (start_worker(&m, &workers[i], next)) {
                failed = 1;
                break;
            }
            next++;
            running++;
        }
        if (stopping || !running) {
            for (unsigned i = 0; i < jobs; i++)
                if (workers[i].pid)
                    stop_worker(&workers[i]);
            break;
        }
        unsigned polled = 0;
        for (unsigned i = 0; i < jobs; i++) {
            fds[i].fd = workers[i].pid ? workers[i].fd : -1;
            fds[i].events = POLLIN;
            fds[i].revents = 0;
            polled++;
        }
        if (poll(fds, polled, -1) < 0) {
            if (errno == EINTR)
                continue;
            perror("match: poll");
            failed = 1;
            continue;
        }
        for (unsigned i = 0; i < jobs; i++) {
            struct worker *w = &workers[i];
            if (!w->pid || !fds[i].revents)
                continue;
            char *into = (char *)&w->result + w->got;
            size_t room = sizeof w->result - w->got;
            ssize_t n = room ? read(w->fd, into, room) : 0;
            if (n < 0 && errno == EINTR)
                continue;
            if (n > 0) {
                w->got += (size_t)n;
                continue;
            }
            /* The end of the worker's output: the game is over. */
            int status = 0;
            close(w->fd);
            while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
                ;
            w->pid = 0;
            running--;
            if (w->got != sizeof w->result || !WIFEXITED(status) || WEXITSTATUS(status)) {
                fprintf(stderr, "match: game %u: the worker failed (%s %d)%s\n", w->game + 1u,
                        WIFEXITED(status) ? "exit status" : "signal",
                        WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                        WIFEXITED(status) && WEXITSTATUS(status) == EXIT_FAILED
                            ? ": an opening of the suite is not legal" : "");
                failed = 1;
                continue;
            }
            record_game(&m, w);
        }
    }
    print_summary(&m);
    if (interrupted)
        printf("interrupted after %u games\n", m.done);
    if (m.pdn)
        fclose(m.pdn);
    free(workers);
    free(fds);
    free(m.order);
    openings_free(&suite);
    return failed ? EXIT_FAILED : interrupted ? 128 + (int)interrupted : 0;
}

int main(int argc, char **argv)
{
    command_line_program("match");
    struct options o = parse_options(argc, argv);
    return o.generate ? generate_openings(&o) : run_match(&o);
}
