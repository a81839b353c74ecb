/* SPDX-License-Identifier: MIT */
/*
 * fuzz_move.c - the move readers and writers of lib/checkers/pdn.c.
 * Input: a first byte whose low bit picks the variant (0 Russian, 1
 * English), then a FEN up to the first line end (the variant's start
 * position when it does not read), then the move text, exactly the rest
 * of the input with no NUL after it.
 * Properties: a failed read returns PDN_ERR_* and leaves the move as it
 * was; a move that reads is one of the legal moves, the same through
 * pdn_read_move() and pdn_read_move_among(), and writes to a text that
 * reads back to it; every legal move of the position writes (in a buffer of
 * exactly its size and in no smaller one) and reads back to itself; a valid
 * position never has more than MG_MAX_MOVES legal moves.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "fuzz_support.h"

static const bd_move *find(const bd_move *m, const bd_move *first, const bd_move *end)
{
    for (const bd_move *p = first; p < end; p++)
        if (mg_move_equal(p, m))
            return p;
    return NULL;
}

/* m, one of [first, end), writes and reads back to itself. */
static void require_move_round_trip(const bd_position *pos, const struct bd_rules *rules,
                                    const bd_move *m, const bd_move *first, const bd_move *end)
{
    char text[PDN_MOVE_MAX];
    uint16_t length = pdn_write_move_among(pos, rules, m, first, end, text, sizeof text);
    FUZZ_REQUIRE(length > 0 && length < PDN_MOVE_MAX && strlen(text) == length);
    char *exact = malloc(length + 1u);
    FUZZ_REQUIRE(pdn_write_move_among(pos, rules, m, first, end, exact, (uint16_t)(length + 1u)) ==
                 length);
    FUZZ_REQUIRE(!strcmp(exact, text));
    FUZZ_REQUIRE(pdn_write_move_among(pos, rules, m, first, end, exact, length) == 0 &&
                 exact[0] == '\0');
    /* The reader gets the text without its NUL. */
    memcpy(exact, text, length);
    bd_move back;
    FUZZ_REQUIRE(pdn_read_move_among(exact, length, pos, rules, first, end, &back) == PDN_OK);
    FUZZ_REQUIRE(mg_move_equal(&back, m));
    free(exact);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 0xFFFFu)
        return 0;
    const struct bd_rules *rules = bd_rules_of(data[0] & 1u);
    const uint8_t *fen = data + 1;
    const uint8_t *newline = memchr(fen, '\n', size - 1u);
    size_t fen_length = newline ? (size_t)(newline - fen) : size - 1u;
    const uint8_t *move = newline ? newline + 1 : data + size;
    uint16_t move_length = (uint16_t)(data + size - move);

    bd_position pos;
    if (pdn_read_fen((const char *)fen, (uint16_t)fen_length, rules, &pos) != PDN_OK)
        pos_initial(&pos, rules);
    bd_move moves[MG_MAX_MOVES];
    bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
    FUZZ_REQUIRE(end != NULL);

    char *text = malloc(move_length ? move_length : 1u);
    memcpy(text, move, move_length);
    bd_move m, among;
    memset(&m, 0x5A, sizeof m);
    memset(&among, 0x5A, sizeof among);
    bd_move untouched = m;
    int8_t status = pdn_read_move(text, move_length, &pos, rules, &m);
    FUZZ_REQUIRE(pdn_read_move_among(text, move_length, &pos, rules, moves, end, &among) == status);
    if (status == PDN_OK) {
        FUZZ_REQUIRE(mg_move_equal(&m, &among));
        FUZZ_REQUIRE(find(&m, moves, end) != NULL);
        require_move_round_trip(&pos, rules, &m, moves, end);
    } else {
        FUZZ_REQUIRE(status >= PDN_ERR_LAST && status < 0);
        FUZZ_REQUIRE(!memcmp(&m, &untouched, sizeof m) && !memcmp(&among, &untouched, sizeof m));
    }
    free(text);

    for (const bd_move *p = moves; p < end; p++)
        require_move_round_trip(&pos, rules, p, moves, end);
    return 0;
}
