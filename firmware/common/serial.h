/* SPDX-License-Identifier: MIT */
/*
 * serial.h - the firmware's byte stream: USART0 on parts that have one, the
 * runner's console register on parts that do not (ATtiny85, output only).
 *
 * Polled, no buffers: the firmware either computes or talks.  Waiting for
 * input, it sleeps (idle mode) until the receive interrupt, or another one
 * such as a clock tick, wakes it, as a board should; under the simulator
 * that is also what lets the runner pace its input (AVRSIM_INPUT_WAITS_ASLEEP
 * in sim/avrsim_io.h).  Input ends only under the simulator
 * (AVRSIM_INPUT_ENDED); on a board serial_getc simply waits for the next
 * byte.  The byte level is serial.c; the printers (serial_puts ..
 * serial_put_hex8) are portable C over serial_putc in serial_print.c, which
 * the host tests link too.
 */
#ifndef BITDRAUGHTS_SERIAL_H
#define BITDRAUGHTS_SERIAL_H

#include <stdint.h>

#define SERIAL_END_OF_INPUT (-1)
#define SERIAL_NO_INPUT (-2)        /* serial_poll: no byte has arrived yet */
/* serial_poll: set on a byte when the receiver lost the byte after it (the
 * firmware read too late, e.g. while it was computing). */
#define SERIAL_OVERRUN 0x100

void serial_init(void);
void serial_putc(char c);
void serial_puts(const char *s);            /* string in RAM */
void serial_puts_P(const char *s);          /* string in flash (PSTR); the game's are coded: serial_print.c */
void serial_put_u32(uint32_t v);            /* decimal */
void serial_put_u64(uint64_t v);            /* decimal, with libgcc's 64-bit division */
void serial_put_hex8(uint8_t v);
/* Next input byte, waiting for it asleep; SERIAL_END_OF_INPUT once the
 * simulator's input is exhausted (never on a real board), at once on parts
 * without a UART.  Leaves interrupts enabled. */
int serial_getc(void);
/* Sleeps until an interrupt: the receive interrupt when a byte arrives, or
 * any other the firmware has enabled (so a loop around it can feed the
 * watchdog on a timer tick).  Returns at once when a byte is waiting or the
 * simulator's input has ended.  Leaves interrupts enabled. */
void serial_wait(void);
/* The next input byte if one has arrived (with SERIAL_OVERRUN or'ed in when
 * a byte after it was lost), SERIAL_NO_INPUT if none, SERIAL_END_OF_INPUT
 * once the simulator's input is exhausted.  Never waits. */
int serial_poll(void);

#endif
