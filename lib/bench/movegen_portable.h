/* SPDX-License-Identifier: MIT */
/*
 * movegen_portable.h - the portable move generation and perft under the
 * names ref_*, for the tests that compare a target's override with it.
 *
 * lib/bench/movegen_portable.c and perft_portable.c compile
 * lib/checkers/movegen.c and perft.c once more, renamed by
 * lib/bench/portable/names.h, with lib/bench/portable in front of the
 * include path: its arch/movegen.h and arch/perft.h name no override, so
 * the portable C is what is compiled, next to the library's own (assembly
 * on AVR) in the same firmware.  On the host both are the same C.
 */
#ifndef BITDRAUGHTS_MOVEGEN_PORTABLE_H
#define BITDRAUGHTS_MOVEGEN_PORTABLE_H

#include "checkers/movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

bd_move *ref_mg_generate_known(const bd_position *pos, const struct bd_rules *rules,
                               bd_move *out, bd_move *out_end, uint8_t capture);
BD_INLINE bd_move *ref_mg_generate(const bd_position *pos, const struct bd_rules *rules,
                                   bd_move *out, bd_move *out_end)
{
    return ref_mg_generate_known(pos, rules, out, out_end, MG_CAPTURE_UNKNOWN);
}
uint16_t ref_mg_count(const bd_position *pos, const struct bd_rules *rules, bd_move *scratch,
                      bd_move *scratch_end);
uint8_t ref_mg_has_capture(const bd_position *pos, const struct bd_rules *rules);
void ref_mg_make(bd_position *pos, const bd_move *m);
/* The walk's path of a capture (mg_path where the target has no override). */
uint8_t ref_mg_path(const bd_position *pos, const struct bd_rules *rules, const bd_move *m,
                    uint8_t *path);
uint64_t ref_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
                   bd_move *stack, bd_move *stack_end);

#ifdef __cplusplus
}
#endif

#endif
