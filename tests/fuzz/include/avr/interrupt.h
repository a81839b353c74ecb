/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <avr/interrupt.h>.  The game firmware turns
 * interrupts off only to hang on purpose (`hang`, and `quit` asleep) until
 * the watchdog resets the board; the stand-in cli() is that reset: it
 * leaves the command for the harness's reboot (tests/fuzz/firmware_host.c).
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_INTERRUPT_H
#define BITDRAUGHTS_FUZZ_AVR_INTERRUPT_H

void fuzz_cli(void) __attribute__((noreturn));

#define sei() ((void)0)
#define cli() fuzz_cli()

#endif
