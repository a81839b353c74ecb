/* SPDX-License-Identifier: MIT */
/* A watchdog reset restarts the firmware (it is not a crash): the first run
 * arms the watchdog and spins with interrupts off; after the reset, WDRF is
 * set and the firmware exits 7. */
#include <avr/io.h>
#include <avr/wdt.h>

#include "serial.h"

int main(void)
{
    uint8_t reset_cause = MCUSR;
    MCUSR = 0;
    wdt_disable();
    serial_init();
    if (reset_cause & _BV(WDRF)) {
        serial_puts("after watchdog reset\n");
        return 7;
    }
    serial_puts("arming watchdog\n");
    wdt_enable(WDTO_15MS);
    for (;;) {
    }
}
