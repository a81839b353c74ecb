/*
 * bitboard32_avr.h - AVR override of the four one-step shifts of
 * bitboard32.h.
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
