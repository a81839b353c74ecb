/* SPDX-License-Identifier: MIT */
/*
 * avrsim_serial.h - USART0 and the console register wired to the outside:
 * stdin/stdout, or a pseudo-terminal.
 *
 * Mechanism.  simavr's USART takes input bytes through an IRQ into a
 * 64-byte receive FIFO and signals XON (room) and XOFF (full); its output
 * comes out of another IRQ, one byte per UDR write.  Output goes to a
 * buffer that is flushed whenever the runner looks outside (every few
 * thousand instructions), before it waits for input, and at the end, so a
 * program reading a pipe sees each answer as the firmware writes it.
 *
 * Input is handed to the USART in one of two ways:
 *   eager  bytes are offered as soon as they have arrived and the FIFO has
 *          room (XON), as typed ahead into a terminal.  With input from a
 *          pipe, what the firmware sees while it computes depends on when
 *          the bytes arrive.
 *   paced  a byte is offered only when the firmware waits for one asleep,
 *          one byte per wait, so the run is the same whether the input comes
 *          from a file, a slow pipe or a program that waits for each answer:
 *          nothing reaches the firmware while it computes.
 * "Waits asleep" is SLEEP with interrupts on, the receiver and its
 * receive-complete interrupt enabled, and the receive FIFO empty: the
 * firmware has nothing to do until a byte comes.  The runner sees the SLEEP
 * coming (the next opcode) and, in both modes, blocks on the input instead
 * of simulating the idle time, then offers the byte(s): the firmware sleeps
 * for the byte's frame time and wakes as on a board.  Once the input is at
 * its end, that wait cannot be served: the runner wakes the CPU once (the
 * SLEEP returns without an interrupt) so that the firmware can read
 * AVRSIM_INPUT_ENDED; later sleeps are simulated like any other.
 * Which one, when --input does not say: a terminal or a pseudo-terminal is
 * always eager, typing is live.  Other input is paced for a firmware that
 * declares it waits asleep.  Another firmware gets no input until it shows
 * how it waits: its first wait asleep makes the input paced from then on;
 * reading the empty receiver again and again (16 times in a row with the
 * transmitter ready and nothing sent) makes it eager, the firmware polls,
 * and so do 100 ms of simulated time with neither and no byte sent.  That
 * choice depends on the simulated run alone, so a firmware that waits
 * asleep gets the same run from a file or a slow pipe, declared or not.
 * On a
 * terminal, Ctrl-D (its end-of-file key, which non-canonical mode passes on
 * as a byte) ends the input as the end of a file does.
 */
#ifndef BITDRAUGHTS_AVRSIM_SERIAL_H
#define BITDRAUGHTS_AVRSIM_SERIAL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

typedef enum serial_input {
    SERIAL_INPUT_AUTO,      /* chosen as described above; while undecided, no input */
    SERIAL_INPUT_EAGER,
    SERIAL_INPUT_PACED,
} serial_input;

typedef struct serial_config {
    serial_input input;
    bool firmware_waits_asleep;         /* declared in the firmware's .mmcu */
    bool pty;                           /* USART0 on a pseudo-terminal */
    int out_fd;                         /* where stdout's bytes go */
    const volatile sig_atomic_t *stop;  /* non-zero: never block */
    const volatile sig_atomic_t *wake;  /* non-zero: do not block (a reset is asked for) */
    bool watch_opens;                   /* see serial_client_opened() */
    bool bounded_waits;                 /* a debugger may need the loop: wait 10 ms at most */
} serial_config;

/* Connects USART0 (when the part has one) and the outputs.  False with a
 * message in err when the pseudo-terminal cannot be made. */
bool serial_open(avr_t *avr, const serial_config *cfg, char *err, size_t errlen);

/* The pseudo-terminal's path (NULL without --pty), the mode chosen so far. */
const char *serial_pty_path(void);
serial_input serial_mode(void);

/* True when stdin is a terminal the runner put in non-canonical mode: a
 * person typing, who leaves with Ctrl-D (the end of the input) or Ctrl-C. */
bool serial_on_terminal(void);

/* 0, or the errno of a write to stdout that failed (EPIPE: its reader has
 * gone); the output is discarded from then on. */
int serial_output_error(void);

/* A byte of console output (the console register's writes). */
void serial_console_write(uint8_t byte);

/* True once the input is at its end and the firmware has read every byte of
 * it from UDR (always without a USART; never on a pseudo-terminal). */
bool serial_input_ended(void);

/* With watch_opens: true when a client has opened the pseudo-terminal
 * since the last call (each open, as a board's serial adapter pulses DTR
 * when its port is opened).  Linux's inotify reports every open of the
 * slave's path, while the runner's own descriptor keeps the line open. */
bool serial_client_opened(void);

/* Non-blocking: eager input that has arrived, output flushed. */
void serial_service(void);

/* Called when the next instruction is SLEEP, and for every step the CPU
 * sleeps: serves a wait for input as described above. */
void serial_wait_point(avr_t *avr);

/* Flushes the outputs and gives the terminal its settings back. */
void serial_close(void);

#endif
