/* SPDX-License-Identifier: MIT */
/*
 * endgame/probe.h - a variant's endgame table in memory, and its value of a
 * position (host only, as endgame/index.h).
 *
 * The table is one byte a number of every signature of endgame/index.h, in
 * its order: EG_DRAW, EG_HOLE for a number that names no position, else
 * the distance to the end of the game in plies plus one, with best play
 * (the winner ending it soonest, the loser latest): even distances are
 * losses for the side to move (0: it has no move), odd ones wins.  The
 * rules' draws by repetition and by quiet moves are not counted: a table
 * draw is a position that neither side can win.  The caller owns the bytes
 * (build/host/endgame writes them, firmware/host/endgame_file.c maps them).
 */
#ifndef BITDRAUGHTS_ENDGAME_PROBE_H
#define BITDRAUGHTS_ENDGAME_PROBE_H

#include <stdint.h>
#include "checkers/position.h"
#include "endgame/index.h"

#define EG_DRAW 0u
#define EG_HOLE 0xFFu
/* The longest distance a byte holds. */
#define EG_MAX_DISTANCE 253u

BD_INLINE uint8_t eg_value_of_distance(uint8_t distance)
{
    return (uint8_t)(distance + 1u);
}
/* A value's distance in plies; its parity says who wins. */
BD_INLINE uint8_t eg_distance(uint8_t value)
{
    return (uint8_t)(value - 1u);
}
BD_INLINE uint8_t eg_is_win(uint8_t value)
{
    return value != EG_DRAW && value != EG_HOLE && (eg_distance(value) & 1u);
}
BD_INLINE uint8_t eg_is_loss(uint8_t value)
{
    return value != EG_DRAW && value != EG_HOLE && !(eg_distance(value) & 1u);
}

struct eg_table {
    const uint8_t *values;                  /* NULL: no table */
    uint8_t max_pieces;
    uint32_t offset[EG_SIGNATURE_CODES];    /* each signature's first byte */
};

/* The tables of both variants, as the search takes them (engine/table.h). */
struct endgame_tables {
    struct eg_table variant[BD_VARIANT_COUNT];
};

/* Lays a table of up to max_pieces out over values (NULL for none yet);
 * returns its size in bytes. */
uint32_t eg_table_init(struct eg_table *table, const uint8_t *values, uint8_t max_pieces);

/* The value of pos for its side to move, or EG_HOLE when the table has no
 * such position (too many pieces, or a colour without any). */
uint8_t eg_probe(const struct eg_table *table, const bd_position *pos);

#endif
