/* SPDX-License-Identifier: MIT */
/*
 * tune - fits the evaluation's weights to the results of games in PDN
 * (firmware/host/tune.h) and prints them as the source of lib/engine/eval.c
 * holds them: the rows of the term weights of each variant, and with
 * --squares the man squares' table (its picture and its two constants).
 *
 *     build/host/tune [--iterations N] [--skip PLIES] [--freeze TERM,...]
 *                     [--squares] [--label-depth D [--label-share F]] FILE.pdn...
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "checkers/pdn.h"
#include "host/tune.h"

#define DEFAULT_ITERATIONS 30u
#define DEFAULT_SKIP_PLIES 3u       /* the opening suites' moves */
#define ITERATIONS_MAX 1000u        /* far past where a fit settles */
#define SKIP_PLIES_MAX 1000u        /* past any game's length */
#define NIBBLE_MAX 15
#define ROUNDS 40                   /* of k and the weights in turn */
#define DEFAULT_LABEL_SHARE 0.5
#define LABEL_DEPTH_MAX 20u         /* a few seconds a position on a PC */

static const char *const term_names[EVAL_TERMS] = {
    "kings", "king-centre", "kings-shut-in", "kings-main-road",
    "runaways", "runaways-near", "guard", "advanced-late", "lead-late", "men-mobility",
    "men-open-behind", "tempo", "tempo-early"
};
/*
 * Where the fit starts, and what fixes the logistic's scale k (fitted
 * first, with these): the hand-set weights the terms were written with
 * (the kings' material and squares those of the evaluation before them;
 * the rest a guess).  Classic Texel: k from the starting
 * evaluation, then the weights.  Fitting k and the weights in turn drifts
 * instead to an ever larger k and ever smaller positional weights on
 * these games (material all but decides games at depths 3 to 5), so k
 * stays where the start puts it, and the fit is reproducible from this
 * table whatever the compiled-in weights are.
 */
static const int16_t hand_set[BD_VARIANT_COUNT][EVAL_TERMS] = {
    /* russian */ { 280, 2, -10, 10, 20, 30, 0, 1, 2, 3, 0, 0, 0 },
    /* english */ { 140, 2, -10, 0, 20, 30, 0, 1, 2, 3, 0, 0, 0 },
};
static const char *const variant_names[BD_VARIANT_COUNT] = { "russian", "english" };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: tune [--iterations N] [--skip PLIES] [--freeze TERM,...] [--squares]\n"
            "            [--label-depth D [--label-share F]] FILE.pdn...\n"
            "Fits the evaluation's weights to the games' results (Texel method): the\n"
            "scale of the logistic first, with the hand-set weights the fit starts\n"
            "from, then the weights; prints the rows of the\n"
            "term weights of lib/engine/eval.c for each variant the games hold.\n"
            "  --iterations N   Gauss-Newton steps at most, 0..%u (default %u)\n"
            "  --skip PLIES     positions left out at the start of a game, 0..%u (default %u)\n"
            "  --squares        fit the man squares' table too (shared by the variants;\n"
            "                   printed as its nibbles, each clipped to 0..15, and the\n"
            "                   sums of four squares must stay within a byte: check)\n"
            "  --label-depth D  search every position to depth D (1..%u) with the engine as\n"
            "                   compiled, and fit to a mix of the game's result and the\n"
            "                   search's score (its logistic at the scale fitted first)\n"
            "  --label-share F  the search's share of that mix, 0..1 (default %.1f)\n"
            "  --freeze LIST    terms kept at their compiled-in weights, of:\n"
            "                  ",
            ITERATIONS_MAX, DEFAULT_ITERATIONS, SKIP_PLIES_MAX, DEFAULT_SKIP_PLIES, LABEL_DEPTH_MAX,
            DEFAULT_LABEL_SHARE);
    for (unsigned t = 0; t < EVAL_TERMS; t++)
        fprintf(out, " %s", term_names[t]);
    fputc('\n', out);
}

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "tune: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static uint32_t parse_frozen(const char *list)
{
    uint32_t frozen = 0;
    char copy[256];
    snprintf(copy, sizeof copy, "%s", list);
    for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
        unsigned t;
        for (t = 0; t < EVAL_TERMS && strcmp(name, term_names[t]) != 0; t++)
            ;
        if (t == EVAL_TERMS)
            fail("unknown term", name);
        frozen |= (uint32_t)1u << t;
    }
    return frozen;
}

/* The number an option's value gives, within low..high, or exit. */
static double number_of(const char *option, const char *text, double low, double high)
{
    char *end;
    double x = strtod(text, &end);
    if (end == text || *end != '\0' || !(x >= low && x <= high)) {
        fprintf(stderr, "tune: %s %s: a number from %g to %g is needed\n", option, text, low, high);
        exit(2);
    }
    return x;
}

/* The whole number an option's value gives, within low..high, or exit. */
static unsigned whole_number_of(const char *option, const char *text, unsigned low, unsigned high)
{
    double x = number_of(option, text, low, high);
    if (x != floor(x)) {
        fprintf(stderr, "tune: %s %s: a whole number is needed\n", option, text);
        exit(2);
    }
    return (unsigned)x;
}

static void show_progress(size_t done, size_t count)
{
    fprintf(stderr, "\rtune: searched %zu of %zu positions", done, count);
    if (done == count)
        fputc('\n', stderr);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail("cannot read", path);
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    size_t got;
    while (text && (got = fread(text + size, 1, capacity - size - 1, f)) > 0) {
        size += got;
        if (capacity - size < 2)
            text = realloc(text, capacity *= 2);
    }
    fclose(f);
    if (!text)
        fail("out of memory", path);
    text[size] = '\0';
    return text;
}

static long rounded(double x)
{
    return lround(x);
}

/* The man squares as the table's nibbles: the weight over the scale,
 * rounded, within 0..15. */
static unsigned nibble(double points)
{
    long n = rounded(points / EVAL_MAN_SQUARE_SCALE);
    return (unsigned)(n < 0 ? 0 : n > NIBBLE_MAX ? NIBBLE_MAX : n);
}

static void print_squares(struct tune_params *p)
{
    unsigned long long half[2] = { 0, 0 };
    for (uint8_t square = 0; square < BB_SQUARES; square++) {
        unsigned n = nibble(p->man_square[square]);
        p->man_square[square] = (double)(n * EVAL_MAN_SQUARE_SCALE);
        half[square / 16u] |= (unsigned long long)n << (4u * (square % 16u));
    }
    printf("man squares (nibbles, as White sees the board):\n");
    for (int rank = 7; rank >= 0; rank--) {
        printf("    %d |", rank + 1);
        for (uint8_t file = 0; file < 8; file++) {
            uint8_t square = pdn_file_rank_square(file, (uint8_t)rank);
            if (square == BB_NO_SQUARE)
                printf("  .");
            else
                printf(" %2u", nibble(p->man_square[square]));
        }
        printf("\n");
    }
    printf("         a  b  c  d  e  f  g  h\n");
    printf("#define MAN_WEIGHTS_LOW   0x%016llXull\n#define MAN_WEIGHTS_HIGH  0x%016llXull\n",
           half[0], half[1]);
}

int main(int argc, char **argv)
{
    unsigned iterations = DEFAULT_ITERATIONS, skip = DEFAULT_SKIP_PLIES;
    uint32_t frozen = 0;
    int fit_squares = 0;
    unsigned label_depth = 0;
    double label_share = DEFAULT_LABEL_SHARE;
    struct tune_set sets[BD_VARIANT_COUNT] = { { 0 } };
    long games = 0;
    int files = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--iterations") && i + 1 < argc) {
            iterations = whole_number_of(argv[i], argv[i + 1], 0, ITERATIONS_MAX);
            i++;
        } else if (!strcmp(argv[i], "--skip") && i + 1 < argc) {
            skip = whole_number_of(argv[i], argv[i + 1], 0, SKIP_PLIES_MAX);
            i++;
        } else if (!strcmp(argv[i], "--freeze") && i + 1 < argc) {
            frozen = parse_frozen(argv[++i]);
        } else if (!strcmp(argv[i], "--squares")) {
            fit_squares = 1;
        } else if (!strcmp(argv[i], "--label-depth") && i + 1 < argc) {
            label_depth = whole_number_of(argv[i], argv[i + 1], 1, LABEL_DEPTH_MAX);
            i++;
        } else if (!strcmp(argv[i], "--label-share") && i + 1 < argc) {
            label_share = number_of(argv[i], argv[i + 1], 0, 1);
            i++;
        } else if (argv[i][0] == '-') {
            usage(stderr);
            return 2;
        } else {
            char error[160];
            char *text = read_file(argv[i]);
            long n = tune_read_pdn(text, skip, sets, error);
            free(text);
            if (n < 0)
                fail(argv[i], error);
            games += n;
            files++;
        }
    }
    if (!files) {
        usage(stderr);
        return 2;
    }
    struct tune_params p;
    double before[BD_VARIANT_COUNT];
    tune_params_compiled(&p);
    /* A frozen term keeps the weight compiled in, as the usage says (the
     * terms fitted start from the hand-set one). */
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++)
        for (unsigned t = 0; t < EVAL_TERMS; t++)
            p.weight[v][t] = frozen >> t & 1u ? eval_weight(v, (uint8_t)t) : hand_set[v][t];
    printf("%ld games\n", games);
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++)
        if (label_depth && sets[v].count)
            tune_search_labels(&sets[v], bd_rules_of(v), (uint8_t)label_depth, show_progress);
    /* The scale from the games' results, then the targets from it. */
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        tune_fit_scale(&sets[v], &p, v);
        if (label_depth)
            tune_mix_labels(&sets[v], p.k[v], label_share);
        before[v] = tune_error(&sets[v], &p, v);
    }
    if (label_depth)
        printf("labels: a search to depth %u, share %.2f of each target\n", label_depth, label_share);
    tune_fit(sets, &p, iterations, frozen, fit_squares);
    double fitted[BD_VARIANT_COUNT];
    if (fit_squares)
        tune_normalise(&p);
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        fitted[v] = tune_error(&sets[v], &p, v);
        for (unsigned t = 0; t < EVAL_TERMS; t++)
            p.weight[v][t] = (double)rounded(p.weight[v][t]);
    }
    if (fit_squares)
        print_squares(&p);
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        if (!sets[v].count)
            continue;
        printf("%s: %zu positions, k %.6f, error %.6f hand-set, %.6f fitted, %.6f rounded\n",
               variant_names[v], sets[v].count, p.k[v], before[v], fitted[v],
               tune_error(&sets[v], &p, v));
        for (unsigned t = 0; t < EVAL_TERMS; t++)
            printf("  %-16s %5ld (compiled in: %d)%s\n", term_names[t], (long)p.weight[v][t],
                   eval_weight(v, (uint8_t)t), frozen >> t & 1u ? ", frozen" : "");
    }
    /* The whole table, ready to paste: a variant the games do not hold
     * keeps the row compiled in (the fit left it at nothing). */
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        printf("    /* %s%s */ {", variant_names[v], sets[v].count ? "" : ", no games: as compiled in");
        for (unsigned t = 0; t < EVAL_TERMS; t++)
            printf(" %ld%s", sets[v].count ? (long)p.weight[v][t] : (long)eval_weight(v, (uint8_t)t),
                   t + 1 < EVAL_TERMS ? "," : " },\n");
    }
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++)
        tune_free(&sets[v]);
    return 0;
}
