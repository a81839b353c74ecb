/* SPDX-License-Identifier: MIT */
/*
 * squares.S (AVR) - the small generator's three busiest helpers
 * (lib/arch/small/movegen.c: pop_square, step, neighbour), which it calls
 * for every bitboard it scans and every square it steps from.  The C
 * versions in movegen.c stay the host's and are the reference; these
 * return the same values.
 *
 * No MUL (the ATtiny85 has none) and no table but bb_neighbours: the
 * steps' masks are immediates, so a step needs no LPM, and a square's bit
 * is found by shifting its byte instead of a lookup.
 *
 * Calls from C follow avr-gcc's convention: none of these touches r2-r17
 * or r28-r29, and r1 stays zero.
 */

#include "small_asm.h"   /* the C layouts and constants read here */

/* The bitboard argument and result of small_step, low byte first */
#define X0 r22
#define X1 r23
#define X2 r24
#define X3 r25
#define DIR r20
#define SPARE r21

/* ANDs the four bytes of x with a 32-bit constant. */
.macro MASK_X mask
    andi X0, lo8(\mask)
    andi X1, hi8(\mask)
    andi X2, hlo8(\mask)
    andi X3, hhi8(\mask)
.endm

/* ------------------------------------------------------------------------
 * uint8_t small_pop_square(bb32 *set)
 * The lowest square of *set, taken off it; ASM_NO_SQUARE when *set is empty.
 * In: r25:r24 set.  Out: r24 the square.  Clobbers r18-r21, r25, r30, r31.
 * Cycles (with RCALL and RET): empty set 22; else 35 + 6 a zero byte below
 * the square's + 5 a zero bit below it in its byte (at most 88).
 * ------------------------------------------------------------------------ */
#define SQUARE r24
#define BYTE r25
#define REST r18

    .section .text.small_pop_square, "ax", @progbits
    .global small_pop_square
    .type small_pop_square, @function
small_pop_square:
    movw r30, r24
    /* At once when empty: most of the sets scanned end so. */
    ld   r18, Z
    ldd  r19, Z+1
    ldd  r20, Z+2
    ldd  r21, Z+3
    ldi  SQUARE, ASM_NO_SQUARE
    or   r18, r19
    or   r18, r20
    or   r18, r21
    breq 3f
    ldi  SQUARE, -8
1:  subi SQUARE, -8              /* the byte's first square */
    ld   BYTE, Z+
    tst  BYTE
    breq 1b
    mov  REST, BYTE              /* the byte less its lowest bit */
    subi REST, 1
    and  REST, BYTE
    st   -Z, REST
2:  lsr  BYTE                    /* count the zero bits below it */
    brcs 3f
    inc  SQUARE
    rjmp 2b
3:  ret
    .size small_pop_square, . - small_pop_square

#undef SQUARE
#undef BYTE
#undef REST

/* ------------------------------------------------------------------------
 * bb32 small_step(bb32 x, uint8_t direction)
 * One step of every square of x in direction (0 up-left, 1 up-right,
 * 2 down-right, 3 down-left), the squares whose step would leave the board
 * dropped: bitboard32.h's rotations, by 1 (up-left, down-right) or by 8
 * and back by 1 (up-right, down-left: the bytes renamed).
 * In: r25:r22 x, r20 direction.  Out: r25:r22.  Clobbers r21, T.
 * Cycles (with RCALL and RET): up-left 22, up-right 29, down-right 22,
 * down-left 27.
 * ------------------------------------------------------------------------ */
    .section .text.small_step, "ax", @progbits
    .global small_step
    .type small_step, @function
small_step:
    sbrc DIR, 1
    rjmp 2f
    sbrc DIR, 0
    rjmp 1f
    MASK_X ASM_CAN_UP_LEFT
    rjmp 4f
1:  MASK_X ASM_CAN_UP_RIGHT
    mov  SPARE, X3               /* rotate left by 8 */
    mov  X3, X2
    mov  X2, X1
    mov  X1, X0
    mov  X0, SPARE
    rjmp 3f
2:  sbrc DIR, 0
    rjmp 5f
    MASK_X ASM_CAN_DOWN_RIGHT
3:  bst  X0, 0                   /* rotate right by 1 */
    lsr  X3
    ror  X2
    ror  X1
    ror  X0
    bld  X3, 7
    ret
5:  MASK_X ASM_CAN_DOWN_LEFT
    mov  SPARE, X0               /* rotate right by 8 */
    mov  X0, X1
    mov  X1, X2
    mov  X2, X3
    mov  X3, SPARE
4:  lsl  X0                      /* rotate left by 1 */
    rol  X1
    rol  X2
    rol  X3
    adc  X0, r1
    ret
    .size small_step, . - small_step

/* ------------------------------------------------------------------------
 * uint8_t small_neighbour(uint8_t square, uint8_t direction)
 * bb_neighbour(): the square one step from square in direction, or
 * ASM_NO_SQUARE, read from bb_neighbours (4 bytes a square, in flash).
 * In: r24 square, r22 direction.  Out: r24.  Clobbers r30, r31.
 * Cycles (with RCALL and RET): 17.
 * ------------------------------------------------------------------------ */
    .section .text.small_neighbour, "ax", @progbits
    .global small_neighbour
    .type small_neighbour, @function
small_neighbour:
    lsl  r24
    lsl  r24
    add  r24, r22
    mov  r30, r24
    ldi  r31, 0
    subi r30, lo8(-(bb_neighbours))
    sbci r31, hi8(-(bb_neighbours))
    lpm  r24, Z
    ret
    .size small_neighbour, . - small_neighbour
