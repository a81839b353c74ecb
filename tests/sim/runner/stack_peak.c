/* SPDX-License-Identifier: MIT */
/* Touches a 200-byte stack buffer once: --stats must report a peak stack a
 * little above 200 bytes (the buffer plus return addresses and saved
 * registers). */
#include <stdint.h>

#include "serial.h"

#define BUFFER_BYTES 200u

static uint8_t __attribute__((noinline)) fill_and_sum(uint8_t seed)
{
    volatile uint8_t buffer[BUFFER_BYTES];
    uint8_t sum = 0;
    for (uint8_t i = 0; i < BUFFER_BYTES; i++)
        buffer[i] = (uint8_t)(seed + i);
    for (uint8_t i = 0; i < BUFFER_BYTES; i++)
        sum = (uint8_t)(sum + buffer[i]);
    return sum;
}

int main(void)
{
    serial_init();
    /* sum of 1..200 is 20100; 20100 mod 256 = 132 */
    return fill_and_sum(1) == 132u ? 0 : 1;
}
