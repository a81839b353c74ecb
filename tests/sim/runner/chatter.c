/* SPDX-License-Identifier: MIT */
/* Writes its line forever: only a reader that goes away, or the cycle
 * budget, stops it. */
#include "serial.h"

int main(void)
{
    serial_init();
    for (;;)
        serial_puts("chatter\n");
}
