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

/* The register bit (an upper one) set to square sq's bit in its byte: 1
 * or 4 by bit 1 of the square, doubled by bit 0, turned to the high
 * nibble by bit 2.  7 cycles. */
#define MG_SQUARE_BIT(sq, bit)                                               \
    "ldi  " bit ", 1\n\t"                                                     \
    "sbrc " sq ", 1\n\t" "ldi " bit ", 4\n\t"                                 \
    "sbrc " sq ", 0\n\t" "lsl " bit "\n\t"                                    \
    "sbrc " sq ", 2\n\t" "swap " bit "\n\t"

/* Square sq flipped in the pieces at Z and, when the register men is not
 * 0, in the men; Z is left where it was.  Clobbers byte, bit, tmp.  23
 * cycles, 28 with the men. */
#define MG_FLIP_SQUARE(sq, men)                                              \
    "mov  %[byte], " sq "\n\t"                                               \
    "lsr  %[byte]\n\t" "lsr %[byte]\n\t" "lsr %[byte]\n\t"                   \
    "add  r30, %[byte]\n\t" "adc r31, __zero_reg__\n\t"                      \
    MG_SQUARE_BIT(sq, "%[bit]")                                              \
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

/* checkers/movegen.h's mg_flip_mover_tell_man: both squares' bytes and
 * bits are found first (the men's bits of both read before any flip, as
 * the portable version reads them), then the pieces' bits flipped and, for
 * a man, the men's: from's, and to's unless `to` says it promotes.  The
 * search calls it to play a move and to take it back, instead of finding
 * whether the mover is a man with a read of the men beforehand.  In: Z at
 * the mover's pieces, from, to.  Out: man (0 or 1).  Clobbers the squares'
 * byte and bit registers, tmp, Z (left anywhere).  53 cycles for a king's
 * move, 69 for a man's (65 when it promotes). */
BD_INLINE uint8_t mg_flip_mover_tell_man(bd_position *pos, uint8_t side, uint8_t from, uint8_t to)
{
    uint8_t *own = (uint8_t *)&pos->pieces[side];
    uint8_t from_byte, from_bit, to_byte, to_bit, man;
    __asm__ volatile(
        /* from's byte and bit; to's (its bits 5..7 are the promotion's) */
        "mov  %[from_byte], %[from]\n\t"
        "lsr  %[from_byte]\n\t" "lsr %[from_byte]\n\t" "lsr %[from_byte]\n\t"
        MG_SQUARE_BIT("%[from]", "%[from_bit]")
        "mov  %[to_byte], %[to]\n\t"
        "lsr  %[to_byte]\n\t" "lsr %[to_byte]\n\t" "lsr %[to_byte]\n\t"
        "andi %[to_byte], 3\n\t"
        MG_SQUARE_BIT("%[to]", "%[to_bit]")
        /* man: promoting, or a man's bit on either square; the pieces'
         * bits flipped on the way */
        "clr  %[man]\n\t"
        "sbrc %[to], 7\n\t" "inc %[man]\n\t"
        "add  r30, %[from_byte]\n\t" "adc r31, __zero_reg__\n\t"
        "ldd  __tmp_reg__, Z+%[men_at]\n\t" "and __tmp_reg__, %[from_bit]\n\t"
        "or   %[man], __tmp_reg__\n\t"
        "ld   __tmp_reg__, Z\n\t" "eor __tmp_reg__, %[from_bit]\n\t" "st Z, __tmp_reg__\n\t"
        "sub  r30, %[from_byte]\n\t" "sbc r31, __zero_reg__\n\t"
        "add  r30, %[to_byte]\n\t" "adc r31, __zero_reg__\n\t"
        "ldd  __tmp_reg__, Z+%[men_at]\n\t" "and __tmp_reg__, %[to_bit]\n\t"
        "or   %[man], __tmp_reg__\n\t"
        "ld   __tmp_reg__, Z\n\t" "eor __tmp_reg__, %[to_bit]\n\t" "st Z, __tmp_reg__\n\t"
        /* a man's: to's unless it promotes, from's */
        "tst  %[man]\n\t" "breq 2f\n\t"
        "ldi  %[man], 1\n\t"
        "sbrc %[to], 7\n\t" "rjmp 1f\n\t"
        "ldd  __tmp_reg__, Z+%[men_at]\n\t" "eor __tmp_reg__, %[to_bit]\n\t"
        "std  Z+%[men_at], __tmp_reg__\n"
        "1:\n\t"
        "sub  r30, %[to_byte]\n\t" "sbc r31, __zero_reg__\n\t"
        "add  r30, %[from_byte]\n\t" "adc r31, __zero_reg__\n\t"
        "ldd  __tmp_reg__, Z+%[men_at]\n\t" "eor __tmp_reg__, %[from_bit]\n\t"
        "std  Z+%[men_at], __tmp_reg__\n"
        "2:\n\t"
        : "+z"(own), [from_byte] "=&r"(from_byte), [from_bit] "=&d"(from_bit),
          [to_byte] "=&d"(to_byte), [to_bit] "=&d"(to_bit), [man] "=&d"(man)
        : [from] "r"(from), [to] "r"(to), [men_at] "I"(MG_MEN_DISPLACEMENT)
        : "memory");
    return man;
}
#define mg_flip_mover_tell_man mg_flip_mover_tell_man

/* checkers/movegen.h's mg_flip_captured: the other side's eight bytes by
 * displacement from one pointer, where avr-gcc 5.4 finds each board's
 * address again.  40 cycles. */
#define MG_FLIP_CAPTURED_BYTE(at, byte) \
    "ldd  __tmp_reg__, Z+" at "\n\t" "eor __tmp_reg__, " byte "\n\t" "std Z+" at ", __tmp_reg__\n\t"
BD_INLINE void mg_flip_captured(bd_position *pos, uint8_t side, bb32 captured, bb32 captured_men)
{
    uint8_t *other = (uint8_t *)&pos->pieces[BD_OTHER_COLOUR(side)];
    __asm__ volatile(MG_FLIP_CAPTURED_BYTE("0", "%A[pieces]") MG_FLIP_CAPTURED_BYTE("1", "%B[pieces]")
                     MG_FLIP_CAPTURED_BYTE("2", "%C[pieces]") MG_FLIP_CAPTURED_BYTE("3", "%D[pieces]")
                     MG_FLIP_CAPTURED_BYTE("%[men_at]", "%A[men]")
                     MG_FLIP_CAPTURED_BYTE("%[men_at]+1", "%B[men]")
                     MG_FLIP_CAPTURED_BYTE("%[men_at]+2", "%C[men]")
                     MG_FLIP_CAPTURED_BYTE("%[men_at]+3", "%D[men]")
                     :
                     : "z"(other), [pieces] "r"(captured), [men] "r"(captured_men),
                       [men_at] "I"(MG_MEN_DISPLACEMENT)
                     : "memory");
}
#define mg_flip_captured mg_flip_captured

#endif
