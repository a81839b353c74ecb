/* SPDX-License-Identifier: MIT */
/* Probe 0: an empty begin/end pair (the markers' own cost), 3 times.
 * Probe 1: __builtin_avr_delay_cycles(1000), 5 times: 1000 + that cost. */
#include "avrsim_io.h"
#include "serial.h"

int main(void)
{
    serial_init();
    for (uint8_t i = 0; i < 3; i++) {
        AVRSIM_PROBE_BEGIN(0);
        AVRSIM_PROBE_END(0);
    }
    for (uint8_t i = 0; i < 5; i++) {
        AVRSIM_PROBE_BEGIN(1);
        __builtin_avr_delay_cycles(1000);
        AVRSIM_PROBE_END(1);
    }
    return 0;
}
