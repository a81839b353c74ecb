/* SPDX-License-Identifier: MIT */
#include "display.h"

#include <avr/pgmspace.h>

#include "checkers/bitboard32.h"
#include "serial.h"

#define BOARD_SIDE 8u
#define SQUARES_PER_ROW 4u      /* dark squares */
#define PIECE_CODE(colour, king) ((uint8_t)(DISPLAY_WHITE_MAN + 2u * (colour) + ((king) ? 1u : 0u)))

/* Characters by piece code: empty, w, W, b, B. */
static const char piece_chars[] PROGMEM = ".wWbB";

/* The piece code of a dark square. */
static uint8_t piece_on(const bd_position *pos, uint8_t square)
{
    for (uint8_t colour = BD_WHITE; colour <= BD_BLACK; colour++)
        if (bb_has(&pos->pieces[colour], square))
            return PIECE_CODE(colour, !bb_has(&pos->men[colour], square));
    return DISPLAY_EMPTY;
}

/* Out of line: link-time inlining would copy it into each caller. */
__attribute__((noinline)) void display_colour(uint8_t colour)
{
    serial_puts_P(colour == BD_WHITE ? PSTR("White") : PSTR("Black"));
}

/* Out of line, as measured: inlined twice it costs more than the calls. */
static __attribute__((noinline)) void put_files(void)
{
    serial_puts_P(PSTR("    a b c d e f g h\n"));
}

/* Russian squares take two characters (" w", " ." or blank), with files
 * and ranks around the edge; English ones three, an empty dark square
 * showing its number, and each row ends with the numbers it holds. */
static void print_board(const bd_position *pos, uint8_t english)
{
    const char *border = english ? PSTR("  +--------------------------+\n")
                                 : PSTR("  +-----------------+\n");
    if (!english)
        put_files();
    serial_puts_P(border);
    for (uint8_t rank = BOARD_SIDE; rank-- > 0;) {
        char digit = (char)('1' + rank);
        serial_putc(english ? ' ' : digit);
        serial_puts_P(PSTR(" |"));
        /* The English numbers of the row: 1-4 on rank 8, 29-32 on rank 1. */
        uint8_t first = (uint8_t)(SQUARES_PER_ROW * (BOARD_SIDE - 1u - rank) + 1u);
        for (uint8_t file = 0; file < BOARD_SIDE; file++) {
            uint8_t dark = BB_IS_DARK(file, rank);
            uint8_t code = dark ? piece_on(pos, BB_SQUARE(file, rank)) : DISPLAY_EMPTY;
            serial_putc(' ');
            if (english) {
                if (dark && code == DISPLAY_EMPTY) {
                    uint8_t number = (uint8_t)(first + file / 2u);
                    serial_putc(number < 10u ? ' ' : (char)('0' + number / 10u));
                    serial_putc((char)('0' + number % 10u));
                    continue;
                }
                serial_putc(' ');
            }
            serial_putc(dark ? (char)pgm_read_byte(&piece_chars[code]) : ' ');
        }
        if (english) {
            serial_puts_P(PSTR("  |  "));
            serial_put_u32(first);
            serial_putc('-');
            serial_put_u32(first + SQUARES_PER_ROW - 1u);
        } else {
            serial_puts_P(PSTR(" | "));
            serial_putc(digit);
        }
        serial_putc('\n');
    }
    serial_puts_P(border);
    if (!english)
        put_files();
}

void display_board(const bd_position *pos, const struct bd_rules *rules)
{
    print_board(pos, rules->variant == BD_VARIANT_ENGLISH);
    display_colour(pos->side);
    serial_puts_P(PSTR(" to move\n"));
}
