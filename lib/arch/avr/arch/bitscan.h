/* SPDX-License-Identifier: MIT */
/*
 * arch/bitscan.h (AVR) - override of bits/bitscan.h, in inline assembly.
 *
 * With a hardware multiplier (ATmega): the de Bruijn hash without a shift.
 * Multiplying the isolated bit by 0x1D << 3 = 0xE8 instead of 0x1D puts the
 * three bits that the C version extracts with ">> 5" at bits 8..10 of the
 * 16-bit product, i.e. in the low three bits of the high byte r1: one AND
 * instead of a shift sequence.  The 8-entry table sits in RAM, aligned to 8,
 * so table + index is a single OR and the load is a 2-cycle LD.  Constant
 * 12 cycles for every byte (avr-gcc's code for the C expression: 15-25).
 *
 * Wider scans test the bytes from the lowest and jump to the first non-zero
 * one, which selects its own copy of the table: the entries already include
 * the byte's offset 8*k, so no addition follows the load.
 *
 * Without a multiplier (ATtiny): a ladder of skip instructions.  "sbrc v, b;
 * ldi r, b" costs 2 cycles whether or not the bit is set; going from bit 7
 * down to bit 0, the last write is the lowest set bit.  Constant 17 cycles,
 * no table, no call to libgcc's multiply loop.
 *
 * Population count: the SWAR stages of the portable version, done bytewise
 * (AVR has no multi-byte shifts), then the two half-word sums are folded
 * nibble by nibble; 49 cycles where __builtin_popcountl takes 140.
 */
#ifndef BITDRAUGHTS_BITSCAN_AVR_H
#define BITDRAUGHTS_BITSCAN_AVR_H

/* The table lookup shared by the multiplier scans: isolated bit in %[t],
 * table copy's address in Z; leaves the bit index in %[out]. */
#define BS_AVR_DEBRUIJN_LOOKUP                                              \
    "mul  %[t], %[magic]\n\t"       /* r1 = hash in bits 0..2 */            \
    "mov  %[t], r1\n\t"                                                     \
    "andi %[t], 7\n\t"                                                      \
    "or   %A[z], %[t]\n\t"          /* table copy | index, aligned */      \
    "ld   %[out], %a[z]\n\t"                                                \
    "clr  __zero_reg__\n\t"

/* 0x1D << 3: the hash lands in the high byte of the product. */
#define BS_AVR_MAGIC_HIGH_BYTE ((uint8_t)(BS_DEBRUIJN8_MAGIC << (8u - BS_DEBRUIJN8_SHIFT)))

/* The ladder shared by the multiplier-less scans: %[out] = index of the
 * lowest set bit of %[t], 0 when %[t] is 0. */
#define BS_AVR_SKIP_LADDER                                                  \
    "ldi  %[out], 0\n\t"                                                    \
    "sbrc %[t], 7\n\t"  "ldi %[out], 7\n\t"                                 \
    "sbrc %[t], 6\n\t"  "ldi %[out], 6\n\t"                                 \
    "sbrc %[t], 5\n\t"  "ldi %[out], 5\n\t"                                 \
    "sbrc %[t], 4\n\t"  "ldi %[out], 4\n\t"                                 \
    "sbrc %[t], 3\n\t"  "ldi %[out], 3\n\t"                                 \
    "sbrc %[t], 2\n\t"  "ldi %[out], 2\n\t"                                 \
    "sbrc %[t], 1\n\t"  "ldi %[out], 1\n\t"                                 \
    "sbrc %[t], 0\n\t"  "ldi %[out], 0\n\t"

#if BD_AVR_HAS_MUL

#define BS_LSB8_TABLE_BYTES 8u
#define BS_LSB32_TABLE_BYTES 32u

BD_INLINE uint8_t bs_lsb8(uint8_t v)
{
    uint8_t index, isolated;
    const uint8_t *cursor;
    __asm__("mov  %[t], %[v]\n\t"
            "neg  %[t]\n\t"
            "and  %[t], %[v]\n\t"           /* v & -v */
            "mul  %[t], %[magic]\n\t"       /* r1 = hash in bits 0..2 */
            "mov  %A[z], r1\n\t"
            "andi %A[z], 7\n\t"
            "ori  %A[z], lo8(%[table])\n\t" /* aligned: OR adds the base */
            "ldi  %B[z], hi8(%[table])\n\t"
            "ld   %[out], %a[z]\n\t"
            "clr  __zero_reg__\n\t"
            : [out] "=r"(index), [t] "=&r"(isolated), [z] "=&z"(cursor)
            : [v] "r"(v), [magic] "r"(BS_AVR_MAGIC_HIGH_BYTE), [table] "i"(bs_lsb_table));
    return index;
}

/* Zero bytes are skipped by TST and a branch not taken (2 cycles each); the
 * first non-zero byte jumps to its own block, which isolates its lowest bit
 * and picks its table copy before the shared lookup. */
/* Each block loads the whole address of its copy: the copies are two
 * arrays and may straddle a 256-byte page, so their high bytes can differ.
 * Copy 0 is bs_lsb_table, copy k > 0 at bs_lsb_table_upper + 8 * (k - 1). */
#define BS_AVR_ISOLATE_IN_COPY(byte, table, offset)                          \
    "mov  %[t], " byte "\n\t"                                                \
    "neg  %[t]\n\t"                                                          \
    "and  %[t], " byte "\n\t"                                                \
    "ldi  %A[z], lo8(%[" table "]+" #offset ")\n\t"                          \
    "ldi  %B[z], hi8(%[" table "]+" #offset ")\n\t"

BD_INLINE uint8_t bs_lsb16(uint16_t v)
{
    uint8_t index, isolated;
    const uint8_t *cursor;
    __asm__("tst  %A[v]\n\t"
            "brne 1f\n\t"
            BS_AVR_ISOLATE_IN_COPY("%B[v]", "upper", 0)
            "rjmp 2f\n"
            "1:\n\t"
            BS_AVR_ISOLATE_IN_COPY("%A[v]", "table", 0)
            "2:\n\t"
            BS_AVR_DEBRUIJN_LOOKUP
            : [out] "=r"(index), [t] "=&d"(isolated), [z] "=&z"(cursor)
            : [v] "r"(v), [magic] "r"(BS_AVR_MAGIC_HIGH_BYTE), [table] "i"(bs_lsb_table),
              [upper] "i"(bs_lsb_table_upper));
    return index;
}

BD_INLINE uint8_t bs_lsb32(uint32_t v)
{
    uint8_t index, isolated;
    const uint8_t *cursor;
    __asm__("tst  %A[v]\n\t"
            "brne 1f\n\t"
            "tst  %B[v]\n\t"
            "brne 2f\n\t"
            "tst  %C[v]\n\t"
            "brne 3f\n\t"
            BS_AVR_ISOLATE_IN_COPY("%D[v]", "upper", 16)
            "rjmp 4f\n"
            "3:\n\t"
            BS_AVR_ISOLATE_IN_COPY("%C[v]", "upper", 8)
            "rjmp 4f\n"
            "2:\n\t"
            BS_AVR_ISOLATE_IN_COPY("%B[v]", "upper", 0)
            "rjmp 4f\n"
            "1:\n\t"
            BS_AVR_ISOLATE_IN_COPY("%A[v]", "table", 0)
            "4:\n\t"
            BS_AVR_DEBRUIJN_LOOKUP
            : [out] "=r"(index), [t] "=&d"(isolated), [z] "=&z"(cursor)
            : [v] "r"(v), [magic] "r"(BS_AVR_MAGIC_HIGH_BYTE), [table] "i"(bs_lsb_table),
              [upper] "i"(bs_lsb_table_upper));
    return index;
}

#else  /* no multiplier */

#define BS_LSB8_TABLE_BYTES 0u
#define BS_LSB32_TABLE_BYTES 0u

BD_INLINE uint8_t bs_lsb8(uint8_t v)
{
    uint8_t index;
    __asm__(BS_AVR_SKIP_LADDER : [out] "=&d"(index) : [t] "r"(v));
    return index;
}

/* First non-zero byte into %[t] and its offset into %[offset]; the ladder
 * then adds the offset. */
BD_INLINE uint8_t bs_lsb16(uint16_t v)
{
    uint8_t index, byte, offset;
    __asm__("ldi  %[offset], 0\n\t"
            "mov  %[t], %A[v]\n\t"
            "tst  %[t]\n\t"
            "brne 1f\n\t"
            "ldi  %[offset], 8\n\t"
            "mov  %[t], %B[v]\n"
            "1:\n\t"
            BS_AVR_SKIP_LADDER
            "add  %[out], %[offset]\n\t"
            : [out] "=&d"(index), [t] "=&r"(byte), [offset] "=&d"(offset)
            : [v] "r"(v));
    return index;
}

BD_INLINE uint8_t bs_lsb32(uint32_t v)
{
    uint8_t index, byte, offset;
    __asm__("ldi  %[offset], 0\n\t"
            "mov  %[t], %A[v]\n\t"
            "tst  %[t]\n\t"
            "brne 1f\n\t"
            "ldi  %[offset], 8\n\t"
            "mov  %[t], %B[v]\n\t"
            "tst  %[t]\n\t"
            "brne 1f\n\t"
            "ldi  %[offset], 16\n\t"
            "mov  %[t], %C[v]\n\t"
            "tst  %[t]\n\t"
            "brne 1f\n\t"
            "ldi  %[offset], 24\n\t"
            "mov  %[t], %D[v]\n"
            "1:\n\t"
            BS_AVR_SKIP_LADDER
            "add  %[out], %[offset]\n\t"
            : [out] "=&d"(index), [t] "=&r"(byte), [offset] "=&d"(offset)
            : [v] "r"(v));
    return index;
}

#endif /* BD_AVR_HAS_MUL */

#define bs_lsb8 bs_lsb8
#define bs_lsb16 bs_lsb16
#define bs_lsb32 bs_lsb32

BD_INLINE uint8_t bs_popcount32(uint32_t v)
{
    uint32_t shifted;
    __asm__(/* 2-bit counts: v - ((v >> 1) & 0x55..) */
            "movw %A[s], %A[v]\n\t"
            "movw %C[s], %C[v]\n\t"
            "lsr  %A[s]\n\t"  "lsr %B[s]\n\t"  "lsr %C[s]\n\t"  "lsr %D[s]\n\t"
            "andi %A[s], 0x55\n\t"  "andi %B[s], 0x55\n\t"
            "andi %C[s], 0x55\n\t"  "andi %D[s], 0x55\n\t"
            "sub  %A[v], %A[s]\n\t"  "sub %B[v], %B[s]\n\t"
            "sub  %C[v], %C[s]\n\t"  "sub %D[v], %D[s]\n\t"
            /* 4-bit counts: (v & 0x33..) + ((v >> 2) & 0x33..) */
            "movw %A[s], %A[v]\n\t"
            "movw %C[s], %C[v]\n\t"
            "lsr  %A[s]\n\t"  "lsr %A[s]\n\t"  "lsr %B[s]\n\t"  "lsr %B[s]\n\t"
            "lsr  %C[s]\n\t"  "lsr %C[s]\n\t"  "lsr %D[s]\n\t"  "lsr %D[s]\n\t"
            "andi %A[s], 0x33\n\t"  "andi %B[s], 0x33\n\t"
            "andi %C[s], 0x33\n\t"  "andi %D[s], 0x33\n\t"
            "andi %A[v], 0x33\n\t"  "andi %B[v], 0x33\n\t"
            "andi %C[v], 0x33\n\t"  "andi %D[v], 0x33\n\t"
            "add  %A[v], %A[s]\n\t"  "add %B[v], %B[s]\n\t"
            "add  %C[v], %C[s]\n\t"  "add %D[v], %D[s]\n\t"
            /* two half-words: nibbles <= 8 each */
            "add  %A[v], %B[v]\n\t"
            "add  %C[v], %D[v]\n\t"
            /* low nibbles, then high nibbles: each sum <= 16 */
            "mov  %A[s], %A[v]\n\t"  "andi %A[s], 0x0F\n\t"
            "mov  %B[s], %C[v]\n\t"  "andi %B[s], 0x0F\n\t"
            "add  %A[s], %B[s]\n\t"
            "swap %A[v]\n\t"  "andi %A[v], 0x0F\n\t"
            "swap %C[v]\n\t"  "andi %C[v], 0x0F\n\t"
            "add  %A[v], %C[v]\n\t"
            "add  %A[v], %A[s]\n\t"
            : [v] "+d"(v), [s] "=&d"(shifted));
    return (uint8_t)v;
}
#define bs_popcount32 bs_popcount32

/* The out-of-line count: the move generator's assembly's, where the build
 * has it (arch/popcount_table.h). */
#include "arch/popcount_table.h"

#endif
