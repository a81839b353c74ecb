/* SPDX-License-Identifier: MIT */
#include "endgame_gen.h"

#include <stdlib.h>
#include <time.h>

#include "checkers/movegen.h"

/* What a position's moves that leave the signature give, and where its
 * edges to positions of the signature start. */
struct pending {
    uint32_t first_edge;
    uint16_t edges;
    uint8_t outside_win;        /* a move to a loss in d: the win in d + 1; 0 none */
    uint8_t outside_longest;    /* the longest win a move leads to; 0 none */
    uint8_t outside_draw;       /* a move leads to a draw */
};

struct edges {
    uint32_t *to;
    uint32_t count, room;
};

static int edge_add(struct edges *e, uint32_t to)
{
    if (e->count == e->room) {
        uint32_t room = e->room ? 2u * e->room : 1u << 20;
        uint32_t *grown = realloc(e->to, room * sizeof *grown);
        if (!grown)
            return -1;
        e->to = grown;
        e->room = room;
    }
    e->to[e->count++] = to;
    return 0;
}

/* The value of a move's result, child, that left the signature. */
static uint8_t outside_value(const struct eg_table *table, const bd_position *child)
{
    if (!child->pieces[child->side])
        return eg_value_of_distance(0);
    return eg_probe(table, child);
}

/* Lists the moves of position index of sig (values[index] set when it has
 * none); returns -1 when memory runs out. */
static int list_moves(const struct bd_rules *rules, const struct eg_table *table,
                      const struct eg_signature *sig, uint32_t index, uint8_t *values,
                      struct pending *p, struct edges *edges)
{
    static bd_move moves[MG_MAX_MOVES];
    bd_position pos;
    p->first_edge = edges->count;
    p->edges = 0;
    p->outside_win = p->outside_longest = p->outside_draw = 0;
    if (!eg_position(sig, index, &pos)) {
        values[index] = EG_HOLE;
        return 0;
    }
    bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
    if (end == moves) {
        values[index] = eg_value_of_distance(0);
        return 0;
    }
    for (bd_move *m = moves; m < end; m++) {
        bd_position child = pos;
        mg_make(&child, m);
        struct eg_signature child_sig;
        if (child.pieces[child.side] && eg_signature_of(&child, &child_sig) &&
            eg_signature_code(&child_sig) == eg_signature_code(sig)) {
            if (edge_add(edges, eg_index(&child, sig)) != 0)
                return -1;
            p->edges++;
            continue;
        }
        uint8_t v = outside_value(table, &child);
        if (v == EG_DRAW) {
            p->outside_draw = 1;
        } else if (eg_is_loss(v)) {
            uint8_t win = (uint8_t)(eg_distance(v) + 1u);
            if (!p->outside_win || win < p->outside_win)
                p->outside_win = win;
        } else if (eg_distance(v) > p->outside_longest) {
            p->outside_longest = eg_distance(v);
        }
    }
    return 0;
}

/* Round r for position i: its value when it is settled in r plies, else
 * EG_DRAW (still open).  A value read that was set in this round (distance
 * r or more) counts as not yet known. */
static uint8_t settle(const struct pending *p, const uint32_t *edge, const uint8_t *values, uint8_t r)
{
    uint8_t all_wins = !p->outside_draw && !p->outside_win;
    uint8_t longest = p->outside_longest;
    if (p->outside_win == r)
        return eg_value_of_distance(r);
    for (uint16_t k = 0; k < p->edges; k++) {
        uint8_t v = values[edge[k]];
        if (v == EG_DRAW || eg_distance(v) >= r) {
            all_wins = 0;
        } else if (eg_is_loss(v)) {
            if (eg_distance(v) + 1u == r)
                return eg_value_of_distance(r);
            all_wins = 0;
        } else if (eg_distance(v) > longest) {
            longest = eg_distance(v);
        }
    }
    return all_wins && longest + 1u == r ? eg_value_of_distance(r) : EG_DRAW;
}

static int solve_signature(const struct bd_rules *rules, const struct eg_table *table,
                           const struct eg_signature *sig, uint8_t *values)
{
    uint32_t size = eg_signature_size(sig);
    struct pending *pending = malloc((size_t)size * sizeof *pending);
    uint32_t *open = malloc((size_t)size * sizeof *open);
    struct edges edges = { 0, 0, 0 };
    int status = -1;
    if (!pending || !open)
        goto out;
    uint32_t open_count = 0;
    uint8_t last_outside = 0;
    for (uint32_t i = 0; i < size; i++) {
        values[i] = EG_DRAW;
        if (list_moves(rules, table, sig, i, values, &pending[i], &edges) != 0)
            goto out;
        if (values[i] != EG_DRAW)
            continue;
        open[open_count++] = i;
        if (pending[i].outside_win > last_outside)
            last_outside = pending[i].outside_win;
        if (pending[i].outside_longest >= last_outside)
            last_outside = (uint8_t)(pending[i].outside_longest + 1u);
    }
    uint8_t changed = 1;
    for (unsigned r = 1; changed || r <= last_outside; r++) {
        if (r > EG_MAX_DISTANCE) {
            fprintf(stderr, "endgame: a distance over %u plies\n", EG_MAX_DISTANCE);
            goto out;
        }
        changed = 0;
        uint32_t kept = 0;
        for (uint32_t k = 0; k < open_count; k++) {
            uint32_t i = open[k];
            uint8_t v = settle(&pending[i], edges.to + pending[i].first_edge, values, (uint8_t)r);
            if (v != EG_DRAW) {
                values[i] = v;
                changed = 1;
            } else {
                open[kept++] = i;
            }
        }
        open_count = kept;
    }
    status = 0;
out:
    if (status != 0)
        fprintf(stderr, "endgame: out of memory\n");
    free(edges.to);
    free(open);
    free(pending);
    return status;
}

int endgame_generate(const struct bd_rules *rules, uint8_t max_pieces, uint8_t *values, FILE *progress)
{
    struct eg_signature sigs[EG_SIGNATURE_CODES];
    struct eg_table table;
    eg_table_init(&table, values, max_pieces);
    uint16_t count = eg_signatures(max_pieces, sigs);
    clock_t start = clock();
    for (uint16_t s = 0; s < count; s++) {
        const struct eg_signature *sig = &sigs[s];
        uint8_t *slice = values + table.offset[eg_signature_code(sig)];
        if (solve_signature(rules, &table, sig, slice) != 0)
            return -1;
        if (progress) {
            fprintf(progress, "  %u/%u  white %u men %u kings, black %u men %u kings  %7lu positions  %5.1f s\n",
                    s + 1u, count, sig->men[BD_WHITE], sig->kings[BD_WHITE], sig->men[BD_BLACK],
                    sig->kings[BD_BLACK], (unsigned long)eg_signature_size(sig),
                    (double)(clock() - start) / CLOCKS_PER_SEC);
            fflush(progress);
        }
    }
    return 0;
}
