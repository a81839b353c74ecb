/* SPDX-License-Identifier: MIT */
/*
 * small_asm.h - what the small generator's assembly (squares.S, make.S,
 * short_moves.S, jump_landing.S) reads of the C: structure offsets and
 * constants, written as plain numbers because the assembler cannot read
 * the C headers they come from.  One copy for every .S file, and
 * movegen.c includes it too and checks each value against the C's with
 * _Static_assert, so a change to a layout or a constant stops the build
 * instead of leaving the assembly reading the wrong byte.
 *
 * Only #defines of numbers: the file is read by the assembler.  Names that
 * the C headers also define carry ASM_ in front.
 */
#ifndef BITDRAUGHTS_SMALL_ASM_H
#define BITDRAUGHTS_SMALL_ASM_H

/* movegen.c's struct generation (the AVR layout) */
#define G_CAPTURED 0
#define G_WALKED 4
#define G_FIRST 8
#define G_COUNTED 10
#define G_OVERFLOW 12
#define G_RULES 13
#define G_MINE 15
#define G_MEN 17
#define G_ENEMY 19
#define G_OCCUPIED 21
#define G_OUT 25
#define G_OUT_END 27
#define G_COUNTING 29
#define G_FORWARD 30
#define G_LAST_RANK 31
#define G_JUMPERS 32
#define G_VICTIM 38

/* checkers/position.h's struct bd_rules and bd_position */
#define RULES_MEN_CAPTURE_BACKWARDS 2
#define RULES_FLYING_KINGS 3
#define POS_MEN 8               /* after pieces[2] */
#define POS_SIDE 16             /* after men[2] */

/* movegen.c's and movegen.h's constants, and bd_move's size */
#define ASM_FIND_JUMPERS 2
#define ASM_LAST_RANK_OF_BLACK 0  /* short_moves.S takes it as rank 0 */
#define ASM_LAST_RANK_OF_WHITE 7
#define ASM_MOVE_PROMOTES 0x80
#define ASM_MOVE_PROMOTES_BIT 7
#define ASM_MOVE_SQUARE_MASK 0x1F
#define ASM_MOVE_BYTES 6

/* checkers/bitboard32.h's */
#define ASM_NO_SQUARE 0xFF
#define ASM_BITBOARD_BYTES 4
#define ASM_CAN_UP_LEFT    0x7EFCF6DE
#define ASM_CAN_UP_RIGHT   0x7DFDF5DD
#define ASM_CAN_DOWN_RIGHT 0xFDF9EDBC
#define ASM_CAN_DOWN_LEFT  0xFEFAEEBE

#endif
