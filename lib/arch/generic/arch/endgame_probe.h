/* SPDX-License-Identifier: MIT */
/*
 * arch/endgame_probe.h (generic) - the search's look into endgame tables
 * (engine/table.c asks at each node that the transposition table could
 * decide): no tables here, nothing decided.  The host's library finds
 * lib/arch/endgame-tables first (lib/lib.mk), whose probe reads the
 * tables of lib/endgame when the caller gives some.
 */
#ifndef BITDRAUGHTS_ARCH_ENDGAME_PROBE_H
#define BITDRAUGHTS_ARCH_ENDGAME_PROBE_H

#include <stdint.h>
#include "checkers/position.h"

struct endgame_tables;

static inline uint8_t endgame_probe(const struct endgame_tables *tables, const bd_position *pos,
                                    const struct bd_rules *rules, uint8_t ply, uint8_t quiet, int16_t *score)
{
    (void)tables;
    (void)pos;
    (void)rules;
    (void)ply;
    (void)quiet;
    (void)score;
    return 0;
}

#endif
