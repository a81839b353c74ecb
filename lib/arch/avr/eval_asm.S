/* SPDX-License-Identifier: MIT */
/*
 * eval_asm.S - the evaluation's counts and sums over bitboards
 * (engine/eval.c's eval_* helpers, which arch/eval.h replaces with these),
 * with the move generator's popcount table and rotations.
 *
 * eval_empty_neighbours: the men whose neighbour in direction d is empty
 * are the men under the empty squares stepped the opposite way, and those
 * four steps are the empty squares rotated by one bit either way, each
 * also read a byte further round for the other direction of its pair (a
 * choice of registers), under the steps' masks: a rotation by one of a
 * direction's CAN mask is the opposite direction's (bitboard32.h).  So:
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

/* uint8_t eval_count_in(bb32 x, const bb32 *region)
 * The squares of x in the bitboard at region (flash): the mask read and
 * applied, then bs_popcount32_call's count, jumped to.
 * In:  r25:r22 = x, r21:r20 = region.  Out: r24 = the count.
 * Clobbers r18-r19, r22-r23, r25, Z.  19 cycles + bs_popcount32_call's. */
#define X0 r22
#define X1 r23
#define X2 r24
#define X3 r25
#define MASK_BYTE r18
    .section .text.eval_count_in, "ax", @progbits
    .global eval_count_in
eval_count_in:
    movw ZL, r20
    lpm  MASK_BYTE, Z+
    and  X0, MASK_BYTE
    lpm  MASK_BYTE, Z+
    and  X1, MASK_BYTE
    lpm  MASK_BYTE, Z+
    and  X2, MASK_BYTE
    lpm  MASK_BYTE, Z
    and  X3, MASK_BYTE
    XJMP bs_popcount32_call

/* bb32 eval_forward_cone(bb32 pieces, uint8_t colour, uint8_t steps)
 * The squares that pieces reach in 1..steps steps forward for colour
 * (White up, Black down), each step both directions, with the inline
 * rotations of bitboard32.h; the spread so far stays in the argument's
 * registers, the colour in the T flag.
 * In:  r25:r22 = pieces, r20 = colour, r18 = steps (at least 1).
 * Out: r25:r22 = the squares reached.
 * Clobbers r0, r18-r21, r26, r27, Z.  37 cycles a step up, 36 down,
 * + 6 + RET. */
#define SPREAD0 r22
#define SPREAD1 r23
#define SPREAD2 r24
#define SPREAD3 r25
#define STEP0 r18
#define STEP1 r19
#define STEP2 r20
#define STEP3 r21
#define REACHED0 r26
#define REACHED1 r27
#define REACHED2 r30
#define REACHED3 r31
#define STEPS_LEFT r0

/* Rotate right by 1 without the T flag (it holds the colour): bit 0 comes
 * back as bit 31 through the carry (a3: r16..r31).  6 cycles. */
.macro ROR1_KEEP_T a0, a1, a2, a3
    lsr  \a3
    ror  \a2
    ror  \a1
    ror  \a0
    brcc .L_r\@
    ori  \a3, 0x80
.L_r\@:
.endm

/* STEP |= the spread's bytes s0..s3 (the second direction's step, made in
 * place: a rotation by 8 is a renaming of its bytes). */
.macro JOIN_STEP s0, s1, s2, s3
    or   STEP0, \s0
    or   STEP1, \s1
    or   STEP2, \s2
    or   STEP3, \s3
.endm

    .section .text.eval_forward_cone, "ax", @progbits
    .global eval_forward_cone
eval_forward_cone:
    bst  r20, 0
    mov  STEPS_LEFT, r18
    clr  REACHED0
    clr  REACHED1
    movw REACHED2, REACHED0
1:  movw STEP0, SPREAD0
    movw STEP2, SPREAD2
    brts 2f
    ANDI4 STEP0, STEP1, STEP2, STEP3, CAN_UL      /* up-left: left by 1 */
    ROL1 STEP0, STEP1, STEP2, STEP3
    ANDI4 SPREAD0, SPREAD1, SPREAD2, SPREAD3, CAN_UR
    ROR1_KEEP_T SPREAD3, SPREAD0, SPREAD1, SPREAD2 /* up-right: left by 8, right by 1 */
    JOIN_STEP SPREAD3, SPREAD0, SPREAD1, SPREAD2
    rjmp 3f
2:  ANDI4 STEP0, STEP1, STEP2, STEP3, CAN_DR      /* down-right: right by 1 */
    ROR1_KEEP_T STEP0, STEP1, STEP2, STEP3
    ANDI4 SPREAD0, SPREAD1, SPREAD2, SPREAD3, CAN_DL
    ROL1 SPREAD1, SPREAD2, SPREAD3, SPREAD0       /* down-left: right by 8, left by 1 */
    JOIN_STEP SPREAD1, SPREAD2, SPREAD3, SPREAD0
3:  movw SPREAD0, STEP0
    movw SPREAD2, STEP2
    or   REACHED0, SPREAD0
    or   REACHED1, SPREAD1
    or   REACHED2, SPREAD2
    or   REACHED3, SPREAD3
    dec  STEPS_LEFT
    brne 1b
    movw SPREAD0, REACHED0
    movw SPREAD2, REACHED2
    ret

/* uint16_t eval_board_sum(const uint8_t (*rows)[16], bb32 x)
 * A sum table's total over the squares of x (engine/eval.c): entry
 * [k][v] of the table (flash) holds the total over the squares 4k + j
 * whose bit j is set in v, so each nibble of x is one read; an empty byte
 * costs a test.  The rows' pointer walks in X, two rows a byte.
 * In:  r25:r24 = rows, r23:r20 = x.  Out: r25:r24 = the total.
 * Clobbers r0, r18, r20-r23, r26, r27, Z.  32 cycles a byte with a
 * square of x, 11 without, + 3 + RET. */
#define SUM_LO     r24
#define SUM_HI     r25
#define X_BYTE     r20
#define BYTES_LEFT r18
#define ROW_BYTES  16
/* The sum += the entry at offset ZL from the rows (X).  8 cycles. */
.macro ADD_ENTRY
    clr  ZH
    add  ZL, XL
    adc  ZH, XH
    lpm  tmp, Z
    add  SUM_LO, tmp
    adc  SUM_HI, zero
.endm

    .section .text.eval_board_sum, "ax", @progbits
    .global eval_board_sum
eval_board_sum:
    movw XL, r24
    clr  SUM_LO
    clr  SUM_HI
    ldi  BYTES_LEFT, 4
1:  tst  X_BYTE
    breq 2f
    mov  ZL, X_BYTE                 /* the low nibble: row 2b */
    andi ZL, 0x0F
    ADD_ENTRY
    mov  ZL, X_BYTE                 /* the high nibble: row 2b + 1 */
    swap ZL
    andi ZL, 0x0F
    subi ZL, -ROW_BYTES
    ADD_ENTRY
2:  mov  r20, r21                   /* the next byte of x */
    mov  r21, r22
    mov  r22, r23
    adiw XL, 2 * ROW_BYTES
    dec  BYTES_LEFT
    brne 1b
    ret
