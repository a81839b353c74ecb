/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for avr-libc's <avr/pgmspace.h> (fuzz builds of the game
 * firmware): one address space and the _P string functions as the plain
 * ones, which lib/arch/generic/arch/progmem.h gives.
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_PGMSPACE_H
#define BITDRAUGHTS_FUZZ_AVR_PGMSPACE_H

#include "arch/progmem.h"

#endif
