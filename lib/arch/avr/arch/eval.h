/* SPDX-License-Identifier: MIT */
/*
 * arch/eval.h (AVR) - override of engine/eval.c's helpers that count
 * and sum over bitboards by lib/arch/avr/eval_asm.S, whose routines say
 * how: the men's empty neighbours and a bitboard's count in a region read
 * the move generator's popcount table without a call, the runaways' cone
 * spreads with the inline rotations, the men's sum walks its table in a
 * pointer register.  A build on the small generator has no table: its
 * lib/arch/small copy of this header keeps the portable C.
 */
#ifndef BITDRAUGHTS_EVAL_AVR_H
#define BITDRAUGHTS_EVAL_AVR_H

#include "checkers/bitboard32.h"

uint16_t eval_empty_neighbours(bb32 men, bb32 empty);
#define eval_empty_neighbours eval_empty_neighbours
uint8_t eval_count_in(bb32 x, const bb32 *region);
#define eval_count_in eval_count_in
bb32 eval_forward_cone(bb32 pieces, uint8_t colour, uint8_t steps);
#define eval_forward_cone eval_forward_cone
uint16_t eval_board_sum(const uint8_t (*rows)[16], bb32 x);
#define eval_board_sum eval_board_sum

#endif
