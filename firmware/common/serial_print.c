/* SPDX-License-Identifier: MIT */
/*
 * serial_print.c - text on the serial port: portable C over serial_putc(),
 * so the host tests link it too, with a serial_putc() that writes to
 * stdout (tests/check.c).
 */
#include "serial.h"

#include "bits/progmem.h"

#if SERIAL_TEXT_PAIRS
/* The game's printed texts are byte-pair coded at build time
 * (firmware/demo/text_code.py): a byte of 0x80 or more stands for the two
 * bytes of its entry in serial_text_pairs, either of them a pair again. */
#define PAIR_FLAG 0x80u
extern const uint8_t serial_text_pairs[];

/* The right half is expanded in the loop, the left one by recursion, which
 * the generator keeps shallow. */
static void put_text_byte(uint8_t c)
{
    while (c & PAIR_FLAG) {
        const uint8_t *pair = &serial_text_pairs[2u * (uint8_t)(c & ~PAIR_FLAG)];
        put_text_byte(pgm_read_byte(pair));
        c = pgm_read_byte(pair + 1);
    }
    serial_putc((char)c);
}
#else
static void put_text_byte(uint8_t c)
{
    serial_putc((char)c);
}
#endif

/* Out of line: a firmware built with link-time optimisation would copy it
 * into each caller. */
__attribute__((noinline)) void serial_puts(const char *s)
{
    while (*s)
        serial_putc(*s++);
}

void serial_puts_P(const char *s)
{
    char c;
    while ((c = (char)pgm_read_byte(s++)) != 0)
        put_text_byte((uint8_t)c);
}

void serial_put_u32(uint32_t v)
{
    char digits[10];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        serial_putc(digits[--n]);
}

void serial_put_u64(uint64_t v)
{
    char digits[20];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + (uint8_t)(v % 10u));
        v /= 10u;
    } while (v);
    while (n)
        serial_putc(digits[--n]);
}

void serial_put_hex8(uint8_t v)
{
    static const char hex[] PROGMEM = "0123456789abcdef";
    serial_putc((char)pgm_read_byte(&hex[v >> 4]));
    serial_putc((char)pgm_read_byte(&hex[v & 15u]));
}
