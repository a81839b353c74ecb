/* SPDX-License-Identifier: MIT */
#include "host/tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "checkers/movegen.h"
#include "checkers/pdn.h"
#include "engine/search.h"
#include "host_table.h"

int tune_add(struct tune_set *set, const struct tune_sample *s)
{
    if (set->count == set->capacity) {
        size_t capacity = set->capacity ? 2 * set->capacity : 1024;
        struct tune_sample *grown = realloc(set->sample, capacity * sizeof *grown);
        if (!grown)
            return 0;
        set->sample = grown;
        set->capacity = capacity;
    }
    set->sample[set->count++] = *s;
    return 1;
}

void tune_free(struct tune_set *set)
{
    free(set->sample);
    set->sample = NULL;
    set->count = set->capacity = 0;
}

void tune_sample_of(const bd_position *pos, const struct bd_rules *rules, double result,
                    struct tune_sample *out)
{
    eval_parts(pos, rules, &out->parts);
    out->result = result;
    out->game_result = result;
    out->position = *pos;
    out->searched = 0;
    out->material = out->parts.fixed;
    for (uint8_t square = 0; square < BB_SQUARES; square++) {
        uint8_t turned = BB_TURNED(square);
        out->men[square] = (int8_t)((pos->men[BD_WHITE] >> square & 1u) -
                                    (pos->men[BD_BLACK] >> turned & 1u));
        out->material = (int16_t)(out->material - out->men[square] * eval_man_square(square));
    }
}

/* ---------------------------------------------------------------- PDN -- */

/* One game as the reader gathers it. */
struct pdn_game {
    const struct bd_rules *rules;
    bd_position start;
    double result;          /* < 0: unknown ("*" or no Result tag) */
    const char *moves;      /* the move text, up to the next tag or the end */
    size_t moves_length;
};

/* The value of tag name in a tag line "[Name "value"]", or NULL. */
static const char *tag_value(const char *line, const char *name, size_t *length)
{
    size_t n = strlen(name);
    if (strncmp(line + 1, name, n) != 0 || line[1 + n] != ' ' || line[2 + n] != '"')
        return NULL;
    const char *value = line + n + 3;
    const char *close = strchr(value, '"');
    if (!close)
        return NULL;
    *length = (size_t)(close - value);
    return value;
}

/* A token of the move text that is no move: a move number ("12.",
 * "12..."), a result. */
static int is_move_number_or_result(const char *token, size_t length)
{
    if (token[length - 1] == '.')
        return 1;
    return (length == 3 && (!strncmp(token, "1-0", 3) || !strncmp(token, "0-1", 3))) ||
           (length == 7 && !strncmp(token, "1/2-1/2", 7)) || (length == 1 && token[0] == '*');
}

static long play_game(const struct pdn_game *g, unsigned skip_plies,
                      struct tune_set sets[BD_VARIANT_COUNT], char *error)
{
    bd_position pos = g->start;
    const char *p = g->moves, *end = g->moves + g->moves_length;
    unsigned ply = 0;
    uint8_t sampled = 0;
    for (;;) {
        if (!sampled && ply >= skip_plies && !mg_has_capture(&pos, g->rules)) {
            struct tune_sample s;
            tune_sample_of(&pos, g->rules, g->result, &s);
            if (!tune_add(&sets[g->rules->variant], &s)) {
                strcpy(error, "out of memory");
                return -1;
            }
        }
        sampled = 1;
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
            p++;
        if (p == end)
            return 0;
        const char *token = p;
        while (p < end && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t')
            p++;
        size_t length = (size_t)(p - token);
        if (is_move_number_or_result(token, length))
            continue;
        bd_move m;
        if (pdn_read_move(token, (uint16_t)length, &pos, g->rules, &m) != PDN_OK) {
            snprintf(error, 160, "ply %u: cannot read the move \"%.*s\"", ply + 1,
                     (int)(length < 40 ? length : 40), token);
            return -1;
        }
        mg_make(&pos, &m);
        ply++;
        sampled = 0;
    }
}

long tune_read_pdn(const char *text, unsigned skip_plies, struct tune_set sets[BD_VARIANT_COUNT],
                   char *error)
{
    long games = 0;
    struct pdn_game g;
    int in_game = 0;
    const char *line = text;
    while (*line) {
        const char *next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        if (line[0] == '[') {
            if (in_game && g.moves) {
                if (g.result >= 0 && play_game(&g, skip_plies, sets, error) < 0)
                    return -1;
                games += g.result >= 0;
                in_game = 0;
            }
            if (!in_game) {
                g.rules = &bd_rules_russian;
                pos_initial(&g.start, g.rules);
                g.result = -1;
                g.moves = NULL;
                g.moves_length = 0;
                in_game = 1;
            }
            size_t length;
            const char *value;
            if ((value = tag_value(line, "Result", &length)) != NULL) {
                g.result = length == 3 && !strncmp(value, "1-0", 3) ? 1.0
                         : length == 3 && !strncmp(value, "0-1", 3) ? 0.0
                         : length == 7 && !strncmp(value, "1/2-1/2", 7) ? 0.5 : -1;
            } else if ((value = tag_value(line, "GameType", &length)) != NULL) {
                unsigned type = (unsigned)atoi(value);
                uint8_t v;
                for (v = 0; v < BD_VARIANT_COUNT && bd_rules_of(v)->pdn_game_type != type; v++)
                    ;
                if (v == BD_VARIANT_COUNT) {
                    snprintf(error, 160, "game %ld: GameType %u is no variant of ours",
                             games + 1, type);
                    return -1;
                }
                g.rules = bd_rules_of(v);
                pos_initial(&g.start, g.rules);
            } else if ((value = tag_value(line, "FEN", &length)) != NULL) {
                if (pdn_read_fen(value, (uint16_t)length, g.rules, &g.start) != PDN_OK) {
                    snprintf(error, 160, "game %ld: bad FEN", games + 1);
                    return -1;
                }
            }
        } else if (in_game && line[0] != '\n' && line[0] != '\r') {
            if (!g.moves)
                g.moves = line;
            g.moves_length = (size_t)(next - g.moves);
        }
        line = next;
    }
    if (in_game && g.moves && g.result >= 0) {
        if (play_game(&g, skip_plies, sets, error) < 0)
            return -1;
        games++;
    }
    return games;
}

/* ---------------------------------------------------------------- fit -- */

void tune_params_compiled(struct tune_params *p)
{
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        p->k[v] = 0;
        for (uint8_t t = 0; t < EVAL_TERMS; t++)
            p->weight[v][t] = eval_weight(v, t);
    }
    for (uint8_t square = 0; square < BB_SQUARES; square++)
        p->man_square[square] = eval_man_square(square);
}

double tune_eval(const struct tune_sample *s, const struct tune_params *p, uint8_t v)
{
    if (s->parts.drawn)
        return 0;
    double e = s->material;
    for (unsigned t = 0; t < EVAL_TERMS; t++)
        e += p->weight[v][t] * s->parts.term[t];
    for (unsigned square = 0; square < BB_SQUARES; square++)
        e += p->man_square[square] * s->men[square];
    return e;
}

static double predict(double e, double k)
{
    return 1.0 / (1.0 + exp(-k * e));
}

void tune_search_labels(struct tune_set *set, const struct bd_rules *rules, uint8_t depth,
                        void (*progress)(size_t done, size_t count))
{
    static struct search_workspace work;
    static struct bd_game game;
    struct search_limits limits = { .depth = depth };
    host_table_use(&limits);
    for (size_t i = 0; i < set->count; i++) {
        struct tune_sample *s = &set->sample[i];
        struct search_result found;
        game_set_position(&game, rules, &s->position);
        search_run(&game, &limits, &work, &found);
        s->searched = s->position.side == BD_WHITE ? found.score : (int16_t)-found.score;
        if (progress && ((i + 1u) % TUNE_LABEL_PROGRESS == 0 || i + 1u == set->count))
            progress(i + 1u, set->count);
    }
}

void tune_mix_labels(struct tune_set *set, double k, double share)
{
    for (size_t i = 0; i < set->count; i++) {
        struct tune_sample *s = &set->sample[i];
        s->result = (1 - share) * s->game_result + share * predict(s->searched, k);
    }
}

double tune_error(const struct tune_set *set, const struct tune_params *p, uint8_t v)
{
    double sum = 0;
    for (size_t i = 0; i < set->count; i++) {
        double d = set->sample[i].result - predict(tune_eval(&set->sample[i], p, v), p->k[v]);
        sum += d * d;
    }
    return set->count ? sum / (double)set->count : 0;
}

/* k between these (per hundredth of a man): a man's advantage predicting
 * anything from 50.02% to 99.99%. */
#define SCALE_LOW 1e-5
#define SCALE_HIGH 0.1
#define SCALE_STEPS 60

void tune_fit_scale(const struct tune_set *set, struct tune_params *p, uint8_t v)
{
    /* Golden-section search on log k. */
    const double ratio = (sqrt(5.0) - 1) / 2;
    double a = log(SCALE_LOW), b = log(SCALE_HIGH);
    double c = b - ratio * (b - a), d = a + ratio * (b - a);
    p->k[v] = exp(c);
    double fc = tune_error(set, p, v);
    p->k[v] = exp(d);
    double fd = tune_error(set, p, v);
    for (int i = 0; i < SCALE_STEPS; i++) {
        if (fc < fd) {
            b = d; d = c; fd = fc;
            c = b - ratio * (b - a);
            p->k[v] = exp(c);
            fc = tune_error(set, p, v);
        } else {
            a = c; c = d; fc = fd;
            d = a + ratio * (b - a);
            p->k[v] = exp(d);
            fd = tune_error(set, p, v);
        }
    }
    p->k[v] = exp((a + b) / 2);
}

/* The parameters in one vector: each variant's terms, then the squares. */
#define SQUARES_AT (BD_VARIANT_COUNT * EVAL_TERMS)
#define PARAMETERS (SQUARES_AT + BB_SQUARES)
/* A weak pull of every weight towards 0 (a ridge prior, per unit
 * squared), so that a weight the games say nothing about (a term that
 * never occurs in a variant, a square no man reaches) goes to 0 and the
 * system below stays solvable: a weight of 100 costs 1e-5 of error,
 * about what a term that matters gains. */
#define PRIOR 1e-9
/* Levenberg-Marquardt damping: the start, and its factor up after a step
 * that made the error worse, down after one that did not. */
#define DAMPING_START 1e-3
#define DAMPING_FACTOR 10.0

static double *parameter(struct tune_params *p, unsigned i)
{
    return i < SQUARES_AT ? &p->weight[i / EVAL_TERMS][i % EVAL_TERMS]
                          : &p->man_square[i - SQUARES_AT];
}

static double total_error(const struct tune_set sets[BD_VARIANT_COUNT], struct tune_params *p)
{
    double error = 0;
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++)
        error += tune_error(&sets[v], p, v);
    for (unsigned i = 0; i < PARAMETERS; i++)
        error += PRIOR * *parameter(p, i) * *parameter(p, i);
    return error;
}

/* Solves a x = b in place (x in b) by Gaussian elimination with partial
 * pivoting; a is n x n, row-major.  0 when singular. */
static int solve(double *a, double *b, unsigned n)
{
    for (unsigned c = 0; c < n; c++) {
        unsigned pivot = c;
        for (unsigned r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[pivot * n + c]))
                pivot = r;
        if (a[pivot * n + c] == 0)
            return 0;
        if (pivot != c) {
            for (unsigned k = 0; k < n; k++) {
                double t = a[c * n + k]; a[c * n + k] = a[pivot * n + k]; a[pivot * n + k] = t;
            }
            double t = b[c]; b[c] = b[pivot]; b[pivot] = t;
        }
        for (unsigned r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (unsigned k = c; k < n; k++)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (unsigned c = n; c-- > 0;) {
        for (unsigned k = c + 1; k < n; k++)
            b[c] -= a[c * n + k] * b[k];
        b[c] /= a[c * n + c];
    }
    return 1;
}

/*
 * Gauss-Newton with Levenberg-Marquardt damping: e is linear in the
 * weights, so the error's gradient and its Gauss-Newton curvature are sums
 * over the samples of the residual and of the outer product of each
 * sample's term and square counts, weighted by the logistic's slope.  A
 * step solves (H + damping diag H) d = -g over the free weights; a handful
 * of steps converge, to the same weights wherever they start, where
 * gradient descent crawls along the flat directions (kings against king
 * squares, runaways against those near crowning).
 */
double tune_fit(const struct tune_set sets[BD_VARIANT_COUNT], struct tune_params *p,
                unsigned iterations, uint32_t frozen, int fit_squares)
{
    unsigned free_index[PARAMETERS], n = 0;
    for (unsigned i = 0; i < PARAMETERS; i++)
        if (i < SQUARES_AT ? !(frozen >> (i % EVAL_TERMS) & 1u) : fit_squares)
            free_index[n++] = i;
    static double h[PARAMETERS * PARAMETERS];
    double g[PARAMETERS], step[PARAMETERS], damping = DAMPING_START;
    double error = total_error(sets, p);
    for (unsigned it = 0; it < iterations && n; it++) {
        memset(h, 0, sizeof h);
        for (unsigned i = 0; i < PARAMETERS; i++) {
            g[i] = 2 * PRIOR * *parameter(p, i);
            h[i * PARAMETERS + i] = 2 * PRIOR;
        }
        for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
            const struct tune_set *set = &sets[v];
            for (size_t j = 0; j < set->count; j++) {
                const struct tune_sample *s = &set->sample[j];
                if (s->parts.drawn)
                    continue;
                double k = p->k[v];
                double q = predict(tune_eval(s, p, v), k);
                double slope = q * (1 - q) * k;
                double residual = 2 * (q - s->result) * slope / (double)set->count;
                double curvature = 2 * slope * slope / (double)set->count;
                /* The sample's nonzero counts, as parameter indices. */
                unsigned index[PARAMETERS], m = 0;
                double x[PARAMETERS];
                for (unsigned t = 0; t < EVAL_TERMS; t++)
                    if (s->parts.term[t]) {
                        index[m] = v * EVAL_TERMS + t;
                        x[m++] = s->parts.term[t];
                    }
                for (unsigned square = 0; square < BB_SQUARES; square++)
                    if (s->men[square]) {
                        index[m] = SQUARES_AT + square;
                        x[m++] = s->men[square];
                    }
                for (unsigned a = 0; a < m; a++) {
                    g[index[a]] += residual * x[a];
                    for (unsigned b = 0; b < m; b++)
                        h[index[a] * PARAMETERS + index[b]] += curvature * x[a] * x[b];
                }
            }
        }
        struct tune_params before = *p;
        for (;;) {
            static double a[PARAMETERS * PARAMETERS];
            for (unsigned r = 0; r < n; r++) {
                for (unsigned c = 0; c < n; c++)
                    a[r * n + c] = h[free_index[r] * PARAMETERS + free_index[c]];
                a[r * n + r] *= 1 + damping;
                step[r] = -g[free_index[r]];
            }
            if (!solve(a, step, n))
                return error;
            for (unsigned r = 0; r < n; r++)
                *parameter(p, free_index[r]) += step[r];
            double after = total_error(sets, p);
            if (after <= error) {
                error = after;
                damping /= DAMPING_FACTOR;
                break;
            }
            *p = before;
            damping *= DAMPING_FACTOR;
            if (damping > 1e12)
                return error;
        }
    }
    error = 0;
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++)
        error += tune_error(&sets[v], p, v);
    return error;
}

void tune_normalise(struct tune_params *p)
{
    /* The lowest weight of a square a White man can stand on (not the
     * crowning rank). */
    double lowest = 0;
    int first = 1;
    for (uint8_t square = 0; square < BB_SQUARES; square++)
        if (!(pos_promotion_rank(BD_WHITE) >> square & 1u) &&
            (first || p->man_square[square] < lowest)) {
            lowest = p->man_square[square];
            first = 0;
        }
    double factor = EVAL_MAN / (EVAL_MAN + lowest);
    for (uint8_t square = 0; square < BB_SQUARES; square++)
        p->man_square[square] = pos_promotion_rank(BD_WHITE) >> square & 1u
                              ? 0 : (p->man_square[square] - lowest) * factor;
    for (uint8_t v = 0; v < BD_VARIANT_COUNT; v++) {
        for (uint8_t t = 0; t < EVAL_TERMS; t++)
            p->weight[v][t] *= factor;
        p->k[v] /= factor;
    }
}
