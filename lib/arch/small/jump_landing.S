/* SPDX-License-Identifier: MIT */
/*
 * jump_landing.S (AVR) - the small generator's test of one jump
 * (lib/arch/small/movegen.c: jump_landing), which its walk of captures runs
 * for every direction from every square it reaches.  The C version in
 * movegen.c stays the host's and is the reference; this one returns the
 * same landing and leaves the same victim.
 *
 * No MUL (the ATtiny85 runs it too): the steps are bb_neighbours, the
 * squares' bits are made by LDI, SWAP and LSL, all in registers, with no
 * call.  Calls from C follow avr-gcc's convention: r2-r17 and r28-r29
 * untouched, r1 zero.
 */

#include "small_asm.h"   /* the C layouts and constants read here */

#define DIRECTION r20
#define FLYING r18
#define SQUARE r22
#define BIT r19

/* SQUARE = bb_neighbour(SQUARE, DIRECTION).  Clobbers Z. */
.macro NEIGHBOUR
    mov  r30, SQUARE
    lsl  r30
    lsl  r30
    add  r30, DIRECTION
    ldi  r31, 0
    subi r30, lo8(-(bb_neighbours))
    sbci r31, hi8(-(bb_neighbours))
    lpm  SQUARE, Z
.endm

/* Z flag clear when SQUARE is in the bitboard at X (X moved onto its
 * byte).  Clobbers r0, BIT. */
.macro HAS_SQUARE
    sbrc SQUARE, 3
    adiw r26, 1
    sbrc SQUARE, 4
    adiw r26, 2
    ldi  BIT, 1
    sbrc SQUARE, 1
    ldi  BIT, 4
    sbrc SQUARE, 2
    swap BIT
    sbrc SQUARE, 0
    lsl  BIT
    ld   r0, X
    and  r0, BIT
.endm

/* X = g's occupied squares, then Z flag clear when SQUARE is one. */
.macro OCCUPIED
    movw r26, r24
    adiw r26, G_OCCUPIED
    HAS_SQUARE
.endm

/* ------------------------------------------------------------------------
 * uint8_t small_jump_landing(struct generation *g, uint8_t square,
 *                            uint8_t direction, uint8_t flying)
 * The first landing of a jump from square in direction over the first
 * piece met (past empty squares when flying), when that is an enemy piece
 * not captured yet and the square behind it is empty; the victim in
 * g->victim.  ASM_NO_SQUARE when there is no such jump.
 * In: r25:r24 g, r22 square, r20 direction, r18 flying.  Out: r24.
 * Clobbers r0, r19, r22, r26, r27, r30, r31.
 * Cycles (with RCALL and RET): the edge next 20; a piece of the side met
 * next about 50; a jump about 90; a flying king 30 more an empty square
 * passed.
 * ------------------------------------------------------------------------ */
    .section .text.small_jump_landing, "ax", @progbits
    .global small_jump_landing
    .type small_jump_landing, @function
3:  ldi  r24, ASM_NO_SQUARE      /* no jump (here for the branches' reach) */
    ret
small_jump_landing:
1:  NEIGHBOUR
    cpi  SQUARE, ASM_NO_SQUARE
    breq 3b
    tst  FLYING
    breq 2f
    OCCUPIED
    breq 1b                     /* empty: a flying king looks on */
2:  /* The piece met: an enemy one, not captured yet. */
    movw r30, r24
    ldd  r26, Z+G_ENEMY
    ldd  r27, Z+G_ENEMY+1
    HAS_SQUARE
    breq 3b
    movw r26, r24               /* G_CAPTURED 0 */
    HAS_SQUARE
    brne 4f
    std  Z+G_VICTIM, SQUARE
    /* The landing: on the board and empty. */
    NEIGHBOUR
    cpi  SQUARE, ASM_NO_SQUARE
    breq 4f
    OCCUPIED
    brne 4f
    mov  r24, SQUARE
    ret
4:  ldi  r24, ASM_NO_SQUARE
    ret
    .size small_jump_landing, . - small_jump_landing
