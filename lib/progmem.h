/*
 * progmem.h - flash tables through one shim.
 *
 * On AVR, constant tables live in flash (PROGMEM) and are read with LPM
 * through pgm_read_*; on the host the same declarations compile to ordinary
 * const arrays and the readers to plain dereferences, so host tests exercise
 * the very tables the firmware uses.
 */
#ifndef BITDRAUGHTS_PROGMEM_H
#define BITDRAUGHTS_PROGMEM_H

#include "platform.h"

#if BD_TARGET_AVR
#  include <avr/pgmspace.h>
#else
#  include <stdint.h>
#  include <string.h>
#  define PROGMEM
#  define PSTR(s) (s)
#  define pgm_read_byte(p)  (*(const uint8_t *)(p))
#  define pgm_read_word(p)  (*(const uint16_t *)(p))
#  define pgm_read_dword(p) (*(const uint32_t *)(p))
#  define memcpy_P(dst, src, n) memcpy((dst), (src), (n))
#endif

/* The n-th (from 0) of the NUL-terminated strings stored one after another
 * in a flash list: message tables without a pointer table in RAM. */
static inline const char *pgm_nth_string(const char *list_P, uint8_t n)
{
    while (n--)
        while (pgm_read_byte(list_P++) != 0)
            ;
    return list_P;
}

#endif
