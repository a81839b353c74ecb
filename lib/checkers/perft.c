#include "checkers/perft.h"

/* The target's perft, where it has one; the portable one is then compiled
 * as PERFT_PORTABLE(perft) and dropped by the linker. */
#include "arch/perft.h"
#ifndef PERFT_PORTABLE
#define PERFT_PORTABLE(name) name
#endif

uint64_t PERFT_PORTABLE(perft)(const bd_position *pos, const struct bd_rules *rules, uint8_t depth,
               bd_move *stack, bd_move *stack_end)
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
