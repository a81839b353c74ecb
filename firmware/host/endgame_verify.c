/* SPDX-License-Identifier: MIT */
#include "endgame_verify.h"

#include <stdlib.h>
#include <string.h>

#include "checkers/movegen.h"
#include "checkers/pdn.h"

#define REPORTED_ERRORS 10u

struct verifier {
    const struct bd_rules *rules;
    const struct eg_table *table;
    uint8_t *numbered;          /* a byte a number: how many positions had it */
    struct endgame_check *check;
    FILE *report;
};

static void error(struct verifier *v, const bd_position *pos, const char *what, unsigned got, unsigned want)
{
    if (v->check->errors++ < REPORTED_ERRORS && v->report) {
        char fen[PDN_FEN_MAX + 1];
        pdn_write_fen(pos, v->rules, fen, sizeof fen);
        fprintf(v->report, "endgame verify: %s: %s (value %u, expected %u)\n", fen, what, got, want);
    }
}

/* The value that a position's moves give it, from the table. */
static uint8_t value_from_moves(struct verifier *v, const bd_position *pos)
{
    static bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(pos, v->rules, moves, moves + MG_MAX_MOVES);
    unsigned shortest_loss = 256, longest_win = 0, all_wins = 1;
    if (end == moves)
        return eg_value_of_distance(0);
    for (bd_move *m = moves; m < end; m++) {
        bd_position child = *pos;
        mg_make(&child, m);
        /* A side left without pieces has lost, with no move. */
        uint8_t value = child.pieces[child.side] ? eg_probe(v->table, &child) : eg_value_of_distance(0);
        if (value == EG_HOLE) {
            error(v, &child, "a move's result is not in the table", value, 0);
            return EG_HOLE;
        }
        if (eg_is_loss(value) && eg_distance(value) < shortest_loss)
            shortest_loss = eg_distance(value);
        if (!eg_is_win(value))
            all_wins = 0;
        else if (eg_distance(value) > longest_win)
            longest_win = eg_distance(value);
    }
    if (shortest_loss < 256)
        return eg_value_of_distance((uint8_t)(shortest_loss + 1u));
    return all_wins ? eg_value_of_distance((uint8_t)(longest_win + 1u)) : EG_DRAW;
}

static void check_position(struct verifier *v, const bd_position *pos)
{
    struct eg_signature sig;
    eg_signature_of(pos, &sig);
    uint32_t number = v->table->offset[eg_signature_code(&sig)] + eg_index(pos, &sig);
    if (v->numbered[number]++)
        error(v, pos, "two positions share a number", number, 0);
    uint8_t value = eg_probe(v->table, pos);
    uint8_t want = value_from_moves(v, pos);
    if (value != want)
        error(v, pos, "the value does not follow from the moves", value, want);
    v->check->positions++;
    v->check->wins += eg_is_win(value);
    v->check->losses += eg_is_loss(value);
    v->check->draws += value == EG_DRAW;
}

/* The kinds of piece placed in turn, and how many of each are left. */
struct placing {
    bd_position pos;
    uint8_t left[4];            /* white men, black men, white kings, black kings */
};

/* The crowning row of a colour by its geometry: rank 8 for White, rank 1
 * for Black. */
static uint8_t on_crowning_row(uint8_t square, uint8_t colour)
{
    for (uint8_t file = 0; file < 8u; file++) {
        uint8_t rank = colour == BD_WHITE ? 7u : 0u;
        if (BB_IS_DARK(file, rank) && BB_SQUARE(file, rank) == square)
            return 1;
    }
    return 0;
}

/* Places the pieces of kind onwards, each kind's squares ascending from
 * after `from`, then checks the position with both sides to move. */
static void place(struct verifier *v, struct placing *p, uint8_t kind, uint8_t from)
{
    while (kind < 4u && !p->left[kind]) {
        kind++;
        from = 0;
    }
    if (kind == 4u) {
        for (uint8_t side = 0; side < 2u; side++) {
            p->pos.side = side;
            check_position(v, &p->pos);
        }
        return;
    }
    uint8_t colour = kind & 1u, man = kind < 2u;
    for (uint8_t square = from; square < 32u; square++) {
        bb32 bit = (bb32)1u << square;
        if (((p->pos.pieces[0] | p->pos.pieces[1]) & bit) || (man && on_crowning_row(square, colour)))
            continue;
        p->pos.pieces[colour] |= bit;
        if (man)
            p->pos.men[colour] |= bit;
        p->left[kind]--;
        place(v, p, kind, (uint8_t)(square + 1u));
        p->left[kind]++;
        p->pos.pieces[colour] &= ~bit;
        p->pos.men[colour] &= ~bit;
    }
}

int endgame_verify(const struct bd_rules *rules, const struct eg_table *table,
                   struct endgame_check *check, FILE *report)
{
    uint32_t size = eg_table_init(&(struct eg_table){ 0 }, NULL, table->max_pieces);
    struct verifier v = { rules, table, calloc(size, 1), check, report };
    memset(check, 0, sizeof *check);
    if (!v.numbered) {
        fprintf(stderr, "endgame verify: out of memory\n");
        return -1;
    }
    for (uint8_t white = 1; white < table->max_pieces; white++) {
        for (uint8_t black = 1; white + black <= table->max_pieces; black++) {
            for (uint8_t white_men = 0; white_men <= white; white_men++) {
                for (uint8_t black_men = 0; black_men <= black; black_men++) {
                    struct placing p = { { { 0, 0 }, { 0, 0 }, 0 },
                                         { white_men, black_men, (uint8_t)(white - white_men),
                                           (uint8_t)(black - black_men) } };
                    place(&v, &p, 0, 0);
                }
            }
        }
    }
    for (uint32_t number = 0; number < size; number++) {
        if (!v.numbered[number] != (table->values[number] == EG_HOLE)) {
            check->errors++;
            if (report)
                fprintf(report, "endgame verify: number %lu: %s\n", (unsigned long)number,
                        v.numbered[number] ? "a position's value is a hole" : "no position but not a hole");
            break;
        }
    }
    free(v.numbered);
    return check->errors ? -1 : 0;
}
