/* SPDX-License-Identifier: MIT */
/*
 * short_moves.S (AVR) - the small generator's list of steps and single
 * jumps (lib/arch/small/movegen.c: list_short_moves) and the move it adds
 * to the list (add_move), the routines it spends most of its time in.
 * The C versions in movegen.c stay the host's and are the reference:
 * these list the same moves in the same order (tests/checkers'
 * test_movegen_digest compares them on the ATmega168).
 *
 * No MUL (the ATtiny85 runs it too).  The squares of a direction's
 * targets are taken off in registers, lowest first, and a target's origin
 * is the target less the direction's step modulo 32 (bitboard32.h's
 * BB_DELTA_*), so no table is read.
 *
 * Calls from C follow avr-gcc's convention: r2-r17 and r28-r29 kept,
 * r1 zero on return.
 */

#include "small_asm.h"   /* the C layouts and constants read here */

#ifdef __AVR_HAVE_JMP_CALL__
#define XCALL call
#else
#define XCALL rcall
#endif

#define FROM r20
#define TO r21
#define TMP r18

/* TMP = the bit of square sq in its byte; Z += sq >> 3. */
.macro SQUARE_BIT sq
    ldi  TMP, 1
    sbrc \sq, 1
    ldi  TMP, 4
    sbrc \sq, 2
    swap TMP
    sbrc \sq, 0
    lsl  TMP
    sbrc \sq, 3
    adiw r30, 1
    sbrc \sq, 4
    adiw r30, 2
.endm

/* The four bytes r22..r25 ANDed with the bitboard at Z (Z += 4), or with
 * its complement (invert 1). */
.macro AND_WITH_Z invert=0
    .irp byte, r22, r23, r24, r25
    ld   TMP, Z+
    .if \invert
    com  TMP
    .endif
    and  \byte, TMP
    .endr
.endm

/* The bitboard in b0..b3 (lowest byte first) stored at base+offset, base
 * Y or Z. */
.macro STD_BITBOARD base, offset, b0, b1, b2, b3
    std  \base+\offset, \b0
    std  \base+\offset+1, \b1
    std  \base+\offset+2, \b2
    std  \base+\offset+3, \b3
.endm

    .section .text.small_short_moves, "ax", @progbits

/* ------------------------------------------------------------------------
 * void small_add_move(struct generation *g, uint8_t from, uint8_t to)
 * movegen.c's add_move: the move from..to taking g->captured, added at
 * g->out unless the walked piece has listed it already (g->first..out);
 * outside a walk, only counted when g->counting; g->overflow set when
 * the list is full.
 * In: r25:r24 g, r22 from, r20 to.  Clobbers r0, r18, r20, r21, r26,
 * r27, r30, r31.
 * Cycles (with RCALL and RET): 14 more than add_move_y's.
 * ------------------------------------------------------------------------ */
    .global small_add_move
    .type small_add_move, @function
small_add_move:
    push r28
    push r29
    movw r28, r24
    mov  TO, r20
    mov  FROM, r22
    rcall add_move_y
    pop  r29
    pop  r28
    ret
    .size small_add_move, . - small_add_move

/* ------------------------------------------------------------------------
 * add_move_y: small_add_move's work; add_move_unwalked the same outside a
 * walk (g->first NULL), for list_short_moves.
 * In: Y g, FROM, TO.  Clobbers r0, TMP, r26, r27, r30, r31.
 * Cycles (with RCALL and RET): add_move_unwalked listed 41, counted 20,
 * the list full 24; add_move_y 7 more, in a walk 13 more than those and
 * 14 a move compared (up to 33 when its from and to are the same).
 * ------------------------------------------------------------------------ */
add_move_y:
    ldd  r30, Y+G_FIRST
    ldd  r31, Y+G_FIRST+1
    mov  r0, r30
    or   r0, r31
    breq add_move_unwalked
    ldd  r26, Y+G_OUT
    ldd  r27, Y+G_OUT+1
    /* In a walk: not when first..out holds the move already. */
1:  cp   r30, r26
    cpc  r31, r27
    brsh 5f
    ld   r0, Z
    cp   r0, FROM
    brne 3f
    ldd  TMP, Z+1
    eor  TMP, TO
    andi TMP, ASM_MOVE_SQUARE_MASK
    brne 3f
    .irp byte, 0, 1, 2, 3
    ldd  r0, Z+2+\byte
    ldd  TMP, Y+G_CAPTURED+\byte
    cp   r0, TMP
    brne 3f
    .endr
    ret                         /* listed already */
3:  adiw r30, ASM_MOVE_BYTES
    rjmp 1b
add_move_unwalked:
    ldd  TMP, Y+G_COUNTING
    tst  TMP
    breq 4f
    ldd  r30, Y+G_COUNTED
    ldd  r31, Y+G_COUNTED+1
    adiw r30, 1
    std  Y+G_COUNTED, r30
    std  Y+G_COUNTED+1, r31
    ret
4:  ldd  r26, Y+G_OUT
    ldd  r27, Y+G_OUT+1
5:  ldd  r30, Y+G_OUT_END
    ldd  r31, Y+G_OUT_END+1
    cp   r26, r30
    cpc  r27, r31
    brne 6f
    ldi  TMP, 1
    std  Y+G_OVERFLOW, TMP
    ret
6:  st   X+, FROM
    st   X+, TO
    .irp byte, 0, 1, 2, 3
    ldd  r0, Y+G_CAPTURED+\byte
    st   X+, r0
    .endr
    std  Y+G_OUT, r26
    std  Y+G_OUT+1, r27
    ret

/* ------------------------------------------------------------------------
 * void small_list_short_moves(struct generation *g, uint8_t jumps)
 * movegen.c's list_short_moves: the steps (jumps 0) or the single jumps
 * (jumps 1) of the pieces not walked and not flying kings, direction by
 * direction, each by its target square, added by add_move; with jumps
 * ASM_FIND_JUMPERS the pieces with a jump are added to g->jumpers instead.
 * g->jumpers starts as the flying kings.
 * In: r25:r24 g, r22 jumps.  Clobbers r0, r18-r27, r30, r31, T.
 * Cycles (with RCALL and RET): about 430 with no target (22 more a
 * direction where men may not go, 16 more when kings fly); a step about
 * 35 more and add_move_unwalked's, a jump about 25 more than a step, a
 * piece found with a jump about 35; 4 more a zero bit below the target in
 * its nibble, 9 a zero byte.
 * ------------------------------------------------------------------------ */
#define EMPTY r2                /* r2..r5: the squares not occupied */
#define DELTA r10               /* the direction's step modulo 32 */
#define BACKWARDS r11           /* men go backwards too: Russian jumps */
#define MOVERS r12              /* r12..r15: the pieces that step or jump */
#define JUMPS r16
#define DIRECTION r17
#define BASE r19                /* the square of r22's bit 0 */

    .global small_list_short_moves
    .type small_list_short_moves, @function
small_list_short_moves:
    .irp reg, r2, r3, r4, r5, r10, r11, r12, r13, r14, r15, r16, r17, r28, r29
    push \reg
    .endr
    movw r28, r24
    mov  JUMPS, r22
    ldd  r2, Y+G_OCCUPIED+0
    com  r2
    ldd  r3, Y+G_OCCUPIED+1
    com  r3
    ldd  r4, Y+G_OCCUPIED+2
    com  r4
    ldd  r5, Y+G_OCCUPIED+3
    com  r5
    /* The pieces not walked; the movers are their men when kings fly. */
    ldd  r30, Y+G_MINE
    ldd  r31, Y+G_MINE+1
    ld   r22, Z+
    ld   r23, Z+
    ld   r24, Z+
    ld   r25, Z
    movw r30, r28
    adiw r30, G_WALKED
    AND_WITH_Z 1
    movw r12, r22
    movw r14, r24
    ldd  r30, Y+G_RULES
    ldd  r31, Y+G_RULES+1
    clr  BACKWARDS
    tst  JUMPS
    breq 1f
    ldd  BACKWARDS, Z+RULES_MEN_CAPTURE_BACKWARDS
1:  ldd  TMP, Z+RULES_FLYING_KINGS
    tst  TMP
    breq 15f
    ldd  r30, Y+G_MEN
    ldd  r31, Y+G_MEN+1
    .irp byte, r12, r13, r14, r15
    ld   TMP, Z+
    and  \byte, TMP
    .endr
15: /* The flying kings: found without looking, a victim may be far. */
    eor  r22, r12
    eor  r23, r13
    eor  r24, r14
    eor  r25, r15
    STD_BITBOARD Y, G_JUMPERS, r22, r23, r24, r25
    clr  DIRECTION
2:  /* The direction's targets: the movers that may go that way (men
     * forward only, but for Russian jumps) stepped once, or for jumps
     * onto an enemy piece and once more; then onto empty squares. */
    movw r22, r12
    movw r24, r14
    ldd  TMP, Y+G_FORWARD
    mov  BASE, DIRECTION
    sub  BASE, TMP
    cpi  BASE, 2
    brlo 3f
    tst  BACKWARDS
    brne 3f
    ldd  r30, Y+G_MEN
    ldd  r31, Y+G_MEN+1
    AND_WITH_Z 1
3:  mov  r20, DIRECTION
    XCALL small_step
    tst  JUMPS
    breq 4f
    ldd  r30, Y+G_ENEMY
    ldd  r31, Y+G_ENEMY+1
    AND_WITH_Z
    mov  TMP, r22
    or   TMP, r23
    or   TMP, r24
    or   TMP, r25
    breq 4f
    XCALL small_step
4:  and  r22, r2
    and  r23, r3
    and  r24, r4
    and  r25, r5
    ldi  TMP, 1                 /* BB_DELTA_*: up-left 1, up-right 7, */
    sbrc DIRECTION, 0           /* down-right -1, down-left -7 */
    ldi  TMP, 7
    sbrc DIRECTION, 1
    neg  TMP
    mov  DELTA, TMP
    ldi  BASE, 0
5:  /* The lowest target square, taken off. */
    tst  r22
    brne 6f
    mov  TMP, r23
    or   TMP, r24
    or   TMP, r25
    brne 16f
    rjmp 11f                    /* no target left */
16: mov  r22, r23
    mov  r23, r24
    mov  r24, r25
    clr  r25
    subi BASE, -8
    rjmp 5b
6:  mov  TO, BASE             /* its bit: in the low nibble, or the high */
    mov  TMP, r22
    andi TMP, 0x0F
    brne 17f
    subi TO, -4
    mov  TMP, r22
    swap TMP
17: dec  TO
7:  inc  TO
    lsr  TMP
    brcc 7b
    mov  TMP, r22
    dec  TMP
    and  r22, TMP
    /* One square back: the piece of a step, the victim of a jump. */
    mov  FROM, TO
    sub  FROM, DELTA
    andi FROM, 31
    tst  JUMPS
    breq 9f
    cpi  JUMPS, ASM_FIND_JUMPERS
    brne 8f
    sub  FROM, DELTA            /* a piece with a jump, in g->jumpers */
    andi FROM, 31
    movw r30, r28
    adiw r30, G_JUMPERS
    SQUARE_BIT FROM
    ld   r0, Z
    or   r0, TMP
    st   Z, r0
    rjmp 5b
8:  movw r30, r28               /* the victim is the jump's capture */
    SQUARE_BIT FROM             /* (g->captured is empty: G_CAPTURED 0) */
    st   Z, TMP
    sub  FROM, DELTA
    andi FROM, 31
9:  /* A man that lands on the last rank promotes: black's is white's
     * turned (BB_TURNED), white's squares 5, 11, 17 and 31. */
    mov  TMP, TO
    ldd  r0, Y+G_LAST_RANK
    tst  r0
    brne 10f
    neg  TMP
    subi TMP, -17
    andi TMP, 31
10: cpi  TMP, 5
    breq 12f
    cpi  TMP, 11
    breq 12f
    cpi  TMP, 17
    breq 12f
    cpi  TMP, 31
    breq 12f
13: rcall add_move_unwalked     /* no walk while short moves are listed */
    tst  JUMPS
    brne 18f
    rjmp 5b
18: STD_BITBOARD Y, G_CAPTURED, r1, r1, r1, r1
    rjmp 5b
12: ldd  r30, Y+G_MEN
    ldd  r31, Y+G_MEN+1
    SQUARE_BIT FROM
    ld   r0, Z
    and  r0, TMP
    breq 13b                    /* a king */
    ori  TO, ASM_MOVE_PROMOTES
    rjmp 13b
11: inc  DIRECTION
    cpi  DIRECTION, 4
    breq 14f
    rjmp 2b
14: .irp reg, r29, r28, r17, r16, r15, r14, r13, r12, r11, r10, r5, r4, r3, r2
    pop  \reg
    .endr
    ret
    .size small_list_short_moves, . - small_list_short_moves

/* ------------------------------------------------------------------------
 * void small_set_up(struct generation *g, const bd_position *pos,
 *                   const struct bd_rules *rules, bd_move *out,
 *                   bd_move *out_end, uint8_t counting)
 * movegen.c's set_up: the generation's fields that start at zero cleared
 * (captured to overflow), the position seen from the side to move (mine,
 * men, enemy: pos's bitboards of that side and the other's; occupied:
 * both sides' pieces; forward: BD_FIRST_FORWARD(side); last_rank), and
 * the caller's rules, list and counting.  Every listing calls it, and the
 * C's, under the register saves of -mcall-prologues, took three times the
 * cycles.
 * In: r25:r24 g, r23:r22 pos, r21:r20 rules, r19:r18 out, r17:r16
 * out_end, r14 counting.  Clobbers r18-r27, r30, r31.
 * Cycles: 107, RET 4 and the call (RCALL 3, CALL 4).
 * ------------------------------------------------------------------------ */
    .global small_set_up
    .type small_set_up, @function
small_set_up:
    movw r30, r24               /* Z = g */
    movw r26, r22               /* X = pos */
    .irp offset, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    std  Z+\offset, r1           /* captured, walked, first, counted, overflow */
    .endr
    std  Z+G_RULES, r20
    std  Z+G_RULES+1, r21
    std  Z+G_OUT, r18
    std  Z+G_OUT+1, r19
    std  Z+G_OUT_END, r16
    std  Z+G_OUT_END+1, r17
    std  Z+G_COUNTING, r14
    /* occupied: pieces[white] | pieces[black], a byte at a time */
    .irp byte, r18, r19, r20, r21, r22, r23, r24, r25
    ld   \byte, X+
    .endr
    or   r18, r22
    or   r19, r23
    or   r20, r24
    or   r21, r25
    STD_BITBOARD Z, G_OCCUPIED, r18, r19, r20, r21
    adiw r26, POS_SIDE - 8      /* X = &pos->side */
    ld   r18, X                 /* the side to move: 0 white, 1 black */
    sbiw r26, POS_SIDE          /* X = pos = &pos->pieces[white] */
    movw r24, r26               /* mine, X the enemy's */
    sbrc r18, 0
    adiw r24, ASM_BITBOARD_BYTES  /* black moves: its pieces are pieces[black] */
    sbrs r18, 0
    adiw r26, ASM_BITBOARD_BYTES  /* white moves: the enemy is black */
    std  Z+G_MINE, r24
    std  Z+G_MINE+1, r25
    std  Z+G_ENEMY, r26
    std  Z+G_ENEMY+1, r27
    adiw r24, POS_MEN           /* the side's men, as far after its pieces */
    std  Z+G_MEN, r24
    std  Z+G_MEN+1, r25
    mov  r19, r18
    lsl  r19                    /* BD_FIRST_FORWARD(side) = 2 side */
    std  Z+G_FORWARD, r19
    ldi  r19, ASM_LAST_RANK_OF_WHITE
    sbrc r18, 0
    ldi  r19, ASM_LAST_RANK_OF_BLACK
    std  Z+G_LAST_RANK, r19
    ret
    .size small_set_up, . - small_set_up
