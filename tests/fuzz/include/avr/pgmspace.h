/*
 * Host stand-in for avr-libc's <avr/pgmspace.h> (fuzz builds of the game
 * firmware): one address space, as lib/arch/generic/arch/progmem.h, and
 * the _P string functions the firmware uses as the plain ones.
 */
#ifndef BITDRAUGHTS_FUZZ_AVR_PGMSPACE_H
#define BITDRAUGHTS_FUZZ_AVR_PGMSPACE_H

#include <string.h>
#include "arch/progmem.h"

#define strcmp_P(s, s_P) strcmp((s), (s_P))
#define strlen_P(s_P) strlen(s_P)

#endif
