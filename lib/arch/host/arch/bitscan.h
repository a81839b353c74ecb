/* SPDX-License-Identifier: MIT */
/*
 * arch/bitscan.h (host) - override of bits/bitscan.h: one instruction each on
 * machines with a bit-scan and population-count instruction (gcc and clang
 * lower the builtins to TZCNT/BSF, LZCNT/BSR and POPCNT or a short sequence).
 * Included by bits/bitscan.h only; a host build with -Ilib/arch/generic alone
 * runs the portable versions.
 */
#ifndef BITDRAUGHTS_BITSCAN_BUILTIN_H
#define BITDRAUGHTS_BITSCAN_BUILTIN_H

BD_INLINE uint8_t bs_lsb8(uint8_t v)
{
    return v ? (uint8_t)__builtin_ctz(v) : 0u;   /* lsb8(0) is 0 everywhere */
}
#define bs_lsb8 bs_lsb8

BD_INLINE uint8_t bs_lsb16(uint16_t v)
{
    BD_ASSERT(v != 0);
    return (uint8_t)__builtin_ctz(v);
}
#define bs_lsb16 bs_lsb16

BD_INLINE uint8_t bs_lsb32(uint32_t v)
{
    BD_ASSERT(v != 0);
    return (uint8_t)__builtin_ctz(v);
}
#define bs_lsb32 bs_lsb32

BD_INLINE uint8_t bs_msb32(uint32_t v)
{
    BD_ASSERT(v != 0);
    return (uint8_t)(31 - __builtin_clz(v));
}
#define bs_msb32 bs_msb32

BD_INLINE uint8_t bs_popcount32(uint32_t v)
{
    return (uint8_t)__builtin_popcount(v);
}
#define bs_popcount32 bs_popcount32

#endif
