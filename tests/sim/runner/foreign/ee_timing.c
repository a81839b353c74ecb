/* SPDX-License-Identifier: MIT */
/* EEPROM timing: bytes 0-7 get 0xA0-0xA7 through avr-libc, whose
 * eeprom_write_byte waits for the previous write (probe 1 spans each of
 * them but the first: a whole write time); then byte 8 gets 0x11 by hand,
 * with the ready interrupt waking the CPU when the write is over (probe 2
 * spans the sleep).  Exits 0 when all nine bytes read back. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/sleep.h>

#include "avrsim_io.h"

AVRSIM_FIRMWARE("atmega328p", F_CPU);

ISR(EE_READY_vect)
{
    EECR &= (uint8_t)~_BV(EERIE);
}

int main(void)
{
    eeprom_write_byte((uint8_t *)0, 0xA0);
    for (uint8_t i = 1; i < 8; i++) {
        AVRSIM_PROBE_BEGIN(1);
        eeprom_write_byte((uint8_t *)(uintptr_t)i, (uint8_t)(0xA0 + i));
        AVRSIM_PROBE_END(1);
    }
    eeprom_busy_wait();
    EEAR = 8;
    EEDR = 0x11;
    cli();
    EECR = _BV(EEMPE);
    EECR |= _BV(EEPE);
    EECR |= _BV(EERIE);
    set_sleep_mode(SLEEP_MODE_IDLE);
    sleep_enable();
    AVRSIM_PROBE_BEGIN(2);
    sei();
    sleep_cpu();
    AVRSIM_PROBE_END(2);
    for (uint8_t i = 0; i < 8; i++)
        if (eeprom_read_byte((const uint8_t *)(uintptr_t)i) != 0xA0 + i)
            return 1;
    return eeprom_read_byte((const uint8_t *)8) == 0x11 ? 0 : 2;
}
