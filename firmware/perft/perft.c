/* SPDX-License-Identifier: MIT */
/*
 * The perft firmware: the library's move generator counting the move tree
 * on the board, driven over the serial port one command a line:
 *
 *   variant russian|english   choose the rules (and their start position)
 *   fen FEN                   set the position (PDN FEN of the variant)
 *   perft DEPTH               print "perft d N" for d = 1..DEPTH, then the
 *                             cycles of the deepest one (clock.h: Timer1 on
 *                             the CPU clock)
 *
 * It prints the same lines as `build/host/checkers perft`, so a test can
 * compare the two.  Errors get one line starting with "error:".  When the
 * simulator's input ends, the firmware exits with status 0.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <string.h>

#include "clock.h"
#include "checkers/pdn.h"
#include "checkers/perft.h"
#include "serial.h"

#define LINE_MAX 160u
#define MAX_DEPTH 9u
/* The moves of all plies share this stack, 6 bytes a move: 100 where
 * there are 2 KB of RAM; on a 1 KB part (the ATmega168) fewer, so that the
 * call stack of a perft to MAX_DEPTH keeps room below the static data.  A
 * tree that needs more is refused with "move stack too small". */
#if RAMEND - RAMSTART + 1 >= 2048
#define STACK_MOVES 100u
#else
#define STACK_MOVES 48u
#endif

static bd_move stack[STACK_MOVES];
static void put_error_P(const char *message_P)
{
    serial_puts_P(PSTR("error: "));
    serial_puts_P(message_P);
    serial_putc('\n');
}

/* Reads one line into line; returns its length, -1 at the end of input.
 * An overlong line is consumed whole and reported as LINE_MAX + 1. */
static int16_t read_line(char *line)
{
    uint16_t length = 0;
    for (;;) {
        int c = serial_getc();
        if (c == SERIAL_END_OF_INPUT)
            return length ? (int16_t)length : -1;
        if (c == '\n' || c == '\r') {
            if (length || c == '\n')
                return (int16_t)length;
            continue;
        }
        if (length < LINE_MAX)
            line[length] = (char)c;
        if (length <= LINE_MAX)
            length++;
    }
}

static uint8_t starts_with(const char *line, uint16_t length, const char *word_P)
{
    uint16_t n = (uint16_t)strlen_P(word_P);
    return length >= n && !strncmp_P(line, word_P, n) && (length == n || line[n] == ' ');
}

static void run_perft(const bd_position *pos, const struct bd_rules *rules, const char *arg,
                      uint16_t length)
{
    if (length != 1 || arg[0] < '1' || (uint8_t)(arg[0] - '0') > MAX_DEPTH) {
        put_error_P(PSTR("perft needs a depth from 1 to 9"));
        return;
    }
    uint8_t depth = (uint8_t)(arg[0] - '0');
    uint32_t cycles = 0;
    for (uint8_t d = 1; d <= depth; d++) {
        clock_cycles_start();
        uint64_t leaves = perft(pos, rules, d, stack, stack + STACK_MOVES);
        cycles = clock_cycles_stop();
        if (leaves == PERFT_OVERFLOW) {
            put_error_P(PSTR("move stack too small"));
            return;
        }
        serial_puts_P(PSTR("perft "));
        serial_put_u32(d);
        serial_putc(' ');
        serial_put_u64(leaves);
        serial_putc('\n');
    }
    serial_puts_P(PSTR("cycles "));
    serial_put_u32(cycles);
    serial_putc('\n');
}

int main(void)
{
    static char line[LINE_MAX];
    const struct bd_rules *rules = &bd_rules_russian;
    bd_position pos;

    serial_init();
    sei();
    pos_initial(&pos, rules);
    serial_puts_P(PSTR("bitdraughts perft firmware on " BOARD_NAME "\n"));
    for (;;) {
        int16_t length = read_line(line);
        if (length < 0)
            return 0;
        if (length > (int16_t)LINE_MAX) {
            put_error_P(PSTR("line too long"));
        } else if (length == 0) {
            continue;
        } else if (starts_with(line, (uint16_t)length, PSTR("variant"))) {
            const char *arg = line + 8;
            uint16_t arg_length = (uint16_t)length > 8u ? (uint16_t)(length - 8) : 0u;
            if (arg_length == 7 && !strncmp_P(arg, PSTR("russian"), 7))
                rules = &bd_rules_russian;
            else if (arg_length == 7 && !strncmp_P(arg, PSTR("english"), 7))
                rules = &bd_rules_english;
            else {
                put_error_P(PSTR("variant is russian or english"));
                continue;
            }
            pos_initial(&pos, rules);
        } else if (starts_with(line, (uint16_t)length, PSTR("fen"))) {
            int8_t status = length > 4 ? pdn_read_fen(line + 4, (uint16_t)(length - 4), rules, &pos)
                                       : PDN_ERR_EMPTY;
            if (status != PDN_OK)
                put_error_P(pdn_error_text(status));
        } else if (starts_with(line, (uint16_t)length, PSTR("perft"))) {
            run_perft(&pos, rules, line + 6, length > 6 ? (uint16_t)(length - 6) : 0u);
        } else {
            put_error_P(PSTR("commands: variant russian|english, fen FEN, perft DEPTH"));
        }
    }
}
