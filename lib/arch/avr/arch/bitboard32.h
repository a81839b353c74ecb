/* SPDX-License-Identifier: MIT */
/*
 * arch/bitboard32.h (AVR) - override of checkers/bitboard32.h: single
 * squares by the byte that holds them, and the four one-step shifts.
 *
 * A square's bit in memory is one byte's bit: bb_has/bb_add/bb_remove touch
 * that byte (a read-modify-write of 32 bits, or a shift by a variable
 * count, would cost several times more), and bb_bit reads a flash table.
 *
 * avr-gcc 5.4 turns a 32-bit rotation by 7 into a loop of single-bit
 * shifts (some 60 cycles).  On an 8-bit machine a rotation by a multiple of
 * 8 costs nothing but a choice of registers, so up-right (rotate left by 7)
 * is written as a rotation by 8 and one back by 1, and down-left (rotate
 * right by 7) as a rotation right by 8 and one forward by 1: 9 to 10 cycles
 * with the mask, where the compiler needs 60 to 80.
 */
#ifndef BITDRAUGHTS_BITBOARD32_AVR_H
#define BITDRAUGHTS_BITBOARD32_AVR_H

BD_INLINE bb32 bb_bit(uint8_t square)
{
    return pgm_read_dword(&bb_square_bits[square]);
}
#define bb_bit bb_bit

BD_INLINE uint8_t bb_has(const bb32 *board, uint8_t square)
{
    return ((const uint8_t *)board)[square >> 3] & pgm_read_byte(&bb_byte_bits[square & 7u]);
}
#define bb_has bb_has

BD_INLINE void bb_add(bb32 *board, uint8_t square)
{
    ((uint8_t *)board)[square >> 3] |= pgm_read_byte(&bb_byte_bits[square & 7u]);
}
#define bb_add bb_add

BD_INLINE void bb_remove(bb32 *board, uint8_t square)
{
    ((uint8_t *)board)[square >> 3] &= (uint8_t)~pgm_read_byte(&bb_byte_bits[square & 7u]);
}
#define bb_remove bb_remove

/* The byte's bit of a square, read from flash by an LPM that the compiler
 * may share: unlike pgm_read_byte() (volatile) two flips of one square,
 * in two bitboards, read the mask once. */
BD_INLINE void bb_toggle(bb32 *board, uint8_t square)
{
    uint8_t bit;
    __asm__("lpm %0, Z" : "=r"(bit) : "z"(&bb_byte_bits[square & 7u]));
    ((uint8_t *)board)[square >> 3] ^= bit;
}
#define bb_toggle bb_toggle

/* Rotate left by 1: the carry out of the top byte goes back into bit 0. */
BD_INLINE bb32 bb_up_left(bb32 x)
{
    x &= BB_CAN_UP_LEFT;
    __asm__("lsl %A0\n\t" "rol %B0\n\t" "rol %C0\n\t" "rol %D0\n\t"
            "adc %A0, __zero_reg__" : "+r"(x));
    return x;
}
#define bb_up_left bb_up_left

/* Rotate right by 1: bit 0 is saved in T and put back as bit 31. */
BD_INLINE bb32 bb_down_right(bb32 x)
{
    x &= BB_CAN_DOWN_RIGHT;
    __asm__("bst %A0, 0\n\t" "lsr %D0\n\t" "ror %C0\n\t" "ror %B0\n\t" "ror %A0\n\t"
            "bld %D0, 7" : "+r"(x));
    return x;
}
#define bb_down_right bb_down_right

/* Rotate left by 8 (bytes renamed: the result's byte k is x's byte k-1),
 * then right by 1. */
BD_INLINE bb32 bb_up_right(bb32 x)
{
    bb32 y;
    x &= BB_CAN_UP_RIGHT;
    __asm__("mov %A0, %D1\n\t" "mov %B0, %A1\n\t" "mov %C0, %B1\n\t" "mov %D0, %C1\n\t"
            "bst %A0, 0\n\t" "lsr %D0\n\t" "ror %C0\n\t" "ror %B0\n\t" "ror %A0\n\t"
            "bld %D0, 7" : "=&r"(y) : "r"(x));
    return y;
}
#define bb_up_right bb_up_right

/* Rotate right by 8 (the result's byte k is x's byte k+1), then left by 1. */
BD_INLINE bb32 bb_down_left(bb32 x)
{
    bb32 y;
    x &= BB_CAN_DOWN_LEFT;
    __asm__("mov %A0, %B1\n\t" "mov %B0, %C1\n\t" "mov %C0, %D1\n\t" "mov %D0, %A1\n\t"
            "lsl %A0\n\t" "rol %B0\n\t" "rol %C0\n\t" "rol %D0\n\t"
            "adc %A0, __zero_reg__" : "=&r"(y) : "r"(x));
    return y;
}
#define bb_down_left bb_down_left

#endif
