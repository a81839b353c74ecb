/* SPDX-License-Identifier: MIT */
/* Initial EEPROM contents from the firmware (EEMEM): the runner loads them
 * from the ELF's .eeprom section or from the HEX file's records at 0x810000.
 * Exits with the sum of the four bytes, 1 + 2 + 3 + 4 = 10. */
#include <avr/eeprom.h>

static uint8_t EEMEM seed[4] = { 1, 2, 3, 4 };

int main(void)
{
    uint8_t sum = 0;
    for (uint8_t i = 0; i < sizeof seed; i++)
        sum += eeprom_read_byte(&seed[i]);
    return sum;
}
