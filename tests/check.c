/* SPDX-License-Identifier: MIT */
#include "check.h"

#include "serial.h"

#if !defined(__AVR__)
#include <stdio.h>
/* The host's serial port is stdout (firmware/common/serial_print.c prints
 * through it). */
void serial_putc(char c)
{
    putchar(c);
}
#endif

static const char *suite_name_P;
static uint16_t tests_passed, tests_failed, checks_failed_in_test;

void check_print_P(const char *s_P)
{
    serial_puts_P(s_P);
}

void check_print_u32(uint32_t v)
{
    serial_put_u32(v);
}

static void print_hex32(uint32_t v)
{
    check_print_P(PSTR("0x"));
    for (int8_t shift = 28; shift >= 0; shift -= 4) {
        uint8_t digit = (uint8_t)((v >> shift) & 15u);
        serial_putc((char)(digit < 10 ? '0' + digit : 'a' + digit - 10));
    }
}

void check_begin(const char *suite_P)
{
#if defined(__AVR__)
    serial_init();
#endif
    suite_name_P = suite_P;
    tests_passed = tests_failed = 0;
}

void check_run(void (*test)(void), const char *name_P)
{
    checks_failed_in_test = 0;
    test();
    if (checks_failed_in_test) {
        tests_failed++;
        check_print_P(PSTR("  failed: "));
    } else {
        tests_passed++;
        check_print_P(PSTR("  ok:     "));
    }
    check_print_P(name_P);
    serial_putc('\n');
}

static void report_failure(const char *expr_P, const char *file_P, uint16_t line)
{
    checks_failed_in_test++;
    check_print_P(PSTR("FAIL "));
    check_print_P(file_P);
    serial_putc(':');
    check_print_u32(line);
    check_print_P(PSTR(": "));
    check_print_P(expr_P);
}

uint8_t check_true(uint8_t ok, const char *expr_P, const char *file_P, uint16_t line)
{
    if (ok)
        return 1;
    report_failure(expr_P, file_P, line);
    serial_putc('\n');
    return 0;
}

uint8_t check_eq(uint32_t actual, uint32_t expected, const char *expr_P,
                 const char *file_P, uint16_t line)
{
    if (actual == expected)
        return 1;
    report_failure(expr_P, file_P, line);
    check_print_P(PSTR(" (got "));
    print_hex32(actual);
    check_print_P(PSTR(", expected "));
    print_hex32(expected);
    check_print_P(PSTR(")\n"));
    return 0;
}

int check_end(void)
{
    check_print_P(suite_name_P);
    check_print_P(PSTR(": "));
    check_print_u32(tests_passed);
    check_print_P(PSTR(" passed, "));
    check_print_u32(tests_failed);
    check_print_P(PSTR(" failed\n"));
#if !defined(__AVR__)
    fflush(stdout);
#endif
    return tests_failed ? 1 : 0;
}
