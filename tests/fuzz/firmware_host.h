/* SPDX-License-Identifier: MIT */
/*
 * firmware_host.h - the game firmware (firmware/demo, all of it but main.c)
 * on the host, for the fuzz targets: stand-ins for what the board gives it
 * (serial port, clock, EEPROM, watchdog; tests/fuzz/include/ holds the
 * avr-libc headers they replace) and a session that does what main() does
 * with its input.
 *
 * Serial input: the bytes of the fuzz input, then the end of input, as in
 * the simulator.  A 0x00 byte is an escape: the byte after it arrives with
 * SERIAL_OVERRUN set (the receiver lost the one after it), a path that the
 * simulator never takes.  Serial output must be printable ASCII, '\n' or
 * '\b'; it is kept (up to FUZZ_OUTPUT_MAX bytes since the last boot) for
 * the targets to look at, and echoed on stderr when FUZZ_ECHO is set.
 *
 * Time: clock_ms() advances FUZZ_MS_PER_READ ms each time it is read, so a
 * timed search ends after a few polls.  The watchdog: the firmware feeds
 * it while it waits and computes; each feed costs one unit of the budget
 * fuzz_firmware_session() is given (but for those that wait for a byte
 * that then arrives), and a run out of budget stops the
 * session where it is, as a power cut between two feeds would (never in
 * the middle of an EEPROM save, which feeds nothing).  `hang` (cli() and
 * a spin) is a watchdog reset: the harness boots again and goes on with
 * the input.
 */
#ifndef BITDRAUGHTS_FUZZ_FIRMWARE_HOST_H
#define BITDRAUGHTS_FUZZ_FIRMWARE_HOST_H

#include <stddef.h>
#include <stdint.h>

#define FUZZ_EEPROM_BYTES 1024u
#define FUZZ_OUTPUT_MAX 65536u
#define FUZZ_MS_PER_READ 250u

enum fuzz_session_end {
    FUZZ_INPUT_ENDED = 0,   /* every line run */
    FUZZ_OUT_OF_BUDGET      /* stopped between two feeds of the watchdog */
};

extern uint8_t fuzz_eeprom[FUZZ_EEPROM_BYTES];

/* The serial input of the next session (not copied: keep it alive). */
void fuzz_serial_input(const uint8_t *data, size_t size);
/* A reset: the statics the firmware's reset would restore to their
 * defaults, then main()'s boot (record_resume()) on the EEPROM as it is.
 * Returns 1 when the saved game was resumed. */
uint8_t fuzz_firmware_boot(void);
/* main()'s loop: lines from the serial input run as commands until it
 * ends, with a boot after each watchdog reset; returns a fuzz_session_end. */
uint8_t fuzz_firmware_session(uint32_t budget);
/* The output since the last boot (NUL-terminated), and its length. */
const char *fuzz_output(size_t *length);
/* The game in RAM is a valid position (fuzz_support.h) whose FEN reads back. */
void fuzz_require_valid_game(void);
/* After a session that ended as `end` says: a reset resumes the record the
 * firmware wrote, to the game it had in RAM when every line ran. */
void fuzz_require_record_resumes(uint8_t end);

#endif
