/*
 * arch/perft.h (AVR) - override of checkers/perft.c by
 * lib/arch/avr/perft_asm.S: one frame a ply, the move played on the
 * child's copy in a few byte operations, the last ply counted by the
 * assembly of movegen_asm.S without a call frame, the leaves summed in RAM.
 */
#ifndef BITDRAUGHTS_PERFT_AVR_H
#define BITDRAUGHTS_PERFT_AVR_H

#define PERFT_PORTABLE(name) name##_portable
uint64_t perft_portable(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                        bd_move *stack, bd_move *stack_end);

#endif
