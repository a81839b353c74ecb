/* SPDX-License-Identifier: MIT */
#include "arch/endgame_probe.h"

#include "bits/bitscan.h"
#include "endgame/probe.h"
#include "engine/search.h"

uint8_t endgame_probe(const struct endgame_tables *tables, const bd_position *pos,
                      const struct bd_rules *rules, uint8_t ply, uint8_t quiet, int16_t *score)
{
    if (!tables)
        return 0;
    const struct eg_table *table = &tables->variant[rules->variant];
    if (bs_popcount32(pos_occupied(pos)) > table->max_pieces)
        return 0;
    uint8_t value = eg_probe(table, pos);
    if (value == EG_HOLE)
        return 0;
    if (value == EG_DRAW) {
        *score = 0;
        return 1;
    }
    /* The count of quiet plies starts again at a capture or a man's move,
     * which the distance does not tell: a win that the count could reach
     * is searched. */
    unsigned plies = (unsigned)ply + eg_distance(value);
    if ((unsigned)quiet + eg_distance(value) >= rules->draw_quiet_plies || plies >= SEARCH_MATE - SEARCH_MATE_BOUND)
        return 0;
    *score = (int16_t)(eg_is_win(value) ? SEARCH_MATE - (int)plies : (int)plies - SEARCH_MATE);
    return 1;
}
