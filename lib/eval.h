/*
 * eval.h - the static evaluation: a score of a quiet position from the
 * side to move's view, in hundredths of a man.
 *
 * Terms: material (a king's value depends on the variant: a flying
 * Russian king is worth far more than an English one), advancement of men,
 * the guard of the back rank, control of the centre, king mobility and a
 * tempo bonus for the side to move.  Per-square weights are 0..15 and live
 * in flash packed two to a byte (16 bytes per table).  Every term is
 * computed for White on the board as it stands and for Black on the board
 * turned by 180 degrees (square n -> (17 - n) mod 32), so the two colours
 * share the same tables: colour symmetry is data.
 */
#ifndef BITDRAUGHTS_EVAL_H
#define BITDRAUGHTS_EVAL_H

#include <stdint.h>
#include "position.h"

#define EVAL_MAN 100

/* The score of pos for pos->side, within +-(12 * king value + bonuses),
 * always far from the search's mate scores. */
int16_t eval_position(const position *pos, const struct rules *rules);

#endif
