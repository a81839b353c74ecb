/* SPDX-License-Identifier: MIT */
/*
 * walk_asm.S (AVR) - capture sequences walked square by square:
 * movegen.c's walk_captures, in its order, for the pieces that
 * bd_asm_walkers or bd_asm_men_walkers (movegen_asm.S) pick out.
 *
 * The walk is the C's: from a square, each direction in turn (up-left,
 * up-right, down-right, down-left) that the piece may capture in; a jump
 * needs an enemy piece not yet jumped, next to a short piece or the first
 * piece met along a flying king's diagonal, and an empty square behind
 * (jumped pieces stay on the board until the move ends, so they block,
 * and `empty` is the position's, plus the mover's origin); the sequence
 * goes on from the landing, and ends, listed, where no jump is left.  A
 * flying king lands on any empty square beyond the victim, but only on
 * those from which it can capture again if there are such.  A man that
 * reaches its last rank is promoted: an English man's move ends there, a
 * Russian man goes on as a flying king.  Two paths that take the same
 * pieces to the same square are one move: each move is compared with the
 * piece's moves listed before it.
 *
 * Registers (movegen_regs.h's EN, EM and FL kept):
 *   SQ   r2       the square the piece stands on
 *   PF   r3       bits 0-3 the directions it may capture in, bit 4 a man
 *                 promoted on the way, 5 a flying king, 6 a promotion
 *                 goes on, 7 a king
 *   CAP  r4..r7   the pieces jumped so far
 *   DIR  r16      the direction tried, WENT r17 nonzero once a jump was made
 *   AV   r20..r23 the enemy pieces that can still be jumped (EN & ~CAP)
 * A jump of a short piece keeps SQ and CAP on the stack, with three
 * return addresses: 11 bytes (14 with a 3-byte PC); a flying king's
 * keeps CAP, its first landing, the landing, DIR, WENT, SQ and three
 * return addresses: 15 bytes (18).
 */
#include <avr/io.h>
#include "movegen_regs.h"

#define SQ   r2
#define PF   r3
#define CAP0 r4
#define CAP1 r5
#define CAP2 r6
#define CAP3 r7
#define DIR  r16
#define WENT r17
#define AV0  r20
#define AV1  r21
#define AV2  r22
#define AV3  r23

#define PF_PROMOTED 4     /* a man promoted on the way: listed as such */
#define PF_FLYING   5     /* a flying king */
#define PF_PCC      6
#define PF_KING     7

/* bitboard32.h's and movegen.h's constants (C headers the assembler
 * cannot read) */
#define BB_NO_SQUARE 0xFF
#define MG_MOVE_PROMOTES 0x80
#define MG_MOVE_SQUARE_MASK 0x1F

    .section .bss.bd_walk_state, "aw", @nobits
    .global bd_walk_end
bd_walk_end:   .skip 2          /* the end of the room for moves */
bd_walk_first: .skip 2          /* the piece's first move */
bd_walk_from:  .skip 1
bd_walk_sp:    .skip 2          /* the stack pointer in bd_walk_piece */
bd_walk_left:  .skip 4          /* walkers not yet walked */
bd_walk_rank:  .skip 4          /* the side's promotion squares */

    .section .text.bd_asm_walk_all, "ax", @progbits

/* sq = the square one step from sq in direction dir, or BB_NO_SQUARE
 * (Z flag set then): bitboard32.c's bb_neighbours.  11 cycles. */
.macro WALK_STEP sq, dir
    lsl  \sq
    lsl  \sq
    add  \sq, \dir
    mov  ZL, \sq
    clr  ZH
    subi ZL, lo8(-(bb_neighbours))
    sbci ZH, hi8(-(bb_neighbours))
    lpm  \sq, Z
    cpi  \sq, BB_NO_SQUARE
.endm

/* Branches past a conditional branch's reach (the square tests are long). */
.macro BREQ_FAR label
    brne .+2
    rjmp \label
.endm
.macro BRNE_FAR label
    breq .+2
    rjmp \label
.endm

/* AV = EN & ~CAP.  12 cycles + RET. */
bd_walk_av:
    mov  AV0, CAP0
    com  AV0
    and  AV0, EN0
    mov  AV1, CAP1
    com  AV1
    and  AV1, EN1
    mov  AV2, CAP2
    com  AV2
    and  AV2, EN2
    mov  AV3, CAP3
    com  AV3
    and  AV3, EN3
    ret


/* Lists the move from bd_walk_from to r18 (with MG_MOVE_PROMOTES) taking
 * r20..r23, unless the piece has listed it already.  Clobbers r19, r24,
 * r25, Z, tmp; out of room: bd_walk_overflow. */
bd_walk_list:
    lds  ZL, bd_walk_first
    lds  ZH, bd_walk_first + 1
1:  cp   ZL, YL
    cpc  ZH, YH
    brsh 3f
    ldd  r19, Z+1
    eor  r19, r18
    andi r19, MG_MOVE_SQUARE_MASK
    brne 2f
    ldd  r19, Z+2
    cp   r19, r20
    brne 2f
    ldd  r19, Z+3
    cp   r19, r21
    brne 2f
    ldd  r19, Z+4
    cp   r19, r22
    brne 2f
    ldd  r19, Z+5
    cp   r19, r23
    brne 2f
    ret                         /* the same move by another path */
2:  adiw ZL, 6
    rjmp 1b
3:  lds  r24, bd_walk_end
    lds  r25, bd_walk_end + 1
    cp   YL, r24
    cpc  YH, r25
    breq bd_walk_overflow
    lds  r19, bd_walk_from
    st   Y+, r19
    st   Y+, r18
    st   Y+, r20
    st   Y+, r21
    st   Y+, r22
    st   Y+, r23
    ret

/* Out of room: back to bd_walk_piece's caller with r25 = 1. */
bd_walk_overflow:
    ldi  r25, 1
1:  lds  r18, bd_walk_sp
    lds  r19, bd_walk_sp + 1
    SET_SP r18, r19
    ret

/* One direction d of bd_walk_node, when PF lets the piece capture that
 * way: an enemy piece not jumped yet on the square next to SQ (r25 = 4 SQ,
 * SQ's row of bb_neighbours), then bd_walk_try.  Unrolled, so that the
 * direction is a constant: 20 cycles a direction with no victim. */
.macro WALK_DIR d
    sbrs PF, \d
    rjmp .L_wd\@
    mov  ZL, r25
    clr  ZH
    subi ZL, lo8(-(bb_neighbours + \d))
    sbci ZH, hi8(-(bb_neighbours + \d))
    lpm  r18, Z
    cpi  r18, BB_NO_SQUARE
    breq .L_wd\@
    SQUARE_TEST r18, AV0, AV1, AV2, AV3
    breq .L_wd\@
    ldi  DIR, \d
    rcall bd_walk_try
.L_wd\@:
.endm

/* bd_walk_node: the walk on from SQ with CAP taken (walk_captures), AV
 * = EN & ~CAP (a flying king's node computes its own). */
bd_walk_node:
    sbrc PF, PF_FLYING
    rjmp bd_walk_fly_node
    clr  WENT
    mov  r25, SQ
    lsl  r25
    lsl  r25
    WALK_DIR 0
    WALK_DIR 1
    WALK_DIR 2
    WALK_DIR 3
    rjmp bd_walk_end_here

/* The victim r18 next to SQ in direction DIR: the jump when the square
 * behind it is empty.  Out: r25 = 4 SQ again, AV, WENT set after a jump. */
bd_walk_try:
    mov  r24, r18               /* the victim */
    WALK_STEP r18, DIR          /* an empty square behind it */
    breq 1f
    SQUARE_TEST r18, EM0, EM1, EM2, EM3
    breq 1f
    rcall bd_walk_jump
    ser  WENT
    rcall bd_walk_av
    mov  r25, SQ
    lsl  r25
    lsl  r25
1:  ret

/* A move ends on SQ when no jump was made from it (WENT clear). */
bd_walk_end_here:
    tst  WENT
    brne 9f
    OR_TEST CAP0, CAP1, CAP2, CAP3
    breq 9f
    mov  r18, SQ
    sbrc PF, PF_PROMOTED
    ori  r18, MG_MOVE_PROMOTES
    movw r20, CAP0
    movw r22, CAP2
    rjmp bd_walk_list
9:  ret

/* The jump over r24 to r18: the move ends there (an English man
 * promoted) or goes on, AV less the victim.  Takes AV, DIR, WENT,
 * r18-r25, r27, Z. */
bd_walk_jump:
    sbrc PF, PF_KING
    rjmp 5f
    lds  ZL, bd_walk_rank       /* a man reaching the last rank */
    lds  ZH, bd_walk_rank + 1
    lds  r25, bd_walk_rank + 2
    lds  r27, bd_walk_rank + 3
    rcall bd_walk_on_rank
    breq 5f
    sbrc PF, PF_PCC
    rjmp 6f
    ori  r18, MG_MOVE_PROMOTES  /* promoted: the move ends there */
    movw r20, CAP0
    movw r22, CAP2
    SQUARE_OP or, r24, r19, r20, r21, r22, r23
    rjmp bd_walk_list
6:  push PF                     /* promoted: on as a king of the variant */
    ldi  r19, (1 << PF_KING) | (1 << PF_PROMOTED) | 0x0F
    sbrc FL, F_FLYING
    ori  r19, 1 << PF_FLYING
    mov  PF, r19
    rcall 5f
    pop  PF
    ret
5:  push SQ                     /* on from the landing */
    push CAP0
    push CAP1
    push CAP2
    push CAP3
    mov  SQ, r18
    SQUARE_EOR2 r24, r19, CAP0, CAP1, CAP2, CAP3, AV0, AV1, AV2, AV3
    rcall bd_walk_node          /* the victim: taken, not to be jumped */
    pop  CAP3
    pop  CAP2
    pop  CAP1
    pop  CAP0
    pop  SQ
    ret

/* bd_walk_fly_node: a flying king's walk on from SQ with CAP taken: in
 * each direction, over empty squares to an enemy piece not jumped yet with
 * an empty square behind it; then on from each empty square beyond, or
 * only from those where it can capture again if there are such. */
bd_walk_fly_node:
    clr  WENT
    clr  DIR
1:  rcall bd_walk_av
    mov  r18, SQ
2:  WALK_STEP r18, DIR          /* over the empty squares */
    BREQ_FAR 8f
    SQUARE_TEST r18, EM0, EM1, EM2, EM3
    BRNE_FAR 2b
    SQUARE_TEST r18, AV0, AV1, AV2, AV3
    breq 8f                     /* the first piece met: not to be jumped */
    mov  r24, r18               /* the victim */
    WALK_STEP r18, DIR
    BREQ_FAR 8f
    SQUARE_TEST r18, EM0, EM1, EM2, EM3
    BREQ_FAR 8f
    ser  WENT
    rcall bd_walk_fly_jump
8:  inc  DIR
    cpi  DIR, 4
    BRNE_FAR 1b
    rjmp bd_walk_end_here

/* The flying king's jump over r24 in DIR, r18 the first square beyond:
 * CAP and AV take the victim meanwhile.  Keeps SQ, CAP, DIR, WENT set. */
bd_walk_fly_jump:
    push CAP0
    push CAP1
    push CAP2
    push CAP3
    SQUARE_OP or, r24, r19, CAP0, CAP1, CAP2, CAP3
    rcall bd_walk_av
    push r18
    clr  WENT                   /* WENT: a landing can go on capturing */
3:  rcall bd_walk_can_capture
    brne 4f
    WALK_STEP r18, DIR
    breq 5f
    SQUARE_TEST r18, EM0, EM1, EM2, EM3
    BRNE_FAR 3b
    rjmp 5f
4:  ser  WENT
5:  pop  r18
    push r18
6:  tst  WENT                   /* from every landing, or those that go on */
    breq 7f
    rcall bd_walk_can_capture
    breq 9f
7:  push r18
    push DIR
    push WENT
    push SQ
    mov  SQ, r18
    rcall bd_walk_node
    pop  SQ
    pop  WENT
    pop  DIR
    pop  r18
    rcall bd_walk_av
9:  WALK_STEP r18, DIR
    breq 10f
    SQUARE_TEST r18, EM0, EM1, EM2, EM3
    BRNE_FAR 6b
10: pop  r18
    pop  CAP3
    pop  CAP2
    pop  CAP1
    pop  CAP0
    ser  WENT
    ret

/* Z flag clear when a flying king on r18 could capture (movegen.c's
 * king_can_capture), AV the pieces it may jump.  Keeps r18, DIR.
 * Clobbers r19, r24, r25, Z, tmp. */
bd_walk_can_capture:
    clr  r25
1:  mov  r24, r18
2:  WALK_STEP r24, r25
    BREQ_FAR 8f
    SQUARE_TEST r24, EM0, EM1, EM2, EM3
    BRNE_FAR 2b
    SQUARE_TEST r24, AV0, AV1, AV2, AV3
    BREQ_FAR 8f
    WALK_STEP r24, r25
    BREQ_FAR 8f
    SQUARE_TEST r24, EM0, EM1, EM2, EM3
    BREQ_FAR 8f
    ret                         /* Z clear */
8:  inc  r25
    cpi  r25, 4
    BRNE_FAR 1b
    ret                         /* Z set */

/* Z flag clear when square r18 is in ZL, ZH, r25, r27 (the promotion
 * squares; AV is kept). */
bd_walk_on_rank:
    SQUARE_TEST r18, ZL, ZH, r25, r27
    ret

/* bd_walk_piece: the moves of the piece on r18, listed from Y.
 * In:  PF, EN, EM (the piece's square empty), FL, bd_walk_end,
 *      bd_walk_rank.
 * Out: r25 = 0, or 1 when the moves passed bd_walk_end. */
bd_walk_piece:
    sts  bd_walk_from, r18
    sts  bd_walk_first, YL
    sts  bd_walk_first + 1, YH
    SAVE_SP bd_walk_sp
    mov  SQ, r18
    clr  CAP0
    clr  CAP1
    movw CAP2, CAP0
    movw AV0, EN0               /* nothing jumped yet */
    movw AV2, EN2
    rcall bd_walk_node
    clr  r25
    ret

/* bd_asm_walk_all: the captures of the walkers (bd_asm_walker_set), each
 * walked in turn from the lowest square, listed from Y.
 * In:  EN, EM, FL, bd_asm_kings, bd_asm_walker_set, bd_walk_end.
 * Out: r25:r24 = Y past the moves, or NULL when they pass bd_walk_end.
 * Clobbers r0, r2-r7, r16-r25, r30, r31 (Y advanced). */
    .global bd_asm_walk_all
bd_asm_walk_all:
    lds  tmp, bd_asm_walker_set + 0
    sts  bd_walk_left + 0, tmp
    lds  tmp, bd_asm_walker_set + 1
    sts  bd_walk_left + 1, tmp
    lds  tmp, bd_asm_walker_set + 2
    sts  bd_walk_left + 2, tmp
    lds  tmp, bd_asm_walker_set + 3
    sts  bd_walk_left + 3, tmp
    ldi  r20, lo8(RANK_8)
    ldi  r21, hi8(RANK_8)
    ldi  r22, hlo8(RANK_8)
    ldi  r23, hhi8(RANK_8)
    sbrs FL, F_BLACK
    rjmp 1f
    ldi  r20, lo8(RANK_1)
    ldi  r21, hi8(RANK_1)
    ldi  r22, hlo8(RANK_1)
    ldi  r23, hhi8(RANK_1)
1:  sts  bd_walk_rank + 0, r20
    sts  bd_walk_rank + 1, r21
    sts  bd_walk_rank + 2, r22
    sts  bd_walk_rank + 3, r23

2:  /* the next walker: r18 its square, r19 its bit, Z its byte's address */
    ldi  ZL, lo8(bd_walk_left)
    ldi  ZH, hi8(bd_walk_left)
    ldi  r18, 0
3:  ld   r19, Z
    tst  r19
    brne 4f
    adiw ZL, 1
    subi r18, -8
    cpi  r18, 32
    brne 3b
    movw r24, YL                /* all walked */
    ret
4:  mov  r24, r19               /* its lowest bit, taken off */
    neg  r24
    and  r19, r24
    ld   r24, Z
    eor  r24, r19
    st   Z, r24
    mov  ZL, r19                /* the square: the byte's first + the bit's, */
    dec  ZL                     /* popcount(bit - 1) as the listing scans */
    ldi  ZH, hi8(bd_popcount_table)
    lpm  r24, Z
    add  r18, r24
    /* PF: a king captures every way; a man forward, or every way */
    ldi  r24, 0x8F
    mov  r25, r18
    lsr  r25
    lsr  r25
    lsr  r25
    ldi  ZL, lo8(bd_asm_kings)
    ldi  ZH, hi8(bd_asm_kings)
    add  ZL, r25
    adc  ZH, zero
    ld   r25, Z
    and  r25, r19
    breq 7f
    sbrc FL, F_FLYING
    ori  r24, 1 << PF_FLYING
    rjmp 8f
7:  ldi  r24, 0x0F
    sbrc FL, F_MCB
    rjmp 8f
    ldi  r24, 0x03
    sbrc FL, F_BLACK
    ldi  r24, 0x0C
8:  sbrc FL, F_PCC
    ori  r24, 1 << PF_PCC
    mov  PF, r24
    /* its square is empty while it moves */
    push r18
    push r19
    rcall bd_walk_set_em
    rcall bd_walk_piece
    pop  r19
    pop  r18
    push r25
    rcall bd_walk_set_em        /* back: the square is the piece's */
    pop  r25
    tst  r25
    brne 9f
    rjmp 2b
9:  clr  r24                    /* out of room: NULL */
    clr  r25
    ret

/* EM ^= the bit of square r18 (r19 taken). */
bd_walk_set_em:
    SQUARE_OP eor, r18, r19, EM0, EM1, EM2, EM3
    ret
