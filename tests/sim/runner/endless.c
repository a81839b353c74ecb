/* SPDX-License-Identifier: MIT */
/* Never ends: only the cycle budget (--max-cycles) stops it. */
#include <stdint.h>

#include "serial.h"

int main(void)
{
    volatile uint16_t spins = 0;
    serial_init();
    for (;;)
        spins++;
}
