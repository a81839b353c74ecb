/* SPDX-License-Identifier: MIT */
/*
 * flash_gap.h - text tables of the game placed in the padding before the
 * move generator's popcount table.
 *
 * lib/arch/avr/movegen_asm.S aligns its 256-byte popcount table on 256
 * bytes, in a .progmem.gcc* section, which the linker puts right after the
 * vector table: the ATmega328P's 104 bytes of vectors leave 152 bytes of
 * padding before it.  Tables declared IN_FLASH_GAP go into that padding
 * instead of .progmem.data (the reset names, the console's messages, the
 * engine's side words: FLASH_GAP_TEXT_BYTES in all).  Where the vectors
 * leave less room (the ATmega2560's 228 bytes) they would push the table
 * 256 bytes on, so there they stay ordinary PROGMEM.  The Makefile checks
 * every game image: the table must stay at 0x100.
 */
#ifndef BITDRAUGHTS_DEMO_FLASH_GAP_H
#define BITDRAUGHTS_DEMO_FLASH_GAP_H

#include <avr/io.h>
#include <avr/pgmspace.h>

#define FLASH_GAP_TEXT_BYTES 151u
#define FLASH_GAP_END 0x100u

#if defined(_VECTORS_SIZE) && _VECTORS_SIZE + FLASH_GAP_TEXT_BYTES <= FLASH_GAP_END
#define IN_FLASH_GAP __attribute__((section(".progmem.gcc.flash_gap")))
#else
#define IN_FLASH_GAP PROGMEM
#endif

#endif
