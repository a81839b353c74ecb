/* SPDX-License-Identifier: MIT */
/* Unbounded recursion: the stack grows down into .bss, exit status 126. */
#include <stdint.h>

#include "serial.h"

volatile uint8_t statics[64];

static uint8_t __attribute__((noinline)) dive(uint8_t depth)
{
    volatile uint8_t frame[8];
    frame[0] = depth;
    statics[depth & 63u] = frame[0];
    return (uint8_t)(dive((uint8_t)(depth + 1u)) + frame[0]);
}

int main(void)
{
    serial_init();
    return dive(0);
}
