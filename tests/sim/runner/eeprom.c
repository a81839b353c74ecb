/* SPDX-License-Identifier: MIT */
/* EEPROM persistence: exits 0 when bytes 0..3 hold the signature a previous
 * run wrote, otherwise writes it and exits 10. */
#include <avr/eeprom.h>

#include "serial.h"

static const uint8_t signature[4] = { 0xB1, 0x7D, 0x4A, 0x05 };

int main(void)
{
    uint8_t found = 1;
    serial_init();
    for (uint8_t i = 0; i < 4; i++)
        if (eeprom_read_byte((const uint8_t *)(uintptr_t)i) != signature[i])
            found = 0;
    if (found) {
        serial_puts("found\n");
        return 0;
    }
    for (uint8_t i = 0; i < 4; i++)
        eeprom_update_byte((uint8_t *)(uintptr_t)i, signature[i]);
    serial_puts("written\n");
    return 10;
}
