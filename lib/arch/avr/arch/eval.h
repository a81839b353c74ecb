/* SPDX-License-Identifier: MIT */
/*
 * arch/eval.h (AVR) - override of engine/eval.c's count of the men's
 * empty neighbours and of its count of a bitboard in a region by
 * lib/arch/avr/eval_asm.S: the first reads the move generator's popcount
 * table a byte at a time instead of calling the count four times, the
 * second applies the region's mask and jumps to the count.  A build on
 * the small generator has no table: its lib/arch/small copy of this
 * header keeps the portable C.
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

#endif
