/* SPDX-License-Identifier: MIT */
/*
 * avrsim_profile.h - charges every simulated cycle to the function that
 * executed it (avrsim --profile, --callgrind).
 *
 * Mechanism.  When profiling, the runner's loop calls prof_step() instead of
 * avr_run(): one instruction, with the PC, SP and cycle count read before and
 * after.  The cycles of a step go to the address of the instruction that
 * took them; a table built once from the ELF's symbols maps each flash word
 * to its function, so a function's self cycles are a sum over its addresses.
 *
 * Inclusive cycles come from a shadow call stack.  A frame is pushed by
 * CALL, RCALL, ICALL and EICALL (decoded from flash before the step; "rcall
 * .+0" only makes room on the stack and is not a call) and by an interrupt
 * (simavr's interrupt IRQ), and holds the SP that returning restores.
 * Frames are popped whenever SP is back at or above that value, so RET,
 * RETI, longjmp and a reset (SP = RAMEND) unwind alike.  Between a write to
 * SPH and the write to SPL that follows it, SP holds a value that never was
 * the stack pointer, and is not looked at.  Reaching another function
 * without a call or a return (a jump to __prologue_saves__ or
 * __tablejump2__, the start-up code falling through into the next part)
 * counts as a call from the same frame; jumping back to a function of that
 * chain returns to it.  simavr 1.6 charges no cycles for entering an
 * interrupt, so every cycle belongs to an instruction (or to a sleep).
 *
 * Gating.  With a probe id, only the cycles inside that probe's regions are
 * charged, exactly as --probes measures them: from the begin marker's OUT
 * (charged) up to the end marker's OUT (not charged).  The begin OUT and the
 * end marker's LDI, 2 cycles a region, are charged to the function that
 * holds the markers.  The call stack is followed all the time; calls are
 * counted when they happen inside a region.
 */
#ifndef BITDRAUGHTS_AVRSIM_PROFILE_H
#define BITDRAUGHTS_AVRSIM_PROFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <sim_avr.h>

#define PROF_WHOLE_RUN (-1)     /* probe id for "charge every cycle" */

typedef struct profile profile;

/* Reads the function symbols of the ELF at path (already loaded into avr),
 * for the program's first program_end bytes of flash, and starts the call
 * stack at the current PC.  probe_id is 0..AVRSIM_PROBE_COUNT-1 or
 * PROF_WHOLE_RUN.  NULL with a message in errbuf on failure. */
profile *prof_create(avr_t *avr, const char *path, uint32_t program_end, int probe_id,
                     char *errbuf, size_t errlen);

/* avr_run() with the accounting: returns the CPU state as avr_run does. */
int prof_step(profile *p, avr_t *avr);

/* A write of code to the probe register (opens and closes regions). */
void prof_probe_write(profile *p, uint8_t code);

/* Ends the run: returns from every frame still open, so that inclusive
 * figures cover the run up to now.  Call once, before writing. */
void prof_finish(profile *p);

/* The table, sorted by self cycles; title goes in its first line.  False on
 * a write error. */
bool prof_write_table(const profile *p, FILE *f, const char *title);

/* The same figures in callgrind's format (positions are instruction
 * addresses, one event: Cycles), for KCachegrind or callgrind_annotate.
 * False on a write error. */
bool prof_write_callgrind(const profile *p, FILE *f, const char *elf_path);

#endif
