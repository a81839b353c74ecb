/* SPDX-License-Identifier: MIT */
/*
 * endgame/index.h - the numbering of the endgame tables' positions (host
 * only: not among the folders lib/bitdraughts.h includes; lib/lib.mk adds
 * this folder to the host's library).
 *
 * A position of a few pieces belongs to its signature, how many men and
 * kings each colour has; within it, the position is a number: each of the
 * four kinds of piece (white men, black men, white kings, black kings)
 * picks a set of squares, numbered by the combinatorial number system
 * (ascending squares s1 < s2 < ...: C(s1, 1) + C(s2, 2) + ...), and the
 * four numbers and the side to move are the digits of one mixed-radix
 * number.  Men count only the 28 squares they can stand on (never their
 * crowning row).  The kinds are numbered independently, so a number whose
 * kinds share a square names no position: those are the table's holes.
 * A table of a variant is every signature of 1 to max pieces with a piece
 * of each colour, in an order where whatever a move leads to (a capture:
 * fewer pieces; a promotion: fewer men) comes before: by pieces, then by
 * men.
 */
#ifndef BITDRAUGHTS_ENDGAME_INDEX_H
#define BITDRAUGHTS_ENDGAME_INDEX_H

#include <stdint.h>
#include "checkers/position.h"

/* The most pieces a table can hold. */
#define EG_MAX_PIECES 4u

struct eg_signature {
    uint8_t men[2];         /* by colour */
    uint8_t kings[2];
};

/* A signature's code, 0 .. EG_SIGNATURE_CODES - 1 (each count 0..4). */
#define EG_SIGNATURE_CODES 625u
uint16_t eg_signature_code(const struct eg_signature *sig);

/* The signature of pos; returns its number of pieces. */
uint8_t eg_signature_of(const bd_position *pos, struct eg_signature *sig);

/* How many numbers a signature has, both sides to move. */
uint32_t eg_signature_size(const struct eg_signature *sig);

/* The number of pos within its signature sig. */
uint32_t eg_index(const bd_position *pos, const struct eg_signature *sig);

/* The position numbered index in sig: 1, or 0 for a hole (pos then holds
 * an inconsistent position). */
uint8_t eg_position(const struct eg_signature *sig, uint32_t index, bd_position *pos);

/* The signatures of up to max_pieces pieces (both colours present), in
 * the tables' order, into out (room for EG_SIGNATURE_CODES); returns how
 * many. */
uint16_t eg_signatures(uint8_t max_pieces, struct eg_signature *out);

#endif
