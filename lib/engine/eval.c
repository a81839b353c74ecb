#include "engine/eval.h"
#include "bits/bitscan.h"
#include "bits/progmem.h"

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
 * board turned by 180 degrees), square s in nibble s of a 128-bit constant
 * written as two 64-bit halves (squares 0-15, 16-31); the pictures are the
 * tables:
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
#define MAN_WEIGHTS_LOW   0x34360962260A8534ull
#define MAN_WEIGHTS_HIGH  0x0A87622967643404ull
#define KING_WEIGHTS_LOW  0x2420020020024200ull
#define KING_WEIGHTS_HIGH 0x0246420024642000ull

/* The weight of square s (0..31) in a table, and the same for Black
 * (square s of the board turned: (17 - s) mod 32). */
#define WEIGHT(table, s) \
    ((unsigned)((((s) < 16 ? table##_LOW : table##_HIGH) >> (4u * ((s) & 15u))) & 15u))
#define WEIGHT_BD_WHITE(table, s) WEIGHT(table, s)
#define WEIGHT_BD_BLACK(table, s) WEIGHT(table, (17u - (s)) & 31u)

/*
 * The sums are read a nibble of the bitboard at a time: entry [k][v] of a
 * sum table is the total over the squares 4k + j whose bit j is set in v,
 * so a bitboard costs eight flash reads, not a loop over its pieces.  The
 * tables are built here by the preprocessor from the weights above (no
 * generator, nothing to keep in step).  A man's entry also carries half
 * its material: 50 per man plus its weight, at most 4 * 50 + 25 = 225, so
 * twice the total is EVAL_MAN per man plus MAN_SQUARE_SCALE per unit of
 * weight without a popcount.  128 bytes a table, four tables (men and
 * kings, each colour): flash rather than RAM.
 */
#define MAN_HALF (EVAL_MAN / 2)
_Static_assert(EVAL_MAN == 2 * MAN_HALF && MAN_SQUARE_SCALE == 2,
               "the man tables hold half of a man's score");
#define BIT_TERM(colour, table, extra, k, v, j) \
    (((v) >> (j) & 1u) ? (extra) + WEIGHT_##colour(table, 4u * (k) + (j)) : 0u)
#define ENTRY(colour, table, extra, k, v)                                        \
    (uint8_t)(BIT_TERM(colour, table, extra, k, v, 0u) + BIT_TERM(colour, table, extra, k, v, 1u) \
            + BIT_TERM(colour, table, extra, k, v, 2u) + BIT_TERM(colour, table, extra, k, v, 3u))
#define ROW(colour, table, extra, k)                                                    \
    { ENTRY(colour, table, extra, k, 0u),  ENTRY(colour, table, extra, k, 1u),         \
      ENTRY(colour, table, extra, k, 2u),  ENTRY(colour, table, extra, k, 3u),         \
      ENTRY(colour, table, extra, k, 4u),  ENTRY(colour, table, extra, k, 5u),         \
      ENTRY(colour, table, extra, k, 6u),  ENTRY(colour, table, extra, k, 7u),         \
      ENTRY(colour, table, extra, k, 8u),  ENTRY(colour, table, extra, k, 9u),         \
      ENTRY(colour, table, extra, k, 10u), ENTRY(colour, table, extra, k, 11u),        \
      ENTRY(colour, table, extra, k, 12u), ENTRY(colour, table, extra, k, 13u),        \
      ENTRY(colour, table, extra, k, 14u), ENTRY(colour, table, extra, k, 15u) }
#define SUM_TABLE(colour, table, extra)                                                 \
    { ROW(colour, table, extra, 0u), ROW(colour, table, extra, 1u),                     \
      ROW(colour, table, extra, 2u), ROW(colour, table, extra, 3u),                     \
      ROW(colour, table, extra, 4u), ROW(colour, table, extra, 5u),                     \
      ROW(colour, table, extra, 6u), ROW(colour, table, extra, 7u) }

typedef uint8_t sum_table[8][16];
/* By colour: men (half material plus weight). */
static const sum_table man_sums[2] PROGMEM = {
    SUM_TABLE(BD_WHITE, MAN_WEIGHTS, MAN_HALF), SUM_TABLE(BD_BLACK, MAN_WEIGHTS, MAN_HALF)
};
/* Kings (weight only): the king table is the same on the board turned, so
 * both colours read one copy (checked square by square below). */
static const sum_table king_sums PROGMEM = SUM_TABLE(BD_WHITE, KING_WEIGHTS, 0u);
#define KING_TURNS(s) (WEIGHT_BD_WHITE(KING_WEIGHTS, s) == WEIGHT_BD_BLACK(KING_WEIGHTS, s))
#define KING_TURNS4(s) (KING_TURNS(s) && KING_TURNS(s + 1u) && KING_TURNS(s + 2u) && \
                        KING_TURNS(s + 3u))
_Static_assert(KING_TURNS4(0u) && KING_TURNS4(4u) && KING_TURNS4(8u) && KING_TURNS4(12u) &&
               KING_TURNS4(16u) && KING_TURNS4(20u) && KING_TURNS4(24u) && KING_TURNS4(28u),
               "the king table must read the same for Black");

/* Two nibbles' entries: byte b of a bitboard, rows 2b and 2b + 1. */
BD_INLINE uint16_t byte_sum(const uint8_t (*rows)[16], uint8_t byte)
{
    return (uint16_t)((uint16_t)pgm_read_byte(&rows[0][byte & 0x0Fu]) +
                      pgm_read_byte(&rows[1][byte >> 4]));
}

/* The table's total over the squares of x.  The bytes are taken by
 * constant shifts (a choice of register on AVR), and an empty byte, common
 * once pieces leave, costs a test. */
static __attribute__((noinline)) uint16_t board_sum(const uint8_t (*rows)[16], bb32 x)
{
    uint16_t sum = 0;
    uint8_t byte;
    if ((byte = (uint8_t)x) != 0)
        sum += byte_sum(rows, byte);
    if ((byte = (uint8_t)(x >> 8)) != 0)
        sum += byte_sum(rows + 2, byte);
    if ((byte = (uint8_t)(x >> 16)) != 0)
        sum += byte_sum(rows + 4, byte);
    if ((byte = (uint8_t)(x >> 24)) != 0)
        sum += byte_sum(rows + 6, byte);
    return sum;
}

/* The score of one colour's kings, higher is better for it: material,
 * centre and mobility.  Out of line: most positions have no king. */
static __attribute__((noinline)) int16_t king_score(const bd_position *pos,
                                                    const struct bd_rules *rules, uint8_t colour)
{
    bb32 kings = pos_kings(pos, colour);
    bb32 empty = ~pos_occupied(pos);
    int16_t score = (int16_t)((rules->flying_kings ? KING_FLYING : KING_SHORT) * bs_popcount32_call(kings));
    score += (int16_t)(KING_SQUARE_SCALE * board_sum(king_sums, kings));
    uint8_t mobility = (uint8_t)(bs_popcount32_call(bb_up_left(kings) & empty) +
                                 bs_popcount32_call(bb_up_right(kings) & empty) +
                                 bs_popcount32_call(bb_down_right(kings) & empty) +
                                 bs_popcount32_call(bb_down_left(kings) & empty));
    return (int16_t)(score + KING_MOBILITY * mobility);
}

int16_t eval_position(const bd_position *pos, const struct bd_rules *rules)
{
    /* Men of both colours: material and squares in one table read. */
    int16_t score = (int16_t)(2 * ((int16_t)board_sum(man_sums[BD_WHITE], pos->men[BD_WHITE]) -
                                   (int16_t)board_sum(man_sums[BD_BLACK], pos->men[BD_BLACK])));
    if (pos->pieces[BD_WHITE] != pos->men[BD_WHITE])
        score += king_score(pos, rules, BD_WHITE);
    if (pos->pieces[BD_BLACK] != pos->men[BD_BLACK])
        score -= king_score(pos, rules, BD_BLACK);
    return (int16_t)((pos->side == BD_WHITE ? score : -score) + TEMPO);
}
