/* SPDX-License-Identifier: MIT */
/*
 * board.h - the board's hardware as one-line inline functions.
 *
 * The board's .mk file gives LED_PORT (a letter) and LED_BIT; the Makefile
 * passes them as -DLED_PORT_LETTER=B -DLED_BIT=5.  Host builds have no board.
 */
#ifndef BITDRAUGHTS_BOARD_H
#define BITDRAUGHTS_BOARD_H

#include <avr/io.h>

#define BOARD_CAT_(a, b) a##b
#define BOARD_CAT(a, b) BOARD_CAT_(a, b)
#define BOARD_LED_PORT BOARD_CAT(PORT, LED_PORT_LETTER)
#define BOARD_LED_DDR  BOARD_CAT(DDR, LED_PORT_LETTER)

static inline void board_led_init(void) { BOARD_LED_DDR |= _BV(LED_BIT); }
static inline void board_led_on(void)   { BOARD_LED_PORT |= _BV(LED_BIT); }
static inline void board_led_off(void)  { BOARD_LED_PORT &= (uint8_t)~_BV(LED_BIT); }

#endif
