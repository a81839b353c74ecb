/* SPDX-License-Identifier: MIT */
/*
 * The PDN readers against random and mutated bytes, on the host under
 * AddressSanitizer: every input is copied to a heap block of exactly its
 * length, with no NUL after it, so a read past the end is a crash.  What
 * must hold for every input: a failed read returns a PDN_ERR_* code and
 * leaves its output as it was; a FEN that reads is a consistent position
 * of at most 12 pieces a side whose canonical text reads back to it; a
 * move that reads is one of the legal moves.  The writers get random
 * capacities in blocks of exactly that size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits/bitscan.h"
#include "checkers/pdn.h"
#include "check.h"

#define FEN_INPUTS 200000u
#define MOVE_INPUTS 200000u
#define WRITER_INPUTS 20000u

static uint32_t seed = 0xF022D00Du;

static uint32_t below(uint32_t n) { return check_random32(&seed) % n; }

/* Bytes a FEN or a move is made of, and then some, to keep most mutations
 * close to the grammar; every tenth mutation uses any byte at all. */
static const char alphabet[] = "WBK:,-x.0123456789abcdefghH F\"[]\t\n\0";

static char random_byte(void)
{
    if (below(10) == 0)
        return (char)below(256);
    return alphabet[below(sizeof alphabet - 1u)];
}

/* Mutates text (length *n, room for capacity) a few times in place. */
static void mutate(char *text, uint16_t *n, uint16_t capacity)
{
    uint8_t times = (uint8_t)(1u + below(4));
    while (times--) {
        uint16_t at = (uint16_t)(*n ? below(*n) : 0);
        switch (below(6)) {
        case 0:     /* replace */
            if (*n)
                text[at] = random_byte();
            break;
        case 1:     /* insert */
            if (*n < capacity) {
                memmove(text + at + 1, text + at, (size_t)(*n - at));
                text[at] = random_byte();
                (*n)++;
            }
            break;
        case 2:     /* delete */
            if (*n) {
                memmove(text + at, text + at + 1, (size_t)(*n - at - 1u));
                (*n)--;
            }
            break;
        case 3:     /* truncate */
            *n = at;
            break;
        case 4: {   /* repeat a piece of itself */
            uint16_t rest = (uint16_t)(*n - at);
            uint16_t length = rest < 8u ? rest : 8u;
            if (*n + length <= capacity) {
                memmove(text + at + length, text + at, (size_t)(*n - at));
                (*n) = (uint16_t)(*n + length);
            }
            break;
        }
        default:    /* an overlong number */
            if (*n + 12u <= capacity) {
                memmove(text + at + 12, text + at, (size_t)(*n - at));
                memcpy(text + at, below(2) ? "000000000001" : "999999999999", 12);
                *n = (uint16_t)(*n + 12u);
            }
            break;
        }
    }
}

/* Shows a failing input, bytes outside printable ASCII as \xNN. */
static void show_input(uint32_t index, const char *text, uint16_t n)
{
    printf("    input %u: \"", (unsigned)index);
    for (uint16_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)text[k];
        if (c >= 32u && c < 127u && c != '"' && c != '\\')
            putchar(c);
        else
            printf("\\x%02x", c);
    }
    printf("\" (%u bytes)\n", (unsigned)n);
}

/* A copy in a heap block of exactly n bytes (one byte for n == 0, not part
 * of the text), so that ASan sees any read beyond. */
static char *exact_copy(const char *text, uint16_t n)
{
    char *copy = malloc(n ? n : 1u);
    if (n)
        memcpy(copy, text, n);
    return copy;
}

static void random_position(bd_position *pos)
{
    pos_clear(pos, (uint8_t)below(2));
    for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++) {
        uint8_t count = (uint8_t)below(PDN_MAX_PIECES + 1u);
        while (count--) {
            bb32 bit = BB_BIT(below(32));
            if (pos_occupied(pos) & bit)
                continue;
            pos->pieces[colour] |= bit;
            if (below(3) && !(bit & pos_promotion_rank(colour)))
                pos->men[colour] |= bit;
        }
    }
}

static uint8_t fen_read_is_sound(const char *text, uint16_t n, const struct bd_rules *rules)
{
    char *copy = exact_copy(text, n);
    bd_position pos, sentinel;
    memset(&sentinel, 0xA5, sizeof sentinel);
    pos = sentinel;
    int8_t status = pdn_read_fen(copy, n, rules, &pos);
    free(copy);
    if (status != PDN_OK)
        return status < 0 && status >= PDN_ERR_LAST && memcmp(&pos, &sentinel, sizeof pos) == 0;
    if (!pos_is_consistent(&pos) || bs_popcount32(pos.pieces[BD_WHITE]) > PDN_MAX_PIECES ||
        bs_popcount32(pos.pieces[BD_BLACK]) > PDN_MAX_PIECES || pos.side > BD_BLACK)
        return 0;
    char canonical[PDN_FEN_MAX], again[PDN_FEN_MAX];
    uint16_t length = pdn_write_fen(&pos, rules, canonical, sizeof canonical);
    bd_position back;
    if (!length || pdn_read_fen(canonical, length, rules, &back) != PDN_OK || !pos_equal(&pos, &back))
        return 0;
    return pdn_write_fen(&back, rules, again, sizeof again) == length &&
           memcmp(canonical, again, length) == 0;
}

static void test_mutated_and_random_fens_fail_cleanly_or_read_consistent_positions(void)
{
    char text[4 * PDN_FEN_MAX];
    for (uint32_t i = 0; i < FEN_INPUTS; i++) {
        const struct bd_rules *rules = below(2) ? &bd_rules_english : &bd_rules_russian;
        uint16_t n;
        if (i % 8u == 0) {
            n = (uint16_t)below(48);
            for (uint16_t k = 0; k < n; k++)
                text[k] = below(2) ? (char)below(256) : random_byte();
        } else {
            bd_position pos;
            random_position(&pos);
            n = pdn_write_fen(&pos, rules, text + 6, PDN_FEN_MAX);
            if (below(3) == 0) {
                memcpy(text, "[FEN \"", 6);
                memcpy(text + 6 + n, "\"]", 2);
                n = (uint16_t)(n + 8u);
            } else {
                memmove(text, text + 6, n);
            }
            if (i % 8u != 1u)
                mutate(text, &n, sizeof text);
        }
        if (!CHECK(fen_read_is_sound(text, n, rules))) {
            show_input(i, text, n);
            return;
        }
    }
}

static void test_fen_writer_fits_any_capacity_or_writes_nothing(void)
{
    char full[PDN_FEN_MAX];
    for (uint32_t i = 0; i < WRITER_INPUTS; i++) {
        const struct bd_rules *rules = below(2) ? &bd_rules_english : &bd_rules_russian;
        bd_position pos;
        random_position(&pos);
        uint16_t length = pdn_write_fen(&pos, rules, full, sizeof full);
        uint16_t capacity = (uint16_t)below(length + 3u);
        char *out = malloc(capacity ? capacity : 1u);
        out[0] = 'Z';
        uint16_t got = pdn_write_fen(&pos, rules, out, capacity);
        uint8_t ok = capacity > length ? got == length && memcmp(out, full, length + 1u) == 0
                   : capacity ? got == 0 && out[0] == 0
                   : got == 0 && out[0] == 'Z';
        free(out);
        if (!CHECK(ok))
            return;
    }
}

static uint8_t move_read_is_sound(const char *text, uint16_t n, const bd_position *pos,
                                  const struct bd_rules *rules, const bd_move *first,
                                  const bd_move *end, const bd_move *intended)
{
    char *copy = exact_copy(text, n);
    bd_move out, sentinel;
    memset(&sentinel, 0x5A, sizeof sentinel);
    out = sentinel;
    int8_t status = pdn_read_move_among(copy, n, pos, rules, first, end, &out);
    free(copy);
    if (status != PDN_OK)
        return status < 0 && status >= PDN_ERR_LAST && !intended &&
               memcmp(&out, &sentinel, sizeof out) == 0;
    if (intended && !mg_move_equal(&out, intended))
        return 0;
    for (const bd_move *m = first; m != end; m++)
        if (memcmp(m, &out, sizeof out) == 0)
            return 1;
    return 0;
}

static void test_mutated_moves_fail_cleanly_or_read_legal_moves(void)
{
    const struct bd_rules *rules = &bd_rules_english;
    bd_position pos;
    pos_initial(&pos, rules);
    bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
    char text[4 * PDN_MOVE_MAX];
    for (uint32_t i = 0; i < MOVE_INPUTS; i++) {
        /* A new position of a random game every 16 inputs. */
        if (i % 16u == 0) {
            if (end == moves || below(40) == 0) {
                rules = below(2) ? &bd_rules_english : &bd_rules_russian;
                pos_initial(&pos, rules);
            } else {
                mg_make(&pos, &moves[below((uint32_t)(end - moves))]);
            }
            end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
            if (!CHECK(end != 0))
                return;
        }
        uint16_t n = 0;
        const bd_move *intended = 0;
        if (end != moves && below(8) != 0) {
            const bd_move *m = &moves[below((uint32_t)(end - moves))];
            if (mg_move_is_capture(m) && below(2)) {
                /* The full path, which must read as this move. */
                uint8_t path[MG_MAX_PATH];
                uint8_t count = mg_path(&pos, rules, m, path);
                char separator = rules->variant == BD_VARIANT_ENGLISH || below(2) ? 'x' : ':';
                for (uint8_t k = 0; k < count; k++) {
                    if (k)
                        text[n++] = separator;
                    n = (uint16_t)(n + pdn_write_square(path[k], rules, text + n));
                }
            } else {
                n = pdn_write_move_among(&pos, rules, m, moves, end, text, PDN_MOVE_MAX);
            }
            if (below(4) == 0)
                intended = m;
            else
                mutate(text, &n, sizeof text);
        } else {
            n = (uint16_t)below(24);
            for (uint16_t k = 0; k < n; k++)
                text[k] = random_byte();
        }
        if (!CHECK(move_read_is_sound(text, n, &pos, rules, moves, end, intended))) {
            show_input(i, text, n);
            return;
        }
    }
}

int main(void)
{
    check_begin(PSTR("pdn-fuzz"));
    RUN_TEST(test_mutated_and_random_fens_fail_cleanly_or_read_consistent_positions);
    RUN_TEST(test_fen_writer_fits_any_capacity_or_writes_nothing);
    RUN_TEST(test_mutated_moves_fail_cleanly_or_read_legal_moves);
    return check_end();
}
