/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen_flip.h (AVR) - override of checkers/movegen.h's
 * mg_flip_mover, which the search makes and takes back every move with:
 * each square's byte and bit are found once and flipped in the mover's
 * pieces and, a fixed displacement further on, in its men.  avr-gcc 5.4
 * finds each board's byte again and spills the bits read from flash;
 * here the bit is computed (the Z pointer stays on the position) and the
 * pointer is moved to the byte and back.
 */
#ifndef BITDRAUGHTS_MOVEGEN_FLIP_AVR_H
#define BITDRAUGHTS_MOVEGEN_FLIP_AVR_H

#include <stddef.h>

/* The bytes from a colour's pieces to its men in bd_position. */
#define MG_MEN_DISPLACEMENT (offsetof(bd_position, men) - offsetof(bd_position, pieces))
BD_STATIC_ASSERT(MG_MEN_DISPLACEMENT == 2u * sizeof(bb32), "a colour's men lie two boards after its pieces");

/* Square sq flipped in the pieces at Z and, when the register men is not
 * 0, in the men; Z is left where it was.  The bit: 1 or 4 by bit 1 of
 * the square, doubled by bit 0, turned to the high nibble by bit 2.
 * Clobbers byte, bit, tmp.  23 cycles, 28 with the men. */
#define MG_FLIP_SQUARE(sq, men)                                              \
    "mov  %[byte], " sq "\n\t"                                               \
    "lsr  %[byte]\n\t" "lsr %[byte]\n\t" "lsr %[byte]\n\t"                   \
    "add  r30, %[byte]\n\t" "adc r31, __zero_reg__\n\t"                      \
    "ldi  %[bit], 1\n\t"                                                     \
    "sbrc " sq ", 1\n\t" "ldi %[bit], 4\n\t"                                 \
    "sbrc " sq ", 0\n\t" "lsl %[bit]\n\t"                                    \
    "sbrc " sq ", 2\n\t" "swap %[bit]\n\t"                                   \
    "ld   __tmp_reg__, Z\n\t" "eor __tmp_reg__, %[bit]\n\t"                  \
    "st   Z, __tmp_reg__\n\t"                                                \
    "tst  " men "\n\t" "breq 1f\n\t"                                         \
    "ldd  __tmp_reg__, Z+%[men_at]\n\t" "eor __tmp_reg__, %[bit]\n\t"        \
    "std  Z+%[men_at], __tmp_reg__\n"                                        \
    "1:\n\t"                                                                 \
    "sub  r30, %[byte]\n\t" "sbc r31, __zero_reg__\n\t"

BD_INLINE void mg_flip_mover(bd_position *pos, uint8_t side, uint8_t from, uint8_t to, uint8_t man)
{
    uint8_t *own = (uint8_t *)&pos->pieces[side];
    uint8_t square = (uint8_t)(to & MG_MOVE_SQUARE_MASK);
    uint8_t man_after = man && !(to & MG_MOVE_PROMOTES);
    uint8_t byte, bit;
    __asm__ volatile(MG_FLIP_SQUARE("%[from]", "%[man]") MG_FLIP_SQUARE("%[square]", "%[man_after]")
                     : "+z"(own), [byte] "=&r"(byte), [bit] "=&d"(bit)
                     : [from] "r"(from), [square] "r"(square), [man] "r"(man),
                       [man_after] "r"(man_after), [men_at] "I"(MG_MEN_DISPLACEMENT)
                     : "memory");
}
#define mg_flip_mover mg_flip_mover

#endif
