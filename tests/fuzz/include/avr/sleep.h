/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <avr/sleep.h>.  The game firmware sleeps
 * here only after cli() (`quit`), which the stand-in of <avr/interrupt.h>
 * has already turned into the harness's reboot.
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_SLEEP_H
#define BITDRAUGHTS_FUZZ_AVR_SLEEP_H

#define sleep_enable() ((void)0)
#define sleep_cpu() ((void)0)

#endif
