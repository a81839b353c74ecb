/*
 * build/host/checkers - the library's move generator on the command line.
 *
 *   checkers perft  [--variant russian|english] [--fen FEN] DEPTH
 *   checkers divide [--variant russian|english] [--fen FEN] DEPTH
 *   checkers moves  [--variant russian|english] [--fen FEN]
 *
 * perft prints "perft d N" for each depth from 1 to DEPTH, then the time of
 * the deepest one and its leaves per second; divide the count under each
 * legal move, in PDN; moves the legal moves, one per line.  Without --fen
 * the variant's start position is used; the default variant is russian.
 * A bad argument or FEN prints one line on stderr and exits with status 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pdn.h"
#include "perft.h"

#define EXIT_USAGE 2
#define MAX_DEPTH 20u
/* Room for the moves of every ply of the deepest perft. */
#define STACK_MOVES (MAX_DEPTH * MG_MAX_MOVES)

static move stack[STACK_MOVES];

struct options {
    const char *command;
    const struct rules *rules;
    const char *fen;
    const char *depth_text;
};

static void usage_error(const char *what, const char *detail)
{
    fprintf(stderr, "checkers: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(EXIT_USAGE);
}

static void print_help(void)
{
    puts("usage: checkers perft  [--variant russian|english] [--fen FEN] DEPTH\n"
         "       checkers divide [--variant russian|english] [--fen FEN] DEPTH\n"
         "       checkers moves  [--variant russian|english] [--fen FEN]\n"
         "Counts the move tree (perft), the tree under each move (divide) or lists\n"
         "the legal moves, in PDN.  The default variant is russian; without --fen\n"
         "the variant's start position is used.  DEPTH is 1 to 20.");
}

static struct options parse_options(int argc, char **argv)
{
    struct options opt = { 0, &rules_russian, 0, 0 };
    if (argc < 2)
        usage_error("missing command (perft, divide or moves; --help for usage)", 0);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            print_help();
            exit(0);
        } else if (!strcmp(arg, "--variant")) {
            if (++i == argc)
                usage_error("--variant needs russian or english", 0);
            if (!strcmp(argv[i], "russian"))
                opt.rules = &rules_russian;
            else if (!strcmp(argv[i], "english"))
                opt.rules = &rules_english;
            else
                usage_error("unknown variant", argv[i]);
        } else if (!strcmp(arg, "--fen")) {
            if (++i == argc)
                usage_error("--fen needs a position", 0);
            opt.fen = argv[i];
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
        usage_error("missing command (perft, divide or moves)", 0);
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

static void read_position(const struct options *opt, position *pos)
{
    if (!opt->fen) {
        pos_initial(pos, opt->rules);
        return;
    }
    int8_t status = pdn_read_fen(opt->fen, (uint16_t)strnlen(opt->fen, 0xFFFFu), opt->rules, pos);
    if (status != PDN_OK)
        usage_error("bad FEN", pdn_error_text(status));
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static uint64_t checked_perft(const position *pos, const struct rules *rules, uint8_t depth,
                              move *from)
{
    uint64_t leaves = perft(pos, rules, depth, from, stack + STACK_MOVES);
    if (leaves == PERFT_OVERFLOW) {
        fprintf(stderr, "checkers: move stack too small for depth %u\n", depth);
        exit(1);
    }
    return leaves;
}

static void run_perft(const position *pos, const struct rules *rules, uint8_t depth)
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

static move *legal_moves(const position *pos, const struct rules *rules)
{
    move *end = mg_generate(pos, rules, stack, stack + MG_MAX_MOVES);
    if (!end) {
        fprintf(stderr, "checkers: more than %u legal moves\n", MG_MAX_MOVES);
        exit(1);
    }
    return end;
}

static void print_move(const position *pos, const struct rules *rules, const move *m,
                       const move *end)
{
    char text[PDN_MOVE_MAX + 1];
    pdn_write_move_among(pos, rules, m, stack, end, text, sizeof text);
    fputs(text, stdout);
}

static void run_divide(const position *pos, const struct rules *rules, uint8_t depth)
{
    move *end = legal_moves(pos, rules);
    uint64_t total = 0;
    for (const move *m = stack; m < end; m++) {
        position child = *pos;
        mg_make(&child, m);
        uint64_t leaves = checked_perft(&child, rules, (uint8_t)(depth - 1u), end);
        print_move(pos, rules, m, end);
        printf(" %llu\n", (unsigned long long)leaves);
        total += leaves;
    }
    printf("moves %u, total %llu\n", (unsigned)(end - stack), (unsigned long long)total);
}

static void run_moves(const position *pos, const struct rules *rules)
{
    move *end = legal_moves(pos, rules);
    for (const move *m = stack; m < end; m++) {
        print_move(pos, rules, m, end);
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    struct options opt = parse_options(argc, argv);
    position pos;
    if (!strcmp(opt.command, "perft")) {
        uint8_t depth = parse_depth(opt.depth_text);
        read_position(&opt, &pos);
        run_perft(&pos, opt.rules, depth);
    } else if (!strcmp(opt.command, "divide")) {
        uint8_t depth = parse_depth(opt.depth_text);
        read_position(&opt, &pos);
        run_divide(&pos, opt.rules, depth);
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
