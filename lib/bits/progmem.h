/* SPDX-License-Identifier: MIT */
/*
 * progmem.h - flash tables through one shim.
 *
 * On AVR, constant tables live in flash (PROGMEM) and are read with LPM
 * through pgm_read_*; elsewhere arch/progmem.h makes the same declarations
 * ordinary const arrays and the readers plain dereferences, so host tests
 * exercise the very tables the firmware uses.
 */
#ifndef BITDRAUGHTS_PROGMEM_H
#define BITDRAUGHTS_PROGMEM_H

#include <stdint.h>
#include "arch/progmem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The n-th (from 0) of the NUL-terminated strings stored one after another
 * in a flash list: message tables without a pointer table in RAM. */
static inline const char *bd_pgm_nth_string(const char *list_P, uint8_t n)
{
    while (n--)
        while (pgm_read_byte(list_P++) != 0)
            ;
    return list_P;
}

/* The index of word among the NUL-terminated words stored one after
 * another in a flash list that ends with an empty one (a string literal
 * whose last word is followed by "\0"); the number of words when it is
 * none of them: command and parameter words without a table in RAM. */
uint8_t bd_pgm_word_index(const char *list_P, const char *word);

#ifdef __cplusplus
}
#endif

#endif
