/* SPDX-License-Identifier: MIT */
/*
 * make.S (AVR) - mg_make for the builds of the small generator
 * (MOVEGEN := small): the move played on the position in memory, a byte
 * of a bitboard at a time.  lib/checkers/move.c's mg_make is the
 * reference (compiled as mg_make_portable on AVR, see arch/movegen.h, and
 * still the host's); this one leaves the same position.
 *
 * No MUL and no table (the ATtiny85 runs it too): a square's bit in its
 * byte is made by LDI, SWAP and LSL under its index's bits.
 *
 * Calls from C follow avr-gcc's convention: r2-r17 and r28-r29 untouched,
 * r1 zero on return.
 */

#include "small_asm.h"   /* the C layouts and constants read here */

#define FROM r20
#define TO r21
#define CAP0 r22                /* the captured pieces, complemented */
#define CAP1 r23
#define CAP2 r24
#define CAP3 r25
#define BIT r18
#define SIDE r19
#define INDEX r19

/* BIT = the bit of square sq in its byte (1 << (sq & 7)); X += sq >> 3. */
.macro SQUARE_BYTE sq
    ldi  BIT, 1
    sbrc \sq, 1
    ldi  BIT, 4
    sbrc \sq, 2
    swap BIT
    sbrc \sq, 0
    lsl  BIT
    mov  INDEX, \sq
    lsr  INDEX
    lsr  INDEX
    lsr  INDEX
    add  r26, INDEX
    adc  r27, r1
.endm

/* The byte at X, and the next three, ANDed with CAP0..CAP3; X += 4. */
.macro CLEAR_CAPTURED
    .irp cap, CAP0, CAP1, CAP2, CAP3
    ld   r0, X
    and  r0, \cap
    st   X+, r0
    .endr
.endm

/* ------------------------------------------------------------------------
 * void mg_make(bd_position *pos, const bd_move *m)
 * Plays m, a legal move of pos: its piece leaves from (and the men if it
 * was a man) for to (the men too, if a man that does not promote), the
 * pieces it captured leave the other side's pieces and men, and the other
 * side moves next.  Removing before adding lets a king's capture end where
 * it started.
 * In: r25:r24 pos, r23:r22 m.  Clobbers r0, r18-r27, r30, r31, T.
 * Cycles (with RCALL and RET): a man's step 101, a king's 89, a man's
 * step that promotes 95; a capture 46 more.
 * ------------------------------------------------------------------------ */
    .section .text.mg_make, "ax", @progbits
    .global mg_make
    .type mg_make, @function
mg_make:
    movw r30, r24               /* Z = pos */
    movw r26, r22               /* X = m */
    ld   FROM, X+
    ld   TO, X+
    ld   CAP0, X+
    ld   CAP1, X+
    ld   CAP2, X+
    ld   CAP3, X
    ldd  SIDE, Z+POS_SIDE
    ldi  BIT, 1
    eor  BIT, SIDE
    std  Z+POS_SIDE, BIT        /* the other side moves next */
    movw r26, r30               /* X = the other side's pieces */
    sbrs SIDE, 0
    adiw r26, 4
    sbrc SIDE, 0                /* Z = the side's pieces */
    adiw r30, 4
    /* The captured pieces, if any, off the other side's pieces and men. */
    mov  r0, CAP0
    or   r0, CAP1
    or   r0, CAP2
    or   r0, CAP3
    breq 1f
    com  CAP0
    com  CAP1
    com  CAP2
    com  CAP3
    CLEAR_CAPTURED
    adiw r26, POS_MEN - 4
    CLEAR_CAPTURED
1:  /* The piece leaves from: T set when a man that stays one lands. */
    clt
    movw r26, r30
    SQUARE_BYTE FROM
    ld   r0, X
    or   r0, BIT                /* off the side's pieces */
    eor  r0, BIT
    st   X, r0
    adiw r26, POS_MEN
    ld   r0, X
    and  r0, BIT
    breq 2f                     /* a king */
    ld   r0, X
    eor  r0, BIT
    st   X, r0
    sbrs TO, ASM_MOVE_PROMOTES_BIT
    set
2:  /* It lands on to (empty, or from, just emptied). */
    andi TO, ASM_MOVE_SQUARE_MASK
    movw r26, r30
    SQUARE_BYTE TO
    ld   r0, X
    or   r0, BIT
    st   X, r0
    brtc 3f
    adiw r26, POS_MEN
    ld   r0, X
    or   r0, BIT
    st   X, r0
3:  ret
    .size mg_make, . - mg_make
