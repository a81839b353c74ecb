/* SPDX-License-Identifier: MIT */
/*
 * check.h - a tiny test framework whose sources build for the host and for
 * AVR alike.
 *
 * A suite's main() calls check_begin(), then RUN_TEST for each test function,
 * and returns check_end(): that prints "<suite>: N passed, N failed" and
 * yields the exit status (0 when all passed), which the simulator runner
 * passes on.  A failed check prints "FAIL file:line: expression (a != b)"
 * and marks the running test failed.  Strings live in flash on AVR, so a
 * suite costs no RAM for its messages (the ATtiny85 has 512 bytes).
 */
#ifndef BITDRAUGHTS_CHECK_H
#define BITDRAUGHTS_CHECK_H

#include <stdint.h>
#include "bits/progmem.h"

#ifdef __cplusplus
extern "C" {
#endif

void check_begin(const char *suite_P);
int check_end(void);
void check_run(void (*test)(void), const char *name_P);
/* Each returns 1 when the check passed, so a test can stop early on failure. */
uint8_t check_true(uint8_t ok, const char *expr_P, const char *file_P, uint16_t line);
uint8_t check_eq(uint32_t actual, uint32_t expected, const char *expr_P,
                 const char *file_P, uint16_t line);
/* Output for suites that print extra context (host: stdout, AVR: serial). */
void check_print_P(const char *s_P);
void check_print_u32(uint32_t v);

#ifdef __cplusplus
}
#endif

/* One copy of the file name per test source, however many checks it has. */
static const char check_file_P[] PROGMEM __attribute__((unused)) = __BASE_FILE__;

#define RUN_TEST(fn) check_run(fn, PSTR(#fn))
#define CHECK(cond) check_true((cond) ? 1u : 0u, PSTR(#cond), check_file_P, __LINE__)
#define CHECK_EQ(actual, expected) \
    check_eq((uint32_t)(actual), (uint32_t)(expected), \
             PSTR(#actual " == " #expected), check_file_P, __LINE__)

/* A small deterministic generator for random inputs (xorshift32), the same
 * sequence on every target. */
static inline uint32_t check_random32(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

#endif
