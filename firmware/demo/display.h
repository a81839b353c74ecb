/* SPDX-License-Identifier: MIT */
/*
 * display.h - the board as text.
 *
 * The printer walks the 8x8 board row by row from rank 8 down, reading each
 * dark square's piece from the position's bitboards (a nibble board in
 * between cost 74 bytes of flash the Nano cannot spare): the same picture
 * a board with an LED matrix or a display would scan.  Russian boards carry
 * letters and digits around the edge; English ones show each empty dark
 * square's number (1..32) and the numbers of each row beside it.  Pieces:
 * w and b are men, W and B kings; '.' is an empty dark square.
 */
#ifndef BITDRAUGHTS_DEMO_DISPLAY_H
#define BITDRAUGHTS_DEMO_DISPLAY_H

#include <stdint.h>
#include "checkers/position.h"

/* Piece codes. */
enum display_piece {
    DISPLAY_EMPTY = 0,
    DISPLAY_WHITE_MAN = 1,
    DISPLAY_WHITE_KING = 2,
    DISPLAY_BLACK_MAN = 3,
    DISPLAY_BLACK_KING = 4
};

/* Prints pos as a board in the variant's notation and whose move it is. */
void display_board(const bd_position *pos, const struct bd_rules *rules);
/* Prints "White" or "Black". */
void display_colour(uint8_t colour);

#endif
