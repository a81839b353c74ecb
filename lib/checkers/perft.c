/* SPDX-License-Identifier: MIT */
#include "checkers/perft.h"

/* The target's perft, where it has one: its arch/perft.h then renames the
 * portable one below, which the linker drops. */
#include "arch/perft.h"

uint64_t perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth, bd_move *stack,
               bd_move *stack_end)
{
    if (depth == 0)
        return 1;
    if (depth == 1) {
        uint16_t count = mg_count(pos, rules, stack, stack_end);
        return count == MG_OVERFLOW ? PERFT_OVERFLOW : count;
    }
    bd_move *end = mg_generate(pos, rules, stack, stack_end);
    if (!end)
        return PERFT_OVERFLOW;
    uint64_t leaves = 0;
    for (const bd_move *m = stack; m < end; m++) {
        bd_position child = *pos;
        mg_make(&child, m);
        uint64_t below = perft(&child, rules, (uint8_t)(depth - 1u), end, stack_end);
        if (below == PERFT_OVERFLOW)
            return PERFT_OVERFLOW;
        leaves += below;
    }
    return leaves;
}
