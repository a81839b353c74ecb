/* SPDX-License-Identifier: MIT */
/*
 * bitscan_variants.h - every way of scanning bits that the project compares,
 * side by side behind one interface, for the bench and the tests.
 *
 * Each variant is an inline function with the signature of the default it
 * competes with (uint8_t -> uint8_t, uint32_t -> uint8_t), so the bench
 * measures each one inlined in the same loop.  The X-macro lists name them:
 * X(name, function, table_bytes, callee), where table_bytes is the flash or
 * RAM its tables take and callee the library routine it calls, if any (for
 * the code-size column).  Variants that can be handed 0 are only defined for
 * non-zero inputs, as the defaults.
 *
 *   lsb8              the library's default (bitscan.h and its overrides)
 *   *_debruijn_c      plain C de Bruijn: table[((v & -v) * 0x1D) >> 5]
 *   *_debruijn_flash  the same with the table in flash
 *   *_table256        a 256-byte flash table indexed by the byte
 *   lsb8_popcount_table  popcount((v & -v) - 1) from a 256-byte flash table:
 *                     the AVR assembly's listing, whose counts read that
 *                     table anyway (lib/arch/avr/generate_asm.S)
 *   *_loop            shift until the bit falls out
 *   *_ffs             avr-libc / libc ffs() and ffsl(), minus one
 *   *_builtin         gcc's __builtin_ctz / ctzl / popcountl
 *   lsb32_debruijn32_c  the classic 32-bit multiply, 0x077CB531 >> 27
 */
#ifndef BITDRAUGHTS_BITSCAN_VARIANTS_H
#define BITDRAUGHTS_BITSCAN_VARIANTS_H

#include <stdint.h>
#include <string.h>
#include "bits/platform.h"
#include "bits/bitscan.h"
#include "bits/progmem.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const uint8_t bs_lsb_table_flash[8] PROGMEM;      /* de Bruijn, magic 0x1D */
extern const uint8_t bs_lsb_table256[256] PROGMEM;       /* lsb of every byte */
extern const uint8_t bs_popcount_table256[256] PROGMEM;  /* popcount of every byte */
extern const uint8_t bs_debruijn32_table[32];            /* magic 0x077CB531 */

#define BS_DEBRUIJN32_MAGIC 0x077CB531u
#define BS_DEBRUIJN32_SHIFT 27u

/* ---- 8-bit lowest set bit ---------------------------------------------- */
BD_INLINE uint8_t bs_lsb8_debruijn_c(uint8_t v)
{
    return bs_lsb_table[(uint8_t)((uint8_t)(v & -v) * BS_DEBRUIJN8_MAGIC) >> BS_DEBRUIJN8_SHIFT];
}

BD_INLINE uint8_t bs_lsb8_debruijn_flash(uint8_t v)
{
    return pgm_read_byte(&bs_lsb_table_flash[(uint8_t)((uint8_t)(v & -v) * BS_DEBRUIJN8_MAGIC)
                                             >> BS_DEBRUIJN8_SHIFT]);
}

BD_INLINE uint8_t bs_lsb8_table256(uint8_t v)
{
    return pgm_read_byte(&bs_lsb_table256[v]);
}

BD_INLINE uint8_t bs_lsb8_popcount_table(uint8_t v)
{
    return pgm_read_byte(&bs_popcount_table256[(uint8_t)((uint8_t)(v & -v) - 1u)]);
}

BD_INLINE uint8_t bs_lsb8_loop(uint8_t v)
{
    uint8_t index = 0;
    while (!(v & 1u) && index < 7u) {
        v >>= 1;
        index++;
    }
    return index;
}

BD_INLINE uint8_t bs_lsb8_ffs(uint8_t v)
{
    return (uint8_t)(ffs(v) - 1);
}

BD_INLINE uint8_t bs_lsb8_builtin(uint8_t v)
{
    return (uint8_t)__builtin_ctz(v);
}

#define BS_LSB8_VARIANTS(X)                                   \
    X(lsb8,                 bs_lsb8,                 BS_LSB8_TABLE_BYTES, "") \
    X(lsb8_debruijn_c,      bs_lsb8_debruijn_c,      8,   "") \
    X(lsb8_debruijn_flash,  bs_lsb8_debruijn_flash,  8,   "") \
    X(lsb8_table256,        bs_lsb8_table256,        256, "") \
    X(lsb8_popcount_table,  bs_lsb8_popcount_table,  256, "") \
    X(lsb8_loop,            bs_lsb8_loop,            0,   "") \
    X(lsb8_ffs,             bs_lsb8_ffs,             0,   "ffs __ffshi2") \
    X(lsb8_builtin,         bs_lsb8_builtin,         0,   "__ctzhi2")

/* ---- 32-bit lowest set bit ---------------------------------------------- */
BD_INLINE uint8_t bs_lsb32_debruijn_c(uint32_t v)
{
    uint8_t byte, offset;
    BS_LOWEST_NONZERO_BYTE(v, byte, offset);
    return (uint8_t)(offset + bs_lsb8_debruijn_c(byte));
}

BD_INLINE uint8_t bs_lsb32_table256(uint32_t v)
{
    uint8_t byte, offset;
    BS_LOWEST_NONZERO_BYTE(v, byte, offset);
    return (uint8_t)(offset + bs_lsb8_table256(byte));
}

BD_INLINE uint8_t bs_lsb32_debruijn32_c(uint32_t v)
{
    return bs_debruijn32_table[(uint32_t)((v & -v) * BS_DEBRUIJN32_MAGIC) >> BS_DEBRUIJN32_SHIFT];
}

BD_INLINE uint8_t bs_lsb32_loop(uint32_t v)
{
    uint8_t index = 0;
    while (!(v & 1u) && index < 31u) {
        v >>= 1;
        index++;
    }
    return index;
}

BD_INLINE uint8_t bs_lsb32_ffs(uint32_t v)
{
    return (uint8_t)(ffsl((long)v) - 1);
}

BD_INLINE uint8_t bs_lsb32_builtin(uint32_t v)
{
    return (uint8_t)__builtin_ctzl(v);
}

#define BS_LSB32_VARIANTS(X)                                          \
    X(lsb32,                bs_lsb32,                BS_LSB32_TABLE_BYTES, "") \
    X(lsb32_debruijn_c,     bs_lsb32_debruijn_c,     8,   "")         \
    X(lsb32_table256,       bs_lsb32_table256,       256, "")         \
    X(lsb32_debruijn32_c,   bs_lsb32_debruijn32_c,   32,  "__mulsi3") \
    X(lsb32_loop,           bs_lsb32_loop,           0,   "")         \
    X(lsb32_ffs,            bs_lsb32_ffs,            0,   "ffsl")     \
    X(lsb32_builtin,        bs_lsb32_builtin,        0,   "__ctzsi2")

/* ---- 32-bit population count -------------------------------------------- */
BD_INLINE uint8_t bs_popcount32_swar_c(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0Fu;
    return (uint8_t)((uint8_t)v + (uint8_t)(v >> 8) + (uint8_t)(v >> 16) + (uint8_t)(v >> 24));
}

BD_INLINE uint8_t bs_popcount32_table256(uint32_t v)
{
    return (uint8_t)(pgm_read_byte(&bs_popcount_table256[(uint8_t)v]) +
                     pgm_read_byte(&bs_popcount_table256[(uint8_t)(v >> 8)]) +
                     pgm_read_byte(&bs_popcount_table256[(uint8_t)(v >> 16)]) +
                     pgm_read_byte(&bs_popcount_table256[(uint8_t)(v >> 24)]));
}

BD_INLINE uint8_t bs_popcount32_loop(uint32_t v)
{
    uint8_t count = 0;
    while (v) {
        v &= v - 1u;   /* clears the lowest set bit */
        count++;
    }
    return count;
}

BD_INLINE uint8_t bs_popcount32_builtin(uint32_t v)
{
    return (uint8_t)__builtin_popcountl(v);
}

#define BS_POPCOUNT32_VARIANTS(X)                                           \
    X(popcount32,           bs_popcount32,           0,   "")               \
    X(popcount32_swar_c,    bs_popcount32_swar_c,    0,   "")               \
    X(popcount32_table256,  bs_popcount32_table256,  256, "")               \
    X(popcount32_loop,      bs_popcount32_loop,      0,   "")               \
    X(popcount32_builtin,   bs_popcount32_builtin,   0,   "__popcountsi2")

#ifdef __cplusplus
}
#endif

#endif
