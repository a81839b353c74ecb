/*
 * eval.h - the static evaluation: a score of a quiet position from the
 * side to move's view, in hundredths of a man.
 *
 * Terms: material (a king's value depends on the variant: a flying
 * Russian king is worth far more than an English one), advancement of men,
 * the guard of the back rank, control of the centre, king mobility and a
 * tempo bonus for the side to move.  Per-square weights are 0..15, written
 * once for White; Black reads them on the board turned by 180 degrees
 * (square n -> (17 - n) mod 32), so colour symmetry is data.  They are
 * summed a nibble of a bitboard at a time through flash tables built from
 * them at compile time (eight reads per bitboard instead of a loop over
 * its pieces), the men's with their material folded in: on an ATmega328P
 * a fraction of the cycles of a loop over the pieces.  (No bench row
 * times the evaluation alone; the search rows of `make bench` carry it.)
 */
#ifndef BITDRAUGHTS_EVAL_H
#define BITDRAUGHTS_EVAL_H

#include <stdint.h>
#include "checkers/position.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EVAL_MAN 100

/* The score of pos for pos->side, within +-(12 * king value + bonuses),
 * always far from the search's mate scores. */
int16_t eval_position(const bd_position *pos, const struct bd_rules *rules);

#ifdef __cplusplus
}
#endif

#endif
