/* SPDX-License-Identifier: MIT */
/*
 * The size-first evaluation (eval.h's eval_position for a board whose
 * ENGINE := small): material and the men's advance, a scan of the men instead
 * of eval.c's flash tables and terms (2 KB of code and some 90
 * bytes of stack under the search, more than the 8 KB, 512-byte parts can
 * give).  A man is EVAL_MAN and SMALL_ADVANCE a rank it has gone up the
 * board, which draws the men forward to crown; a king is worth the
 * variant's king value (a flying king far more than a man, an English king
 * less); the side to move has the tempo.  No endings are known as drawn:
 * the search's quiet-move rule ends them.
 */
#include "engine/eval.h"
#include "bits/bitscan.h"

#define SMALL_ADVANCE 4                 /* a man's points a rank advanced */
#define SMALL_KING_RUSSIAN 300          /* a flying king */
#define SMALL_KING_ENGLISH 160
#define SMALL_TEMPO 3
#define LAST_RANK 7u

/* Colour's pieces, White's view of the board for White and Black's for
 * Black: kings' value and the men's material and advance, a byte of the
 * bitboards at a time; each man's square by the library's 8-bit scan
 * (bits/bitscan.h): a step a piece, where a walk over the squares pays a
 * 32-bit shift for each of the 32.  The men's ranks are summed in a byte
 * and weighed once, by a shift. */
static int16_t side_score(const bd_position *pos, uint8_t colour, int16_t king)
{
    int16_t score = 0;
    uint8_t ranks = 0;
    bb32 men = pos->men[colour], kings = pos->pieces[colour] ^ men;
    uint8_t turned = colour == BD_WHITE ? 0u : LAST_RANK;
    for (uint8_t first = 0; first < BB_SQUARES; first = (uint8_t)(first + 8u), men >>= 8, kings >>= 8) {
        for (uint8_t byte = (uint8_t)kings; byte; byte &= (uint8_t)(byte - 1u))
            score = (int16_t)(score + king);
        for (uint8_t byte = (uint8_t)men; byte; byte &= (uint8_t)(byte - 1u)) {
            score = (int16_t)(score + EVAL_MAN);
            ranks = (uint8_t)(ranks + (bb_rank((uint8_t)(first + bs_lsb8(byte))) ^ turned));
        }
    }
    return (int16_t)(score + SMALL_ADVANCE * ranks);
}

int16_t eval_position(const bd_position *pos, const struct bd_rules *rules)
{
    int16_t king = rules->flying_kings ? SMALL_KING_RUSSIAN : SMALL_KING_ENGLISH;
    uint8_t side = pos->side;
    return (int16_t)(side_score(pos, side, king) - side_score(pos, BD_OTHER_COLOUR(side), king) + SMALL_TEMPO);
}
