#include "engine/eval.h"
#include "bits/bitscan.h"
#include "bits/progmem.h"

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
 * twice the total is EVAL_MAN per man plus EVAL_MAN_SQUARE_SCALE per unit of
 * weight without a popcount.  128 bytes a table, four tables (men and
 * kings, each colour): flash rather than RAM.
 */
#define MAN_HALF (EVAL_MAN / 2)
_Static_assert(EVAL_MAN == 2 * MAN_HALF && EVAL_MAN_SQUARE_SCALE == 2,
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


/* ------------------------------------------------------ the weighted terms */

/* Masks built from the square numbering (bitboard32.h), not written out:
 * the dark squares of a rank, of a span of ranks, and of the long
 * diagonal a1-h8 (file = rank). */
#define DARK_BIT(f, r) (BB_IS_DARK(f, r) ? BB_BIT(BB_SQUARE(f, r)) : (bb32)0)
#define RANK_BITS(r) (DARK_BIT(0u, r) | DARK_BIT(1u, r) | DARK_BIT(2u, r) | DARK_BIT(3u, r) | \
                      DARK_BIT(4u, r) | DARK_BIT(5u, r) | DARK_BIT(6u, r) | DARK_BIT(7u, r))
#define MAIN_ROAD (BB_BIT(BB_SQUARE(0u, 0u)) | BB_BIT(BB_SQUARE(1u, 1u)) | BB_BIT(BB_SQUARE(2u, 2u)) | \
                   BB_BIT(BB_SQUARE(3u, 3u)) | BB_BIT(BB_SQUARE(4u, 4u)) | BB_BIT(BB_SQUARE(5u, 5u)) | \
                   BB_BIT(BB_SQUARE(6u, 6u)) | BB_BIT(BB_SQUARE(7u, 7u)))
_Static_assert(RANK_BITS(0u) == BB_RANK_1 && RANK_BITS(7u) == BB_RANK_8, "rank masks");

/*
 * A runaway man: no enemy piece stands in its cone, the squares it could
 * ever step to on the way to the crowning rank.  Enemy men cannot enter
 * the cone (they step away from it as fast as it widens), so no man can
 * block it; only a king could.  A man on its fifth rank or beyond has at
 * most three ranks ahead, so the enemy's pieces spread three steps down
 * their own forward cones cover every square whose cone holds one of them.
 * Indexed by colour; ranks counted from rank 1 for White, from rank 8 for
 * Black.
 */
#define RUNAWAY_REACH 3u
static const bb32 runaway_ranks[2] PROGMEM = {
    RANK_BITS(4u) | RANK_BITS(5u) | RANK_BITS(6u), RANK_BITS(3u) | RANK_BITS(2u) | RANK_BITS(1u)
};
static const bb32 near_crowning[2] PROGMEM = {
    RANK_BITS(5u) | RANK_BITS(6u), RANK_BITS(2u) | RANK_BITS(1u)
};
/* The opponent's half of the board, and the own back rank. */
static const bb32 enemy_half[2] PROGMEM = {
    RANK_BITS(4u) | RANK_BITS(5u) | RANK_BITS(6u) | RANK_BITS(7u),
    RANK_BITS(3u) | RANK_BITS(2u) | RANK_BITS(1u) | RANK_BITS(0u)
};
static const bb32 back_rank[2] PROGMEM = { BB_RANK_1, BB_RANK_8 };

/* The board's emptiness, 0 with all 24 pieces on it, 11 with two left,
 * what the ending terms grow with; its fullness, the rest, what the guard
 * grows with. */
#define FULL_BOARD 24u
#define FEWEST_PIECES 2u
#define EMPTY_PHASE(pieces) ((uint8_t)((FULL_BOARD - (pieces)) / 2u))
#define FULLNESS(phase) ((uint8_t)((FULL_BOARD - FEWEST_PIECES) / 2u - (phase)))

/* One step of every square of x in a direction, out of line: the terms
 * share one copy of the four rotations (flash). */
static __attribute__((noinline)) bb32 step(bb32 x, uint8_t direction)
{
    return bb_step(x, direction);
}

/* One step forward for colour, both its directions (bitboard32.h). */
static bb32 forward(bb32 x, uint8_t colour)
{
    uint8_t direction = (uint8_t)(2u * colour);
    return step(x, direction) | step(x, (uint8_t)(direction + 1u));
}

/* The number of runaways of colour (see above). */
static uint8_t runaways(const bd_position *pos, uint8_t colour, uint8_t *near)
{
    bb32 candidates = pos->men[colour] & pgm_read_dword(&runaway_ranks[colour]);
    if (!candidates)
        return 0;
    uint8_t enemy = BD_OTHER_COLOUR(colour);
    bb32 spread = pos->pieces[enemy], covered = 0;
    for (uint8_t rank = 0; rank < RUNAWAY_REACH; rank++) {
        spread = forward(spread, enemy);
        covered |= spread;
    }
    bb32 free = candidates & ~covered;
    if (!free)
        return 0;
    *near = bs_popcount32_call(free & pgm_read_dword(&near_crowning[colour]));
    return bs_popcount32_call(free);
}

/* Adds the kings' terms of one colour to term[] (sign +1 White, -1
 * Black).  Out of line: most positions have no king. */
static __attribute__((noinline)) void add_king_terms(const bd_position *pos, uint8_t colour,
                                                     int8_t sign, int16_t term[EVAL_TERMS])
{
    bb32 kings = pos_kings(pos, colour);
    bb32 empty = ~pos_occupied(pos);
    bb32 free_neighbour = 0;
    uint8_t mobility = 0;
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        bb32 moves = step(kings, direction) & empty;
        mobility = (uint8_t)(mobility + bs_popcount32_call(moves));
        free_neighbour |= step(moves, BB_OPPOSITE(direction));   /* kings with a free step */
    }
    term[EVAL_KINGS] += sign * bs_popcount32_call(kings);
    term[EVAL_KING_CENTRE] += sign * (int16_t)board_sum(king_sums, kings);
    term[EVAL_KING_MOBILITY] += sign * mobility;
    term[EVAL_KINGS_SHUT_IN] += sign * bs_popcount32_call(kings & ~free_neighbour);
    term[EVAL_KINGS_MAIN_ROAD] += sign * bs_popcount32_call(kings & MAIN_ROAD);
}

/* The men of colour on the squares of a mask indexed by colour. */
static uint8_t men_on(const bd_position *pos, uint8_t colour, const bb32 mask[2])
{
    return bs_popcount32_call(pos->men[colour] & pgm_read_dword(&mask[colour]));
}

/* Every term, White's count minus Black's. */
static void term_differences(const bd_position *pos, int16_t term[EVAL_TERMS])
{
    for (uint8_t t = 0; t < EVAL_TERMS; t++)
        term[t] = 0;
    for (uint8_t colour = 0; colour < 2; colour++)
        if (pos->pieces[colour] != pos->men[colour])
            add_king_terms(pos, colour, colour == BD_WHITE ? 1 : -1, term);
    uint8_t white_near = 0, black_near = 0;
    term[EVAL_RUNAWAYS] = (int16_t)(runaways(pos, BD_WHITE, &white_near) -
                                    runaways(pos, BD_BLACK, &black_near));
    term[EVAL_RUNAWAYS_NEAR] = (int16_t)(white_near - black_near);
    uint8_t white = bs_popcount32_call(pos->pieces[BD_WHITE]);
    uint8_t black = bs_popcount32_call(pos->pieces[BD_BLACK]);
    uint8_t phase = EMPTY_PHASE(white + black);
    term[EVAL_GUARD] = (int16_t)((men_on(pos, BD_WHITE, back_rank) - men_on(pos, BD_BLACK, back_rank)) *
                                 FULLNESS(phase));
    if (phase) {
        term[EVAL_ADVANCED_LATE] = (int16_t)((men_on(pos, BD_WHITE, enemy_half) -
                                              men_on(pos, BD_BLACK, enemy_half)) * phase);
        /* The leader's lead: the same whichever colour leads. */
        term[EVAL_LEAD_LATE] = (int16_t)((white - black) * phase);
    }
}

/*
 * The weights, hundredths of a man per unit of each term, by variant, as
 * `make tune` prints them (lib/tools/tune.h, README "Tuning the
 * evaluation"): fitted to 1,056 self-play games of the engine of a5931d3
 * at fixed depths (Russian 3 against 4 and 4 against 5, every opening
 * with both colours; English 4 against 5, 200 games), from the hand-set
 * start in lib/tools/tune_main.c.  Where the fit goes against intuition
 * (a runaway still three ranks from crowning counts against in Russian
 * draughts, a king's empty neighbours against in English) it is its
 * reading of these games, kept as fitted; the matches in the README
 * measure the whole.
 */
static const int16_t weights[BD_VARIANT_COUNT][EVAL_TERMS] PROGMEM = {
    /* russian */ { 309, -13, 0, -40, 5, -26, 115, 5, 0, -1 },
    /* english */ { 157, 8, -6, -51, -14, 56, -7, 5, -3, 1 },
};

/* The table's weight of one square, read as the tables were built. */
static uint8_t man_weight(uint8_t square)
{
    uint64_t half = square < 16u ? MAN_WEIGHTS_LOW : MAN_WEIGHTS_HIGH;
    return (uint8_t)((half >> (4u * (square & 15u))) & 15u);
}

int16_t eval_man_square(uint8_t square)
{
    BD_ASSERT(square < BB_SQUARES);
    return (int16_t)(EVAL_MAN_SQUARE_SCALE * man_weight(square));
}

int16_t eval_weight(uint8_t variant, uint8_t term)
{
    BD_ASSERT(variant < BD_VARIANT_COUNT && term < EVAL_TERMS);
    return (int16_t)pgm_read_word(&weights[variant][term]);
}

uint8_t eval_drawn_ending(const bd_position *pos, const struct bd_rules *rules)
{
    if (pos->men[BD_WHITE] | pos->men[BD_BLACK])
        return 0;
    uint8_t white = bs_popcount32_call(pos->pieces[BD_WHITE]);
    uint8_t black = bs_popcount32_call(pos->pieces[BD_BLACK]);
    uint8_t fewer = white < black ? white : black, more = (uint8_t)(white + black - fewer);
    if (fewer != 1u)
        return 0;
    if (more == 1u)
        return 1;
    if (!rules->flying_kings)
        return 0;
    /* A flying king holds off two kings anywhere, and three from the long
     * diagonal (three win only by taking it: Petrov's triangle). */
    bb32 lone = white == 1u ? pos->pieces[BD_WHITE] : pos->pieces[BD_BLACK];
    return more == 2u || (more == 3u && (lone & MAIN_ROAD) != 0);
}

/* Men of both colours, material and squares in one table read, and the
 * side to move's tempo: White's view. */
static int16_t fixed_part(const bd_position *pos)
{
    return (int16_t)(2 * ((int16_t)board_sum(man_sums[BD_WHITE], pos->men[BD_WHITE]) -
                          (int16_t)board_sum(man_sums[BD_BLACK], pos->men[BD_BLACK])) +
                     (pos->side == BD_WHITE ? TEMPO : -TEMPO));
}

void eval_parts(const bd_position *pos, const struct bd_rules *rules, struct eval_parts *out)
{
    term_differences(pos, out->term);
    out->fixed = fixed_part(pos);
    out->drawn = eval_drawn_ending(pos, rules);
}

int16_t eval_position(const bd_position *pos, const struct bd_rules *rules)
{
    if (eval_drawn_ending(pos, rules))
        return 0;
    int16_t term[EVAL_TERMS];
    const int16_t *weight = weights[rules->variant];
    term_differences(pos, term);
    int16_t score = fixed_part(pos);
    for (uint8_t t = 0; t < EVAL_TERMS; t++)
        if (term[t])
            score = (int16_t)(score + (int16_t)pgm_read_word(&weight[t]) * term[t]);
    return pos->side == BD_WHITE ? score : (int16_t)-score;
}
