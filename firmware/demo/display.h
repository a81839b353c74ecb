/*
 * display.h - the board as text, printed from the nibble board.
 *
 * The position's four bitboards are first spread onto a nibble board
 * (lib/nibble/nibble.h), one 4-bit piece code per square of the 8x8 board at
 * index 8 * rank + file, and the printer walks that board row by row from
 * rank 8 down: the same picture a board with an LED matrix or a display
 * would scan.  Russian boards carry letters and digits around the edge;
 * English ones show each empty dark square's number (1..32) and the numbers
 * of each row beside it.  Pieces: w and b are men, W and B kings; '.' is an
 * empty dark square.
 */
#ifndef BITDRAUGHTS_DEMO_DISPLAY_H
#define BITDRAUGHTS_DEMO_DISPLAY_H

#include <stdint.h>
#include "nibble/nibble.h"
#include "checkers/position.h"

/* Piece codes on the nibble board (NB_EMPTY for an empty square). */
enum display_piece {
    DISPLAY_WHITE_MAN = 1,
    DISPLAY_WHITE_KING = 2,
    DISPLAY_BLACK_MAN = 3,
    DISPLAY_BLACK_KING = 4
};

/* Spreads pos onto board: a piece code on each occupied dark square. */
void display_to_nibbles(const bd_position *pos, nb_board *board);
/* Prints pos as a board in the variant's notation and whose move it is. */
void display_board(const bd_position *pos, const struct bd_rules *rules);
/* Prints "White" or "Black". */
void display_colour(uint8_t colour);

#endif
