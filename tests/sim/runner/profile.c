/* SPDX-License-Identifier: MIT */
/* A call graph with known counts for avrsim --profile: main calls outer()
 * once, then OUTER_CALLS times inside probe PROFILE_PROBE's region, then
 * opens and closes an empty region.  outer() does fixed work, calls the leaf
 * inner() and ends in finish(), which gcc may reach by a jump (a tail call):
 * the profiler charges it to outer's call either way.  big_frame() has a
 * stack frame of FRAME_BYTES: releasing it moves SP across a 256-byte
 * boundary, so that between the SPH and the SPL write SP points above the
 * function's return address, a value it never really had. */
#include <stdint.h>

#include "avrsim_io.h"

#define PROFILE_PROBE 2
#define OUTER_CALLS 10u
#define OUTER_WORK 300
#define INNER_WORK 700
#define FINISH_WORK 100
#define FRAME_BYTES 250u        /* low byte of SP ends 6 lower, high byte 1 up */

static volatile uint8_t finished;

static void __attribute__((noinline)) inner(void)
{
    __builtin_avr_delay_cycles(INNER_WORK);
}

static void __attribute__((noinline)) finish(void)
{
    __builtin_avr_delay_cycles(FINISH_WORK);
    finished++;
}

static uint8_t __attribute__((noinline, noclone)) big_frame(uint8_t seed)
{
    volatile uint8_t buffer[FRAME_BYTES];
    for (uint8_t i = 0; i < FRAME_BYTES; i++)
        buffer[i] = (uint8_t)(seed + i);
    return buffer[FRAME_BYTES - 1u];
}

static void __attribute__((noinline)) outer(void)
{
    __builtin_avr_delay_cycles(OUTER_WORK);
    inner();
    finish();
}

int main(void)
{
    outer();
    AVRSIM_PROBE_BEGIN(PROFILE_PROBE);
    for (uint8_t i = 0; i < OUTER_CALLS; i++)
        outer();
    AVRSIM_PROBE_END(PROFILE_PROBE);
    AVRSIM_PROBE_BEGIN(PROFILE_PROBE);
    AVRSIM_PROBE_END(PROFILE_PROBE);
    uint8_t last = big_frame(1);
    return finished == OUTER_CALLS + 1u && last == (uint8_t)FRAME_BYTES ? 0 : 1;
}
