/* SPDX-License-Identifier: MIT */
/*
 * movegen_regs.h (AVR assembly) - the registers and macros that the move
 * generation routines in lib/arch/avr (the .S files) share.
 *
 * One position is held in registers as the side to move sees it:
 *
 *     EN   enemy pieces            r8..r11
 *     EM   empty squares           r12..r15
 *     UP   pieces that capture up  r4..r7
 *     DN   pieces that capture down r2, r3, r24, r25 (pairs for MOVW)
 *     U    a second bitboard       r16..r19 (own short kings after the load)
 *     T    work bitboard           r20..r23 (ANDI needs r16..r31)
 *     FL   flags                   r26
 *     CNT  a counter               r27
 *
 * Bytes are listed from the least significant.  A step in a direction is a
 * rotation of the 32-bit word (bitboard32.h); a rotation by 8 costs no
 * instruction at all when the code simply reads the bytes from the next
 * register on: the macros below say in which order the result's bytes sit.
 * The T flag is scratch (ROR1 keeps bit 0 in it).
 */
#ifndef BITDRAUGHTS_MOVEGEN_REGS_AVR_H
#define BITDRAUGHTS_MOVEGEN_REGS_AVR_H

#include <avr/io.h>

#define tmp  r0
#define zero r1

/* checkers/movegen.h's MG_CAPTURE_UNKNOWN (a C header the assembler cannot
 * read): mg_generate_known's "ask the capture test". */
#define MG_CAPTURE_UNKNOWN 0xFF
/* and its kinds of moves (mg_move_kind) */
#define MG_KIND_QUIET   0
#define MG_KIND_CAPTURE 1
#define MG_KIND_NONE    2

#define DN0 r2
#define DN1 r3
#define UP0 r4
#define UP1 r5
#define UP2 r6
#define UP3 r7
#define EN0 r8
#define EN1 r9
#define EN2 r10
#define EN3 r11
#define EM0 r12
#define EM1 r13
#define EM2 r14
#define EM3 r15
#define U0  r16
#define U1  r17
#define U2  r18
#define U3  r19
#define T0  r20
#define T1  r21
#define T2  r22
#define T3  r23
#define DN2 r24
#define DN3 r25
#define FL  r26
#define CNT r27
#define ZL  r30
#define ZH  r31

/* FL: the rules and the side to move (bits 0-3), then the directions with
 * a jump found by the capture test (bits 4-7, one per direction). */
#define F_BLACK  0      /* black to move */
#define F_MCB    1      /* men capture backwards */
#define F_FLYING 2      /* flying kings */
#define F_PCC    3      /* promotion continues the capture */
#define F_JUMPS  4      /* + direction: landings stored in bd_asm_landings */

/* bitboard32.h's masks */
#define CAN_UL 0x7EFCF6DE
#define CAN_UR 0x7DFDF5DD
#define CAN_DR 0xFDF9EDBC
#define CAN_DL 0xFEFAEEBE
#define CJ_UL  0x3E7C724E
#define CJ_UR  0x38F9F1C9
#define CJ_DR  0xF9F1C938
#define CJ_DL  0x7C724E3E
#define RANK_1 0x00041041
#define RANK_8 0x80020820

/* FL = the flags of the rules at Z (struct bd_rules: men_capture_backwards
 * +2, flying_kings +3, promotion_continues_capture +4).  Clobbers tmp.
 * 10 cycles. */
.macro RULES_FLAGS
    clr  FL
    ldd  tmp, Z+2
    cpse tmp, zero
    ori  FL, 1 << F_MCB
    ldd  tmp, Z+3
    cpse tmp, zero
    ori  FL, 1 << F_FLYING
    ldd  tmp, Z+4
    cpse tmp, zero
    ori  FL, 1 << F_PCC
.endm

#if defined(__AVR_HAVE_JMP_CALL__)
#  define XCALL call
#  define XJMP  jmp
#else
#  define XCALL rcall
#  define XJMP  rjmp
#endif

/* r = 1 << (square & 7), the square's bit within its byte, square in any register, r in r16..r31.  7 cycles. */
.macro BIT_OF r, square
    ldi  \r, 1
    sbrc \square, 1
    ldi  \r, 4
    sbrc \square, 0
    lsl  \r
    sbrc \square, 2
    swap \r
.endm

/* b0..b3 op= the bit of square sq (bit: r16..r31, taken; sq's bit 7
 * ignored).  op: or, eor.  12-14 cycles. */
.macro SQUARE_OP op, sq, bit, b0, b1, b2, b3
    BIT_OF \bit, \sq
    sbrc \sq, 4
    rjmp .L_hi\@
    sbrc \sq, 3
    \op \b1, \bit
    sbrs \sq, 3
    \op \b0, \bit
    rjmp .L_end\@
.L_hi\@:
    sbrc \sq, 3
    \op \b3, \bit
    sbrs \sq, 3
    \op \b2, \bit
.L_end\@:
.endm

/* b0..b3 ^= and c0..c3 ^= the bit of square sq (bit: r16..r31, taken;
 * sq's bit 7 ignored).  17-19 cycles. */
.macro SQUARE_EOR2 sq, bit, b0, b1, b2, b3, c0, c1, c2, c3
    BIT_OF \bit, \sq
    sbrc \sq, 4
    rjmp .L_hi\@
    sbrs \sq, 3
    rjmp .L_0\@
    eor  \b1, \bit
    eor  \c1, \bit
    rjmp .L_end\@
.L_0\@:
    eor  \b0, \bit
    eor  \c0, \bit
    rjmp .L_end\@
.L_hi\@:
    sbrs \sq, 3
    rjmp .L_2\@
    eor  \b3, \bit
    eor  \c3, \bit
    rjmp .L_end\@
.L_2\@:
    eor  \b2, \bit
    eor  \c2, \bit
.L_end\@:
.endm

/* a op= b, byte by byte */
.macro AND4 a0, a1, a2, a3, b0, b1, b2, b3
    and  \a0, \b0
    and  \a1, \b1
    and  \a2, \b2
    and  \a3, \b3
.endm
.macro OR4 a0, a1, a2, a3, b0, b1, b2, b3
    or   \a0, \b0
    or   \a1, \b1
    or   \a2, \b2
    or   \a3, \b3
.endm
.macro ANDI4 a0, a1, a2, a3, k
    andi \a0, lo8(\k)
    andi \a1, hi8(\k)
    andi \a2, hlo8(\k)
    andi \a3, hhi8(\k)
.endm
/* The stack pointer stored at addr (2 bytes).  Clobbers tmp.  6 cycles. */
.macro SAVE_SP addr
    in   tmp, _SFR_IO_ADDR(SPL)
    sts  \addr, tmp
    in   tmp, _SFR_IO_ADDR(SPH)
    sts  \addr + 1, tmp
.endm
/* The stack pointer = hi:lo, with the interrupts held off between its two
 * bytes (SPL is written in the cycle after SREG's, before any interrupt).
 * Clobbers tmp.  5 cycles. */
.macro SET_SP lo, hi
    in   tmp, _SFR_IO_ADDR(SREG)
    cli
    out  _SFR_IO_ADDR(SPH), \hi
    out  _SFR_IO_ADDR(SREG), tmp
    out  _SFR_IO_ADDR(SPL), \lo
.endm
/* For each square of byte b (base its first square): sq = the square,
 * then a call of routine, which keeps b and leaves ZH =
 * hi8(bd_popcount_table) for the next LOWEST_SQUARE.  Clobbers ZL. */
.macro SCAN b, base, sq, routine
    tst  \b
    breq .L_sc_end\@
.L_sc\@:
    LOWEST_SQUARE \b, \base, \sq
    rcall \routine
    tst  \b
    brne .L_sc\@
.L_sc_end\@:
.endm

/* Z flag clear when square sq is in b0..b3; bit (r16..r31, r19 unless
 * named) = its bit in its byte.  Clobbers tmp.  12-13 cycles. */
.macro SQUARE_TEST sq, b0, b1, b2, b3, bit=r19
    BIT_OF \bit, \sq
    mov  tmp, \bit
    sbrc \sq, 4
    rjmp .L_hi\@
    sbrc \sq, 3
    and  tmp, \b1
    sbrs \sq, 3
    and  tmp, \b0
    rjmp .L_end\@
.L_hi\@:
    sbrc \sq, 3
    and  tmp, \b3
    sbrs \sq, 3
    and  tmp, \b2
.L_end\@:
.endm

/* T = the last rank of the side to move (FL's F_BLACK).  7 cycles for
 * White, 10 for Black. */
.macro LAST_RANK
    ldi  T0, lo8(RANK_8)
    ldi  T1, hi8(RANK_8)
    ldi  T2, hlo8(RANK_8)
    ldi  T3, hhi8(RANK_8)
    sbrs FL, F_BLACK
    rjmp .L_lr\@
    ldi  T0, lo8(RANK_1)
    ldi  T1, hi8(RANK_1)
    ldi  T2, hlo8(RANK_1)
    ldi  T3, hhi8(RANK_1)
.L_lr\@:
.endm
/* tmp = a0 | a1 | a2 | a3; Z flag set when all are zero.  4 cycles. */
.macro OR_TEST a0, a1, a2, a3
    mov  tmp, \a0
    or   tmp, \a1
    or   tmp, \a2
    or   tmp, \a3
.endm
/* Rotate left by 1, bytes in place.  5 cycles. */
.macro ROL1 a0, a1, a2, a3
    lsl  \a0
    rol  \a1
    rol  \a2
    rol  \a3
    adc  \a0, zero
.endm
/* Rotate right by 1 (bit 0 through the T flag).  6 cycles. */
.macro ROR1 a0, a1, a2, a3
    bst  \a0, 0
    lsr  \a3
    ror  \a2
    ror  \a1
    ror  \a0
    bld  \a3, 7
.endm

/* T = the landing squares of the short jumps in one direction of the
 * pieces in s0:s0+1, s2:s2+1 (two register pairs, bytes 0-1 and 2-3): step
 * onto an enemy piece, step again onto an empty square.  Masking first by
 * the squares two steps from the edge makes both rotations exact.  24
 * cycles.  Up-left and down-right leave the bytes in T0..T3; up-right and
 * down-left, two renamings by 8 later, in T2, T3, T0, T1. */
.macro JUMPS_UL s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CJ_UL
    ROL1 T0, T1, T2, T3
    AND4 T0, T1, T2, T3, EN0, EN1, EN2, EN3
    ROL1 T0, T1, T2, T3
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
.endm
.macro JUMPS_UR s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CJ_UR
    ROR1 T3, T0, T1, T2                     /* rotate left by 8, right by 1 */
    AND4 T3, T0, T1, T2, EN0, EN1, EN2, EN3
    ROR1 T2, T3, T0, T1
    AND4 T2, T3, T0, T1, EM0, EM1, EM2, EM3
.endm
.macro JUMPS_DR s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CJ_DR
    ROR1 T0, T1, T2, T3
    AND4 T0, T1, T2, T3, EN0, EN1, EN2, EN3
    ROR1 T0, T1, T2, T3
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
.endm
.macro JUMPS_DL s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CJ_DL
    ROL1 T1, T2, T3, T0                     /* rotate right by 8, left by 1 */
    AND4 T1, T2, T3, T0, EN0, EN1, EN2, EN3
    ROL1 T2, T3, T0, T1
    AND4 T2, T3, T0, T1, EM0, EM1, EM2, EM3
.endm

/* T = one step of the pieces in s0.., s2.. in a direction (the empty
 * squares not yet applied).  11-12 cycles.  Result bytes: up-left and
 * down-right T0..T3, up-right T3, T0, T1, T2, down-left T1, T2, T3, T0. */
.macro STEP_UL s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CAN_UL
    ROL1 T0, T1, T2, T3
.endm
.macro STEP_UR s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CAN_UR
    ROR1 T3, T0, T1, T2
.endm
.macro STEP_DR s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CAN_DR
    ROR1 T0, T1, T2, T3
.endm
.macro STEP_DL s0, s2
    movw T0, \s0
    movw T2, \s2
    ANDI4 T0, T1, T2, T3, CAN_DL
    ROL1 T1, T2, T3, T0
.endm

/* EN = T's bytes b0..b3 (in order) & EM: a direction's quiet targets. */
.macro TARGETS b0, b1, b2, b3
    mov  EN0, \b0
    and  EN0, EM0
    mov  EN1, \b1
    and  EN1, EM1
    mov  EN2, \b2
    and  EN2, EM2
    mov  EN3, \b3
    and  EN3, EM3
.endm

/* After bd_asm_load: the movers of the quiet steps, up in UP and down in
 * DN: White's men and kings up, Black's kings; down the other way (men
 * that capture backwards still step forward only). */
.macro QUIET_MOVERS
    sbrc FL, F_BLACK
    rjmp .L_qb\@
    movw DN0, U0
    movw DN2, U2
    rjmp .L_qe\@
.L_qb\@:
    movw UP0, U0
    movw UP2, U2
.L_qe\@:
.endm

/* For each direction (up-left, up-right from UP, down-right, down-left
 * from DN): EN = its quiet targets, step = the step from a target back to
 * its origin (1, 7, 31, 25), then a call of routine (which may take EN,
 * T, step). */
.macro EACH_QUIET_DIR step, routine
    OR_TEST UP0, UP1, UP2, UP3
    breq .L_qd\@
    QUIET_DIR STEP_UL, UP0, UP2, T0, T1, T2, T3, \step, 1, \routine
    QUIET_DIR STEP_UR, UP0, UP2, T3, T0, T1, T2, \step, 7, \routine
.L_qd\@:
    OR_TEST DN0, DN1, DN2, DN3
    breq .L_qn\@
    QUIET_DIR STEP_DR, DN0, DN2, T0, T1, T2, T3, \step, 31, \routine
    QUIET_DIR STEP_DL, DN0, DN2, T1, T2, T3, T0, \step, 25, \routine
.L_qn\@:
.endm
.macro QUIET_DIR step_of, s0, s2, b0, b1, b2, b3, step, back, routine
    \step_of \s0, \s2
    TARGETS \b0, \b1, \b2, \b3
    ldi  \step, \back
    rcall \routine
.endm

/* sq = the lowest square of byte b (base its first square), taken out
 * of b; ZH = hi8(bd_popcount_table): popcount((b & -b) - 1).  Clobbers
 * ZL.  9 cycles. */
.macro LOWEST_SQUARE b, base, sq
    mov  ZL, \b
    neg  ZL
    and  ZL, \b                 /* the lowest bit */
    eor  \b, ZL
    dec  ZL
    lpm  \sq, Z                 /* its index */
    .if \base
    subi \sq, -\base
    .endif
.endm

/* CNT += popcount(b & EM), b's bytes in order; ZH = hi8(bd_popcount_table).
 * 6 cycles a byte. */
.macro COUNT_EMPTY b0, b1, b2, b3
    mov  ZL, \b0
    and  ZL, EM0
    lpm  tmp, Z
    add  CNT, tmp
    mov  ZL, \b1
    and  ZL, EM1
    lpm  tmp, Z
    add  CNT, tmp
    mov  ZL, \b2
    and  ZL, EM2
    lpm  tmp, Z
    add  CNT, tmp
    mov  ZL, \b3
    and  ZL, EM3
    lpm  tmp, Z
    add  CNT, tmp
.endm
/* CNT += popcount(b).  5 cycles a byte. */
.macro COUNT b0, b1, b2, b3
    mov  ZL, \b0
    lpm  tmp, Z
    add  CNT, tmp
    mov  ZL, \b1
    lpm  tmp, Z
    add  CNT, tmp
    mov  ZL, \b2
    lpm  tmp, Z
    add  CNT, tmp
    mov  ZL, \b3
    lpm  tmp, Z
    add  CNT, tmp
.endm

/* avr-gcc's call-saved registers but Y, for the C entries. */
.macro SAVE_R2_R17
    push r2
    push r3
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    push r11
    push r12
    push r13
    push r14
    push r15
    push r16
    push r17
.endm
.macro RESTORE_R2_R17
    pop  r17
    pop  r16
    pop  r15
    pop  r14
    pop  r13
    pop  r12
    pop  r11
    pop  r10
    pop  r9
    pop  r8
    pop  r7
    pop  r6
    pop  r5
    pop  r4
    pop  r3
    pop  r2
.endm

/* The landings stored by bd_asm_capture_test (movegen_asm.S). */
#define L_UL (bd_asm_landings + 0)
#define L_UR (bd_asm_landings + 4)
#define L_DR (bd_asm_landings + 8)
#define L_DL (bd_asm_landings + 12)

/* The capture test of one direction (d: 0 up-left, 1 up-right from UP,
 * 2 down-right, 3 down-left from DN): its short jumps' landings, when
 * there are any, stored at bd_asm_landings + 4d with FL's bit F_JUMPS + d
 * set.  Clobbers T, tmp.  29 cycles without a jump. */
.macro TEST_JUMPS d
    .if \d == 0
    JUMPS_UL UP0, UP2
    .elseif \d == 1
    JUMPS_UR UP0, UP2
    .elseif \d == 2
    JUMPS_DR DN0, DN2
    .else
    JUMPS_DL DN0, DN2
    .endif
    OR_TEST T0, T1, T2, T3
    breq .L_tj\@
    .if (\d == 1) || (\d == 3)            /* bytes in T2, T3, T0, T1 */
    sts  bd_asm_landings + 4 * \d + 0, T2
    sts  bd_asm_landings + 4 * \d + 1, T3
    sts  bd_asm_landings + 4 * \d + 2, T0
    sts  bd_asm_landings + 4 * \d + 3, T1
    .else
    sts  bd_asm_landings + 4 * \d + 0, T0
    sts  bd_asm_landings + 4 * \d + 1, T1
    sts  bd_asm_landings + 4 * \d + 2, T2
    sts  bd_asm_landings + 4 * \d + 3, T3
    .endif
    ori  FL, 1 << (F_JUMPS + \d)
.L_tj\@:
.endm

/* CNT += the quiet steps up (up-left, up-right), or down, of the pieces in
 * s0.., s2..; ZH = hi8(bd_popcount_table).  Clobbers T, Z, tmp.  70
 * cycles. */
.macro COUNT_UP s0, s2
    COUNT_TWO_STEPS STEP_UL, STEP_UR, \s0, \s2, T3, T0, T1, T2
.endm
.macro COUNT_DOWN s0, s2
    COUNT_TWO_STEPS STEP_DR, STEP_DL, \s0, \s2, T1, T2, T3, T0
.endm
/* The two directions' steps, the second's bytes in b0..b3. */
.macro COUNT_TWO_STEPS first, second, s0, s2, b0, b1, b2, b3
    \first \s0, \s2
    COUNT_EMPTY T0, T1, T2, T3
    \second \s0, \s2
    COUNT_EMPTY \b0, \b1, \b2, \b3
.endm

/* After bd_asm_men_reach (movegen_asm.S): when direction d has jumps and
 * one of its landings is in DN, on to `walk`; with count, CNT += its
 * landings first (ZH = hi8(bd_popcount_table)).  Clobbers b0..b3 (U unless
 * named), tmp. */
.macro MEN_GO_ON d, count, walk, b0=U0, b1=U1, b2=U2, b3=U3
    sbrs FL, F_JUMPS + \d
    rjmp .L_mg\@
    lds  \b0, bd_asm_landings + 4 * \d + 0
    lds  \b1, bd_asm_landings + 4 * \d + 1
    lds  \b2, bd_asm_landings + 4 * \d + 2
    lds  \b3, bd_asm_landings + 4 * \d + 3
    .if \count
    COUNT \b0, \b1, \b2, \b3
    .endif
    AND4 \b0, \b1, \b2, \b3, DN0, DN1, DN2, DN3
    OR_TEST \b0, \b1, \b2, \b3
    breq .L_mg\@
    rjmp \walk
.L_mg\@:
.endm

/* Z = the step routine of direction d (movegen_asm.S: T = one step of T,
 * bytes in place; Z kept). */
/* Z = the step routine of direction d. */
.macro STEP_ROUTINE d
    ldi  ZL, lo8(gs(bd_asm_step_\d))
    ldi  ZH, hi8(gs(bd_asm_step_\d))
.endm

#endif
