/* SPDX-License-Identifier: MIT */
/*
 * movegen_small.h - the small move generator (lib/arch/small/movegen.c,
 * MOVEGEN := small in the Makefile) and perft on it under the names
 * small_*, for the bench's rows of it next to the target's own generator.
 * lib/bench/movegen_small.c and perft_small.c compile them once more,
 * renamed by lib/bench/small_names.h, with lib/bench/portable in front of
 * the include path (no assembly perft); mg_make is the library's.
 */
#ifndef BITDRAUGHTS_MOVEGEN_SMALL_H
#define BITDRAUGHTS_MOVEGEN_SMALL_H

#include "checkers/movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

bd_move *small_mg_generate_known(const bd_position *pos, const struct bd_rules *rules,
                                 bd_move *out, bd_move *out_end, uint8_t capture);
uint64_t small_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                     bd_move *stack, bd_move *stack_end);

#ifdef __cplusplus
}
#endif

#endif
