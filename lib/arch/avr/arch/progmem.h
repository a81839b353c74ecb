/* SPDX-License-Identifier: MIT */
/*
 * arch/progmem.h (AVR) - constant tables in flash, read with LPM.
 */
#ifndef BITDRAUGHTS_ARCH_PROGMEM_H
#define BITDRAUGHTS_ARCH_PROGMEM_H

#include <avr/pgmspace.h>

#endif
