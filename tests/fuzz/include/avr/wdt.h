/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <avr/wdt.h>: the watchdog of the fuzz
 * harness (tests/fuzz/firmware_host.c).  Every feed counts against the
 * input's work budget, so that `level depth 20` and `perft 8` end a run
 * instead of stalling the fuzzer.
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_WDT_H
#define BITDRAUGHTS_FUZZ_AVR_WDT_H

#include <stdint.h>

#define WDTO_2S 7

void fuzz_wdt_reset(void);
void fuzz_wdt_enable(uint8_t timeout);
void fuzz_wdt_disable(void);

#define wdt_reset() fuzz_wdt_reset()
#define wdt_enable(timeout) fuzz_wdt_enable(timeout)
#define wdt_disable() fuzz_wdt_disable()

#endif
