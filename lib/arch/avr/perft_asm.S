/* SPDX-License-Identifier: MIT */
/*
 * perft_asm.S (AVR) - perft with the last ply counted in registers.
 *
 * The portable perft (lib/checkers/perft.c) copies the 17-byte position
 * into each child's frame through C, plays the move with mg_make, and adds
 * 64-bit counts through libgcc.  Here one 24-byte frame a ply holds the
 * child position, the move pointer, the end of the list and the depth; an
 * inner child is copied from the parent and the move played on it in a few
 * byte operations (bd_asm_make); a leaf is never written: its registers
 * come from the parent and the move (bd_perft_load_child), and
 * bd_asm_count counts it with no call frame and no register saves; the
 * leaves are summed into one 64-bit total
 * in RAM, two bytes a leaf and a carry that rarely ripples.  The lists of
 * the inner plies come from mg_generate_known, on the same move stack as
 * in C.
 *
 * Calls from C follow avr-gcc's convention; inside, the routines keep only
 * Y (the frame, whose first 17 bytes are the position of the node).
 */
#include <avr/io.h>
#include "movegen_regs.h"
/* In angle brackets: the include path decides (MOVEGEN := lean puts its
 * copy first), never a copy beside this file. */
#include <arch/movegen_lean.h>

    .section .bss.bd_perft_state, "aw", @nobits
bd_perft_total:     .skip 8
bd_perft_overflow:  .skip 1
bd_perft_flags:     .skip 1

/* Frame of an inner node, at Y: the child position, then */
#define F_PARENT 17     /* the node's own position (2 bytes) */
#define F_MOVE   19     /* the next move to play (2) */
#define F_END    21     /* the end of the node's moves (2) */
#define F_DEPTH  23     /* the children's depth */
#define FRAME    24


/* void mg_make(bd_position *pos, const bd_move *m)
 * r25:r24 pos, r23:r22 m: bd_asm_make with avr-gcc's convention (the C's
 * mg_make is compiled as mg_make_portable and not linked). */
    .section .text.mg_make, "ax", @progbits
    .global mg_make
mg_make:
    push r12
    push r13
    push r16
    push r17
    push r28
    push r29
    movw r28, r24
    movw r26, r22
    XCALL bd_asm_make
    pop  r29
    pop  r28
    pop  r17
    pop  r16
    pop  r13
    pop  r12
    ret

/* bd_asm_make: plays the move at X on the position at Y (mg_make).
 * Out: X past the move.  Clobbers r16-r25, r30, r31, r12, r13, r0.
 * Quiet man move: 53 cycles + RET. */
    .section .text.bd_asm_make, "ax", @progbits
bd_asm_make:
    ld   r18, X+                /* from */
    ld   r19, X+                /* to | MG_MOVE_PROMOTES */
    ld   r20, X+                /* captured */
    ld   r21, X+
    ld   r22, X+
    ld   r23, X+
    ldd  r24, Y+16              /* side */
    movw ZL, r28                /* own pieces; own men at +8 */
    sbrc r24, 0
    adiw ZL, 4
    movw r12, ZL
    mov  r25, r18               /* the origin's byte */
    lsr  r25
    lsr  r25
    lsr  r25
    add  ZL, r25
    adc  ZH, zero
    BIT_OF r16, r18
    ldd  r17, Z+0               /* lift the piece */
    eor  r17, r16
    std  Z+0, r17
    ldd  r17, Z+8
    and  r16, r17               /* a man? */
    breq 1f
    eor  r17, r16
    std  Z+8, r17
1:  movw ZL, r12                /* the destination's byte */
    mov  r25, r19
    andi r25, 0x1F
    lsr  r25
    lsr  r25
    lsr  r25
    add  ZL, r25
    adc  ZH, zero
    BIT_OF r17, r19
    ldd  r25, Z+0               /* put it down */
    eor  r25, r17
    std  Z+0, r25
    tst  r16                    /* a man that stays one */
    breq 2f
    sbrc r19, 7
    rjmp 2f
    ldd  r25, Z+8
    eor  r25, r17
    std  Z+8, r25
2:  mov  tmp, r20               /* captured pieces go */
    or   tmp, r21
    or   tmp, r22
    or   tmp, r23
    breq 3f
    movw ZL, r28
    sbrs r24, 0
    adiw ZL, 4
    com  r20
    com  r21
    com  r22
    com  r23
    ldd  r25, Z+0
    and  r25, r20
    std  Z+0, r25
    ldd  r25, Z+1
    and  r25, r21
    std  Z+1, r25
    ldd  r25, Z+2
    and  r25, r22
    std  Z+2, r25
    ldd  r25, Z+3
    and  r25, r23
    std  Z+3, r25
    ldd  r25, Z+8
    and  r25, r20
    std  Z+8, r25
    ldd  r25, Z+9
    and  r25, r21
    std  Z+9, r25
    ldd  r25, Z+10
    and  r25, r22
    std  Z+10, r25
    ldd  r25, Z+11
    and  r25, r23
    std  Z+11, r25
3:  ldi  r25, 1
    eor  r24, r25
    std  Y+16, r24
    ret

    .section .text.bd_perft_node, "ax", @progbits

/* bd_perft_child: the child at Y: the parent's copy (F_PARENT) with the
 * move at X played.  Out: X past the move.  Clobbers r0, r12, r13,
 * r16-r25, r30, r31. */
bd_perft_child:
    ldd  ZL, Y+F_PARENT
    ldd  ZH, Y+F_PARENT + 1
    .irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
    ld   tmp, Z+
    std  Y+\k, tmp
    .endr
    rjmp bd_asm_make

/* bd_perft_side: the registers that bd_asm_load_own wants for the side
 * not to move at Z: T = its pieces, U = its men, EN = the mover's pieces,
 * FL = bd_perft_flags with its colour.  Clobbers tmp.  31 cycles + RET. */
bd_perft_side:
    lds  FL, bd_perft_flags     /* FL is X's low byte: X is spent */
    ldd  tmp, Z+16
    sbrc tmp, 0
    rjmp 1f
    ori  FL, 1 << F_BLACK       /* White moves: Black's side */
    ldd  T0, Z+4
    ldd  T1, Z+5
    ldd  T2, Z+6
    ldd  T3, Z+7
    ldd  U0, Z+12
    ldd  U1, Z+13
    ldd  U2, Z+14
    ldd  U3, Z+15
    ldd  EN0, Z+0
    ldd  EN1, Z+1
    ldd  EN2, Z+2
    ldd  EN3, Z+3
    ret
1:  ldd  T0, Z+0
    ldd  T1, Z+1
    ldd  T2, Z+2
    ldd  T3, Z+3
    ldd  U0, Z+8
    ldd  U1, Z+9
    ldd  U2, Z+10
    ldd  U3, Z+11
    ldd  EN0, Z+4
    ldd  EN1, Z+5
    ldd  EN2, Z+6
    ldd  EN3, Z+7
    ret

/* bd_perft_load_child: the registers of bd_asm_load for the child of the
 * position at Z after the move at X, without writing the child (its side's
 * pieces and men are the parent's opponent's less the captured ones, its
 * enemy the parent's side's pieces with the mover lifted from its origin
 * and put on its destination; the enemy's men and kings are not needed).
 * In:  Z = the parent, X = the move, the rules in bd_perft_flags.
 * Out: as bd_asm_load.  Clobbers DN0, DN1, T0..T3, tmp. */
bd_perft_load_child:
    ld   DN0, X+                /* from */
    ld   DN1, X+                /* to */
    ld   EM0, X+                /* captured */
    ld   EM1, X+
    ld   EM2, X+
    ld   EM3, X+
    rcall bd_perft_side
    com  EM0
    com  EM1
    com  EM2
    com  EM3
    AND4 T0, T1, T2, T3, EM0, EM1, EM2, EM3
    AND4 U0, U1, U2, U3, EM0, EM1, EM2, EM3
    SQUARE_OP eor, DN0, CNT, EN0, EN1, EN2, EN3
    SQUARE_OP eor, DN1, CNT, EN0, EN1, EN2, EN3
    XJMP bd_asm_load_own

/* The registers of bd_asm_load that the children of one node share before
 * their moves, in the order of the loads below: FL, EN, EM, UP, DN, U. */
#define LEAF_BASE_BYTES 21
/* Storing them costs about four leaves' savings: fewer leaves do without. */
#define LEAF_SHARE_MIN 4
#define MOVE_BYTES 6
    .section .bss.bd_perft_shared, "aw", @nobits
bd_perft_shared: .skip LEAF_BASE_BYTES
    .section .text.bd_perft_node, "ax", @progbits

/* bd_perft_leaf_base: the shared registers of the children of the
 * position at Z, stored at bd_perft_shared: its opponent's side loaded
 * as if the move were none.  Clobbers what bd_asm_load does. */
bd_perft_leaf_base:
    rcall bd_perft_side
    XCALL bd_asm_load_own
    ldi  ZL, lo8(bd_perft_shared)
    ldi  ZH, hi8(bd_perft_shared)
    st   Z+, FL
    .irp r, EN0, EN1, EN2, EN3, EM0, EM1, EM2, EM3, UP0, UP1, UP2, UP3, DN0, DN1, DN2, DN3, U0, U1, U2, U3
    st   Z+, \r
    .endr
    ret

/* EN, EM = those of bd_perft_shared.  16 cycles. */
.macro SHARED_EN_EM
    lds  EN0, bd_perft_shared + 1
    lds  EN1, bd_perft_shared + 2
    lds  EN2, bd_perft_shared + 3
    lds  EN3, bd_perft_shared + 4
    lds  EM0, bd_perft_shared + 5
    lds  EM1, bd_perft_shared + 6
    lds  EM2, bd_perft_shared + 7
    lds  EM3, bd_perft_shared + 8
.endm

/* bd_perft_leaf: the leaf after the move at X, counted (bd_asm_count's
 * r25:r24), its registers from bd_perft_shared: a move that captures
 * nothing changes only its two squares, in the enemy pieces and the empty
 * squares (a promotion changes no register: the enemy's kings are not
 * among them).  A capture loads the long way (bd_perft_load_child).
 * In:  X = the move, Y = the frame.  Out: the count; the frame's next
 * move (F_MOVE) past this one.  Clobbers what bd_asm_count does.  A quiet
 * move is loaded in 92-96 cycles, then bd_asm_count_loaded (a tail call).
 */
bd_perft_leaf:
    ld   T0, X+                 /* from */
    ld   T1, X+                 /* to */
    ld   T2, X+                 /* captured: none? */
    ld   tmp, X+
    or   T2, tmp
    ld   tmp, X+
    or   T2, tmp
    ld   tmp, X+
    or   T2, tmp
    std  Y+F_MOVE, r26
    std  Y+F_MOVE + 1, r27
    lds  FL, bd_perft_shared    /* X is spent: FL is its low byte */
    brne 1f
    sbrs FL, 7
    rjmp 2f
1:  ldd  r26, Y+F_MOVE          /* the long way, from the parent: */
    ldd  r27, Y+F_MOVE + 1      /* X = the move again */
    sbiw r26, MOVE_BYTES
    ldd  ZL, Y+F_PARENT
    ldd  ZH, Y+F_PARENT + 1
    rcall bd_perft_load_child
    XJMP bd_asm_count_loaded
2:  SHARED_EN_EM
    lds  UP0, bd_perft_shared + 9
    lds  UP1, bd_perft_shared + 10
    lds  UP2, bd_perft_shared + 11
    lds  UP3, bd_perft_shared + 12
    lds  DN0, bd_perft_shared + 13
    lds  DN1, bd_perft_shared + 14
    lds  DN2, bd_perft_shared + 15
    lds  DN3, bd_perft_shared + 16
    lds  U0, bd_perft_shared + 17
    lds  U1, bd_perft_shared + 18
    lds  U2, bd_perft_shared + 19
    lds  U3, bd_perft_shared + 20
    SQUARE_EOR2 T0, T2, EN0, EN1, EN2, EN3, EM0, EM1, EM2, EM3
    SQUARE_EOR2 T1, T2, EN0, EN1, EN2, EN3, EM0, EM1, EM2, EM3
    XJMP bd_asm_count_loaded

/* bd_perft_total += r25:r24, a count of bd_asm_count (MG_OVERFLOW sets
 * bd_perft_overflow instead).  Clobbers r0, Z.  13 cycles but when a
 * carry ripples. */
.macro ADD_LEAVES
    cpi  r24, 0xFF
    brne .L_add\@
    cpi  r25, 0xFF
    brne .L_add\@
    sts  bd_perft_overflow, r24
    rjmp .L_done\@
.L_add\@:
    lds  tmp, bd_perft_total
    add  tmp, r24
    sts  bd_perft_total, tmp
    lds  tmp, bd_perft_total + 1
    adc  tmp, r25
    sts  bd_perft_total + 1, tmp
    brcc .L_done\@
    ldi  ZL, lo8(bd_perft_total + 2)
    ldi  ZH, hi8(bd_perft_total + 2)
.L_carry\@:
    ld   tmp, Z                 /* the carry ripples on */
    inc  tmp
    st   Z+, tmp
    breq .L_carry\@
.L_done\@:
.endm

/* X = the frame's next move; on to `done` past the node's last one. */
.macro NEXT_MOVE done
    ldd  r26, Y+F_MOVE
    ldd  r27, Y+F_MOVE + 1
    ldd  r24, Y+F_END
    ldd  r25, Y+F_END + 1
    cp   r26, r24
    cpc  r27, r25
    brsh \done
.endm

/* The quiet moves that bd_perft_quiet_leaves walks, as XOR masks.
 * LEAVES_END_TEST: the walk compares only the low bytes of Y and
 * bd_perft_leaves_end: Y steps by a mask's 4 bytes from bd_perft_pairs
 * and the masks take at most MASKS_ROOM bytes, fewer than 256, so the low
 * bytes are equal only at the end.  5 cycles to go on (LDS, CPSE, RJMP). */
    .section .bss.bd_perft_shared, "aw", @nobits
bd_perft_pairs:      .skip 2
bd_perft_leaves_end: .skip 2
    .section .text.bd_perft_node, "ax", @progbits

/* bd_perft_total += CNT.  Clobbers tmp (Z when a carry ripples past the
 * second byte).  7 cycles when no carry leaves the first byte. */
.macro ADD_CNT
    lds  tmp, bd_perft_total
    add  tmp, CNT
    sts  bd_perft_total, tmp
    brcc .L_ac\@
    lds  tmp, bd_perft_total + 1
    inc  tmp
    sts  bd_perft_total + 1, tmp
    brne .L_ac\@
    rcall bd_perft_ripple
.L_ac\@:
.endm

/* bd_perft_reload: the registers of bd_perft_shared back (FL, EN, EM, UP,
 * DN, U).  Clobbers Z.  45 cycles + RET. */
bd_perft_reload:
    ldi  ZL, lo8(bd_perft_shared)
    ldi  ZH, hi8(bd_perft_shared)
    ld   FL, Z+
    .irp r, EN0, EN1, EN2, EN3, EM0, EM1, EM2, EM3, UP0, UP1, UP2, UP3, DN0, DN1, DN2, DN3, U0, U1, U2, U3
    ld   \r, Z+
    .endr
    ret

/* bd_perft_ripple: the carry of an addition to bd_perft_total's second
 * byte, on through the bytes above.  Clobbers tmp, Z. */
bd_perft_ripple:
    ldi  ZL, lo8(bd_perft_total + 2)
    ldi  ZH, hi8(bd_perft_total + 2)
1:  ld   tmp, Z                 /* the carry ripples on */
    inc  tmp
    st   Z+, tmp
    breq 1b
    ret

/* EN ^= m and EM ^= m.  8 cycles. */
.macro EN_EM_EOR m0, m1, m2, m3
    eor  EN0, \m0
    eor  EN1, \m1
    eor  EN2, \m2
    eor  EN3, \m3
    eor  EM0, \m0
    eor  EM1, \m1
    eor  EM2, \m2
    eor  EM3, \m3
.endm

/* EN ^= and EM ^= the move's mask at Y, Y past it.  16 cycles. */
.macro LEAF_MOVE
    ld   T0, Y+
    ld   T1, Y+
    ld   T2, Y+
    ld   T3, Y+
    EN_EM_EOR T0, T1, T2, T3
.endm

/* The men's leaf loop keeps the last leaf's mask in U (U is empty when the
 * loop starts: no kings), so that a leaf turns the last leaf's registers
 * into its own with one XOR of the two masks and none is undone from
 * bd_perft_shared.  A lean build's loop (arch/movegen_lean.h) calls
 * bd_asm_count_quiet, which reads U as the kings: there U stays empty and
 * each leaf is undone. */
#if !MOVEGEN_LEAN
/* EN ^= and EM ^= the last mask (U) ^ the move's mask at Y; U = the
 * move's mask, Y past it.  22 cycles. */
.macro MEN_LEAF_MOVE
    ld   T0, Y+
    ld   T1, Y+
    ld   T2, Y+
    ld   T3, Y+
    eor  U0, T0
    eor  U1, T1
    eor  U2, T2
    eor  U3, T3
    EN_EM_EOR U0, U1, U2, U3
    movw U0, T0
    movw U2, T2
.endm
.macro MEN_LEAF_UNDO
.endm
/* Around a capture leaf's walk, which takes every register: the last
 * mask kept, then the leaf's registers from bd_perft_shared's. */
.macro LAST_MASK_SAVE
    push U0
    push U1
    push U2
    push U3
.endm
.macro LAST_MASK_RESTORE
    pop  U3
    pop  U2
    pop  U1
    pop  U0
    EN_EM_EOR U0, U1, U2, U3
.endm
#else
.macro MEN_LEAF_MOVE
    LEAF_MOVE
.endm
.macro MEN_LEAF_UNDO
    SHARED_EN_EM                /* the leaf's two squares undone */
.endm
.macro LAST_MASK_SAVE
.endm
.macro LAST_MASK_RESTORE
.endm
#endif

/* A leaf whose side has men only (no kings: U is free, MEN_LEAF_MOVE's):
 * CNT = its quiet moves, or on
 * to `capture` when it must capture, with the landings stored and FL's
 * jump bits set as bd_asm_capture_test leaves them.  Built whole, the
 * work of bd_asm_capture_test and bd_asm_count_quiet without their calls
 * and their tests for kings: up from UP, down from DN (both when men
 * capture backwards), men stepping forward only; a lean build
 * (arch/movegen_lean.h) calls them. */
#if !MOVEGEN_LEAN
.macro MEN_LEAF_COUNT capture
    sbrc FL, F_MCB              /* both ways: up first */
    rjmp .L_up_test\@
    sbrc FL, F_BLACK
    rjmp .L_down_test\@
.L_up_test\@:
    TEST_JUMPS 0
    TEST_JUMPS 1
    sbrs FL, F_MCB
    rjmp .L_up_count\@
.L_down_test\@:
    TEST_JUMPS 2
    TEST_JUMPS 3
    sbrc FL, F_BLACK
    rjmp .L_down_count\@
.L_up_count\@:
    cpi  FL, 1 << F_JUMPS
    brlo .L_up\@
    rjmp \capture
.L_up\@:
    ldi  ZH, hi8(bd_popcount_table)
    clr  CNT
    COUNT_UP UP0, UP2
    rjmp .L_end\@
.L_down_count\@:
    cpi  FL, 1 << F_JUMPS
    brlo .L_dn\@
    rjmp \capture
.L_dn\@:
    ldi  ZH, hi8(bd_popcount_table)
    clr  CNT
    COUNT_DOWN DN0, DN2
.L_end\@:
.endm
#else
.macro MEN_LEAF_COUNT capture
    XCALL bd_asm_capture_test
    cpi  FL, 1 << F_JUMPS
    brlo .L_q\@
    rjmp \capture
.L_q\@:
    XCALL bd_asm_count_quiet
.endm
#endif

/* bd_perft_quiet_leaves' loop, each leaf counted by `count` (above).
 * Y (pushed) the masks; returns from bd_perft_quiet_leaves. */
.macro LEAF_LOOP count
.L_next\@:
    MEN_LEAF_MOVE
    \count .L_capture\@
    ADD_CNT
    MEN_LEAF_UNDO
.L_end_test\@:
    lds  tmp, bd_perft_leaves_end /* LEAVES_END_TEST */
    cpse r28, tmp
    rjmp .L_next\@
    pop  r29
    pop  r28
    ret
.L_capture\@:
    rcall bd_perft_capture_leaf
    rjmp .L_end_test\@
.endm

/* bd_perft_quiet_leaves: every child of a node counted from the node's
 * quiet moves (each leaf differs from the shared registers only by the
 * mover's two squares in EN and EM, and counting a leaf without a
 * capture changes none of UP, DN).  The shared registers stay live from
 * leaf to leaf (MEN_LEAF_MOVE); a leaf with a capture takes DN, and a
 * walk all of them, which come back from bd_perft_shared.  Y walks the
 * moves, 4-byte masks of their two squares from bd_perft_pairs to
 * bd_perft_leaves_end (at least one).
 * Leaves of men only are counted inline (MEN_LEAF_COUNT); leaves with
 * kings, rarer, one by one by bd_perft_king_leaves.
 * In:  the registers of bd_perft_leaf_base (bd_perft_shared stored).
 * Keeps Y; clobbers everything else.  Cycles a quiet leaf of men besides
 * the tests and counts: about 34 (22 of them MEN_LEAF_MOVE). */
bd_perft_quiet_leaves:
    push r28
    push r29
    lds  r28, bd_perft_pairs
    lds  r29, bd_perft_pairs + 1
    OR_TEST U0, U1, U2, U3      /* kings: bd_perft_king_leaves */
    breq 1f
    rjmp bd_perft_king_leaves
1:  LEAF_LOOP MEN_LEAF_COUNT

/* bd_perft_capture_leaf: a leaf of men with a capture counted and added
 * to the total, then the men's leaf loop's registers back (FL, EN, EM, DN,
 * and U, the loop's last mask).  In: the leaf's registers after the
 * capture test.  Clobbers T, CNT, Z, tmp. */
bd_perft_capture_leaf:
    XCALL bd_asm_men_reach      /* bd_asm_count_captures' men, inline: */
    clr  CNT                    /* UP, EN, EM, U kept */
    ldi  ZH, hi8(bd_popcount_table)
    MEN_GO_ON 0, 1, 7f, T0, T1, T2, T3
    MEN_GO_ON 1, 1, 7f, T0, T1, T2, T3
    MEN_GO_ON 2, 1, 7f, T0, T1, T2, T3
    MEN_GO_ON 3, 1, 7f, T0, T1, T2, T3
    ADD_CNT
    lds  DN0, bd_perft_shared + 13
    lds  DN1, bd_perft_shared + 14
    lds  DN2, bd_perft_shared + 15
    lds  DN3, bd_perft_shared + 16
    andi FL, 0x0F               /* the jump bits off */
    MEN_LEAF_UNDO
    ret
7:  LAST_MASK_SAVE
    XCALL bd_asm_count_men_going_on /* a jump goes on: its paths */
    ADD_LEAVES
    rcall bd_perft_reload
    LAST_MASK_RESTORE
    ret

/* The room that the quiet moves' masks may take: a short king's four
 * steps for each of the twelve pieces. */
#define MASK_BYTES 4
#define MASKS_ROOM (MASK_BYTES * 4 * 12)
#if MASKS_ROOM > 255
#error "LEAVES_END_TEST compares low bytes only"
#endif

/* A move's mask at X, X past it: byte k = ra, byte j = rb, the others
 * zero (j = -1: none). */
.macro MASK_STORE k, ra, j, rb
    .irp i, 0, 1, 2, 3
    .if \i == \k
    st   X+, \ra
    .elseif \i == \j
    st   X+, \rb
    .else
    st   X+, zero
    .endif
    .endr
.endm

/* The masks of the quiet moves to the squares of byte b (byte k of the
 * board) in one direction.  The origin's bit is the target's shifted by
 * one (shift: lsr or lsl): with near, in the same byte, or when the shift
 * carries out, bit `bit` of the byte `delta` further round; without near,
 * in that byte, or when it carries out, bit `bit` of the same byte.
 * Clobbers T0, T1.  21-22 cycles a move. */
.macro MASKS_OF b, k, shift, near, bit, delta
    tst  \b
    breq 9f
1:  mov  T0, \b
    neg  T0
    and  T0, \b                 /* the target's bit */
    eor  \b, T0
    mov  T1, T0
    \shift T1
    brcs 2f
    .if \near
    or   T0, T1
    MASK_STORE \k, T0, -1, T0
    .else
    MASK_STORE \k, T0, (\k + \delta) & 3, T1
    .endif
    rjmp 3f
2:  .if \near
    ldi  T1, \bit
    MASK_STORE \k, T0, (\k + \delta) & 3, T1
    .else
    ori  T0, \bit
    MASK_STORE \k, T0, -1, T0
    .endif
3:  tst  \b
    brne 1b
9:
.endm

/* The masks of one direction's moves to the squares of EN, then RET
 * (MASKS_OF's arguments but b and k). */
.macro MASKS_DIR shift, near, bit, delta
    MASKS_OF EN0, 0, \shift, \near, \bit, \delta
    MASKS_OF EN1, 1, \shift, \near, \bit, \delta
    MASKS_OF EN2, 2, \shift, \near, \bit, \delta
    MASKS_OF EN3, 3, \shift, \near, \bit, \delta
    ret
.endm

/* bd_perft_masks_dir: the masks of one direction's quiet moves.
 * In:  EN = the targets, T2 = the step (EACH_QUIET_DIR's: 1, 7, 31, 25),
 *      X.  Out: X past the masks.  Clobbers EN, T0, T1. */
bd_perft_masks_dir:
    cpi  T2, 7
    brne 1f
    rjmp .L_masks_ur
1:  cpi  T2, 31
    brne 1f
    rjmp .L_masks_dr
1:  cpi  T2, 25
    brne 1f
    rjmp .L_masks_dl
    /* from = to - 1, to - 7, to + 1, to + 7 modulo 32: the steps'
     * rotations */
1:  MASKS_DIR lsr, 1, 0x80, 3   /* up-left */
.L_masks_ur:
    MASKS_DIR lsl, 0, 0x01, 3
.L_masks_dr:
    MASKS_DIR lsl, 1, 0x01, 1
.L_masks_dl:
    MASKS_DIR lsr, 0, 0x80, 1

/* bd_perft_list_captures: the captures of the position at Y, whose
 * registers bd_asm_load and bd_asm_capture_test have filled, listed at
 * bd_perft_pairs as mg_generate_known lists them.  Out: r25:r24 = the
 * end, 0 when they do not fit.  Clobbers everything. */
bd_perft_list_captures:
    SAVE_SP bd_gen_sp           /* mg_generate_known's state */
    sts  bd_asm_pos, r28
    sts  bd_asm_pos + 1, r29
    lds  tmp, bd_asm_scratch_end
    sts  bd_gen_end, tmp
    lds  tmp, bd_asm_scratch_end + 1
    sts  bd_gen_end + 1, tmp
    lds  r28, bd_perft_pairs
    lds  r29, bd_perft_pairs + 1
    XJMP bd_asm_generate_captures

/* bd_perft_last: the leaves of the position at Y, two plies deep, added
 * to bd_perft_total without a list, when its side has no capture and no
 * flying king: its quiet moves as XOR masks on the free move stack
 * (mg_generate_known's quiet moves, in another order), then
 * bd_perft_quiet_leaves.  The leaves' scratch moves start where the list
 * would have ended, and a list that would not have fit is left to the
 * list's way, so that a move stack too small gives the same answer.
 * A capture is listed at X by mg_generate_known's own code for captures
 * (bd_asm_generate_captures), on the registers loaded and tested here.
 * In:  Y = the position, X = the free move stack.
 * Out: T flag set when counted; else bd_perft_pairs = X, nothing added,
 *      and r16 = 0 when the captures are listed, r19:r18 = the list's
 *      end (mg_generate_known's answer), MG_CAPTURE_UNKNOWN when not.
 * Keeps Y; clobbers everything else. */
bd_perft_last:
    sts  bd_perft_pairs, r26
    sts  bd_perft_pairs + 1, r27
    lds  FL, bd_perft_flags
    movw ZL, r28
    XCALL bd_asm_load
    XCALL bd_asm_capture_test
    clt
    cpi  FL, 1 << F_JUMPS       /* a capture: the list */
    brlo 0f
    push r28
    push r29
    rcall bd_perft_list_captures
    pop  r29
    pop  r28
    movw r18, r24
    clr  r16
    clt
    ret
0:  sbrs FL, F_FLYING
    rjmp 0f
    OR_TEST U0, U1, U2, U3      /* flying kings: the list's way */
    breq 0f
    rjmp 8f
0:  lds  ZL, bd_asm_scratch_end /* room for every pair */
    lds  ZH, bd_asm_scratch_end + 1
    sub  ZL, r26
    sbc  ZH, r27
    subi ZL, lo8(MASKS_ROOM)
    sbci ZH, hi8(MASKS_ROOM)
    brge 0f
    rjmp 8f
0:  QUIET_MOVERS
    lds  r26, bd_perft_pairs    /* X (FL, CNT no longer needed) */
    lds  r27, bd_perft_pairs + 1
    EACH_QUIET_DIR T2, bd_perft_masks_dir
    sts  bd_perft_leaves_end, r26
    sts  bd_perft_leaves_end + 1, r27
    lds  r24, bd_perft_pairs    /* the list's end: 6 bytes a mask's 4 */
    lds  r25, bd_perft_pairs + 1
    sub  r26, r24
    sbc  r27, r25
    breq 9f                     /* no move: no leaf */
    movw T0, r26
    lsr  T1
    ror  T0
    add  T0, r26
    adc  T1, r27
    add  T0, r24
    adc  T1, r25
    lds  tmp, bd_asm_scratch_end
    cp   tmp, T0
    lds  tmp, bd_asm_scratch_end + 1
    cpc  tmp, T1
    brsh 5f
8:  ldi  r16, MG_CAPTURE_UNKNOWN /* the list's way */
    clt
    ret
5:  sts  bd_asm_scratch, T0
    sts  bd_asm_scratch + 1, T1
    movw ZL, r28
    rcall bd_perft_leaf_base
    rcall bd_perft_quiet_leaves
9:  set
    ret

/* bd_perft_king_leaves: bd_perft_quiet_leaves' loop when the leaves'
 * side has kings: each leaf from all of bd_perft_shared, counted by
 * bd_asm_count_loaded.  Y (pushed) the masks; returns as
 * bd_perft_quiet_leaves. */
bd_perft_king_leaves:
1:  rcall bd_perft_reload
    LEAF_MOVE
    XCALL bd_asm_count_loaded
    ADD_LEAVES
    lds  tmp, bd_perft_leaves_end /* LEAVES_END_TEST */
    cpse r28, tmp
    rjmp 1b
    pop  r29
    pop  r28
    ret

/* bd_perft_node: adds the leaves of the position at Y, depth r20 >= 1
 * plies deep, to bd_perft_total; X = the free move stack.
 * Keeps Y; clobbers everything else. */
bd_perft_node:
    cpi  r20, 1
    brne 0f
    /* the last ply: count */
    sts  bd_asm_pos, r28
    sts  bd_asm_pos + 1, r29
    sts  bd_asm_scratch, r26
    sts  bd_asm_scratch + 1, r27
    lds  FL, bd_perft_flags
    movw ZL, r28
    XCALL bd_asm_count
    ADD_LEAVES
    ret
0:  ldi  r16, MG_CAPTURE_UNKNOWN
    cpi  r20, 2                 /* two plies: without a list if it can */
    brne 0f
    rcall bd_perft_last
    brtc 1f
    ret
1:  ldi  r20, 2
    lds  r26, bd_perft_pairs
    lds  r27, bd_perft_pairs + 1
0:  /* an inner node: a frame, the moves (r16 = 0: listed already, their
     * end in r19:r18), each child */
    movw r24, r28               /* the node's position */
    push r28
    push r29
    in   r28, _SFR_IO_ADDR(SPL)
    in   r29, _SFR_IO_ADDR(SPH)
    sbiw r28, FRAME
    SET_SP r28, r29
    adiw r28, 1
    std  Y+F_PARENT, r24
    std  Y+F_PARENT + 1, r25
    std  Y+F_MOVE, r26
    std  Y+F_MOVE + 1, r27
    dec  r20
    std  Y+F_DEPTH, r20
    tst  r16
    brne 1f
    movw r24, r18
    rjmp 0f
1:  lds  r22, bd_asm_rules
    lds  r23, bd_asm_rules + 1
    movw r20, r26
    lds  r18, bd_asm_scratch_end
    lds  r19, bd_asm_scratch_end + 1
    push r28                    /* r16: the list asks the capture test */
    push r29
    XCALL bd_asm_generate_known
    pop  r29
    pop  r28
0:  std  Y+F_END, r24
    std  Y+F_END + 1, r25
    mov  tmp, r24
    or   tmp, r25
    brne 0f
    ldi  r24, 1                 /* no room for the moves */
    sts  bd_perft_overflow, r24
    rjmp 7f
    /* the leaves' free stack: past the list */
0:  sts  bd_asm_scratch, r24
    sts  bd_asm_scratch + 1, r25
    ldd  r20, Y+F_DEPTH
    cpi  r20, 1
    brne 1f
    /* leaves: their shared registers, when enough of them share them */
    ldd  tmp, Y+F_MOVE
    sub  r24, tmp
    ldd  tmp, Y+F_MOVE + 1
    sbc  r25, tmp
    ser  r20                    /* FL never has bit 7: none shared */
    sts  bd_perft_shared, r20
    cpi  r24, MOVE_BYTES * LEAF_SHARE_MIN
    cpc  r25, zero
    brlo 2f
    ldd  ZL, Y+F_PARENT
    ldd  ZH, Y+F_PARENT + 1
    rcall bd_perft_leaf_base
    rjmp 2f
1:  NEXT_MOVE 7f
    rcall bd_perft_child
    std  Y+F_MOVE, r26
    std  Y+F_MOVE + 1, r27
    ldd  r20, Y+F_DEPTH
    ldd  r26, Y+F_END
    ldd  r27, Y+F_END + 1
    rcall bd_perft_node
    rjmp 3f
2:  /* Each child is a leaf: counted from the parent and the move in
     * registers (bd_perft_load_child), never written out. */
    NEXT_MOVE 7f
    rcall bd_perft_leaf
    ADD_LEAVES
    rjmp 2b                     /* on to the next leaf, even past an
                                 * overflow: the total is void then */
3:  lds  tmp, bd_perft_overflow
    tst  tmp
    breq 1b
7:  adiw r28, FRAME - 1         /* drop the frame */
    SET_SP r28, r29
    pop  r29
    pop  r28
    ret

/* uint64_t perft(const bd_position *pos, const struct bd_rules *rules,
 *                uint8_t depth, bd_move *stack, bd_move *stack_end)
 * r25:r24 pos, r23:r22 rules, r20 depth, r19:r18 stack, r17:r16 stack_end;
 * the count in r25..r18 (PERFT_OVERFLOW: all ones). */
    .section .text.perft, "ax", @progbits
    .global perft
perft:
    tst  r20
    brne 1f
    ldi  r18, 1                 /* depth 0: one sequence, the empty one */
    ldi  r19, 0
    movw r20, r18
    dec  r20
    movw r22, r20
    movw r24, r20
    ret
1:  SAVE_R2_R17
    push r28
    push r29
    sts  bd_asm_rules, r22
    sts  bd_asm_rules + 1, r23
    sts  bd_asm_scratch_end, r16
    sts  bd_asm_scratch_end + 1, r17
    ldi  ZL, lo8(bd_perft_total)
    ldi  ZH, hi8(bd_perft_total)
    ldi  r16, 9                 /* the total and the overflow flag */
2:  st   Z+, zero
    dec  r16
    brne 2b
    movw ZL, r22
    XCALL bd_asm_rules_flags    /* FL is r26: before X */
    sts  bd_perft_flags, FL
    movw r28, r24
    movw r26, r18
    rcall bd_perft_node
    lds  r18, bd_perft_total
    lds  r19, bd_perft_total + 1
    lds  r20, bd_perft_total + 2
    lds  r21, bd_perft_total + 3
    lds  r22, bd_perft_total + 4
    lds  r23, bd_perft_total + 5
    lds  r24, bd_perft_total + 6
    lds  r25, bd_perft_total + 7
    lds  tmp, bd_perft_overflow
    tst  tmp
    breq 3f
    ldi  r18, 0xFF
    mov  r19, r18
    movw r20, r18
    movw r22, r18
    movw r24, r18
3:  pop  r29
    pop  r28
    RESTORE_R2_R17
    ret
