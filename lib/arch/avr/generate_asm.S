/* SPDX-License-Identifier: MIT */
/*
 * generate_asm.S (AVR) - mg_generate_known, the legal moves listed, for the
 * common positions: quiet moves of men and short kings, and captures that
 * are all single jumps of men.
 *
 * The list is the portable C's, in its order (lib/checkers/movegen.c, on
 * AVR compiled as mg_generate_known_portable): the four directions up-left,
 * up-right, down-right, down-left, and in each the targets by increasing
 * square.  Each direction's targets are one bitboard (the shifted movers
 * masked by the empty squares, or the landings of bd_asm_capture_test);
 * its squares are taken lowest first with the popcount table:
 * lsb(b) = popcount((b & -b) - 1), 9 cycles a byte that holds a move.
 *
 * Captures by kings, or by a man whose jump can go on or that is promoted
 * where the capture continues, are sorted by bd_asm_walkers: the single
 * jumps of the other pieces are listed here, and walk_asm.S walks the rest
 * square by square after them, as the portable C lists them.
 *
 * Registers: movegen_regs.h.  While listing, r16:r17 hold out_end, Y the
 * next move, r18 the target square, r27 the direction's step (to - step is
 * the origin of a quiet move, its victim in a capture), the targets sit in
 * EN0..EN3 (r8..r11), and ZH the popcount table's page.
 */
#include <avr/io.h>
#include "movegen_regs.h"

#define END_L r16
#define END_H r17
#define SQ    r18
#define STEP  r27

    .section .bss.bd_gen_state, "aw", @nobits
    .global bd_gen_end, bd_gen_sp
bd_gen_end:   .skip 2
bd_gen_sp:    .skip 2           /* the stack pointer in bd_asm_generate_known */
/* The promoting targets of the direction being listed (the own kings, at
 * movegen_asm.S's bd_asm_kings, are not promoted there). */
bd_gen_pm:    .skip 4

    .section .text.mg_generate_known, "ax", @progbits


/* Z flag clear when square T2 is in the bitboard at Z (RAM).
 * Clobbers T2, T3, Z. */
bd_gen_bit_in:
    mov  T3, T2
    lsr  T3
    lsr  T3
    lsr  T3
    add  ZL, T3
    adc  ZH, zero
    ld   T3, Z
    BIT_OF ZL, T2
    and  T3, ZL
    ret

/* The promoting targets: T flag set when EN has a square on the side's
 * last rank, which is then stored at bd_gen_pm.  Clobbers T0..T3, tmp.
 * Inline in the quiet moves' bd_gen_quiet_dir, called by the jumps'. */
.macro PROMOTIONS
    clt
    movw T0, EN0
    movw T2, EN2
    sbrc FL, F_BLACK
    rjmp 1f
    ANDI4 T0, T1, T2, T3, RANK_8
    rjmp 2f
1:  ANDI4 T0, T1, T2, T3, RANK_1
2:  OR_TEST T0, T1, T2, T3
    breq 3f
    sts  bd_gen_pm + 0, T0
    sts  bd_gen_pm + 1, T1
    sts  bd_gen_pm + 2, T2
    sts  bd_gen_pm + 3, T3
    set
3:  ldi  ZH, hi8(bd_popcount_table)
.endm
bd_gen_promotions:
    PROMOTIONS
    ret

/* The out == out_end of an emit, however deep: back to the stack of
 * bd_asm_generate_known, and return NULL. */
bd_gen_overflow:
    lds  r24, bd_gen_sp
    lds  r25, bd_gen_sp + 1
    SET_SP r24, r25
    clr  r24
    clr  r25
    rjmp bd_gen_return

/* T0 |= MG_MOVE_PROMOTES when SQ is a promoting target (T flag: the
 * direction has some) and the mover from T1 is not a king. */
bd_gen_promotes:
    mov  T2, SQ
    ldi  ZL, lo8(bd_gen_pm)
    ldi  ZH, hi8(bd_gen_pm)
    rcall bd_gen_bit_in
    breq 1f
    mov  T2, T1
    ldi  ZL, lo8(bd_asm_kings)
    ldi  ZH, hi8(bd_asm_kings)
    rcall bd_gen_bit_in
    brne 1f
    ori  T0, 0x80
1:  ldi  ZH, hi8(bd_popcount_table)
    ret

/* A jump to SQ over SQ - STEP from SQ - 2 STEP. */
bd_gen_emit_jump:
    cp   YL, END_L
    cpc  YH, END_H
    breq bd_gen_overflow
    mov  T1, SQ
    sub  T1, STEP
    mov  UP1, T1                /* the victim */
    sub  T1, STEP
    andi T1, 31
    st   Y+, T1
    mov  T0, SQ
    brtc 1f
    rcall bd_gen_promotes       /* a king's jump is not promoted */
1:  st   Y+, T0
    BIT_OF ZL, UP1
    sbrc UP1, 4
    rjmp 3f
    sbrc UP1, 3
    rjmp 2f
    st   Y+, ZL
    st   Y+, zero
    st   Y+, zero
    st   Y+, zero
    rjmp 5f
2:  st   Y+, zero
    st   Y+, ZL
    st   Y+, zero
    st   Y+, zero
    rjmp 5f
3:  sbrc UP1, 3
    rjmp 4f
    st   Y+, zero
    st   Y+, zero
    st   Y+, ZL
    st   Y+, zero
    rjmp 5f
4:  st   Y+, zero
    st   Y+, zero
    st   Y+, zero
    st   Y+, ZL
5:  ldi  ZH, hi8(bd_popcount_table)
    ret

/* For each square of byte b (base its first square), a quiet move to it
 * from square - STEP: bd_gen_emit_quiet inline, the hottest loop. */
.macro SCAN_QUIET b, base
    tst  \b
    breq 3f
1:  LOWEST_SQUARE \b, \base, SQ
    cp   YL, END_L
    cpc  YH, END_H
    brne 2f
    rjmp bd_gen_overflow
2:  mov  T1, SQ
    sub  T1, STEP
    andi T1, 31
    st   Y+, T1
    mov  T0, SQ
    brtc 4f
    rcall bd_gen_promotes
4:  st   Y+, T0
    st   Y+, zero
    st   Y+, zero
    st   Y+, zero
    st   Y+, zero
    tst  \b
    brne 1b
3:
.endm

/* The quiet moves to the squares of EN, from square - STEP. */
bd_gen_quiet_dir:
    PROMOTIONS
    SCAN_QUIET EN0, 0
    SCAN_QUIET EN1, 8
    SCAN_QUIET EN2, 16
    SCAN_QUIET EN3, 24
    ret

/* The jumps landing on the squares of EN over square - STEP. */
bd_gen_jump_dir:
    rcall bd_gen_promotions
    SCAN EN0, 0, SQ, bd_gen_emit_jump
    SCAN EN1, 8, SQ, bd_gen_emit_jump
    SCAN EN2, 16, SQ, bd_gen_emit_jump
    SCAN EN3, 24, SQ, bd_gen_emit_jump
    ret

/* Direction d's single jumps, ahead the step to the victim. */
.macro LIST_JUMPS d, ahead
    sbrs FL, F_JUMPS + \d
    rjmp .L_lj\@
    lds  EN0, bd_asm_landings + 4 * \d + 0
    lds  EN1, bd_asm_landings + 4 * \d + 1
    lds  EN2, bd_asm_landings + 4 * \d + 2
    lds  EN3, bd_asm_landings + 4 * \d + 3
    ldi  STEP, \ahead
    rcall bd_gen_jump_dir
.L_lj\@:
.endm

/* bd_move *mg_generate_known(const bd_position *pos, const struct bd_rules *rules,
 *                            bd_move *out, bd_move *out_end, uint8_t capture)
 * r25:r24 pos, r23:r22 rules, r21:r20 out, r19:r18 out_end, r16 capture:
 * bd_asm_generate_known with avr-gcc's call-saved registers kept.
 *
 * bd_asm_return_to_c: the way back to the C of every entry point that
 * saves r2-r17 on entry (SAVE_R2_R17; movegen_asm.S, perft_asm.S), one
 * copy of the restores (flash) for the cycles of a jump, except this
 * one's, the move lists' entry, which runs into it. */
    .global mg_generate_known, bd_asm_return_to_c
mg_generate_known:
    SAVE_R2_R17
    push r28
    push r29
    rcall bd_asm_generate_known
    pop  r29
    pop  r28
bd_asm_return_to_c:
    RESTORE_R2_R17
    ret

/* bd_asm_generate_known: mg_generate_known for the assembly (perft_asm.S),
 * which keeps no register across it: the same arguments and result;
 * clobbers r0, r2-r29, r30, r31. */
    .global bd_asm_generate_known
bd_asm_generate_known:
    SAVE_SP bd_gen_sp
    sts  bd_asm_pos, r24
    sts  bd_asm_pos + 1, r25
    sts  bd_asm_rules, r22
    sts  bd_asm_rules + 1, r23
    sts  bd_gen_end, r18
    sts  bd_gen_end + 1, r19
    mov  STEP, r16              /* the capture answer, until the listing */
    movw YL, r20
    movw ZL, r22
    RULES_FLAGS
    movw ZL, r24
    XCALL bd_asm_load
    tst  STEP
    breq 3f                     /* known: no capture */
    XCALL bd_asm_capture_test
    cpi  FL, 1 << F_JUMPS
    brlo .+2
    rjmp 5f
    cpi  STEP, 1                /* a capture, not a short jump: flying kings */
    brne .+2
    rjmp bd_gen_c_captures
    sbrs FL, F_FLYING
    rjmp 3f
    OR_TEST U0, U1, U2, U3
    breq 3f
    XCALL bd_asm_flying_capture /* flying kings: can one capture? */
    brcc .+2
    rjmp bd_gen_c_captures
    lds  ZL, bd_asm_pos         /* no: the registers it took, once more */
    lds  ZH, bd_asm_pos + 1
    andi FL, 0x0E               /* F_BLACK clear, as bd_asm_load wants */
    XCALL bd_asm_load

3:  /* Quiet moves: the men's and short kings' steps; flying kings' rays
     * after them, by the C. */
    sts  bd_asm_kings + 0, U0
    sts  bd_asm_kings + 1, U1
    sts  bd_asm_kings + 2, U2
    sts  bd_asm_kings + 3, U3
    sbrs FL, F_FLYING
    rjmp 1f
    OR_TEST U0, U1, U2, U3
    breq 0f
    ori  FL, 0x80               /* flying kings to list at the end */
0:  clr  U0                     /* no short kings */
    clr  U1
    movw U2, U0
1:  QUIET_MOVERS
    lds  END_L, bd_gen_end
    lds  END_H, bd_gen_end + 1
    EACH_QUIET_DIR STEP, bd_gen_quiet_dir
    sbrc FL, 7
    rjmp bd_gen_flying
    movw r24, YL
    ret

5:  /* Captures: men's single jumps that cannot go on here; else
     * bd_gen_c_captures sorts out the pieces to walk.  perft_asm.S comes
     * in here with the registers of bd_asm_load and bd_asm_capture_test
     * (a capture found), Y = out, bd_gen_sp, bd_gen_end and bd_asm_pos
     * set. */
    .global bd_asm_generate_captures
bd_asm_generate_captures:
    OR_TEST U0, U1, U2, U3
    breq .+2
    rjmp bd_gen_c_captures
    XCALL bd_asm_men_reach      /* a jump that goes on: walked */
    MEN_GO_ON 0, 0, bd_gen_men_walk
    MEN_GO_ON 1, 0, bd_gen_men_walk
    MEN_GO_ON 2, 0, bd_gen_men_walk
    MEN_GO_ON 3, 0, bd_gen_men_walk
    sts  bd_asm_kings + 0, zero
    sts  bd_asm_kings + 1, zero
    sts  bd_asm_kings + 2, zero
    sts  bd_asm_kings + 3, zero
    rcall bd_gen_jumps
    movw r24, YL

bd_gen_return:
    ret

/* The single jumps of every direction, from Y. */
bd_gen_jumps:
    lds  END_L, bd_gen_end
    lds  END_H, bd_gen_end + 1
    LIST_JUMPS 0, 1
    LIST_JUMPS 1, 7
    LIST_JUMPS 2, 31
    LIST_JUMPS 3, 25
    ret

/* The flying kings' quiet moves, king by king from the lowest square, each
 * in the four directions: the empty squares that a flood from the king
 * reaches, in increasing order (the C's order: the rays of
 * list_flying_king_steps).  DN = the kings left, UP = the king's bit,
 * KSQ its square. */
#define KSQ r19
.macro KINGS_OF b, base, up
    tst  \b
    breq 2f
1:  mov  ZL, \b
    neg  ZL
    and  ZL, \b                 /* the lowest king of the byte */
    eor  \b, ZL
    clr  UP0
    clr  UP1
    movw UP2, UP0
    mov  \up, ZL
    dec  ZL
    ldi  ZH, hi8(bd_popcount_table)
    lpm  KSQ, Z
    .if \base
    subi KSQ, -\base
    .endif
    rcall bd_gen_king
    tst  \b
    brne 1b
2:
.endm
bd_gen_flying:
    lds  DN0, bd_asm_kings + 0
    lds  DN1, bd_asm_kings + 1
    lds  DN2, bd_asm_kings + 2
    lds  DN3, bd_asm_kings + 3
    KINGS_OF DN0, 0, UP0
    KINGS_OF DN1, 8, UP1
    KINGS_OF DN2, 16, UP2
    KINGS_OF DN3, 24, UP3
    movw r24, YL
    rjmp bd_gen_return

bd_gen_king:
    STEP_ROUTINE ul
    rcall bd_gen_ray
    STEP_ROUTINE ur
    rcall bd_gen_ray
    STEP_ROUTINE dr
    rcall bd_gen_ray
    STEP_ROUTINE dl

/* The king's moves in one direction: Z = its step routine (movegen_asm.S,
 * which keeps Z). */
bd_gen_ray:
    movw T0, UP0
    movw T2, UP2
    clr  EN0
    clr  EN1
    movw EN2, EN0
1:  icall
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
    OR_TEST T0, T1, T2, T3
    breq 2f
    OR4  EN0, EN1, EN2, EN3, T0, T1, T2, T3
    rjmp 1b
2:  ldi  ZH, hi8(bd_popcount_table)
    SCAN EN0, 0, SQ, bd_gen_emit_king
    SCAN EN1, 8, SQ, bd_gen_emit_king
    SCAN EN2, 16, SQ, bd_gen_emit_king
    SCAN EN3, 24, SQ, bd_gen_emit_king
    ret

/* A king's move from KSQ to SQ. */
bd_gen_emit_king:
    cp   YL, END_L
    cpc  YH, END_H
    brne 1f
    rjmp bd_gen_overflow
1:  st   Y+, KSQ
    st   Y+, SQ
    st   Y+, zero
    st   Y+, zero
    st   Y+, zero
    st   Y+, zero
    ret

/* Captures: the single jumps here, then the walkers' (bd_asm_walkers)
 * walked by bd_asm_walk_all. */
bd_gen_men_walk:
    clr  U0                     /* no kings (the test took U) */
    clr  U1
    movw U2, U0
bd_gen_c_captures:
    XCALL bd_asm_walkers
    rcall bd_gen_jumps
    movw r24, YL
    lds  r18, bd_asm_walker_set + 0
    lds  r19, bd_asm_walker_set + 1
    lds  r20, bd_asm_walker_set + 2
    lds  r21, bd_asm_walker_set + 3
    OR_TEST r18, r19, r20, r21
    brne 1f
    rjmp bd_gen_return
1:  lds  r24, bd_gen_end        /* bd_asm_walk_all, from the position */
    lds  r25, bd_gen_end + 1    /* once more (the listing took EN) */
    sts  bd_walk_end, r24
    sts  bd_walk_end + 1, r25
    lds  ZL, bd_asm_pos
    lds  ZH, bd_asm_pos + 1
    andi FL, 0x0E               /* the rules: F_BLACK clear, as bd_asm_load wants */
    XCALL bd_asm_load
    XCALL bd_asm_walk_all
    rjmp bd_gen_return
