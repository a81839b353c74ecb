/* SPDX-License-Identifier: MIT */
/*
 * arch/progmem.h (generic) - one address space: PROGMEM tables are plain
 * const arrays, the flash readers plain loads and the _P string functions
 * the plain ones.
 */
#ifndef BITDRAUGHTS_ARCH_PROGMEM_H
#define BITDRAUGHTS_ARCH_PROGMEM_H

#include <stdint.h>
#include <string.h>

#define PROGMEM
#define PSTR(s) (s)
#define pgm_read_byte(p)  (*(const uint8_t *)(p))
#define pgm_read_word(p)  (*(const uint16_t *)(p))
#define pgm_read_dword(p) (*(const uint32_t *)(p))
#define pgm_read_ptr(p)   (*(const void *const *)(p))
#define memcpy_P(dst, src, n) memcpy((dst), (src), (n))
#define strcmp_P(s, s_P) strcmp((s), (s_P))
#define strlen_P(s_P) strlen(s_P)

#endif
