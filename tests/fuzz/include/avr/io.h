/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <avr/io.h>: the ATmega328P's EEPROM size and
 * the LED port board.h drives (build with -DLED_PORT_LETTER=B -DLED_BIT=5),
 * and its RAM's bounds (the `ram` command's arithmetic).
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_IO_H
#define BITDRAUGHTS_FUZZ_AVR_IO_H

#include <stdint.h>

#define E2END 0x3FF
#define RAMSTART 0x100
#define RAMEND 0x8FF
#define _BV(bit) (1u << (bit))

extern uint8_t fuzz_portb, fuzz_ddrb;
#define PORTB fuzz_portb
#define DDRB fuzz_ddrb

#endif
