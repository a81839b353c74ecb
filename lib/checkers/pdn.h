/* SPDX-License-Identifier: MIT */
/*
 * pdn.h - PDN notation for both variants: square names, FEN positions and
 * moves.
 *
 * English checkers names the dark squares 1..32, row by row from rank 8
 * down and left to right as White sees the board (1 = b8, 4 = h8, 5 = a7,
 * 32 = g1); Russian draughts uses the algebraic names a1..h8 of the dark
 * squares.  Both map to the bitboard index (3f + 4r) mod 32 of bitboard32.h
 * by arithmetic: number n is on rank 7 - (n-1)/4 and file 2((n-1) mod 4) +
 * (rank odd); file and rank of a square come from bb_file() / bb_rank().  The variant is told by rules->variant.
 *
 * Readers take (text, length): exactly `length` bytes are the text, which
 * need not end in NUL and is never read past its end; any byte the grammar
 * does not allow (NUL included) is an error.  A reader that fails returns a
 * negative PDN_ERR_* code and leaves its output untouched.  Writers produce
 * NUL-terminated text and return its length; when it does not fit in
 * `capacity` bytes they return 0 and write an empty string (nothing at all
 * when capacity is 0).
 *
 * FEN, as read (PDN 3.0, with the liberties its reading grammar allows):
 *     [FEN "B:W21-32,K5:B1-12:H0:F1"]
 * - the [FEN "..."] wrapper is optional; spaces, tabs and line ends are
 *   allowed around every token, never inside a square name or a number;
 * - the side to move comes first: W or B (anything else is PDN_ERR_SIDE);
 * - then ':'-separated fields in any order: at most one W list and one B
 *   list, each possibly empty or absent (an absent list is an empty one),
 *   and any number of :H<digits> / :F<digits> fields (half-move clock, move
 *   number), which are read and ignored; one '.' may end the value;
 * - list items are separated by ','; 'K' before a square makes a king;
 *   English squares are 1..32 written without leading zeros (01, 33 and
 *   0000000000001 are PDN_ERR_SQUARE); English ranges a-b with a <= b are
 *   allowed, and K before a range makes every square of it a king (the PDN
 *   grammar puts KING before the whole range); Russian squares are a1..h8,
 *   lower case, dark squares only, and have no ranges;
 * - a square listed twice (in one list or both) is PDN_ERR_DUPLICATE; once
 *   the whole FEN is read, a man on the rank where it would have been
 *   promoted is PDN_ERR_PROMOTION, more than PDN_MAX_PIECES of a colour
 *   PDN_ERR_TOO_MANY (pdn_check_position()).
 * FEN, as written: no wrapper, no spaces, side, then the W list and the B
 * list.  English lists ascend by square number; a run of three or more
 * consecutive men is written as a range (a run of two is no shorter);
 * kings are written one by one.  Russian lists go from the owner's back
 * rank forward (White ranks 1..8, Black 8..1), files a..h within a rank,
 * which writes both start positions exactly as PDN sources give them.
 *
 * Moves: squares joined by separators, as in 11-15, 22x15, 11x18x25, c3-d4,
 * c3:e5:g3.  '-' joins the two squares of a quiet move; a capture uses 'x'
 * (PDN 3.0, both variants) or ':' (Russian practice, Russian only), the
 * same character throughout; blanks are allowed only before and after the
 * move.  The reader matches the text against the legal moves: the short
 * form (first and last square) when exactly one legal move of that kind
 * has those ends; a longer path, or a two-square text that is ambiguous as
 * a short form, must be a path the rules allow for one of the legal moves
 * with those ends (mg_path_follows(): each leg along a diagonal over
 * exactly one of its pieces not jumped before, onto an empty square; short
 * jumps except for flying kings; men forward unless they capture
 * backwards; promotion ends the path unless the rules continue it; the
 * last leg lands where the piece must stop), and names that move.  Any
 * such path of a move is accepted, not only the one mg_path() returns.
 * The writer uses the short form unless another legal capture has the same
 * ends; then it writes mg_path()'s full path.
 *
 * RAM: pdn_read_move() and pdn_write_move() generate the legal moves on the
 * stack (MG_MAX_MOVES moves of 6 bytes), too much for a 512-byte part; the
 * _among variants take the caller's list instead.  The FEN functions use a
 * few dozen bytes of stack.
 */
#ifndef BITDRAUGHTS_PDN_H
#define BITDRAUGHTS_PDN_H

#include <stdint.h>
#include "checkers/position.h"
#include "checkers/movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pdn_status {
    PDN_OK = 0,
    PDN_ERR_EMPTY = -1,       /* nothing but blanks */
    PDN_ERR_SYNTAX = -2,      /* a character the grammar does not allow there */
    PDN_ERR_SIDE = -3,        /* FEN: side to move missing or not W/B */
    PDN_ERR_SQUARE = -4,      /* no such square (0, 33, 01, i1, a2 light) */
    PDN_ERR_RANGE = -5,       /* FEN: range a-b with b < a */
    PDN_ERR_DUPLICATE = -6,   /* FEN: square listed twice */
    PDN_ERR_PROMOTION = -7,   /* FEN: man on its promotion rank */
    PDN_ERR_TOO_MANY = -8,    /* FEN: more than PDN_MAX_PIECES of a colour */
    PDN_ERR_ILLEGAL = -9,     /* move: no legal move matches */
    PDN_ERR_AMBIGUOUS = -10   /* move: several legal moves match the short form */
};
#define PDN_ERR_LAST PDN_ERR_AMBIGUOUS

/* Pieces a side starts with, and the most a FEN may give one colour. */
#define PDN_MAX_PIECES 12u
/* Buffer sizes, NUL included: a square name; a FEN of any position whose
 * colours are disjoint (side, ":W", ":B", 32 items "K32"/"Kh8", 30 commas);
 * a move of MG_MAX_PATH squares. */
#define PDN_SQUARE_MAX 3u
#define PDN_FEN_MAX 133u
#define PDN_MOVE_MAX (3u * MG_MAX_PATH)

/* A one-line message for a PDN_* code, "unknown error" for others.  On AVR
 * the string is in flash (read it with pgm_read_byte / check_print_P); on
 * the host it is an ordinary string. */
const char *pdn_error_text(int8_t code);

/* English number 1..32 of a square (0..31). */
uint8_t pdn_square_number(uint8_t square);
/* The square of an English number, BB_NO_SQUARE unless 1..32. */
uint8_t pdn_number_square(uint8_t number);
/* The square on file 0..7 (a..h) and rank 0..7 (1..8), BB_NO_SQUARE when
 * that is off the board or a light square. */
uint8_t pdn_file_rank_square(uint8_t file, uint8_t rank);

/* Writes the variant's name of square ("5", "32", "a1") and a NUL to out,
 * which holds PDN_SQUARE_MAX bytes; returns the name's length (1 or 2). */
uint8_t pdn_write_square(uint8_t square, const struct bd_rules *rules, char *out);
/* The square whose name is exactly the text, or BB_NO_SQUARE. */
uint8_t pdn_read_square(const char *text, uint16_t length, const struct bd_rules *rules);

/* Reads a FEN (see above) into *pos; PDN_OK or a PDN_ERR_* code. */
int8_t pdn_read_fen(const char *text, uint16_t length, const struct bd_rules *rules,
                    bd_position *pos);
/* What every reader of positions takes (the FEN and Hub readers, the game
 * firmware's saved game): PDN_OK, PDN_ERR_PROMOTION when pos is not
 * consistent (pos_is_consistent(): a man on its promotion rank, or
 * overlapping colours, or no side to move), PDN_ERR_TOO_MANY for more than
 * PDN_MAX_PIECES of a colour. */
int8_t pdn_check_position(const bd_position *pos);
/* Writes pos (colours disjoint) as a canonical FEN; returns its length, or
 * 0 with an empty string when capacity is too small.  PDN_FEN_MAX always
 * suffices. */
uint16_t pdn_write_fen(const bd_position *pos, const struct bd_rules *rules, char *out,
                       uint16_t capacity);

/* Reads a move of pos into *out, matching the legal moves [first, end)
 * (as mg_generate() lists them); PDN_OK, PDN_ERR_EMPTY, PDN_ERR_SYNTAX,
 * PDN_ERR_SQUARE, PDN_ERR_ILLEGAL or PDN_ERR_AMBIGUOUS. */
int8_t pdn_read_move_among(const char *text, uint16_t length, const bd_position *pos,
                           const struct bd_rules *rules, const bd_move *first,
                           const bd_move *end, bd_move *out);
/* The same against mg_generate()'s moves (MG_MAX_MOVES on the stack). */
int8_t pdn_read_move(const char *text, uint16_t length, const bd_position *pos,
                     const struct bd_rules *rules, bd_move *out);
/* Writes m, a move of the legal moves [first, end) of pos; returns the
 * length, or 0 and an empty string when capacity is too small.
 * PDN_MOVE_MAX always suffices. */
uint16_t pdn_write_move_among(const bd_position *pos, const struct bd_rules *rules,
                              const bd_move *m, const bd_move *first, const bd_move *end,
                              char *out, uint16_t capacity);
/* The same against mg_generate()'s moves (MG_MAX_MOVES on the stack). */
uint16_t pdn_write_move(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                        char *out, uint16_t capacity);

#ifdef __cplusplus
}
#endif

#endif
