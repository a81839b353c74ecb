/*
 * The demo firmware: the library at work, printed over the serial port.
 * A few bit scans with their cycle counts, pop-lsb iteration over a
 * bitboard, and a checkers start position on the nibble board.
 *
 * Cycles are counted by Timer1 running at the CPU clock, so the figures are
 * the same on a real board as in the simulator.  Each measured expression
 * sits between two reads of TCNT1 with its input and output pinned by empty
 * asm statements; an empty measurement gives the reads' own cost, which is
 * subtracted.  Until the checkers firmware exists this is what `make demo`
 * runs.
 */
#include <avr/io.h>
#include <avr/pgmspace.h>

#include "bitscan.h"
#include "board.h"
#include "nibble.h"
#include "serial.h"

/* Pins a value in a register at this point of the instruction stream. */
#define PIN_VALUE(v) __asm__ __volatile__("" : "+r"(v))

/* Cycles of expression(input) -> result, both pinned, minus the timer
 * reads' own cost. */
#define MEASURE_CYCLES(cycles, result, expression, input)   \
    do {                                                    \
        uint16_t start_ = TCNT1;                            \
        PIN_VALUE(input);                                   \
        (result) = expression;                              \
        PIN_VALUE(result);                                  \
        (cycles) = (uint16_t)(TCNT1 - start_ - timer_overhead); \
    } while (0)

static uint16_t timer_overhead;

static void timer_start(void)
{
    TCCR1A = 0;
    TCCR1B = _BV(CS10);          /* clk/1: one count per CPU cycle */
    uint8_t dummy = 0;
    timer_overhead = 0;
    uint16_t cycles;
    MEASURE_CYCLES(cycles, dummy, dummy, dummy);
    timer_overhead = cycles;
}

static void put_hex32(uint32_t v)
{
    serial_puts_P(PSTR("0x"));
    for (int8_t shift = 24; shift >= 0; shift -= 8)
        serial_put_hex8((uint8_t)(v >> shift));
}

static void put_padded(uint32_t v, uint8_t width)
{
    uint32_t limit = 1;
    uint8_t digits = 1;
    while (v >= limit * 10u && digits < 10u) {
        limit *= 10u;
        digits++;
    }
    while (digits++ < width)
        serial_putc(' ');
    serial_put_u32(v);
}

/* "  value (cycles)", the value right-aligned in width. */
static void put_result(uint8_t value, uint8_t width, uint16_t cycles)
{
    put_padded(value, width);
    serial_puts_P(PSTR(" ("));
    put_padded(cycles, 2);
    serial_putc(')');
}

static void show_scans(void)
{
    static const uint32_t words[] PROGMEM = {
        0x00000001u, 0x00000080u, 0x00010000u, 0x80000000u, 0x0F00F000u, 0xFFFFFFFFu,
    };
    serial_puts_P(PSTR("\nBit scans (cycles in brackets)\n"
                       "  word          lsb32      msb32      popcount32\n"));
    for (uint8_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        uint32_t word = pgm_read_dword(&words[i]);
        uint8_t lsb, msb, count;
        uint16_t lsb_cycles, msb_cycles, count_cycles;
        MEASURE_CYCLES(lsb_cycles, lsb, bs_lsb32(word), word);
        MEASURE_CYCLES(msb_cycles, msb, bs_msb32(word), word);
        MEASURE_CYCLES(count_cycles, count, bs_popcount32(word), word);
        serial_puts_P(PSTR("  "));
        put_hex32(word);
        put_result(lsb, 5, lsb_cycles);
        put_result(msb, 5, msb_cycles);
        put_result(count, 7, count_cycles);
        serial_putc('\n');
    }

    uint8_t byte_cycles_min = 255, byte_cycles_max = 0;
    for (uint16_t v = 1; v < 256u; v++) {
        uint8_t input = (uint8_t)v, index;
        uint16_t cycles;
        MEASURE_CYCLES(cycles, index, bs_lsb8(input), input);
        if (cycles < byte_cycles_min)
            byte_cycles_min = (uint8_t)cycles;
        if (cycles > byte_cycles_max)
            byte_cycles_max = (uint8_t)cycles;
    }
    serial_puts_P(PSTR("  lsb8 over all 255 non-zero bytes: "));
    serial_put_u32(byte_cycles_min);
    serial_puts_P(PSTR(".."));
    serial_put_u32(byte_cycles_max);
    serial_puts_P(PSTR(" cycles\n"));
}

enum { PIECE_WHITE_MAN = 1, PIECE_BLACK_MAN = 2 };

static void show_iteration(uint32_t men)
{
    serial_puts_P(PSTR("\nPop-lsb iteration over "));
    put_hex32(men);
    serial_puts_P(PSTR(":"));
    uint16_t start = TCNT1;
    uint8_t squares[32], count = 0;
    while (men)
        squares[count++] = bs_pop_lsb32(&men);
    uint16_t cycles = (uint16_t)(TCNT1 - start - timer_overhead);
    for (uint8_t i = 0; i < count; i++) {
        serial_putc(' ');
        serial_put_u32(squares[i]);
    }
    serial_puts_P(PSTR("\n  "));
    serial_put_u32(count);
    serial_puts_P(PSTR(" bits in "));
    serial_put_u32(cycles);
    serial_puts_P(PSTR(" cycles\n"));
}

static void show_board(const nb_board *board)
{
    static const char symbols[] PROGMEM = ".wb";
    for (int8_t rank = 7; rank >= 0; rank--) {
        serial_puts_P(PSTR("  "));
        serial_putc((char)('1' + rank));
        serial_putc(' ');
        for (uint8_t file = 0; file < 8u; file++) {
            serial_putc(' ');
            serial_putc((char)pgm_read_byte(&symbols[nb_get(board, (uint8_t)(rank * 8 + file))]));
        }
        serial_putc('\n');
    }
    serial_puts_P(PSTR("     a b c d e f g h\n"));
}

static void show_nibble_board(void)
{
    nb_board board;
    nb_clear(&board);
    uint16_t start = TCNT1;
    for (uint8_t square = 0; square < NB_SQUARES; square++) {
        uint8_t rank = square / 8u, file = square % 8u;
        if ((rank + file) % 2u != 0)
            continue;                       /* a1 is dark: dark squares have even rank + file */
        if (rank < 3u)
            nb_set(&board, square, PIECE_WHITE_MAN);
        else if (rank > 4u)
            nb_set(&board, square, PIECE_BLACK_MAN);
    }
    uint16_t cycles = (uint16_t)(TCNT1 - start - timer_overhead);

    serial_puts_P(PSTR("\nNibble board: 64 squares x 4 bits in "));
    serial_put_u32(sizeof board);
    serial_puts_P(PSTR(" bytes, set up in "));
    serial_put_u32(cycles);
    serial_puts_P(PSTR(" cycles\n"));
    show_board(&board);
    serial_puts_P(PSTR("  white men: "));
    serial_put_u32(nb_count(&board, PIECE_WHITE_MAN));
    serial_puts_P(PSTR(", black men: "));
    serial_put_u32(nb_count(&board, PIECE_BLACK_MAN));
    serial_putc('\n');

    uint32_t white_rows = nb_half_of(&board, 0, PIECE_WHITE_MAN);
    show_iteration(white_rows);
}

int main(void)
{
    serial_init();
    board_led_init();
    board_led_on();
    timer_start();

    serial_puts_P(PSTR("bitdraughts demo on " BOARD_NAME " (" BOARD_MCU_NAME ", "));
    serial_put_u32(F_CPU / 1000000u);
    serial_puts_P(PSTR(" MHz)\n"));
    show_scans();
    show_nibble_board();
    serial_puts_P(PSTR("\ndone\n"));

    board_led_off();
    return 0;
}
