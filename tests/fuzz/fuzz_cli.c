/* SPDX-License-Identifier: MIT */
/*
 * fuzz_cli.c - the argument parsing of build/host/checkers
 * (firmware/host/checkers_main.c), whose main() runs here on argv made of the
 * input: the bytes up to each NUL are one argument after "checkers" (at
 * most MAX_ARGS).  The program is included as it is, with its usage
 * errors (firmware/host/command_line.c), and four names renamed around
 * them: exit() returns here instead of ending the process,
 * perft() and search_run() go no deeper than CAP_DEPTH plies, so that
 * `perft 20` and `go --depth 20` test the parsing without taking minutes,
 * and the Hub session (on stdin) is left out.
 * Its output goes to /dev/null.
 * Properties: no sanitizer report; the program ends by returning 0 or by
 * exit() with 0 (help), 1 (a position with too many moves) or 2 (usage).
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/perft.h"
#include "engine/search.h"
#include "fuzz.h"

#define MAX_ARGS 12u
#define CAP_DEPTH 2u
#define EXIT_USAGE_STATUS 2

static jmp_buf exit_point;
static FILE *null_output;

static void fuzz_exit(int status) __attribute__((noreturn));
static void fuzz_exit(int status)
{
    longjmp(exit_point, status + 1);
}

static uint64_t capped_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                             bd_move *stack, bd_move *stack_end)
{
    return perft(pos, rules, depth > CAP_DEPTH ? CAP_DEPTH : depth, stack, stack_end);
}

static uint8_t capped_search_run(const struct bd_game *game, const struct search_limits *limits,
                                 struct search_workspace *work, struct search_result *result)
{
    struct search_limits capped = *limits;
    if (capped.depth > CAP_DEPTH)
        capped.depth = CAP_DEPTH;
    return search_run(game, &capped, work, result);
}

/* `checkers hub` is a session on stdin (tests/host/test_hub.sh tests it):
 * here only the arguments that lead to it. */
static int hub_session(const struct bd_rules *rules)
{
    (void)rules;
    return 0;
}

#define main checkers_main
#define checkers_hub hub_session
#define exit fuzz_exit
#define perft capped_perft
#define search_run capped_search_run
#undef stderr
#define stderr null_output
#include "host/checkers_main.c"
#include "host/command_line.c"
#undef main
#undef checkers_hub
#undef exit
#undef perft
#undef search_run
#undef stderr
#define stderr stderr

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    null_output = fopen("/dev/null", "w");
    if (!null_output || !freopen("/dev/null", "w", stdout)) {
        fprintf(stderr, "fuzz_cli: cannot open /dev/null\n");
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Each argument a heap block of exactly its length and NUL. */
    char *argv[MAX_ARGS + 2u];
    int argc = 0;
    argv[argc++] = strdup("checkers");
    size_t at = 0;
    while (at < size && argc <= (int)MAX_ARGS) {
        const uint8_t *nul = memchr(data + at, 0, size - at);
        size_t length = nul ? (size_t)(nul - (data + at)) : size - at;
        argv[argc] = malloc(length + 1u);
        memcpy(argv[argc], data + at, length);
        argv[argc++][length] = '\0';
        at += length + 1u;
    }
    argv[argc] = NULL;

    volatile int status;
    int jumped = setjmp(exit_point);
    if (jumped)
        status = jumped - 1;
    else
        status = checkers_main(argc, argv);
    fflush(stdout);
    fflush(null_output);
    FUZZ_REQUIRE(status == 0 || status == 1 || status == EXIT_USAGE_STATUS);
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    return 0;
}
