/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <avr/eeprom.h>: E2END + 1 bytes in RAM
 * (tests/fuzz/firmware_host.c).  An access outside them aborts: on a board
 * the address would wrap onto other data.
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_EEPROM_H
#define BITDRAUGHTS_FUZZ_AVR_EEPROM_H

#include <stddef.h>
#include <stdint.h>

uint8_t eeprom_read_byte(const uint8_t *address);
uint16_t eeprom_read_word(const uint16_t *address);
void eeprom_read_block(void *destination, const void *address, size_t n);
void eeprom_update_byte(uint8_t *address, uint8_t value);
void eeprom_update_word(uint16_t *address, uint16_t value);
void eeprom_update_block(const void *source, void *address, size_t n);

#endif
