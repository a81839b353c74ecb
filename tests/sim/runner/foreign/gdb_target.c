/* SPDX-License-Identifier: MIT */
/* A target for avr-gdb: a function with an argument and a result in
 * registers, a global in RAM.  Exits with add_up(10) = 55. */
#include <avr/io.h>

#include "avrsim_io.h"

AVRSIM_FIRMWARE("atmega328p", F_CPU);

volatile uint8_t total;

__attribute__((noinline)) uint8_t add_up(uint8_t n)
{
    uint8_t sum = 0;
    for (uint8_t i = 1; i <= n; i++)
        sum += i;
    return sum;
}

int main(void)
{
    total = add_up(10);
    return total;
}
