/* SPDX-License-Identifier: MIT */
#include "host/openings.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/pdn.h"

static const char blanks[] = " \t\r\n";

struct walk {
    const struct bd_rules *rules;
    openings_visit visit;
    void *context;
    uint32_t count;
    char text[OPENINGS_TEXT_MAX];
    bd_move moves[OPENINGS_MAX_PLIES][MG_MAX_MOVES];
};

static void walk(struct walk *w, const bd_position *pos, uint8_t ply, uint8_t plies, size_t length)
{
    if (ply == plies) {
        w->visit(w->text, pos, w->context);
        w->count++;
        return;
    }
    bd_move *first = w->moves[ply];
    bd_move *end = mg_generate(pos, w->rules, first, first + MG_MAX_MOVES);
    assert(end);
    for (const bd_move *m = first; m < end; m++) {
        char move[PDN_MOVE_MAX + 1];
        pdn_write_move_among(pos, w->rules, m, first, end, move, sizeof move);
        size_t grown = length + (ply ? 1u : 0u) + strlen(move);
        assert(grown < sizeof w->text);
        snprintf(w->text + length, sizeof w->text - length, "%s%s", ply ? " " : "", move);
        bd_position child = *pos;
        mg_make(&child, m);
        walk(w, &child, (uint8_t)(ply + 1u), plies, grown);
    }
    w->text[length] = '\0';
}

uint32_t openings_enumerate(const struct bd_rules *rules, uint8_t plies, openings_visit visit,
                            void *context)
{
    assert(plies >= 1 && plies <= OPENINGS_MAX_PLIES);
    struct walk *w = calloc(1, sizeof *w);
    if (!w)
        return 0;
    w->rules = rules;
    w->visit = visit;
    w->context = context;
    bd_position start;
    pos_initial(&start, rules);
    walk(w, &start, 0, plies, 0);
    uint32_t count = w->count;
    free(w);
    return count;
}

unsigned openings_play(const char *moves, struct bd_game *game)
{
    unsigned number = 0;
    for (const char *c = moves + strspn(moves, blanks); *c; c += strspn(c, blanks)) {
        size_t length = strcspn(c, blanks);
        bd_move m;
        number++;
        if (length > PDN_MOVE_MAX ||
            pdn_read_move(c, (uint16_t)length, &game->pos, game->rules, &m) != PDN_OK)
            return number;
        game_play(game, &m);
        c += length;
    }
    return 0;
}

/* Splits a suite line (no comment marker) into its moves and its score;
 * returns 0, or -1 with the reason. */
static int parse_line(char *line, struct opening *o, const struct bd_rules *rules,
                      const char **reason)
{
    /* The score, if any, is the last word and starts with a sign. */
    size_t length = strlen(line);
    while (length && strchr(blanks, line[length - 1]))
        line[--length] = '\0';
    char *last = line + length;
    while (last > line && !strchr(blanks, last[-1]))
        last--;
    o->score = 0;
    if (*last == '+' || *last == '-') {
        char *end;
        errno = 0;
        long score = strtol(last, &end, 10);
        if (*end || errno || end == last + 1 || score < -32000 || score > 32000) {
            *reason = "bad score";
            return -1;
        }
        o->score = (int16_t)score;
        *last = '\0';
    }
    const char *moves = line + strspn(line, blanks);
    length = strlen(moves);
    while (length && strchr(blanks, moves[length - 1]))
        length--;
    if (!length) {
        *reason = "no moves";
        return -1;
    }
    if (length >= sizeof o->moves) {
        *reason = "line too long";
        return -1;
    }
    memcpy(o->moves, moves, length);
    o->moves[length] = '\0';
    struct bd_game game;
    game_new(&game, rules);
    if (openings_play(o->moves, &game)) {
        *reason = "a move that is not legal there";
        return -1;
    }
    return 0;
}

int openings_load(const char *path, const struct bd_rules *rules, struct opening_suite *suite,
                  char *error, size_t error_size)
{
    memset(suite, 0, sizeof *suite);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    uint32_t capacity = 0;
    char line[4 * OPENINGS_TEXT_MAX];
    unsigned number = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(error, error_size, "%s:%u: line too long", path, number);
            goto fail;
        }
        char *text = line + strspn(line, blanks);
        uint8_t dropped = 0;
        if (!strncmp(text, OPENINGS_DROP_MARK, strlen(OPENINGS_DROP_MARK))) {
            dropped = 1;
            text += strlen(OPENINGS_DROP_MARK);
        } else if (*text == '#' || *text == '\0') {
            continue;
        }
        if (suite->count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            struct opening *items = realloc(suite->items, capacity * sizeof *items);
            if (!items) {
                snprintf(error, error_size, "%s: out of memory", path);
                goto fail;
            }
            suite->items = items;
        }
        struct opening *o = &suite->items[suite->count];
        const char *reason = "";
        if (parse_line(text, o, rules, &reason)) {
            snprintf(error, error_size, "%s:%u: %s", path, number, reason);
            goto fail;
        }
        o->dropped = dropped;
        suite->count++;
        suite->played += !dropped;
    }
    if (ferror(f)) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        goto fail;
    }
    fclose(f);
    if (!suite->played) {
        snprintf(error, error_size, "%s: no opening to play", path);
        openings_free(suite);
        return -1;
    }
    return 0;
fail:
    fclose(f);
    openings_free(suite);
    return -1;
}

void openings_free(struct opening_suite *suite)
{
    free(suite->items);
    memset(suite, 0, sizeof *suite);
}
