/* SPDX-License-Identifier: MIT */
/* A watchdog reset during an EEPROM write: the watchdog (15 ms) is armed,
 * a write of 0x42 to byte 0 starts 14 ms later, and the firmware hangs.
 * After the reset, EEPE must still be set (the write goes on) and the byte
 * must end up written: exits 10 * (EEPE was set) + (byte 0 is 0x42) = 11. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/wdt.h>
#include <util/delay.h>

#include "avrsim_io.h"

AVRSIM_FIRMWARE("atmega328p", F_CPU);

static uint8_t reset_flags __attribute__((section(".noinit")));

void save_reset_flags(void) __attribute__((naked, used, section(".init3")));
void save_reset_flags(void)
{
    reset_flags = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

int main(void)
{
    if (reset_flags & _BV(WDRF)) {
        uint8_t busy = bit_is_set(EECR, EEPE) ? 1 : 0;
        eeprom_busy_wait();
        return 10 * busy + (eeprom_read_byte((const uint8_t *)0) == 0x42);
    }
    wdt_enable(WDTO_15MS);
    _delay_ms(14);
    EEAR = 0;
    EEDR = 0x42;
    cli();
    EECR = _BV(EEMPE);
    EECR |= _BV(EEPE);
    for (;;)
        ;
}
