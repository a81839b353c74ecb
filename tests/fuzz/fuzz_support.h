/* SPDX-License-Identifier: MIT */
/*
 * fuzz_support.h - checks the targets share on positions.
 */
#ifndef BITDRAUGHTS_FUZZ_SUPPORT_H
#define BITDRAUGHTS_FUZZ_SUPPORT_H

#include <string.h>

#include "bits/bitscan.h"
#include "checkers/pdn.h"
#include "fuzz.h"

/* What the FEN reader accepts: consistent, at most PDN_MAX_PIECES a colour. */
static inline uint8_t fuzz_position_is_valid(const bd_position *pos)
{
    return pos_is_consistent(pos) && bs_popcount32(pos->pieces[BD_WHITE]) <= PDN_MAX_PIECES &&
           bs_popcount32(pos->pieces[BD_BLACK]) <= PDN_MAX_PIECES;
}

/* A valid position's FEN is canonical: it reads back to the position and
 * writes again to the same text, in a buffer of exactly its size and in
 * no smaller one. */
static inline void fuzz_require_fen_round_trip(const bd_position *pos,
                                               const struct bd_rules *rules)
{
    FUZZ_REQUIRE(fuzz_position_is_valid(pos));
    char text[PDN_FEN_MAX];
    uint16_t length = pdn_write_fen(pos, rules, text, sizeof text);
    FUZZ_REQUIRE(length > 0 && length < PDN_FEN_MAX && strlen(text) == length);
    bd_position again;
    FUZZ_REQUIRE(pdn_read_fen(text, length, rules, &again) == PDN_OK);
    FUZZ_REQUIRE(pos_equal(&again, pos));
    char text_again[PDN_FEN_MAX];
    FUZZ_REQUIRE(pdn_write_fen(&again, rules, text_again, (uint16_t)(length + 1u)) == length);
    FUZZ_REQUIRE(!strcmp(text, text_again));
    FUZZ_REQUIRE(pdn_write_fen(&again, rules, text_again, length) == 0 && text_again[0] == '\0');
}

#endif
