/* SPDX-License-Identifier: MIT */
/*
 * arch/arduino_ram.h (Arduino) - what the Arduino library builds for the
 * part it is compiled for, decided by the part's RAM, the one fact that
 * an Arduino build gives every source of a library alike (a sketch's own
 * #defines never reach the library's files).
 *
 * A part with less than 2 KB (the ATmega168's 1 KB) gets the size-first
 * search of lib/engine/small instead of the full one (engine/search.h), as
 * the game firmware's 1 KB boards do; the others the full search with the
 * AVR's sizes.  lib/arduino/export.sh compiles each engine's files only
 * under its value of BITDRAUGHTS_SMALL_ENGINE.
 *
 * DRAUGHTS_RAM_BUDGET bounds sizeof(Draughts) (lib/arduino/src/Draughts.h
 * static_asserts it): half the part's RAM, the rest for the core's serial
 * buffers, the sketch and the search's stack.  DRAUGHTS_UNDO_PLIES is how
 * many plies undo() can take back, a byte each: on the full search's parts
 * as many as leave the Play example's deepest search, with a serial
 * interrupt on top, clear of its static data (tests/arduino/test_arduino.sh
 * runs it).
 */
#ifndef BITDRAUGHTS_ARCH_ARDUINO_RAM_H
#define BITDRAUGHTS_ARCH_ARDUINO_RAM_H

#include <avr/io.h>

#define BITDRAUGHTS_RAM_BYTES (RAMEND - RAMSTART + 1ul)
#define BITDRAUGHTS_SMALL_ENGINE (BITDRAUGHTS_RAM_BYTES < 2048u)
#define DRAUGHTS_RAM_BUDGET (BITDRAUGHTS_RAM_BYTES / 2u)
#define DRAUGHTS_UNDO_PLIES (BITDRAUGHTS_SMALL_ENGINE ? 24u : 48u)
/* The full search's transposition table (arch/search_sizes.h): half the
 * game firmware's slots, which with the rest of a Draughts object keeps it
 * within DRAUGHTS_RAM_BUDGET. */
#define SEARCH_TABLE_ENTRIES 32u

#endif
