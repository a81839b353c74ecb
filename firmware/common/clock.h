/* SPDX-License-Identifier: MIT */
/*
 * clock.h - time on an ATmega: milliseconds since boot and CPU cycles.
 *
 * Milliseconds: Timer0 in CTC mode, clk/64, compare match every
 * F_CPU / 64 / 1000 counts (250 at 16 MHz, 125 at 8 MHz), and an interrupt
 * that counts them, so the figure is wall time on a real board and simulated
 * time in the simulator.  Cycles: Timer1 at the CPU clock with its overflows
 * counted, for the bench.
 *
 * Parts without these timers (ATtiny85) have no clock: the functions are
 * not defined there, and firmware/common is linked as an archive, so a
 * firmware that does not call them does not carry them or their interrupts.
 */
#ifndef BITDRAUGHTS_CLOCK_H
#define BITDRAUGHTS_CLOCK_H

#include <stdint.h>

/* Set to 1 at every millisecond; whoever watches it clears it (the
 * game's search polls its stop callback when it is up: a test of one byte
 * a node instead of a look at the clock). */
extern volatile uint8_t clock_tick;

/* Starts the millisecond count (interrupts must be enabled to run it). */
void clock_init(void);
/* Milliseconds since clock_init(); wraps after 49 days. */
uint32_t clock_ms(void);
/* Starts counting CPU cycles from zero. */
void clock_cycles_start(void);
/* Cycles since clock_cycles_start() (up to 2^32, about 4.5 minutes at
 * 16 MHz), and stops the count. */
uint32_t clock_cycles_stop(void);

#endif
