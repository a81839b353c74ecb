/* SPDX-License-Identifier: MIT */
/*
 * hub.h - the text of Scan's Hub protocol for the 8x8 variants: positions,
 * moves and numbers as a Hub GUI (pydraughts) writes and reads them.  No
 * I/O here: lib/engine/hub_session.h reads the lines (their syntax is
 * there) and prints what these functions write.
 *
 * Squares.  Hub moves number the dark squares 1..32 as the variant does:
 * English by its standard numbers (1 = b8 ... 32 = g1, Black on 1-12),
 * Russian a1 = 1, c1 = 2, ..., h8 = 32 (rank by rank from White's side,
 * files a..h within a rank).  The position does NOT use those numbers: it
 * is pydraughts' internal board, one letter a square in English order for
 * Russian (1 = b8), and for English the same order with the board turned
 * round (letter i is English square 33 - i) and the colours swapped: the
 * side that moves first is always `w`/`W`, at the bottom of that board.
 * So the letter for a piece is decided by hub_white(rules), the colour
 * that the Hub calls white.
 *
 * Position: the side to move (W or B) and 32 letters: w b man, W B king,
 * e empty.  Move: FROM-TO for a quiet move, FROMxTOxC1xC2... for a capture,
 * every captured square after the destination in any order (written here
 * in ascending number); a capture given as FROMxTO alone is read when only
 * one legal capture has those ends.
 *
 * Readers take (text, length) and never read past it; they return PDN_OK
 * or a negative PDN_ERR_* code (pdn_error_text() names it) and leave their
 * output untouched on failure.  Writers write a NUL-terminated text into a
 * buffer of the stated size and return its length.
 */
#ifndef BITDRAUGHTS_HUB_H
#define BITDRAUGHTS_HUB_H

#include <stdint.h>
#include "checkers/pdn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Buffer sizes, NUL included: a position; a move (from, to and a capture
 * of at most MG_MAX_PATH - 1 pieces, each up to 2 digits and a separator);
 * a score such as "-99.99"; a time such as "4294967.295". */
#define HUB_POSITION_MAX 34u
#define HUB_MOVE_MAX (3u * (MG_MAX_PATH + 1u))
#define HUB_SCORE_MAX 8u
#define HUB_SECONDS_MAX 12u

/* ------------------------------------------------------------ numbers -- */

/* The most hub_read_number() gives: 2,000,000 seconds in milliseconds
 * (so that two add up within 32 bits). */
#define HUB_NUMBER_LIMIT 2000000999u
/* A decimal number, scaled by 10^decimals, into *out: digits, and when
 * decimals is not 0 one optional point with digits on either side (those
 * past the decimals-th dropped); PDN_OK or PDN_ERR_SYNTAX (no digit, any
 * other character, or more than HUB_NUMBER_LIMIT once scaled).  Seconds
 * are read into milliseconds with 3 decimals ("2", "0.5", "12.25"),
 * whole numbers with none. */
int8_t hub_read_number(const char *text, uint16_t length, uint8_t decimals, uint32_t *out);
/* Milliseconds written as seconds with three decimals ("1.250"). */
uint8_t hub_write_seconds(uint32_t ms, char *out);
/* A search score (hundredths of a man, wins as SEARCH_MATE - plies) in
 * men with two decimals, the way Scan writes it: a win in n plies is
 * 100 - n/100 ("99.97"), a loss the negative, so that pydraughts reads
 * it as a win in n plies. */
uint8_t hub_write_score(int16_t score, char *out);

/* ------------------------------------------------ squares and colours -- */

/* The colour the Hub calls white (`w`, `W`, side `W`): White in Russian,
 * Black (who starts) in English. */
uint8_t hub_white(const struct bd_rules *rules);
/* The variant's number 1..32 of a square (0..31). */
uint8_t hub_square_number(uint8_t square, const struct bd_rules *rules);
/* The square of a number, BB_NO_SQUARE unless 1..32. */
uint8_t hub_number_square(uint8_t number, const struct bd_rules *rules);

/* ------------------------------------------------- positions and moves -- */

/* Reads a position: PDN_OK, PDN_ERR_SIDE (first letter not W/B),
 * PDN_ERR_SYNTAX (not 32 letters of wbWBe), or what pdn_check_position()
 * refuses (PDN_ERR_PROMOTION: a man on the rank where it would have been
 * promoted; PDN_ERR_TOO_MANY: more than PDN_MAX_PIECES of a colour). */
int8_t hub_read_position(const char *text, uint16_t length, const struct bd_rules *rules,
                         bd_position *pos);
/* Writes pos (colours disjoint); returns 33. */
uint8_t hub_write_position(const bd_position *pos, const struct bd_rules *rules, char *out);
/* Reads a move of pos, matched against its legal moves [first, end):
 * PDN_OK, PDN_ERR_EMPTY, PDN_ERR_SYNTAX, PDN_ERR_SQUARE, PDN_ERR_ILLEGAL
 * or PDN_ERR_AMBIGUOUS (FROMxTO naming several captures). */
int8_t hub_read_move_among(const char *text, uint16_t length, const struct bd_rules *rules,
                           const bd_move *first, const bd_move *end, bd_move *out);
/* Writes a move; returns its length (HUB_MOVE_MAX always suffices). */
uint8_t hub_write_move(const bd_move *m, const struct bd_rules *rules, char *out);

#ifdef __cplusplus
}
#endif

#endif
