#include "eval.h"
#include "bitscan.h"
#include "progmem.h"

/* A king's worth in hundredths of a man: a flying king controls whole
 * diagonals and usually outweighs three men in the ending; a short king
 * is a man that can also step back. */
#define KING_FLYING 280
#define KING_SHORT 140
#define MAN_SQUARE_SCALE 2      /* points per unit of the man table */
#define KING_SQUARE_SCALE 2     /* points per unit of the king table */
#define KING_MOBILITY 3         /* points per empty square next to a king */
#define TEMPO 3                 /* the side to move's initiative */

/*
 * Per-square weights 0..15 as White sees the board (Black reads them on the
 * board turned by 180 degrees), two squares to a byte, square 2i in the low
 * nibble of byte i (lib/nibble.h's order).  Written by rank and file and
 * packed by hand with a throw-away script; the pictures are the tables:
 *
 * men: advancement, the centre, and the back-rank guard (c1 and e1 keep
 * the opponent's men from crowning; a1 and g1 less so):
 *     8 |  .  0  .  0  .  0  .  0          kings: the centre, 0 on the edge
 *     7 |  9  . 10  . 10  .  9  .          rings, 6 in the middle four
 *     6 |  .  6  .  8  .  8  .  6            8 |  .  0  .  0  .  0  .  0
 *     5 |  4  .  7  .  7  .  5  .            7 |  0  .  2  .  2  .  2  .
 *     4 |  .  3  .  6  .  6  .  3            6 |  .  2  .  4  .  4  .  0
 *     3 |  2  .  4  .  4  .  2  .            5 |  0  .  4  .  6  .  2  .
 *     2 |  .  2  .  3  .  3  .  2            4 |  .  2  .  6  .  4  .  0
 *     1 |  4  .  6  .  6  .  4  .            3 |  0  .  4  .  4  .  2  .
 *          a  b  c  d  e  f  g  h            2 |  .  2  .  2  .  2  .  0
 *                                            1 |  0  .  0  .  0  .  0  .
 */
static const uint8_t man_weights[16] PROGMEM = {
    0x34, 0x85, 0x0A, 0x26, 0x62, 0x09, 0x36, 0x34,
    0x04, 0x34, 0x64, 0x67, 0x29, 0x62, 0x87, 0x0A
};
static const uint8_t king_weights[16] PROGMEM = {
    0x00, 0x42, 0x02, 0x20, 0x00, 0x02, 0x20, 0x24,
    0x00, 0x20, 0x64, 0x24, 0x00, 0x42, 0x46, 0x02
};

BD_INLINE uint8_t weight(const uint8_t *table, uint8_t square)
{
    uint8_t byte = pgm_read_byte(&table[square >> 1]);
    if (square & 1u)
        byte = (uint8_t)(byte >> 4);
    return byte & 0x0Fu;
}

/* Sum of a table over a set of squares; flip turns the board for Black
 * (square n -> (17 - n) mod 32). */
static uint16_t table_sum(const uint8_t *table, bb32 squares, uint8_t flip)
{
    uint16_t sum = 0;
    while (squares) {
        uint8_t s = bs_pop_lsb32(&squares);
        if (flip)
            s = (uint8_t)((17u - s) & 31u);
        sum += weight(table, s);
    }
    return sum;
}

/* The score of one colour's pieces, higher is better for it. */
static int16_t colour_score(const position *pos, const struct rules *rules, uint8_t colour)
{
    bb32 men = pos->men[colour], kings = pos_kings(pos, colour);
    bb32 empty = ~pos_occupied(pos);
    int16_t score = (int16_t)(EVAL_MAN * bs_popcount32(men));
    uint8_t king_count = bs_popcount32(kings);
    if (king_count) {
        score += (int16_t)((rules->flying_kings ? KING_FLYING : KING_SHORT) * king_count);
        score += (int16_t)(KING_SQUARE_SCALE * table_sum(king_weights, kings, colour));
        uint8_t mobility = 0;
        for (uint8_t d = 0; d < BB_DIRECTIONS; d++)
            mobility += bs_popcount32(bb_step(kings, d) & empty);
        score += (int16_t)(KING_MOBILITY * mobility);
    }
    score += (int16_t)(MAN_SQUARE_SCALE * table_sum(man_weights, men, colour));
    return score;
}

int16_t eval_position(const position *pos, const struct rules *rules)
{
    int16_t white = colour_score(pos, rules, WHITE);
    int16_t black = colour_score(pos, rules, BLACK);
    int16_t score = (int16_t)(white - black);
    return (int16_t)((pos->side == WHITE ? score : -score) + TEMPO);
}
