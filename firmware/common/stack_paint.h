/* SPDX-License-Identifier: MIT */
/*
 * stack_paint.h - how deep the stack has been since the last reset, read
 * on the board itself.
 *
 * At start-up, before main(), every byte between the end of static data
 * and the top of the RAM is painted with STACK_PAINT_BYTE; the stack, as
 * it grows down over them, leaves them changed.  The first byte above
 * static data that still holds the paint marks the deepest the stack has
 * gone (unless the byte pushed there happened to equal the paint: it can
 * only read shallower, never deeper, than the truth).  The simulator runner
 * reads the same paint at the end of a run (the .mmcu record this object
 * carries), so a RAM sweep in the simulator and the `ram` command on a
 * board count alike.
 *
 * Linked from the firmware archive when stack_paint_peak() is called: a
 * firmware that never asks does not paint.
 */
#ifndef BITDRAUGHTS_STACK_PAINT_H
#define BITDRAUGHTS_STACK_PAINT_H

#include <stdint.h>

/* Not 0x00 or 0xFF, which registers and return addresses often hold. */
#define STACK_PAINT_BYTE 0xC5u

/* Bytes between static data and the deepest the stack has been since the
 * last reset: never written. */
uint16_t stack_paint_never_used(void);

/* Bytes of static data (.data, .bss, .noinit): the linker's end of them. */
uint16_t stack_paint_static(void);

#endif
