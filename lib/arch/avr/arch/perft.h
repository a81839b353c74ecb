/* SPDX-License-Identifier: MIT */
/*
 * arch/perft.h (AVR) - override of checkers/perft.c by
 * lib/arch/avr/perft_asm.S: one frame a ply, the move played on the
 * child's copy in a few byte operations, the last ply counted by the
 * assembly of movegen_asm.S without a call frame, the leaves summed in RAM.
 */
#ifndef BITDRAUGHTS_PERFT_AVR_H
#define BITDRAUGHTS_PERFT_AVR_H

/* Only checkers/perft.c includes this header, after the declaration: its
 * definition takes this name. */
#define perft perft_portable

#endif
