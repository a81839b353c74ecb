/* SPDX-License-Identifier: MIT */
/*
 * movegen_asm.S (AVR) - the capture test and the count of legal moves
 * (mg_has_capture, mg_count) on bitboards held in registers.
 *
 * The portable C in lib/checkers/movegen.c is the reference; on AVR its
 * mg_count and mg_has_capture are compiled as mg_count_portable and
 * mg_has_capture_portable (see arch/movegen.h) and not linked.  The pieces whose captures a bitboard
 * cannot count (a man promoted in the middle of a capture, flying kings:
 * bd_asm_walkers; men's jumps that go on four times or more) are walked
 * square by square by walk_asm.S.
 *
 * What the bitboards decide (registers: movegen_regs.h):
 *  - a capture exists when stepping the pieces that may capture in a
 *    direction onto enemy pieces, then again onto empty squares, leaves a
 *    square: the landing squares of the short jumps in that direction;
 *  - with no capture, the quiet moves are the popcounts of the one-step
 *    shifts of the movers, masked by the empty squares (a 256-byte flash
 *    table, 6 cycles a byte);
 *  - with a capture by men only, the landing squares are tested against
 *    one set, the squares from which a man of the side could jump in the
 *    position before the move (bd_asm_men_reach: the jumped piece stays on
 *    the board until the move ends, and a jump back is never possible).
 *    When no landing goes on and no man is promoted where the capture
 *    would continue, every jump is one move: the count is the popcount of
 *    the landing squares; when one goes on, the count follows its paths
 *    square by square with no list (bd_asm_count_men_paths).
 *
 * Calls from C follow avr-gcc's convention (r2-r17, r28-r29 saved).
 */
#include "movegen_regs.h"

/* The men's captures counted by their paths (bd_asm_count_men_paths),
 * unless the build is lean (arch/movegen_lean.h). */
#include <arch/movegen_lean.h>   /* the include path's copy (perft_asm.S) */
#define MEN_PATHS (!MOVEGEN_LEAN)

/* ------------------------------------------------------------------ data */

    .section .bss.bd_asm_state, "aw", @nobits
/* The arguments of the current call from C, for the calls to the C. */
    .global bd_asm_args, bd_asm_pos, bd_asm_rules, bd_asm_scratch, bd_asm_scratch_end
bd_asm_args:
bd_asm_pos:         .skip 2
bd_asm_rules:       .skip 2
bd_asm_scratch:     .skip 2
bd_asm_scratch_end: .skip 2
/* The landing squares of the short jumps, one bitboard a direction. */
    .global bd_asm_landings
bd_asm_landings:    .skip 16
/* bd_asm_walkers: the pieces whose captures the C walks square by square;
 * the side's own kings (bd_asm_load's U), for the walkers and the listing's
 * promotion test. */
    .global bd_asm_walker_set, bd_asm_kings
bd_asm_walker_set:  .skip 4
bd_asm_kings:       .skip 4

/* popcount of each byte, at a 256-byte boundary so that the byte is the
 * low half of the address. */
    .section .progmem.gcc.bd_popcount, "a", @progbits
    .balign 256
    .global bd_popcount_table
bd_popcount_table:
    .irp h, 0,1,1,2,1,2,2,3,1,2,2,3,2,3,3,4
    .byte \h+0,\h+1,\h+1,\h+2,\h+1,\h+2,\h+2,\h+3,\h+1,\h+2,\h+2,\h+3,\h+2,\h+3,\h+3,\h+4
    .endr

/* bs_popcount32_call (bits/bitscan.h) where this table is linked: the
 * four bytes' counts read from it, 6 cycles a byte where the portable
 * SWAR count (arch/bitscan.h's inline one) takes 49 cycles for the word.
 * In:  r25:r22 = the word (the C calling convention).  Out: r24 = its
 * popcount.  Clobbers r18, r19, Z.  20 cycles + RET. */
#define PC_V0  r22
#define PC_V1  r23
#define PC_V2  r24
#define PC_V3  r25
#define PC_SUM r18
#define PC_BYTE r19
    .section .text.bs_popcount32_call, "ax", @progbits
    .global bs_popcount32_call
bs_popcount32_call:
    ldi  ZH, hi8(bd_popcount_table)
    mov  ZL, PC_V0
    lpm  PC_SUM, Z
    mov  ZL, PC_V1
    lpm  PC_BYTE, Z
    add  PC_SUM, PC_BYTE
    mov  ZL, PC_V2
    lpm  PC_BYTE, Z
    add  PC_SUM, PC_BYTE
    mov  ZL, PC_V3
    lpm  r24, Z
    add  r24, PC_SUM
    ret

    .text

/* --------------------------------------------------------------- helpers */

/* RULES_FLAGS as a routine: FL = the flags of the rules at Z.
 * Clobbers tmp.  10 cycles + RET. */
    .section .text.bd_asm_rules_flags, "ax", @progbits
    .global bd_asm_rules_flags
bd_asm_rules_flags:
    RULES_FLAGS
    ret

/* bd_asm_load: the position at Z into registers as its side sees it.
 * In:  Z = bd_position, FL = rules flags (bit F_BLACK clear).
 * Out: EN, EM, UP (pieces that make short jumps up), DN (down), U = own
 *      kings, FL bit F_BLACK; T flag set when they are flying kings (not
 *      in UP and DN then).
 * Clobbers T0..T3, tmp.  White men only: 57 cycles + RET. */
    .section .text.bd_asm_load, "ax", @progbits
    .global bd_asm_load
bd_asm_load:
    ldd  tmp, Z+16
    sbrc tmp, 0
    rjmp 1f
    ldd  T0, Z+0                /* white: own pieces */
    ldd  T1, Z+1
    ldd  T2, Z+2
    ldd  T3, Z+3
    ldd  EN0, Z+4
    ldd  EN1, Z+5
    ldd  EN2, Z+6
    ldd  EN3, Z+7
    ldd  U0, Z+8                /* own men */
    ldd  U1, Z+9
    ldd  U2, Z+10
    ldd  U3, Z+11
    rjmp 2f
1:  ori  FL, 1 << F_BLACK
    ldd  T0, Z+4
    ldd  T1, Z+5
    ldd  T2, Z+6
    ldd  T3, Z+7
    ldd  EN0, Z+0
    ldd  EN1, Z+1
    ldd  EN2, Z+2
    ldd  EN3, Z+3
    ldd  U0, Z+12
    ldd  U1, Z+13
    ldd  U2, Z+14
    ldd  U3, Z+15
/* The rest from the side's pieces: T = own pieces, U = own men, EN,
 * FL with F_BLACK (perft_asm.S's bd_perft_load_child comes in here). */
    .global bd_asm_load_own
bd_asm_load_own:
2:  mov  EM0, T0                /* empty = ~(own | enemy) */
    or   EM0, EN0
    com  EM0
    mov  EM1, T1
    or   EM1, EN1
    com  EM1
    mov  EM2, T2
    or   EM2, EN2
    com  EM2
    mov  EM3, T3
    or   EM3, EN3
    com  EM3
    eor  T0, U0                 /* kings = own ^ men */
    eor  T1, U1
    eor  T2, U2
    eor  T3, U3
    /* forward = men | kings; backward = kings | (men if they capture back) */
    sbrc FL, F_BLACK
    rjmp 5f
    movw UP0, U0
    movw UP2, U2
    OR4  UP0, UP1, UP2, UP3, T0, T1, T2, T3
    movw DN0, T0
    movw DN2, T2
    sbrs FL, F_MCB
    rjmp 6f
    OR4  DN0, DN1, DN2, DN3, U0, U1, U2, U3
    rjmp 6f
5:  movw DN0, U0
    movw DN2, U2
    OR4  DN0, DN1, DN2, DN3, T0, T1, T2, T3
    movw UP0, T0
    movw UP2, T2
    sbrs FL, F_MCB
    rjmp 6f
    OR4  UP0, UP1, UP2, UP3, U0, U1, U2, U3
6:  movw U0, T0
    movw U2, T2
    clt
    sbrs FL, F_FLYING
    ret
    /* flying kings: not among the short movers (both sets hold them) */
    OR_TEST U0, U1, U2, U3
    breq 9f
    set
    eor  UP0, U0
    eor  UP1, U1
    eor  UP2, U2
    eor  UP3, U3
    eor  DN0, U0
    eor  DN1, U1
    eor  DN2, U2
    eor  DN3, U3
9:  ret

/* bd_asm_capture_test: the landing squares of every short jump.
 * In:  the registers of bd_asm_load.
 * Out: FL bits F_JUMPS + d set for each direction d with a jump, whose
 *      landings are stored at bd_asm_landings + 4d; FL >= 1 << F_JUMPS
 *      when there is a capture (flying kings not included).
 * Clobbers T0..T3, tmp.  Men of one side, no capture: 78 cycles + RET;
 * with men capturing backwards too: 140. */
    .section .text.bd_asm_capture_test, "ax", @progbits
    .global bd_asm_capture_test
bd_asm_capture_test:
    /* A set that holds the side's men is tested as it is (empty, it finds
     * nothing); one of kings only is often empty, and tested first. */
    sbrs FL, F_BLACK            /* White's up: men */
    rjmp 0f
    sbrc FL, F_MCB              /* Black's men that capture backwards */
    rjmp 0f
    OR_TEST UP0, UP1, UP2, UP3
    brne 0f
    rjmp 2f
0:  TEST_JUMPS 0
    TEST_JUMPS 1
2:  sbrc FL, F_BLACK            /* Black's down: men */
    rjmp 0f
    sbrc FL, F_MCB
    rjmp 0f
    OR_TEST DN0, DN1, DN2, DN3
    brne 0f
    ret
0:  TEST_JUMPS 2
    TEST_JUMPS 3
4:  ret

/* bd_asm_walkers' and bd_asm_men_walkers' work on direction d, when it has
 * jumps: UP = its landings, ZL = d, then the routine; with store, UP is
 * stored back. */
.macro ON_LANDINGS d, routine, store
    sbrs FL, F_JUMPS + \d
    rjmp .L_ol\@
    lds  UP0, bd_asm_landings + 4 * \d + 0
    lds  UP1, bd_asm_landings + 4 * \d + 1
    lds  UP2, bd_asm_landings + 4 * \d + 2
    lds  UP3, bd_asm_landings + 4 * \d + 3
    ldi  ZL, \d
    rcall \routine
    .if \store
    sts  bd_asm_landings + 4 * \d + 0, UP0
    sts  bd_asm_landings + 4 * \d + 1, UP1
    sts  bd_asm_landings + 4 * \d + 2, UP2
    sts  bd_asm_landings + 4 * \d + 3, UP3
    .endif
.L_ol\@:
.endm

/* The flying kings' capture test, one direction at a time.  In a loop
 * the bytes cannot be renamed, so each direction's step routine leaves them
 * back in place: T = one step of T (masked), in T0..T3.  Cold code (kings),
 * written for size: one flood for the four directions through ICALL. */
    .section .text.bd_asm_flying_capture, "ax", @progbits
    .global bd_asm_step_ul, bd_asm_step_ur, bd_asm_step_dr, bd_asm_step_dl
bd_asm_step_ul:
    ANDI4 T0, T1, T2, T3, CAN_UL
    ROL1 T0, T1, T2, T3
    ret
bd_asm_step_ur:
    ANDI4 T0, T1, T2, T3, CAN_UR
    ROR1 T3, T0, T1, T2         /* bytes now in T3, T0, T1, T2 */
    mov  tmp, T3
    mov  T3, T2
    mov  T2, T1
    mov  T1, T0
    mov  T0, tmp
    ret
bd_asm_step_dr:
    ANDI4 T0, T1, T2, T3, CAN_DR
    ROR1 T0, T1, T2, T3
    ret
bd_asm_step_dl:
    ANDI4 T0, T1, T2, T3, CAN_DL
    ROL1 T1, T2, T3, T0         /* bytes now in T1, T2, T3, T0 */
    mov  tmp, T0
    mov  T0, T1
    mov  T1, T2
    mov  T2, T3
    mov  T3, tmp
    ret

/* bd_asm_flood: the flying kings' rays in one direction, over the empty
 * squares.  In: U = kings, Z = the direction's step routine, EM.
 * Out: UP = kings | their rays; DN0:DN1 = Z.  Clobbers T0..T3, tmp. */
bd_asm_flood:
    movw T0, U0                 /* front */
    movw T2, U2
    movw UP0, U0
    movw UP2, U2
    movw DN0, ZL                /* the step, kept across ICALL */
1:  icall
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
    OR_TEST T0, T1, T2, T3
    breq 2f
    OR4  UP0, UP1, UP2, UP3, T0, T1, T2, T3
    movw ZL, DN0
    rjmp 1b
2:  ret


/* bd_asm_flying_capture: can one of the flying kings capture?
 * In:  U = the kings, EN, EM.  Out: carry set when one can.
 * Each direction floods the kings' rays, then looks for a short jump from
 * any square of them.
 * Clobbers UP, DN0, DN1, T0..T3, Z, tmp. */
    .global bd_asm_flying_capture
bd_asm_flying_capture:
    STEP_ROUTINE ul
    rcall 1f
    STEP_ROUTINE ur
    rcall 1f
    STEP_ROUTINE dr
    rcall 1f
    STEP_ROUTINE dl
    rcall 1f
    clc
    ret
1:  rcall bd_asm_flood
    movw T0, UP0                /* a short jump from the rays */
    movw T2, UP2
    movw ZL, DN0
    icall
    AND4 T0, T1, T2, T3, EN0, EN1, EN2, EN3
    movw ZL, DN0
    icall
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
    OR_TEST T0, T1, T2, T3
    breq 2f
    pop  tmp                    /* found: return from bd_asm_flying_capture */
    pop  tmp
#if defined(__AVR_3_BYTE_PC__)
    pop  tmp
#endif
    sec
2:  ret

/* T = one step of T in direction DIR (0-3), bytes in place, through the
 * routines above.  Clobbers tmp.  28-34 cycles with the call. */
#define DIR CNT
bd_asm_step_in:
    sbrc DIR, 1
    rjmp 1f
    sbrs DIR, 0
    rjmp bd_asm_step_ul
    rjmp bd_asm_step_ur
1:  sbrs DIR, 0
    rjmp bd_asm_step_dr
    rjmp bd_asm_step_dl
/* T = two steps of T in direction DIR. */
bd_asm_step2_in:
    rcall bd_asm_step_in
    rjmp bd_asm_step_in

/* Skip the next instruction when ZL's bit 1 is set, or with back_ when it
 * is clear (TWO_STEPS_OF: the rotation's way, reversed for steps back). */
.macro SKIP_ON_BIT1 back_
    .if \back_                  /* steps back: the other way round */
    sbrc ZL, 1
    .else
    sbrs ZL, 1
    .endif
.endm

/* T = the bitboard at lo:hi (two register pairs) taken two steps in
 * direction ZL (bits 0-1), or with back in the opposite one, without the
 * edge masks: exact between a short jump's landing and its origin, the
 * only square two steps from it.  Two steps rotate the bitboard left by 2
 * (up-left) or 14 (up-right), right by 2 (down-right) or 14 (down-left);
 * 14 is the 16-bit halves swapped, by the copy, then 2 the other way.
 * Clobbers the T flag.  17-22 cycles. */
.macro TWO_STEPS_OF lo, hi, back
    sbrc ZL, 0
    rjmp .L_ts_odd\@
    movw T0, \lo                /* up-left, down-right */
    movw T2, \hi
    SKIP_ON_BIT1 \back
    rjmp .L_ts_left\@
.L_ts_right\@:
    ROR1 T0, T1, T2, T3
    ROR1 T0, T1, T2, T3
    rjmp .L_ts_end\@
.L_ts_odd\@:
    movw T0, \hi                /* up-right, down-left: halves swapped */
    movw T2, \lo
    SKIP_ON_BIT1 \back
    rjmp .L_ts_right\@
.L_ts_left\@:
    ROL1 T0, T1, T2, T3
    ROL1 T0, T1, T2, T3
.L_ts_end\@:
.endm

/* DIR = the direction opposite DIR. */
.macro TURN_BACK
    subi DIR, -2
    andi DIR, 3
.endm

/* bd_asm_walkers: which pieces the C must walk square by square, and the
 * single jumps that the bitboards list and count for the other pieces (the
 * split of movegen.c's list_all_captures, in the same order: the single
 * jumps direction by direction, then the walkers' captures).
 *
 * A piece is walked when it is a flying king, or when one of its short
 * jumps can go on: from the landing square, a jump in a direction the
 * piece may capture in, other than straight back (the jumped piece still
 * stands there), or when a man lands on its last rank where the capture
 * goes on (it goes on as a king).  For a jump in direction d followed by
 * one in e != back(d), the second victim and landing are neither the first
 * victim nor the origin, so the position before the move decides it: the
 * landings of d from which a jump in e exists are those that two steps in
 * e take onto an enemy piece, then an empty square, taken two steps back.
 *
 * In:  EN, EM, U = own kings, FL with the jump bits, bd_asm_landings.
 * Out: bd_asm_walker_set; bd_asm_kings = U; each direction's landings less
 *      the walkers' (stored back); CNT = the single jumps left; Z flag set
 *      when there are no walkers.
 * Clobbers UP, DN, U, T, CNT, Z, tmp.  Cold code: written for size. */
    .global bd_asm_walkers
bd_asm_walkers:
    sts  bd_asm_kings + 0, U0
    sts  bd_asm_kings + 1, U1
    sts  bd_asm_kings + 2, U2
    sts  bd_asm_kings + 3, U3
    sbrs FL, F_FLYING           /* walkers: the flying kings, to begin */
    rcall bd_asm_clear_u
    sts  bd_asm_walker_set + 0, U0
    sts  bd_asm_walker_set + 1, U1
    sts  bd_asm_walker_set + 2, U2
    sts  bd_asm_walker_set + 3, U3
    ON_LANDINGS 0, bd_asm_walkers_dir, 0
    ON_LANDINGS 1, bd_asm_walkers_dir, 0
    ON_LANDINGS 2, bd_asm_walkers_dir, 0
    ON_LANDINGS 3, bd_asm_walkers_dir, 0
    ldi  ZH, hi8(bd_popcount_table)
    clr  CNT
    ON_LANDINGS 0, bd_asm_singles_dir, 1
    ON_LANDINGS 1, bd_asm_singles_dir, 1
    ON_LANDINGS 2, bd_asm_singles_dir, 1
    ON_LANDINGS 3, bd_asm_singles_dir, 1
    lds  T0, bd_asm_walker_set + 0
    lds  T1, bd_asm_walker_set + 1
    lds  T2, bd_asm_walker_set + 2
    lds  T3, bd_asm_walker_set + 3
    OR_TEST T0, T1, T2, T3
    ret

bd_asm_clear_u:
    clr  U0
    clr  U1
    movw U2, U0
    ret

/* bd_asm_walkers_dir: the walkers among the pieces that jump in direction
 * ZL, whose landings are in UP: their squares join bd_asm_walker_set.
 * Registers: UP the landings, U those of kings, DN the landings that go
 * on, DIR the direction tried next (its opposite for the steps back). */
bd_asm_walkers_dir:
    rcall bd_asm_clear_u        /* the kings' landings: short kings only */
    sbrc FL, F_FLYING
    rjmp 2f
    lds  T0, bd_asm_kings + 0
    lds  T1, bd_asm_kings + 1
    lds  T2, bd_asm_kings + 2
    lds  T3, bd_asm_kings + 3
    OR_TEST T0, T1, T2, T3
    breq 2f
    /* men = ~(kings | enemy | empty); their landings two steps on */
    OR4  T0, T1, T2, T3, EN0, EN1, EN2, EN3
    OR4  T0, T1, T2, T3, EM0, EM1, EM2, EM3
    com  T0
    com  T1
    com  T2
    com  T3
    mov  DIR, ZL
    rcall bd_asm_step2_in
    movw U0, T0                 /* kings' landings = landings & ~men's */
    movw U2, T2
    com  U0
    com  U1
    com  U2
    com  U3
    AND4 U0, U1, U2, U3, UP0, UP1, UP2, UP3
2:  clr  DN0                    /* the landings that go on */
    clr  DN1
    movw DN2, DN0
    clr  DIR
3:  mov  ZH, DIR                /* not straight back */
    eor  ZH, ZL
    cpi  ZH, 2
    breq 5f
    mov  ZH, DIR                /* ZH != 0: a men's direction */
    lsr  ZH
    sbrs FL, F_BLACK
    subi ZH, 1
    sbrc FL, F_MCB
    ldi  ZH, 1
    tst  ZH
    brne 4f
    OR_TEST U0, U1, U2, U3      /* kings only, and none jumped this way */
    breq 5f
4:  movw T0, UP0                /* landings with a jump in DIR */
    movw T2, UP2
    rcall bd_asm_step_in
    AND4 T0, T1, T2, T3, EN0, EN1, EN2, EN3
    rcall bd_asm_step_in
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
    OR_TEST T0, T1, T2, T3
    breq 5f
    TURN_BACK
    rcall bd_asm_step2_in
    TURN_BACK
    tst  ZH
    brne 6f
    AND4 T0, T1, T2, T3, U0, U1, U2, U3
6:  OR4  DN0, DN1, DN2, DN3, T0, T1, T2, T3
5:  inc  DIR
    cpi  DIR, 4
    brne 3b
    /* men landing on the last rank: the move ends there, or goes on as a
     * king (then walked whatever the jumps above say) */
    movw T0, U0
    movw T2, U2
    com  T0
    com  T1
    com  T2
    com  T3
    AND4 T0, T1, T2, T3, UP0, UP1, UP2, UP3
    sbrc FL, F_BLACK
    rjmp 7f
    ANDI4 T0, T1, T2, T3, RANK_8
    rjmp 8f
7:  ANDI4 T0, T1, T2, T3, RANK_1
8:  OR4  DN0, DN1, DN2, DN3, T0, T1, T2, T3
    sbrc FL, F_PCC
    rjmp 9f
    eor  DN0, T0                /* the move ends: not a walker */
    eor  DN1, T1
    eor  DN2, T2
    eor  DN3, T3
9:  movw T0, DN0                /* their pieces: two steps back */
    movw T2, DN2
    mov  DIR, ZL
    TURN_BACK
    rcall bd_asm_step2_in
    lds  tmp, bd_asm_walker_set + 0
    or   T0, tmp
    sts  bd_asm_walker_set + 0, T0
    lds  tmp, bd_asm_walker_set + 1
    or   T1, tmp
    sts  bd_asm_walker_set + 1, T1
    lds  tmp, bd_asm_walker_set + 2
    or   T2, tmp
    sts  bd_asm_walker_set + 2, T2
    lds  tmp, bd_asm_walker_set + 3
    or   T3, tmp
    sts  bd_asm_walker_set + 3, T3
    ret

/* bd_asm_men_walkers: a side of men, some of whose jumps go on, counted:
 * the men with a landing in DN are walked (walk_asm.S), and every other
 * jump is one move.  A walked man lists all his captures, so his jumps
 * that stop are not counted here.  Two steps back from a landing is the
 * man that jumped there.  The count needs no order; the listing, which
 * must keep the C's, has bd_asm_walkers.  Written for size, the game
 * firmware being near the flash limit: one routine a phase, called per
 * direction with jumps (unrolled, the directions took 246 bytes more of
 * flash for 0.55% less time in perft 6 of Russian draughts).
 * In:  FL with the jump bits, bd_asm_landings, DN (bd_asm_men_reach).
 * Out: bd_asm_walker_set = the men walked, bd_asm_kings = 0, CNT = the
 *      other jumps.
 * Clobbers UP, U, T, CNT, Z, tmp. */
    .global bd_asm_men_walkers
bd_asm_men_walkers:
    rcall bd_asm_clear_u
    ON_LANDINGS 0, bd_asm_men_walked_dir, 0
    ON_LANDINGS 1, bd_asm_men_walked_dir, 0
    ON_LANDINGS 2, bd_asm_men_walked_dir, 0
    ON_LANDINGS 3, bd_asm_men_walked_dir, 0
    sts  bd_asm_walker_set + 0, U0
    sts  bd_asm_walker_set + 1, U1
    sts  bd_asm_walker_set + 2, U2
    sts  bd_asm_walker_set + 3, U3
    sts  bd_asm_kings + 0, zero
    sts  bd_asm_kings + 1, zero
    sts  bd_asm_kings + 2, zero
    sts  bd_asm_kings + 3, zero
    ldi  ZH, hi8(bd_popcount_table)
    clr  CNT
    ON_LANDINGS 0, bd_asm_men_singles_dir, 0
    ON_LANDINGS 1, bd_asm_men_singles_dir, 0
    ON_LANDINGS 2, bd_asm_men_singles_dir, 0
    ON_LANDINGS 3, bd_asm_men_singles_dir, 0
    ret

/* U |= the men of direction ZL's jumps whose landings, in UP, are in DN.
 * Clobbers UP, T, the T flag. */
bd_asm_men_walked_dir:
    AND4 UP0, UP1, UP2, UP3, DN0, DN1, DN2, DN3
    TWO_STEPS_OF UP0, UP2, 1
    OR4  U0, U1, U2, U3, T0, T1, T2, T3
    ret

/* UP = the landings of direction ZL less those of the walkers; CNT += their
 * number.  bd_asm_men_singles_dir: the walkers in U.  ZH =
 * hi8(bd_popcount_table), kept.  Clobbers T, ZL, tmp, the T flag (and U
 * for bd_asm_singles_dir). */
bd_asm_singles_dir:
    lds  U0, bd_asm_walker_set + 0
    lds  U1, bd_asm_walker_set + 1
    lds  U2, bd_asm_walker_set + 2
    lds  U3, bd_asm_walker_set + 3
bd_asm_men_singles_dir:
    TWO_STEPS_OF U0, U2, 0
    com  T0
    com  T1
    com  T2
    com  T3
    AND4 UP0, UP1, UP2, UP3, T0, T1, T2, T3
    COUNT UP0, UP1, UP2, UP3
    ret

    .section .text.bd_asm_flying_count, "ax", @progbits
/* bd_asm_flying_count: CNT += the flying kings' quiet moves.  The rays of
 * two kings in one direction never overlap (a ray stops at the first
 * piece), so a direction's moves are the empty squares of the flood.
 * In:  U = the kings, EM.  Clobbers UP, DN0, DN1, T0..T3, Z, tmp. */
bd_asm_flying_count:
    STEP_ROUTINE ul
    rcall 1f
    STEP_ROUTINE ur
    rcall 1f
    STEP_ROUTINE dr
    rcall 1f
    STEP_ROUTINE dl
1:  rcall bd_asm_flood
    ldi  ZH, hi8(bd_popcount_table)
    COUNT_EMPTY UP0, UP1, UP2, UP3
    ret

/* bd_asm_count_quiet: the number of quiet steps.
 * In:  the registers of bd_asm_load.  Out: CNT.
 * Men move forward (the side's two directions, from the forward movers:
 * UP for White, DN for Black), short kings in U also backward; flying
 * kings are left to bd_asm_flying_count.
 * Clobbers T0..T3, Z, tmp.  Men only: 76 cycles + RET. */
    .section .text.bd_asm_count_quiet, "ax", @progbits
    .global bd_asm_count_quiet
bd_asm_count_quiet:
    ldi  ZH, hi8(bd_popcount_table)
    clr  CNT
    sbrc FL, F_BLACK
    rjmp 2f
    COUNT_UP UP0, UP2
    sbrc FL, F_FLYING
    ret
    OR_TEST U0, U1, U2, U3
    breq 1f
    COUNT_DOWN U0, U2
1:  ret
2:  COUNT_DOWN DN0, DN2
    sbrc FL, F_FLYING
    ret
    OR_TEST U0, U1, U2, U3
    breq 3f
    COUNT_UP U0, U2
3:  ret

/* DN |= the squares from which a short jump in one direction exists
 * (an enemy piece next, an empty square behind), whatever stands on them:
 * the empty squares taken back a step, masked by the enemy pieces, taken
 * back another step.  The rotations are exact on the squares two steps
 * from the edge, which the mask keeps.  26-28 cycles.  With `to`, the set
 * is stored there instead (30-32 cycles). */
.macro JUMP_FROM rotate, a0, a1, a2, a3, b0, b1, b2, b3, mask, to
    movw T0, EM0
    movw T2, EM2
    \rotate \a0, \a1, \a2, \a3
    AND4 \a0, \a1, \a2, \a3, EN0, EN1, EN2, EN3
    \rotate \b0, \b1, \b2, \b3
    ANDI4 \b0, \b1, \b2, \b3, \mask
    .ifb \to
    OR4  DN0, DN1, DN2, DN3, \b0, \b1, \b2, \b3
    .else
    sts  \to + 0, \b0
    sts  \to + 1, \b1
    sts  \to + 2, \b2
    sts  \to + 3, \b3
    .endif
.endm
/* Each direction names its rotation (back: the opposite step) and the byte
 * order its two steps leave in T, so that no byte is moved. */
.macro JUMP_FROM_UL to                      /* back: down-right */
    JUMP_FROM ROR1, T0, T1, T2, T3, T0, T1, T2, T3, CJ_UL, \to
.endm
.macro JUMP_FROM_UR to                      /* back: down-left */
    JUMP_FROM ROL1, T1, T2, T3, T0, T2, T3, T0, T1, CJ_UR, \to
.endm
.macro JUMP_FROM_DR to                      /* back: up-left */
    JUMP_FROM ROL1, T0, T1, T2, T3, T0, T1, T2, T3, CJ_DR, \to
.endm
.macro JUMP_FROM_DL to                      /* back: up-right */
    JUMP_FROM ROR1, T3, T0, T1, T2, T2, T3, T0, T1, CJ_DL, \to
.endm

/* bd_asm_men_reach: the landings from which a man's single jump goes on.
 *
 *   A man that jumped in direction d goes on when, from its landing, it
 *   can jump in a direction it may capture in.  The jumped piece stays on
 *   the board until the move ends and the origin is the only square that
 *   the move has emptied, so the position before the move decides it:
 *   the landing must be a square from which a jump exists in that
 *   position.  Straight back needs no exclusion: that jump would land on
 *   the origin, which is not empty before the move.  So one set serves
 *   every direction's landings: the squares from which a man of the side
 *   could jump (DN below), less the last rank where the move ends with the
 *   promotion, or with the whole last rank where the capture goes on with
 *   a king (the walk sorts those out).
 *
 * In:  EN, EM, FL.  Out: DN = that set (MEN_GO_ON tests the landings).
 * Clobbers T0..T3.  Men capturing backwards: 126 cycles + RET; forward
 * only: 70. */
    .section .text.bd_asm_men_reach, "ax", @progbits
    .global bd_asm_men_reach
bd_asm_men_reach:
    clr  DN0
    clr  DN1
    movw DN2, DN0
    sbrc FL, F_MCB
    rjmp 1f
    sbrc FL, F_BLACK
    rjmp 2f
1:  JUMP_FROM_UL
    JUMP_FROM_UR
    sbrs FL, F_MCB
    rjmp 3f
2:  JUMP_FROM_DR
    JUMP_FROM_DL
3:  LAST_RANK
    sbrc FL, F_PCC
    rjmp 5f
    com  T0                     /* the move ends there */
    com  T1
    com  T2
    com  T3
    AND4 DN0, DN1, DN2, DN3, T0, T1, T2, T3
    ret
5:  OR4  DN0, DN1, DN2, DN3, T0, T1, T2, T3  /* on as a king: walked */
    ret

/* bd_asm_count_captures: the number of captures, after the capture test
 * found one.  Men's single jumps that cannot go on are counted here; when
 * one can go on, the men's paths are counted (bd_asm_count_men_paths),
 * or when they are long the men whose jumps go on are walked
 * (bd_asm_men_walkers); when the side has kings bd_asm_walkers sorts the
 * jumps and the walkers are walked (walk_asm.S).
 * In:  the registers of bd_asm_load and bd_asm_capture_test.
 * Out: r25:r24 = the count (MG_OVERFLOW when the C found no room).
 * Clobbers everything the C may (r18-r27, r30, r31, r0) and r2-r17. */
    .section .text.bd_asm_count_captures, "ax", @progbits
    .global bd_asm_count_captures
bd_asm_count_captures:
    OR_TEST U0, U1, U2, U3      /* kings: bd_asm_walkers sorts their jumps */
    breq .+2
    rjmp 9f
    XCALL bd_asm_men_reach
    clr  CNT
    ldi  ZH, hi8(bd_popcount_table)
    MEN_GO_ON 0, 1, 8f
    MEN_GO_ON 1, 1, 8f
    MEN_GO_ON 2, 1, 8f
    MEN_GO_ON 3, 1, 8f
4:  mov  r24, CNT
    clr  r25
    ret
/* The same when MEN_GO_ON found a man's jump that goes on: DN =
 * bd_asm_men_reach's set (perft_asm.S comes in here after its own count of
 * the men's jumps).  Their paths are counted, or walked. */
    .global bd_asm_count_men_going_on
bd_asm_count_men_going_on:
8:
#if MEN_PATHS
    XJMP bd_asm_count_men_paths
#endif
bd_asm_walk_men:
    XCALL bd_asm_men_walkers
    rjmp 5f
9:  XCALL bd_asm_walkers
    brne 5f
    rjmp 4b
5:  /* the walkers' captures listed in scratch (bd_asm_walk_all) */
    push CNT
    push r28
    push r29
    lds  YL, bd_asm_scratch
    lds  YH, bd_asm_scratch + 1
    lds  r24, bd_asm_scratch_end
    lds  r25, bd_asm_scratch_end + 1
    sts  bd_walk_end, r24
    sts  bd_walk_end + 1, r25
    XCALL bd_asm_walk_all
    pop  r29
    pop  r28
    pop  r13
    adiw r24, 0
    breq 6f
    lds  r16, bd_asm_scratch
    lds  r17, bd_asm_scratch + 1
    sub  r24, r16               /* bytes listed, 6 a move: a few moves, */
    sbc  r25, r17               /* counted off without a division */
    rjmp 8f
7:  inc  r13
    sbiw r24, 6
8:  brne 7b
    mov  r24, r13
    clr  r25
    ret
6:  ser  r24                    /* MG_OVERFLOW: the C found no room */
    ser  r25
    ret

/* ------------------------------------------------------------ C entries */


/* uint16_t mg_count(const bd_position *pos, const struct bd_rules *rules,
 *                   bd_move *scratch, bd_move *scratch_end)
 * r25:r24 pos, r23:r22 rules, r21:r20 scratch, r19:r18 scratch_end.
 * Men only, no capture: about 250 cycles. */
    .section .text.mg_count, "ax", @progbits
    .global mg_count
mg_count:
    SAVE_R2_R17
    sts  bd_asm_pos, r24
    sts  bd_asm_pos + 1, r25
    sts  bd_asm_rules, r22
    sts  bd_asm_rules + 1, r23
    sts  bd_asm_scratch, r20
    sts  bd_asm_scratch + 1, r21
    sts  bd_asm_scratch_end, r18
    sts  bd_asm_scratch_end + 1, r19
    movw ZL, r22
    rcall bd_asm_rules_flags
    movw ZL, r24
    rcall bd_asm_count
    XJMP bd_asm_return_to_c

/* bd_asm_count: the number of legal moves of a position.
 * In:  Z = the position, FL = its rules' flags, bd_asm_args filled (the
 *      position, rules and scratch moves for the C).
 * Out: r25:r24 (MG_OVERFLOW when the C found no room for its list).
 * Clobbers r0, r2-r27, r30, r31; keeps Y.
 * Men only, no capture: English 185, Russian 251 cycles with RET. */
    .section .text.bd_asm_count, "ax", @progbits
    .global bd_asm_count, bd_asm_count_loaded
bd_asm_count:
    rcall bd_asm_load
/* The same on the registers of bd_asm_load. */
bd_asm_count_loaded:
    rcall bd_asm_capture_test
    cpi  FL, 1 << F_JUMPS
    brsh 7f
    sbrs FL, F_FLYING           /* flying kings: U holds them */
    rjmp 6f
    OR_TEST U0, U1, U2, U3
    breq 6f
    rcall bd_asm_count_quiet    /* first: the flood takes DN0, DN1 */
    rcall bd_asm_flying_capture
    brcs 7f
    rcall bd_asm_flying_count
    rjmp 8f
6:  rcall bd_asm_count_quiet
8:  mov  r24, CNT
    clr  r25
    ret
7:  rjmp bd_asm_count_captures

/* Z flag clear when a step of the movers at s0..s2 (a STEP_ macro) lands
 * on an empty square; the step's bytes b0..b3 in order.  Clobbers T0..T3.
 * 18-19 cycles. */
.macro STEP_LANDS step_of, s0, s2, b0, b1, b2, b3
    \step_of \s0, \s2
    and  \b0, EM0
    and  \b1, EM1
    and  \b2, EM2
    and  \b3, EM3
    or   \b0, \b1
    or   \b0, \b2
    or   \b0, \b3
.endm

/* uint8_t mg_move_kind(const bd_position *pos, const struct bd_rules *rules)
 * r25:r24 pos, r23:r22 rules; r24 = MG_KIND_CAPTURE, MG_KIND_QUIET or
 * MG_KIND_NONE.  The capture test, then with no short jump the quiet
 * movers (QUIET_MOVERS, with the flying kings, for which a step is one
 * square too) stepped a direction at a time until one lands on an empty
 * square (the C's mg_has_step reads the position again for each one); the
 * flying kings' captures last, CNT keeping the step test's answer.
 * After bd_asm_capture_test, to the jump back to the C: a capture 5
 * cycles; no capture, White's men stepping up-left (no flying kings): 44.
 * Clobbers r18-r27, r30, r31, r0 (avr-gcc's call-used registers). */
    .section .text.mg_move_kind, "ax", @progbits
    .global mg_move_kind
mg_move_kind:
    SAVE_R2_R17
    movw ZL, r22
    rcall bd_asm_rules_flags
    movw ZL, r24
    rcall bd_asm_load
    rcall bd_asm_capture_test
    cpi  FL, 1 << F_JUMPS
    brlo 1f
    ldi  r24, MG_KIND_CAPTURE
    rjmp 9f
1:  QUIET_MOVERS
    sbrs FL, F_FLYING           /* flying kings: bd_asm_load left them out */
    rjmp 0f                     /* of the forward set (U: the backward) */
    OR4  UP0, UP1, UP2, UP3, U0, U1, U2, U3
    OR4  DN0, DN1, DN2, DN3, U0, U1, U2, U3
0:  ldi  CNT, MG_KIND_QUIET
    OR_TEST UP0, UP1, UP2, UP3
    breq 2f
    STEP_LANDS STEP_UL, UP0, UP2, T0, T1, T2, T3
    breq .+2
    rjmp 4f
    STEP_LANDS STEP_UR, UP0, UP2, T3, T0, T1, T2
    brne 4f
2:  OR_TEST DN0, DN1, DN2, DN3
    breq 3f
    STEP_LANDS STEP_DR, DN0, DN2, T0, T1, T2, T3
    brne 4f
    STEP_LANDS STEP_DL, DN0, DN2, T1, T2, T3, T0
    brne 4f
3:  ldi  CNT, MG_KIND_NONE
4:  ldi  r24, MG_KIND_CAPTURE   /* DN2: the steps are done */
    sbrs FL, F_FLYING           /* flying kings: U holds them */
    rjmp 5f
    OR_TEST U0, U1, U2, U3
    breq 5f
    rcall bd_asm_flying_capture
    brcs 9f
5:  mov  r24, CNT
9:  XJMP bd_asm_return_to_c

/* uint8_t mg_has_capture(const bd_position *pos, const struct bd_rules *rules)
 * r25:r24 pos, r23:r22 rules; r24 = 1 or 0: mg_move_kind's answer, of
 * which only MG_KIND_CAPTURE has bit 0 set (the search asks the kind; the
 * step test's few cycles cost the other callers nothing that matters). */
    .section .text.mg_has_capture, "ax", @progbits
    .global mg_has_capture
mg_has_capture:
    XCALL mg_move_kind
    andi r24, MG_KIND_CAPTURE
    ret

#if MEN_PATHS
/* The captures of a side of men counted without listing them, while every
 * path of jumps is short (bd_asm_count_men_paths).
 *
 *   Two paths that take the same pieces to the same square need four
 *   jumps at least (a loop round four pieces), and a path comes back to
 *   its origin after four jumps at the earliest (after two it would jump
 *   one piece twice; after three its file and its rank have each changed
 *   by twice an odd number).  So up to three jumps every path is one
 *   move, and whether a jump goes on from a landing is decided by the
 *   position before the move (one set a direction: the squares from which
 *   that jump exists, as in bd_asm_men_reach), less the jumps over the
 *   pieces this path has jumped, kept as squares (C1..C3): the jumped
 *   pieces stay on the board until the move ends, and the origin is the
 *   only square the move empties.
 *
 *   The count gives up, and the walk takes over, when a path would make a
 *   fourth jump, when a third jump of men that capture backwards lands a
 *   jump away from the origin over an enemy piece not yet jumped (a fourth
 *   may land on the origin, empty by then), or when a man that captures
 *   backwards, or whose promotion continues the capture, reaches his last
 *   rank.  Men that capture forwards only (English checkers) have only
 *   their two directions' sets, and their move ends on the last rank,
 *   where no forward jump exists: they give up only at a fourth jump,
 *   which eight ranks do not leave room for.
 *
 *   Each landing of a short jump is counted first (bd_asm_landings); one
 *   that goes on is a move less, and every end of a path on from it a
 *   move.
 */
    .section .bss.bd_asm_men_paths, "aw", @nobits
/* The four directions' sets, then the squares where the walk takes over:
 * the last rank, where a man goes on as a king, or where the move of a
 * man that captures backwards ends (with no jump from there to count);
 * none for forward-only men whose move ends there. */
bd_asm_men_jump_from: .skip 20
#define MEN_KING_SET (bd_asm_men_jump_from + 16)
bd_asm_men_ways:      .skip 1       /* bit d: the men capture in direction d */
bd_asm_men_sp:        .skip 2       /* the stack pointer to give up to */

#define SQ      U0                  /* the landing */
#define ORIGIN  U1                  /* the man's square */
#define C1      U2                  /* the squares of the jumped pieces */
#define SQ_BIT  U3                  /* the landing's bit in its byte */
#define C2      T0
#define C3      T1
#define JUMPS   T2                  /* a set's byte, then the test */
#define STEP    T3                  /* a step in the first jump's direction */
#define WAYS    r28                 /* bit d: a jump in d from the landing in
                                     * the position before the move */
#define VICTIM  r29                 /* a jump's piece, then its landing */
#define WAY_TAKEN 7                 /* in WAYS: a jump on was made */

    .section .text.bd_asm_men_paths, "ax", @progbits

/* Z = SQ's byte of bd_asm_men_jump_from, SQ_BIT = its bit; on to
 * bd_asm_men_give_up when SQ is in MEN_KING_SET.  19 cycles. */
.macro MEN_LANDING
    mov  ZL, SQ
    lsr  ZL
    lsr  ZL
    lsr  ZL
    clr  ZH
    subi ZL, lo8(-(bd_asm_men_jump_from))
    sbci ZH, hi8(-(bd_asm_men_jump_from))
    BIT_OF SQ_BIT, SQ
    ldd  JUMPS, Z + MEN_KING_SET - bd_asm_men_jump_from
    and  JUMPS, SQ_BIT
    breq .L_ml\@
    rjmp bd_asm_men_give_up
.L_ml\@:
.endm

/* VICTIM = the piece that a jump by `step` from SQ takes; on to `skip`
 * when this path has jumped it already (C1 to C`jumped`). */
.macro MEN_VICTIM step, jumped, skip
    mov  VICTIM, SQ
    subi VICTIM, -\step
    andi VICTIM, 31
    cp   VICTIM, C1
    breq \skip
    .if \jumped >= 2
    cp   VICTIM, C2
    breq \skip
    .endif
    .if \jumped >= 3
    cp   VICTIM, C3
    breq \skip
    .endif
.endm

/* WAYS |= bit d when the position before the move has a jump in
 * direction d from the landing (Z, SQ_BIT: MEN_LANDING's).  4-5 cycles. */
.macro MEN_WAY_BIT d
    ldd  JUMPS, Z + 4 * \d
    and  JUMPS, SQ_BIT
    breq .L_mwb\@
    ori  WAYS, 1 << \d
.L_mwb\@:
.endm

/* From the landing of jump k (1 or 2), the jump in direction d (step) when
 * there is one: its victim C(k+1), and the ends of the paths on from its
 * landing counted. */
.macro MEN_WAY k, d, step
    sbrs WAYS, \d
    rjmp .L_mw\@
    MEN_VICTIM \step, \k, .L_mw\@
    ori  WAYS, 1 << WAY_TAKEN
    .if \k == 1
    mov  C2, VICTIM
    .else
    mov  C3, VICTIM
    .endif
    push SQ
    push WAYS
    mov  SQ, VICTIM
    subi SQ, -\step
    andi SQ, 31
    .if \k == 1
    rcall bd_asm_men_landing_2
    .else
    rcall bd_asm_men_landing_3
    .endif
    pop  WAYS
    pop  SQ
.L_mw\@:
.endm

/* bd_asm_men_landing_K (K = 1, 2): CNT += the ends of the paths on from
 * the landing SQ of jump K (C1..CK its victims), one when none goes on.
 * Clobbers SQ_BIT, JUMPS, WAYS, VICTIM, C(K+1).., Z.  61 cycles with RET
 * where no jump goes on; each jump on adds 20 (22 from the second
 * landing) and its own landing's. */
.macro MEN_NODE k
bd_asm_men_landing_\k:
    MEN_LANDING
    clr  WAYS
    MEN_WAY_BIT 0
    MEN_WAY_BIT 1
    MEN_WAY_BIT 2
    MEN_WAY_BIT 3
    lds  JUMPS, bd_asm_men_ways
    and  WAYS, JUMPS
    MEN_WAY \k, 0, 1
    MEN_WAY \k, 1, 7
    MEN_WAY \k, 2, 31
    MEN_WAY \k, 3, 25
    sbrs WAYS, WAY_TAKEN
    inc  CNT                    /* the path ends here */
    ret
.endm

/* From the third landing, the jump in direction d (step): on to the walk
 * when there is one (WAYS: the directions the men capture in). */
.macro MEN_LAST_WAY d, step
    sbrs WAYS, \d
    rjmp .L_mlw\@
    ldd  JUMPS, Z + 4 * \d
    and  JUMPS, SQ_BIT
    breq .L_mlw\@
    MEN_VICTIM \step, 3, .L_mlw\@
    rjmp bd_asm_men_give_up
.L_mlw\@:
.endm

/* After the third jump, VICTIM = the origin less the landing, mod 32:
 * when that is a jump in direction d (step), on to
 * bd_asm_men_origin_near with Z = the direction's bd_asm_men_can_jump
 * and VICTIM = the step. */
.macro MEN_ORIGIN_WAY d, step
    cpi  VICTIM, (2 * \step) & 31
    brne .L_mow\@
    ldi  ZL, lo8(bd_asm_men_can_jump + 4 * \d)
    ldi  ZH, hi8(bd_asm_men_can_jump + 4 * \d)
    ldi  VICTIM, \step
    rjmp bd_asm_men_origin_near
.L_mow\@:
.endm

/* bd_asm_men_jump_from's set of one direction (JUMP_FROM_`dir`, `at` its
 * offset) when the men capture in it: backwards, or it is forwards
 * (`down` 1 for the down directions).  The others are left as they were:
 * bd_asm_men_ways leaves them out. */
.macro MEN_JUMP_FROM dir, at, down
    sbrc FL, F_MCB
    rjmp .L_mjf\@
    .if \down
    sbrs FL, F_BLACK
    .else
    sbrc FL, F_BLACK
    .endif
    rjmp .L_mje\@
.L_mjf\@:
    JUMP_FROM_\dir bd_asm_men_jump_from + \at
.L_mje\@:
.endm

/* bd_asm_count_men_paths: bd_asm_count_captures' count when a man's jump
 * goes on, or bd_asm_walk_men's when it gives up.
 * In:  FL with the jump bits, EN, EM, DN = bd_asm_men_reach's set,
 *      bd_asm_landings.
 * Out: r25:r24 = the count.
 * Clobbers UP, U, T, CNT, Z, tmp.  Keeps Y, and EN, EM, DN and FL for the
 * walk.  With RET and one direction of short jumps, besides
 * bd_asm_men_paths_dir: about 155 cycles in English, 210 in Russian (its
 * four sets). */
bd_asm_count_men_paths:
    push r28
    push r29
    SAVE_SP bd_asm_men_sp
    MEN_JUMP_FROM UL, 0, 0
    MEN_JUMP_FROM UR, 4, 0
    MEN_JUMP_FROM DR, 8, 1
    MEN_JUMP_FROM DL, 12, 1
    ldi  ZL, 0x0F               /* the directions they capture in */
    sbrc FL, F_MCB
    rjmp 1f
    ldi  ZL, 0x03               /* up: White's */
    sbrc FL, F_BLACK
    ldi  ZL, 0x0C
1:  sts  bd_asm_men_ways, ZL
    clr  T0                     /* where the walk takes over */
    clr  T1
    movw T2, T0
    sbrc FL, F_PCC
    rjmp 1f
    sbrs FL, F_MCB
    rjmp 2f
1:  LAST_RANK
2:  sts  MEN_KING_SET + 0, T0
    sts  MEN_KING_SET + 1, T1
    sts  MEN_KING_SET + 2, T2
    sts  MEN_KING_SET + 3, T3
    clr  CNT
    ON_LANDINGS 0, bd_asm_men_paths_dir, 0
    ON_LANDINGS 1, bd_asm_men_paths_dir, 0
    ON_LANDINGS 2, bd_asm_men_paths_dir, 0
    ON_LANDINGS 3, bd_asm_men_paths_dir, 0
    pop  r29
    pop  r28
    mov  r24, CNT
    clr  r25
    ret

/* bd_asm_men_give_up: back to bd_asm_count_men_paths' stack, and on to
 * the walk. */
bd_asm_men_give_up:
    lds  r28, bd_asm_men_sp
    lds  r29, bd_asm_men_sp + 1
    SET_SP r28, r29
    pop  r29
    pop  r28
    XJMP bd_asm_walk_men

/* bd_asm_men_paths_dir: CNT += the moves from the landings in UP of the
 * short jumps in direction ZL.  Clobbers UP, U, T, WAYS, VICTIM, Z, tmp.
 * 46 cycles with RET when no landing goes on, and 13 to 15 more a
 * landing that does, besides bd_asm_men_first_landing. */
bd_asm_men_paths_dir:
    ldi  STEP, 1                /* up-left +1, up-right +7, */
    sbrc ZL, 0
    ldi  STEP, 7
    sbrc ZL, 1                  /* down-right -1, down-left -7 */
    neg  STEP                   /* (mod 32: every use masks) */
    ldi  ZH, hi8(bd_popcount_table)
    COUNT UP0, UP1, UP2, UP3    /* one a short jump */
    AND4 UP0, UP1, UP2, UP3, DN0, DN1, DN2, DN3
    SCAN UP0, 0, SQ, bd_asm_men_first_landing  /* those that go on */
    SCAN UP1, 8, SQ, bd_asm_men_first_landing
    SCAN UP2, 16, SQ, bd_asm_men_first_landing
    SCAN UP3, 24, SQ, bd_asm_men_first_landing
    ret

/* bd_asm_men_first_landing: a short jump to SQ that goes on is a move
 * less; the ends of its paths are counted.  Out: ZH =
 * hi8(bd_popcount_table).  15 cycles with RET besides
 * bd_asm_men_landing_1. */
bd_asm_men_first_landing:
    dec  CNT
    mov  C1, SQ
    sub  C1, STEP
    andi C1, 31
    mov  ORIGIN, C1
    sub  ORIGIN, STEP
    andi ORIGIN, 31
    rcall bd_asm_men_landing_1
    ldi  ZH, hi8(bd_popcount_table)
    ret

    MEN_NODE 1
    MEN_NODE 2

/* bd_asm_men_landing_3: CNT += 1, the end of a path of three jumps, unless
 * a fourth may follow.  With RET: English 49 cycles, Russian 71 (when the
 * origin is not a jump away). */
bd_asm_men_landing_3:
    MEN_LANDING
    lds  WAYS, bd_asm_men_ways
    MEN_LAST_WAY 0, 1
    MEN_LAST_WAY 1, 7
    MEN_LAST_WAY 2, 31
    MEN_LAST_WAY 3, 25
    sbrs FL, F_MCB              /* forwards only: never the origin */
    rjmp 1f
    mov  VICTIM, ORIGIN         /* the origin a jump away? */
    sub  VICTIM, SQ
    andi VICTIM, 31
    MEN_ORIGIN_WAY 0, 1
    MEN_ORIGIN_WAY 1, 7
    MEN_ORIGIN_WAY 2, 31
    MEN_ORIGIN_WAY 3, 25
1:  inc  CNT                    /* the path ends here */
    ret
/* The origin may be a jump away from the third landing: on to the walk
 * when that jump is on the board (the difference mod 32 alone also
 * matches squares far apart) and its piece is an enemy not yet jumped: a
 * fourth jump lands on the origin.  Else the path ends there. */
bd_asm_men_origin_near:
    mov  tmp, SQ
    lsr  tmp
    lsr  tmp
    lsr  tmp
    add  ZL, tmp
    adc  ZH, zero
    lpm  tmp, Z
    and  tmp, SQ_BIT
    breq 1b
    add  VICTIM, SQ             /* the piece between */
    andi VICTIM, 31
    cp   VICTIM, C1
    breq 1b
    cp   VICTIM, C2
    breq 1b
    cp   VICTIM, C3
    breq 1b
    SQUARE_TEST VICTIM, EN0, EN1, EN2, EN3, WAYS  /* an enemy piece? */
    breq 1b
    rjmp bd_asm_men_give_up

/* The squares from which a jump in each direction stays on the board. */
    .section .progmem.gcc.bd_asm_men_can_jump, "a", @progbits
bd_asm_men_can_jump:
    .irp mask, CJ_UL, CJ_UR, CJ_DR, CJ_DL
    .byte (\mask) & 0xFF, ((\mask) >> 8) & 0xFF, ((\mask) >> 16) & 0xFF, ((\mask) >> 24) & 0xFF
    .endr
    .section .text.bd_asm_men_paths, "ax", @progbits

#undef SQ
#undef ORIGIN
#undef C1
#undef SQ_BIT
#undef C2
#undef C3
#undef JUMPS
#undef STEP
#undef WAYS
#undef VICTIM
#undef WAY_TAKEN
#undef MEN_KING_SET
#endif /* MEN_PATHS */
