/* SPDX-License-Identifier: MIT */
#include "console.h"

#include <avr/pgmspace.h>
#include <avr/wdt.h>

#include "bits/progmem.h"
#include "flash_gap.h"
#include "serial.h"

#define ASCII_BACKSPACE 0x08
#define ASCII_DELETE 0x7F
#define ASCII_FIRST_PRINTABLE 0x20
#define ASCII_LAST_PRINTABLE 0x7E

static uint8_t input_ended;
static uint8_t after_cr;    /* the last line ended with CR: skip an LF */
/* A byte that console_key_waiting() read to see it (serial_poll's value),
 * or SERIAL_NO_INPUT. */
static int held = SERIAL_NO_INPUT;

/* The next byte: the one held, else the receiver's (serial_poll). */
static __attribute__((noinline)) int next_input(void)
{
    int c = held;
    if (c == SERIAL_NO_INPUT)
        return serial_poll();
    held = SERIAL_NO_INPUT;
    return c;
}

/* The next byte, waiting for it asleep, with the watchdog fed at each
 * wake-up (the clock's tick comes every millisecond).  Out of line, as
 * measured: inlined, the line reader grows by more. */
static __attribute__((noinline)) int next_byte(void)
{
    for (;;) {
        wdt_reset();
        int c = next_input();
        if (c != SERIAL_NO_INPUT)
            return c;
        serial_wait();
    }
}

uint8_t console_read_line(char *line, uint8_t *length)
{
    uint8_t n = 0;
    uint8_t status = CONSOLE_LINE;
    uint8_t started = 0;
    for (;;) {
        int c = next_byte();
        if (c == SERIAL_END_OF_INPUT) {
            input_ended = 1;
            if (!started)
                return CONSOLE_END;
            break;
        }
        if ((c & SERIAL_OVERRUN) && status == CONSOLE_LINE)
            status = CONSOLE_LOST;
        uint8_t byte = (uint8_t)c;
        if (byte == '\n' && after_cr) {
            after_cr = 0;
            continue;
        }
        after_cr = byte == '\r';
        if (byte == '\r' || byte == '\n')
            break;
        started = 1;
        if (byte == ASCII_BACKSPACE || byte == ASCII_DELETE) {
            if (n > 0 && status == CONSOLE_LINE) {
                n--;
                serial_puts_P(PSTR("\b \b"));
            }
        } else if (byte < ASCII_FIRST_PRINTABLE) {
            if (status == CONSOLE_LINE)
                status = CONSOLE_CONTROL;
        } else if (byte > ASCII_LAST_PRINTABLE) {
            if (status == CONSOLE_LINE)
                status = CONSOLE_NON_ASCII;
        } else if (n < CONSOLE_LINE_MAX) {
            line[n++] = (char)byte;
            serial_putc((char)byte);
        } else if (status == CONSOLE_LINE) {
            status = CONSOLE_TOO_LONG;
        }
    }
    serial_putc('\n');
    line[n] = '\0';
    *length = n;
    return status;
}

const char console_ignored_P[] PROGMEM = " ignored";

const char *console_status_text(uint8_t status)
{
    /* In enum console_status order, from CONSOLE_TOO_LONG; each reads on
     * with CONSOLE_IGNORED_P. */
    static const char texts[] IN_FLASH_GAP =
        "line too long,\0control character, line\0"
        "non-ASCII byte, line\0input lost while busy, line";
    return bd_pgm_nth_string(texts, (uint8_t)(status - CONSOLE_TOO_LONG));
}

uint8_t console_key_pressed(void)
{
    uint8_t pressed = 0;
    int c;
    while ((c = next_input()) >= 0) {
        pressed = 1;
        after_cr = (uint8_t)c == '\r';
    }
    if (c == SERIAL_END_OF_INPUT)
        input_ended = 1;
    return pressed;
}

uint8_t console_key_waiting(void)
{
    if (held == SERIAL_NO_INPUT) {
        held = serial_poll();
        /* The LF of a CR LF whose CR ended the last line is no key. */
        if (held == '\n' && after_cr) {
            after_cr = 0;
            held = SERIAL_NO_INPUT;
        }
    }
    return held >= 0;
}

uint8_t console_input_ended(void)
{
    return input_ended;
}
