/* SPDX-License-Identifier: MIT */
/* Input typed ahead against a computing firmware: it works for about
 * 200,000 cycles polling the receiver, as a search polls for a key press,
 * and says whether a byte came meanwhile.  Eager input offers the bytes as
 * soon as they are there; paced input only when the firmware waits asleep,
 * which this one never does. */
#include "serial.h"

#define WORK_STEPS 2000u

int main(void)
{
    uint8_t seen = 0;
    serial_init();
    for (uint16_t i = 0; i < WORK_STEPS && !seen; i++) {
        __builtin_avr_delay_cycles(100);
        seen = serial_poll() >= 0;
    }
    serial_puts(seen ? "key during work\n" : "no key during work\n");
    return 0;
}
