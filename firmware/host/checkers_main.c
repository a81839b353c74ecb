/* SPDX-License-Identifier: MIT */
/*
 * build/host/checkers - the library's move generator on the command line.
 *
 *   checkers perft  [--variant russian|english] [--fen FEN] DEPTH
 *   checkers divide [--variant russian|english] [--fen FEN] DEPTH
 *   checkers moves  [--variant russian|english] [--fen FEN]
 *   checkers go     [--variant russian|english] [--fen FEN] [--moves "M1 M2 ..."]
 *                   (--depth N | --movetime MS | --nodes N) [--endgame DIR]
 *   checkers hub    [--variant russian|english] [--endgame DIR]
 *
 * go and hub take --endgame DIR: the endgame tables of DIR (make endgame,
 * build/endgame) decide the positions they hold in the search.
 *
 * perft prints "perft d N" for each depth from 1 to DEPTH, then the time of
 * the deepest one and its leaves per second; divide the count under each
 * legal move, in PDN; moves the legal moves, one per line; go searches
 * (lib/engine/search.h) and prints a line per completed iteration
 *     info depth D score S nodes N pv MOVE...
 * then the result, one fact a line: bestmove, score, pv, depth, nodes
 * (score from the side to move's view, in hundredths of a man; a win in n
 * plies is 30000 - n).  Without --fen
 * the variant's start position is used; the default variant is russian.
 * go --moves plays the moves (PDN, blank-separated) from that position
 * into the game record first, so the search sees the repetitions and the
 * quiet-move count of the game, as the firmware's does.
 * go --nodes N stops the search at its Nth node, counted over all its
 * iterations (search_limits.nodes): unlike --movetime, the same search
 * whatever the machine's load, so engines compare at equal nodes.
 * hub speaks Scan's Hub protocol on stdin and stdout (checkers_hub.h), for
 * Hub GUIs and pydraughts; --variant is the variant it starts with.
 * A bad argument or FEN prints one line on stderr and exits with status 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "checkers/pdn.h"
#include "checkers/perft.h"
#include "engine/search.h"
#include "checkers_hub.h"
#include "command_line.h"
#include "host_table.h"
#include "endgame_file.h"

#define MAX_DEPTH 20u
/* Room for the moves of every ply of the deepest perft. */
#define STACK_MOVES (MAX_DEPTH * MG_MAX_MOVES)

static bd_move stack[STACK_MOVES];

struct options {
    const char *command;
    const struct bd_rules *rules;
    const char *fen;
    const char *depth_text;
    const char *go_depth;       /* go --depth */
    const char *go_movetime;    /* go --movetime */
    const char *go_nodes;       /* go --nodes */
    const char *go_moves;       /* go --moves */
    const char *endgame;        /* go and hub --endgame */
};

static void print_help(void)
{
    printf("usage: checkers perft  [--variant russian|english] [--fen FEN] DEPTH\n"
         "       checkers divide [--variant russian|english] [--fen FEN] DEPTH\n"
         "       checkers moves  [--variant russian|english] [--fen FEN]\n"
         "       checkers go     [--variant russian|english] [--fen FEN] [--moves \"M1 M2 ...\"]\n"
         "                       (--depth N | --movetime MS | --nodes N) [--endgame DIR]\n"
         "       checkers hub    [--variant russian|english] [--endgame DIR]\n"
         "Counts the move tree (perft), the tree under each move (divide), lists\n"
         "the legal moves, in PDN, or searches for the best move (go).  The default\n"
         "variant is russian; without --fen the variant's start position is used.\n"
         "DEPTH is 1 to 20.  go searches to --depth N (1 to %u), for --movetime MS\n"
         "milliseconds (1 to 3600000) or for --nodes N nodes (1 to %u),\n"
         "and prints a line per completed iteration,\n"
         "  info depth D score S nodes N pv MOVE...\n"
         "then one line each: bestmove MOVE, score S, pv MOVE..., depth D, nodes N\n"
         "(bestmove none when the side to move has no move).  Scores are from the\n"
         "side to move's view in hundredths of a man; a win in n plies is 30000 - n.\n"
         "go --nodes N stops the search at its Nth node, the nodes of every iteration\n"
         "counted (the nodes line says N, or fewer when the search ended first), with\n"
         "the last completed iteration's move or the best root move searched in full\n"
         "of the one cut short (before either, the first legal move): the same answer\n"
         "on every run, whatever the load.\n"
         "go --moves plays the moves given (PDN, separated by blanks) from the FEN or\n"
         "start position first: the search sees them in its game record, so that\n"
         "repetitions and the quiet-move draw rule count.\n"
         "hub runs the engine under Scan's Hub protocol on stdin and stdout (for Hub\n"
         "GUIs and pydraughts' HubEngine); the GUI chooses the variant with\n"
         "set-param name=variant value=russian|english.\n"
         "go and hub take --endgame DIR: the endgame tables in DIR (make endgame:\n"
         "build/endgame) decide the positions of few pieces in the search.\n", SEARCH_MAX_DEPTH,
         COMMAND_LINE_NODES_MAX);
}

static struct options parse_options(int argc, char **argv)
{
    struct options opt = { 0, &bd_rules_russian, 0, 0, 0, 0, 0, 0, 0 };
    if (argc < 2)
        usage_error("missing command (perft, divide, moves, go or hub; --help for usage)", 0);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            print_help();
            exit(0);
        } else if (!strcmp(arg, "--variant")) {
            if (++i == argc)
                usage_error("--variant needs russian or english", 0);
            if (!strcmp(argv[i], "russian"))
                opt.rules = &bd_rules_russian;
            else if (!strcmp(argv[i], "english"))
                opt.rules = &bd_rules_english;
            else
                usage_error("unknown variant", argv[i]);
        } else if (!strcmp(arg, "--fen")) {
            if (++i == argc)
                usage_error("--fen needs a position", 0);
            opt.fen = argv[i];
        } else if (!strcmp(arg, "--depth")) {
            if (++i == argc)
                usage_error("--depth needs a number", 0);
            opt.go_depth = argv[i];
        } else if (!strcmp(arg, "--movetime")) {
            if (++i == argc)
                usage_error("--movetime needs milliseconds", 0);
            opt.go_movetime = argv[i];
        } else if (!strcmp(arg, "--nodes")) {
            if (++i == argc)
                usage_error("--nodes needs a number", 0);
            opt.go_nodes = argv[i];
        } else if (!strcmp(arg, "--moves")) {
            if (++i == argc)
                usage_error("--moves needs a list of moves", 0);
            opt.go_moves = argv[i];
        } else if (!strcmp(arg, "--endgame")) {
            if (++i == argc)
                usage_error("--endgame needs a folder of tables", 0);
            opt.endgame = argv[i];
        } else if (arg[0] == '-' && arg[1] != '\0') {
            usage_error("unknown option", arg);
        } else if (!opt.command) {
            opt.command = arg;
        } else if (!opt.depth_text) {
            opt.depth_text = arg;
        } else {
            usage_error("unexpected argument", arg);
        }
    }
    if (!opt.command)
        usage_error("missing command (perft, divide, moves, go or hub)", 0);
    return opt;
}

static uint8_t parse_depth(const char *text)
{
    if (!text)
        usage_error("missing DEPTH", 0);
    unsigned depth = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || depth > MAX_DEPTH)
            usage_error("DEPTH must be a number from 1 to 20", text);
        depth = depth * 10u + (unsigned)(*c - '0');
    }
    if (depth < 1 || depth > MAX_DEPTH)
        usage_error("DEPTH must be a number from 1 to 20", text);
    return (uint8_t)depth;
}

static void read_position(const struct options *opt, bd_position *pos)
{
    if (!opt->fen) {
        pos_initial(pos, opt->rules);
        return;
    }
    /* The reader takes a 16-bit length: a longer argument is refused, not
     * cut to its first 65,535 bytes. */
    size_t length = strnlen(opt->fen, 0x10000u);
    if (length > 0xFFFFu)
        usage_error("bad FEN", "longer than 65535 bytes");
    int8_t status = pdn_read_fen(opt->fen, (uint16_t)length, opt->rules, pos);
    if (status != PDN_OK)
        usage_error("bad FEN", pdn_error_text(status));
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static uint64_t checked_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                              bd_move *from)
{
    uint64_t leaves = perft(pos, rules, depth, from, stack + STACK_MOVES);
    if (leaves == PERFT_OVERFLOW) {
        fprintf(stderr, "checkers: move stack too small for depth %u\n", depth);
        exit(1);
    }
    return leaves;
}

static void run_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth)
{
    double elapsed = 0;
    uint64_t leaves = 0;
    for (uint8_t d = 1; d <= depth; d++) {
        double start = seconds_now();
        leaves = checked_perft(pos, rules, d, stack);
        elapsed = seconds_now() - start;
        printf("perft %u %llu\n", d, (unsigned long long)leaves);
        fflush(stdout);
    }
    printf("time %.3f s, %.1f M leaves/s\n", elapsed,
           elapsed > 0 ? (double)leaves / elapsed / 1e6 : 0.0);
}

static bd_move *legal_moves(const bd_position *pos, const struct bd_rules *rules)
{
    bd_move *end = mg_generate(pos, rules, stack, stack + MG_MAX_MOVES);
    if (!end) {
        fprintf(stderr, "checkers: more than %u legal moves\n", MG_MAX_MOVES);
        exit(1);
    }
    return end;
}

static void print_move(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                       const bd_move *end)
{
    char text[PDN_MOVE_MAX + 1];
    pdn_write_move_among(pos, rules, m, stack, end, text, sizeof text);
    fputs(text, stdout);
}

static void run_divide(const bd_position *pos, const struct bd_rules *rules, uint8_t depth)
{
    bd_move *end = legal_moves(pos, rules);
    uint64_t total = 0;
    for (const bd_move *m = stack; m < end; m++) {
        bd_position child = *pos;
        mg_make(&child, m);
        uint64_t leaves = checked_perft(&child, rules, (uint8_t)(depth - 1u), end);
        print_move(pos, rules, m, end);
        printf(" %llu\n", (unsigned long long)leaves);
        total += leaves;
    }
    printf("moves %u, total %llu\n", (unsigned)(end - stack), (unsigned long long)total);
}

static void run_moves(const bd_position *pos, const struct bd_rules *rules)
{
    bd_move *end = legal_moves(pos, rules);
    for (const bd_move *m = stack; m < end; m++) {
        print_move(pos, rules, m, end);
        putchar('\n');
    }
}

static struct search_workspace work;
static struct bd_game game;
/*
 * go --movetime: the time is the process's, from the start of the search
 * to the answer.  The search stops at the deadline, a small margin before
 * the time is up (the answer is printed and the process ends after it),
 * and an iteration is not started when even its first root move (the
 * last iteration's best, searched with the full window) would not end in
 * time: an iteration takes about NEXT_ITERATION_GROWTH times the one
 * before, FIRST_MOVE_SHARE of it on that move.  An iteration cut short
 * after its first move still gives its best root move searched in full.
 */
#define DEADLINE_MARGIN_S 0.002
#define NEXT_ITERATION_GROWTH 2.0
#define FIRST_MOVE_SHARE 0.5
struct go_clock {
    double deadline;
    double last_done;           /* when the last iteration ended */
    uint8_t give_up;            /* the next iteration would not end in time */
};
static struct go_clock go_clock;

static uint8_t past_deadline(void *context)
{
    struct go_clock *c = context;
    return c->give_up || seconds_now() >= c->deadline;
}

/* The PV in PDN, each move written against the position it is played in. */
static void print_pv(const struct search_result *r)
{
    bd_position pos = game.pos;
    for (uint8_t i = 0; i < r->pv_length; i++) {
        char text[PDN_MOVE_MAX + 1];
        pdn_write_move(&pos, game.rules, &r->pv[i], text, sizeof text);
        printf("%s%s", i ? " " : "", text);
        mg_make(&pos, &r->pv[i]);
    }
}

static void print_iteration(const struct search_result *r, void *context)
{
    struct go_clock *c = context;
    if (c) {
        double now = seconds_now();
        if (now + (now - c->last_done) * NEXT_ITERATION_GROWTH * FIRST_MOVE_SHARE > c->deadline)
            c->give_up = 1;
        c->last_done = now;
    }
    printf("info depth %u score %d nodes %lu pv ", r->depth, r->score, (unsigned long)r->nodes);
    print_pv(r);
    putchar('\n');
    fflush(stdout);
}

/* Plays the blank-separated PDN moves of text into game; a move that is not
 * legal is a usage error naming it and its ply. */
static void play_moves(const char *text)
{
    static const char blanks[] = " \t\r\n";
    unsigned ply = 0;
    for (const char *c = text + strspn(text, blanks); *c; c += strspn(c, blanks)) {
        size_t length = strcspn(c, blanks);
        bd_move m;
        int8_t status = length > PDN_MOVE_MAX ? PDN_ERR_SYNTAX
                        : pdn_read_move(c, (uint16_t)length, &game.pos, game.rules, &m);
        ply++;
        if (status != PDN_OK) {
            fprintf(stderr, "checkers: bad move %.*s (move %u of --moves): %s\n",
                    (int)(length > PDN_MOVE_MAX ? PDN_MOVE_MAX : length), c, ply,
                    pdn_error_text(status));
            exit(COMMAND_LINE_EXIT_USAGE);
        }
        game_play(&game, &m);
        c += length;
    }
}

static void run_go(const struct options *opt, const bd_position *pos)
{
    struct search_limits limits = { .report = print_iteration };
    if (opt->go_depth) {
        char message[sizeof "--depth must be a number from 1 to 255"];
        snprintf(message, sizeof message, "--depth must be a number from 1 to %u", SEARCH_MAX_DEPTH);
        limits.depth = (uint8_t)parse_number(opt->go_depth, 1, SEARCH_MAX_DEPTH, message);
    } else if (opt->go_nodes) {
        char message[sizeof "--nodes must be a number from 1 to 4294967295"];
        snprintf(message, sizeof message, "--nodes must be a number from 1 to %u",
                 COMMAND_LINE_NODES_MAX);
        /* No stop to poll: the count alone ends the search, the same way
         * at every run. */
        limits.nodes = parse_number(opt->go_nodes, 1, COMMAND_LINE_NODES_MAX, message);
        limits.depth = SEARCH_MAX_DEPTH;
    } else {
        uint32_t ms = parse_number(opt->go_movetime, 1, 3600000u,
                                   "--movetime must be milliseconds from 1 to 3600000");
        limits.depth = SEARCH_MAX_DEPTH;
        limits.stop = past_deadline;
        limits.context = &go_clock;
        go_clock.last_done = seconds_now();
        go_clock.deadline = go_clock.last_done + ms / 1000.0 - DEADLINE_MARGIN_S;
        go_clock.give_up = 0;
    }
    game_set_position(&game, opt->rules, pos);
    if (opt->go_moves)
        play_moves(opt->go_moves);
    host_table_use(&limits);
    struct search_result result;
    if (!search_run(&game, &limits, &work, &result)) {
        printf("bestmove none\nscore %d\npv\ndepth 0\nnodes %lu\n", -SEARCH_MATE,
               (unsigned long)result.nodes);
        return;
    }
    char text[PDN_MOVE_MAX + 1];
    pdn_write_move(&game.pos, game.rules, &result.best, text, sizeof text);
    printf("bestmove %s\nscore %d\npv ", text, result.score);
    print_pv(&result);
    printf("\ndepth %u\nnodes %lu\n", result.depth, (unsigned long)result.nodes);
}

/* The tables of dir for the searches of go and hub. */
static void use_endgame(const char *dir, const char *command)
{
    static struct endgame_tables tables;
    if (strcmp(command, "go") && strcmp(command, "hub"))
        usage_error("--endgame is for go and hub only", 0);
    if (!endgame_files_map(dir, &tables))
        usage_error("no endgame tables in", dir);
    if (!host_table_endgame(&tables))
        usage_error("--endgame: this build searches as the AVR does, with no endgame tables", 0);
}

int main(int argc, char **argv)
{
    command_line_program("checkers");
    struct options opt = parse_options(argc, argv);
    bd_position pos;
    if ((opt.go_depth || opt.go_movetime || opt.go_nodes || opt.go_moves) && strcmp(opt.command, "go"))
        usage_error("--depth, --movetime, --nodes and --moves are for go only", 0);
    if (opt.endgame)
        use_endgame(opt.endgame, opt.command);
    if (!strcmp(opt.command, "go")) {
        if (opt.depth_text)
            usage_error("go takes --depth N, --movetime MS or --nodes N, not", opt.depth_text);
        if (!!opt.go_depth + !!opt.go_movetime + !!opt.go_nodes != 1)
            usage_error("go needs exactly one of --depth N, --movetime MS and --nodes N", 0);
        read_position(&opt, &pos);
        run_go(&opt, &pos);
    } else if (!strcmp(opt.command, "perft")) {
        uint8_t depth = parse_depth(opt.depth_text);
        read_position(&opt, &pos);
        run_perft(&pos, opt.rules, depth);
    } else if (!strcmp(opt.command, "divide")) {
        uint8_t depth = parse_depth(opt.depth_text);
        read_position(&opt, &pos);
        run_divide(&pos, opt.rules, depth);
    } else if (!strcmp(opt.command, "hub")) {
        if (opt.depth_text)
            usage_error("hub takes no argument", opt.depth_text);
        if (opt.fen)
            usage_error("hub takes its position from pos, not --fen", 0);
        return checkers_hub(opt.rules);
    } else if (!strcmp(opt.command, "moves")) {
        if (opt.depth_text)
            usage_error("moves takes no DEPTH", opt.depth_text);
        read_position(&opt, &pos);
        run_moves(&pos, opt.rules);
    } else {
        usage_error("unknown command", opt.command);
    }
    return 0;
}
