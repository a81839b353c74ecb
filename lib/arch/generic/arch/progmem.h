/*
 * arch/progmem.h (generic) - one address space: PROGMEM tables are plain
 * const arrays and the flash readers plain loads.
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

#endif
