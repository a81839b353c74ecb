/* SPDX-License-Identifier: MIT */
/*
 * avrsim_vcd.h - a value change dump (VCD) of every I/O port pin and of
 * USART0's two lines, in simulated time (avrsim --vcd).
 *
 * Mechanism.  Each port's module raises an IRQ with the new PORT value on
 * every write to PORTx (or a toggle through PINx) and one with the new DDR
 * value on every write to DDRx; from the two the trace derives each pin's
 * level: an output drives 0 or 1, an input with its pull-up on reads 1, an
 * input without is floating (z).  Nothing is polled, so a run with the trace
 * costs nothing between two writes.  Signals are named like the datasheet's
 * pins, PB5, eight a port.
 *
 * simavr's USART moves whole bytes and does not drive TXD/RXD: the trace
 * draws each byte as its frame on a TXD0 or RXD0 signal, at the baud rate
 * of the moment: start bit, data bits from the least significant, then the
 * line high until the next frame (simavr counts a parity bit in every
 * frame, so the high stretch is one bit longer than on a board).  A frame
 * starts when the firmware writes UDR0 (TXD0) or when the runner offers the
 * byte (RXD0), or when the previous frame on that line ends.  Frames lie in
 * the future when they are queued, so pin changes and frame edges are
 * merged in time order as the trace is written.
 *
 * Times are picoseconds (cycle * 10^12 / F_CPU, exact at 16, 8, 20 MHz...).
 * A reset clears the port registers without their IRQs: the runner calls
 * vcd_reset() from the core's reset hook.
 */
#ifndef BITDRAUGHTS_AVRSIM_VCD_H
#define BITDRAUGHTS_AVRSIM_VCD_H

#include <stdbool.h>
#include <stddef.h>

#include <sim_avr.h>

/* Creates path and hooks every port and USART0 of avr, an mcu (its name in
 * the file).  False with a message. */
bool vcd_open(avr_t *avr, const char *mcu, const char *path, char *err, size_t errlen);

/* The port registers were cleared by a reset. */
void vcd_reset(avr_t *avr);

/* Writes the frames still queued and the end time, and closes the file;
 * false on a write error (with errno). */
bool vcd_close(avr_t *avr);

#endif
