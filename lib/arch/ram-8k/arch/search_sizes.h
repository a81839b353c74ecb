/* SPDX-License-Identifier: MIT */
/*
 * arch/search_sizes.h (RAM := 8k) - the AVR's search sizes on a part with
 * 8 KB of RAM (the ATmega2560): the transposition table as large as its
 * byte-wide slot index allows, the rest as on the 2 KB parts.  The
 * board's RAM root goes before the target's (firmware/firmware.mk), so
 * this is the header the search finds; it sets what it changes and reads
 * the AVR's for the others.
 */
#ifndef SEARCH_TABLE_ENTRIES
#  define SEARCH_TABLE_ENTRIES 256u
#endif
#include "../../avr/arch/search_sizes.h"
