/* SPDX-License-Identifier: MIT */
/*
 * eval_asm.S - the evaluation's count of the men's empty neighbours
 * (engine/eval.c's eval_empty_neighbours, which arch/eval.h replaces with
 * this one), read from the move generator's popcount table.
 *
 * The men whose neighbour in direction d is empty are the men under the
 * empty squares stepped the opposite way, and those four steps are the
 * empty squares rotated by one bit either way, each also read a byte
 * further round for the other direction of its pair (a choice of
 * registers), under the steps' masks: a rotation by one of a direction's
 * CAN mask is the opposite direction's (bitboard32.h).  So:
 *
 *     up   = |men & ror1(E) & CAN_UL| + |men & ror8(rol1(E)) & CAN_UR|
 *     down = |men & rol1(E) & CAN_DR| + |men & rol8(ror1(E)) & CAN_DL|
 *
 * counted a byte at a time through the table, with no call.
 */
#include "movegen_regs.h"

/* The arguments and the result, avr-gcc's calling convention. */
#define MEN0   r22
#define MEN1   r23
#define MEN2   r24
#define MEN3   r25
#define EMPTY0 r18
#define EMPTY1 r19
#define EMPTY2 r20
#define EMPTY3 r21
#define COUNT_UP   r26
#define COUNT_DOWN r27

/* count += popcount(men & e & mask), one byte of each (ZH: the table's
 * page).  Clobbers ZL, tmp.  7 cycles. */
.macro COUNT_BYTE count, men, e, mask
    mov  ZL, \men
    and  ZL, \e
    andi ZL, \mask
    lpm  tmp, Z
    add  \count, tmp
.endm

/* count += popcount(men & x & mask) for the word x whose byte k is
 * register ek (the argument order names its bytes k = 0..3). */
.macro COUNT_WORD count, e0, e1, e2, e3, mask
    COUNT_BYTE \count, MEN0, \e0, lo8(\mask)
    COUNT_BYTE \count, MEN1, \e1, hi8(\mask)
    COUNT_BYTE \count, MEN2, \e2, hlo8(\mask)
    COUNT_BYTE \count, MEN3, \e3, hhi8(\mask)
.endm

/* uint16_t eval_empty_neighbours(bb32 men, bb32 empty)
 * In:  r25:r22 = men, r21:r18 = the empty squares.
 * Out: r24 = the men's empty neighbours up (up-left and up-right), r25 =
 *      down (down-right and down-left).
 * Clobbers r0, r18-r21, r26, r27, Z.
 * Cycles: 134 + RET, whatever the position. */
    .section .text.eval_empty_neighbours, "ax", @progbits
    .global eval_empty_neighbours
eval_empty_neighbours:
    ldi  ZH, hi8(bd_popcount_table)
    clr  COUNT_UP
    clr  COUNT_DOWN
    ROL1 EMPTY0, EMPTY1, EMPTY2, EMPTY3
    COUNT_WORD COUNT_DOWN, EMPTY0, EMPTY1, EMPTY2, EMPTY3, CAN_DR
    COUNT_WORD COUNT_UP, EMPTY1, EMPTY2, EMPTY3, EMPTY0, CAN_UR    /* byte k: k + 1 */
    ROR1 EMPTY0, EMPTY1, EMPTY2, EMPTY3                             /* back to the word */
    ROR1 EMPTY0, EMPTY1, EMPTY2, EMPTY3                             /* and one right */
    COUNT_WORD COUNT_UP, EMPTY0, EMPTY1, EMPTY2, EMPTY3, CAN_UL
    COUNT_WORD COUNT_DOWN, EMPTY3, EMPTY0, EMPTY1, EMPTY2, CAN_DL  /* byte k: k - 1 */
    mov  r24, COUNT_UP
    mov  r25, COUNT_DOWN
    ret
