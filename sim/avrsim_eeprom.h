/* SPDX-License-Identifier: MIT */
/*
 * avrsim_eeprom.h - the EEPROM: an image file kept across runs (--eeprom),
 * the time a write takes, and a power cut during one (--cut-at).
 *
 * Mechanism.  simavr 1.6 stores a written byte at once and clears EEPE in
 * the same instruction (only its ready interrupt comes 3.4 ms later), so a
 * firmware's eeprom_busy_wait() never waits and a power cut could only fall
 * between two bytes.  The runner takes over the writes to EECR and models
 * the controller after the ATmega328P's datasheet (the ATmega2560's and the
 * ATtiny85's are the same):
 *   - EEMPE written to one clears itself four cycles later; EEPE written to
 *     one while EEMPE is set starts an operation on the byte at EEAR, in the
 *     mode of EEPM1:0: erase and write (3.4 ms: the byte becomes EEDR),
 *     erase only (1.8 ms: 0xFF) or write only (1.8 ms: old AND EEDR, as
 *     programming only clears bits).  The chip times these with its own
 *     oscillator: they are the same whatever F_CPU.
 *   - EEPE reads one until the operation is over; then the byte holds its
 *     new value, EEPE clears and the ready interrupt is raised if EERIE is
 *     set (and when EERIE is set with the EEPROM idle).
 *   - While EEPE is set, reads (EERE) and new writes are ignored, as on the
 *     chip; a read halts the CPU four cycles, starting a write two.
 *   - A watchdog reset does not stop an operation in progress.
 *
 * The byte under an operation has its old value until the operation ends.
 * A power cut (the run stopped by --cut-at) leaves it undefined; avrsim
 * leaves it as the operation's first phase does, whenever the cut falls:
 *   erase and write, erase only: 0xFF (erased, not yet programmed);
 *   write only: the old value (programming only clears bits; none yet).
 * So a cut makes a byte that is neither the old nor the new value whenever
 * both differ from 0xFF, which a power-safe store must survive.
 * Every other end of a run (exit, budget, signal, crash) keeps the board
 * powered until the operation is over: the file gets the new value.
 */
#ifndef BITDRAUGHTS_AVRSIM_EEPROM_H
#define BITDRAUGHTS_AVRSIM_EEPROM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

/* The operation a power cut interrupted, if any. */
typedef struct eeprom_cut {
    bool in_progress;
    uint16_t address;
    uint8_t old_value, new_value, left;     /* left: what the cut leaves */
    uint64_t started;                       /* the cycle the write began */
} eeprom_cut;

/* Installs the controller model on avr.  With a path, loads the image from
 * it if the file exists (it must have the part's exact size).  False with a
 * message when the part has no EEPROM or the file is unusable. */
bool eeprom_open(avr_t *avr, const char *path, char *err, size_t errlen);

/* A core reset cleared EECR and the cycle timers: an operation in progress
 * goes on. */
void eeprom_reset(avr_t *avr);

/* The end of the run: completes the operation in progress, or with
 * power_cut leaves its byte undefined (described in *cut).  Then, with a
 * path, writes the image to it (through a temporary file and a rename, so
 * that an interrupted save never leaves a truncated image); false on a
 * write error, with errno. */
bool eeprom_finish(avr_t *avr, const char *path, bool power_cut, eeprom_cut *cut);

#endif
