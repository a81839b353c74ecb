/* SPDX-License-Identifier: MIT */
/*
 * build/host/endgame - the endgame tables (lib/endgame/): made, checked
 * and read.
 *
 *   endgame generate [--variant V] [--pieces N] DIR   DIR/<variant>.egtb
 *                                                     (N up to 4, the default)
 *   endgame verify   [--variant V] DIR
 *   endgame probe    [--variant V] --fen FEN DIR
 *
 * Without --variant, generate and verify do both variants, probe Russian.
 * generate prints a line a signature as it goes (endgame_gen.h); verify
 * checks a table apart from its generator (endgame_verify.h) and exits 1
 * on the first wrong values; probe prints the position's value for its
 * side to move: "win N" or "loss N" (N plies to the end with best play),
 * "draw", or "none" when the table does not hold it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "checkers/pdn.h"
#include "endgame_file.h"
#include "endgame_gen.h"
#include "endgame_verify.h"

#define EXIT_USAGE 2

static void usage(const char *what, const char *detail)
{
    fprintf(stderr, "endgame: %s%s%s\n"
            "usage: endgame generate [--variant russian|english] [--pieces 2..%u] DIR\n"
            "       endgame verify   [--variant russian|english] DIR\n"
            "       endgame probe    [--variant russian|english] --fen FEN DIR\n",
            what, detail ? ": " : "", detail ? detail : "", EG_MAX_PIECES);
    exit(EXIT_USAGE);
}

static int generate(uint8_t variant, uint8_t pieces, const char *dir)
{
    struct eg_table table;
    uint32_t size = eg_table_init(&table, NULL, pieces);
    uint8_t *values = malloc(size);
    char path[ENDGAME_PATH_MAX], part[ENDGAME_PATH_MAX + 8];
    if (!values) {
        fprintf(stderr, "endgame: out of memory\n");
        return 1;
    }
    printf("%s, up to %u pieces: %lu positions\n", variant == BD_VARIANT_ENGLISH ? "english" : "russian",
           pieces, (unsigned long)size);
    fflush(stdout);
    (void)mkdir(dir, 0777);     /* or it is there already: the write says otherwise */
    endgame_file_path(dir, variant, path);
    snprintf(part, sizeof part, "%s.part", path);
    int status = endgame_generate(bd_rules_of(variant), pieces, values, stdout) != 0 ||
                 endgame_file_write(part, variant, pieces, values, size) != 0 || rename(part, path) != 0;
    free(values);
    return status;
}

static int verify(uint8_t variant, const char *dir)
{
    char path[ENDGAME_PATH_MAX];
    struct eg_table table;
    struct endgame_check check;
    endgame_file_path(dir, variant, path);
    if (endgame_file_map(path, variant, &table) != 0) {
        fprintf(stderr, "endgame: no table %s\n", path);
        return 1;
    }
    int status = endgame_verify(bd_rules_of(variant), &table, &check, stderr) != 0;
    printf("%s: %lu positions of up to %u pieces: %lu wins, %lu losses, %lu draws, %lu errors\n", path,
           (unsigned long)check.positions, table.max_pieces, (unsigned long)check.wins,
           (unsigned long)check.losses, (unsigned long)check.draws, (unsigned long)check.errors);
    return status;
}

static int probe(uint8_t variant, const char *fen, const char *dir)
{
    char path[ENDGAME_PATH_MAX];
    struct eg_table table;
    bd_position pos;
    size_t length = strnlen(fen, 0x10000u);
    if (length > 0xFFFFu || pdn_read_fen(fen, (uint16_t)length, bd_rules_of(variant), &pos) != PDN_OK)
        usage("bad FEN", fen);
    endgame_file_path(dir, variant, path);
    if (endgame_file_map(path, variant, &table) != 0) {
        fprintf(stderr, "endgame: no table %s\n", path);
        return 1;
    }
    uint8_t value = eg_probe(&table, &pos);
    if (value == EG_HOLE)
        printf("none\n");
    else if (value == EG_DRAW)
        printf("draw\n");
    else
        printf("%s %u\n", eg_is_win(value) ? "win" : "loss", eg_distance(value));
    return 0;
}

int main(int argc, char **argv)
{
    const char *command = NULL, *dir = NULL, *fen = NULL;
    int variant = -1;
    unsigned pieces = EG_MAX_PIECES;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage("the endgame tables", NULL);
        } else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            i++;
            if (!strcmp(argv[i], "russian"))
                variant = BD_VARIANT_RUSSIAN;
            else if (!strcmp(argv[i], "english"))
                variant = BD_VARIANT_ENGLISH;
            else
                usage("unknown variant", argv[i]);
        } else if (!strcmp(argv[i], "--pieces") && i + 1 < argc) {
            char *end;
            pieces = (unsigned)strtoul(argv[++i], &end, 10);
            if (*end || pieces < 2u || pieces > EG_MAX_PIECES)
                usage("--pieces must be from 2 to 4", argv[i]);
        } else if (!strcmp(argv[i], "--fen") && i + 1 < argc) {
            fen = argv[++i];
        } else if (argv[i][0] == '-') {
            usage("unknown option or missing value", argv[i]);
        } else if (!command) {
            command = argv[i];
        } else if (!dir) {
            dir = argv[i];
        } else {
            usage("unexpected argument", argv[i]);
        }
    }
    if (!command || !dir)
        usage("missing command or DIR", NULL);
    int status = 0;
    if (!strcmp(command, "probe")) {
        if (!fen)
            usage("probe needs --fen", NULL);
        return probe(variant < 0 ? BD_VARIANT_RUSSIAN : (uint8_t)variant, fen, dir);
    }
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        if (variant >= 0 && v != variant)
            continue;
        if (!strcmp(command, "generate"))
            status |= generate(v, (uint8_t)pieces, dir);
        else if (!strcmp(command, "verify"))
            status |= verify(v, dir);
        else
            usage("unknown command", command);
    }
    return status;
}
