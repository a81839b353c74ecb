/* SPDX-License-Identifier: MIT */
/*
 * hash_multiply.S (AVR without MUL) - game_hash_multiply: h times the
 * game hash's multiplier, modulo 2^32 (checkers/hash_multiply.h).
 *
 * libgcc's __mulsi3 on such a part walks all 32 bits of one factor with a
 * test, a shift of both and a loop each.  The multiplier is a constant,
 * so here its bits are unrolled at assembly time: the product is the sum
 * of h shifted by each set bit's place.  And only the low 32 bits are
 * kept, so once the shift has passed byte k of the multiplier the low k
 * bytes of the shifted h are zero: the shifts and adds of byte k leave
 * them out (4, 3, 2, then 1 byte wide).
 *
 * Assembled on every part for the library's archive; a part with MUL
 * gets an empty object (its product is the C one, a few cycles).
 *
 * In:  r25:r22 = h.  Out: r25:r22 = the product.
 * Clobbers r18-r21.  Cycles: 4 to clear, for each bit of the multiplier
 * below its highest set bit a shift as wide as its byte's share (4, 3,
 * 2, 1), for each set bit an add as wide, then 2 to move the product and
 * the RET; no branch, so one path.
 */
#include "checkers/hash_multiply.h"

#if !defined(__AVR_HAVE_MUL__)

/* h, shifted in place */
#define H0 r22
#define H1 r23
#define H2 r24
#define H3 r25
/* the product */
#define P0 r18
#define P1 r19
#define P2 r20
#define P3 r21

/* P += H over bytes k..3 (those below are zero in H). */
.macro ADD_FROM k
    .if \k == 0
    add  P0, H0
    adc  P1, H1
    adc  P2, H2
    adc  P3, H3
    .elseif \k == 1
    add  P1, H1
    adc  P2, H2
    adc  P3, H3
    .elseif \k == 2
    add  P2, H2
    adc  P3, H3
    .else
    add  P3, H3
    .endif
.endm

/* H <<= 1 over bytes k..3. */
.macro SHIFT_FROM k
    .if \k == 0
    lsl  H0
    rol  H1
    rol  H2
    rol  H3
    .elseif \k == 1
    lsl  H1
    rol  H2
    rol  H3
    .elseif \k == 2
    lsl  H2
    rol  H3
    .else
    lsl  H3
    .endif
.endm

/* The eight bits of the multiplier's byte k, low first: add where one is
 * set, shift while a set bit lies above. */
.macro MULTIPLIER_BYTE k
    .irp j, 0, 1, 2, 3, 4, 5, 6, 7
    .if (GAME_HASH_MULTIPLIER >> (8 * \k + \j)) & 1
    ADD_FROM \k
    .endif
    .if (GAME_HASH_MULTIPLIER >> (8 * \k + \j + 1)) != 0
    SHIFT_FROM \k
    .endif
    .endr
.endm

    .section .text.game_hash_multiply, "ax", @progbits
    .global game_hash_multiply
    .type game_hash_multiply, @function
game_hash_multiply:
    clr  P0
    clr  P1
    movw P2, P0
    MULTIPLIER_BYTE 0
    MULTIPLIER_BYTE 1
    MULTIPLIER_BYTE 2
    MULTIPLIER_BYTE 3
    movw H0, P0
    movw H2, P2
    ret
    .size game_hash_multiply, . - game_hash_multiply

#endif
