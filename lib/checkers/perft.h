/* SPDX-License-Identifier: MIT */
/*
 * perft.h - counting the leaves of the move tree, the move generator's
 * acceptance test against published counts.
 *
 * Copy-make: each ply copies the 17-byte position and plays a move on the
 * copy.  The moves of all plies share one stack, passed in by the caller, so
 * a ply needs only as much RAM as it has moves (6 bytes each on AVR).  At
 * the last ply the moves are counted, not played (bulk counting).
 */
#ifndef BITDRAUGHTS_PERFT_H
#define BITDRAUGHTS_PERFT_H

#include <stdint.h>
#include "checkers/movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PERFT_OVERFLOW (~(uint64_t)0)   /* UINT64_MAX, which C++ may not define */

/* The number of move sequences of `depth` plies from pos; PERFT_OVERFLOW
 * when the move stack stack..stack_end was too small. */
uint64_t perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
               bd_move *stack, bd_move *stack_end);

#ifdef __cplusplus
}
#endif

#endif
