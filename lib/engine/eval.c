/* SPDX-License-Identifier: MIT */
#include "engine/eval.h"
#include "bits/bitscan.h"
#include "bits/progmem.h"
/* The target's own versions of parts of what follows, where it has them. */
#include "arch/eval.h"

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
 * (square s of the board turned, BB_TURNED(s)). */
#define WEIGHT(table, s) \
    ((unsigned)((((s) < 16 ? table##_LOW : table##_HIGH) >> (4u * ((s) & 15u))) & 15u))
#define WEIGHT_BD_WHITE(table, s) WEIGHT(table, s)
#define WEIGHT_BD_BLACK(table, s) WEIGHT(table, BB_TURNED(s))

/*
 * The sums are read a nibble of the bitboard at a time: entry [k][v] of a
 * sum table is the total over the squares 4k + j whose bit j is set in v,
 * so a bitboard costs eight flash reads, not a loop over its pieces.  The
 * tables are built here by the preprocessor from the weights above (no
 * generator, nothing to keep in step).  A man's entry also carries half
 * its material: 50 per man plus its weight, at most 4 * 50 + 25 = 225, so
 * twice the total is EVAL_MAN per man plus EVAL_MAN_SQUARE_SCALE per unit of
 * weight without a popcount.  128 bytes a table, one per colour: flash
 * rather than RAM.
 */
#define MAN_HALF (EVAL_MAN / 2)
_Static_assert(EVAL_MAN == 2 * MAN_HALF && EVAL_MAN_SQUARE_SCALE == 2,
               "the man tables hold half of a man's score");
#define BIT_TERM(colour, table, extra, k, v, j) \
    (((v) >> (j) & 1u) ? (extra) + WEIGHT_##colour(table, 4u * (k) + (j)) : 0u)
#define ENTRY_SUM(colour, table, extra, k, v)                                    \
    (BIT_TERM(colour, table, extra, k, v, 0u) + BIT_TERM(colour, table, extra, k, v, 1u) \
     + BIT_TERM(colour, table, extra, k, v, 2u) + BIT_TERM(colour, table, extra, k, v, 3u))
#define ENTRY(colour, table, extra, k, v) (uint8_t)ENTRY_SUM(colour, table, extra, k, v)
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

/* An entry is a byte: the four squares of every nibble, all occupied, must
 * fit for both colours (the weights or MAN_HALF could grow past it). */
#define FULL_ENTRY(colour, k) ENTRY_SUM(colour, MAN_WEIGHTS, MAN_HALF, k, 15u)
#define ENTRIES_FIT(colour)                                                              \
    (FULL_ENTRY(colour, 0u) <= UINT8_MAX && FULL_ENTRY(colour, 1u) <= UINT8_MAX &&      \
     FULL_ENTRY(colour, 2u) <= UINT8_MAX && FULL_ENTRY(colour, 3u) <= UINT8_MAX &&      \
     FULL_ENTRY(colour, 4u) <= UINT8_MAX && FULL_ENTRY(colour, 5u) <= UINT8_MAX &&      \
     FULL_ENTRY(colour, 6u) <= UINT8_MAX && FULL_ENTRY(colour, 7u) <= UINT8_MAX)
_Static_assert(ENTRIES_FIT(BD_WHITE) && ENTRIES_FIT(BD_BLACK), "a man sum table entry overflows its byte");

typedef uint8_t sum_table[8][16];
/* By colour: men (half material plus weight). */
static const sum_table man_sums[2] PROGMEM = {
    SUM_TABLE(BD_WHITE, MAN_WEIGHTS, MAN_HALF), SUM_TABLE(BD_BLACK, MAN_WEIGHTS, MAN_HALF)
};
/* Kings (weight only): the king table's weights are 0, 2, 4 and 6, rings
 * round the centre, so a king's weight is KING_RING_WEIGHT for each of the
 * nested regions "weight at least 2, 4, 6" that holds it (checked square by
 * square below): at most three counts of the kings in a 4-byte mask (an
 * inner ring only when the outer holds a king) instead of a 128-byte sum
 * table.  The table is the same on the board turned, so both
 * colours read one copy of the rings (also checked below). */
#define KING_RING_WEIGHT 2u
#define KING_RINGS 3u
#define OVER_SQUARES(f, op, arg)                                                          \
    (f(0u, arg) op f(1u, arg) op f(2u, arg) op f(3u, arg) op f(4u, arg) op f(5u, arg)     \
     op f(6u, arg) op f(7u, arg) op f(8u, arg) op f(9u, arg) op f(10u, arg) op f(11u, arg) \
     op f(12u, arg) op f(13u, arg) op f(14u, arg) op f(15u, arg) op f(16u, arg)           \
     op f(17u, arg) op f(18u, arg) op f(19u, arg) op f(20u, arg) op f(21u, arg)           \
     op f(22u, arg) op f(23u, arg) op f(24u, arg) op f(25u, arg) op f(26u, arg)           \
     op f(27u, arg) op f(28u, arg) op f(29u, arg) op f(30u, arg) op f(31u, arg))
#define KING_WEIGHT(s) WEIGHT_BD_WHITE(KING_WEIGHTS, s)
#define IN_RING(s, ring) (KING_WEIGHT(s) >= KING_RING_WEIGHT * ((ring) + 1u))
#define RING_BIT(s, ring) (IN_RING(s, ring) ? BB_BIT(s) : (bb32)0)
#define RING_WEIGHT_HOLDS(s, unused) \
    (KING_WEIGHT(s) == KING_RING_WEIGHT * (IN_RING(s, 0u) + IN_RING(s, 1u) + IN_RING(s, 2u)))
_Static_assert(OVER_SQUARES(RING_WEIGHT_HOLDS, &&, 0u),
               "every king weight must be KING_RING_WEIGHT per ring holding its square");
static const bb32 king_rings[KING_RINGS] PROGMEM = {
    OVER_SQUARES(RING_BIT, |, 0u), OVER_SQUARES(RING_BIT, |, 1u), OVER_SQUARES(RING_BIT, |, 2u)
};
#define KING_TURNS(s) (WEIGHT_BD_WHITE(KING_WEIGHTS, s) == WEIGHT_BD_BLACK(KING_WEIGHTS, s))
#define KING_TURNS4(s) (KING_TURNS(s) && KING_TURNS(s + 1u) && KING_TURNS(s + 2u) && \
                        KING_TURNS(s + 3u))
_Static_assert(KING_TURNS4(0u) && KING_TURNS4(4u) && KING_TURNS4(8u) && KING_TURNS4(12u) &&
               KING_TURNS4(16u) && KING_TURNS4(20u) && KING_TURNS4(24u) && KING_TURNS4(28u),
               "the king table must read the same for Black");

/* The table's total over the squares of x, a byte of it at a time (a
 * shift by 8 is a move of registers on AVR); an empty byte, common once
 * pieces leave, costs a test.  A target may sum them its own way
 * (arch/eval.h). */
#ifndef eval_board_sum
/* Two nibbles' entries: byte b of a bitboard, rows 2b and 2b + 1. */
BD_INLINE uint16_t byte_sum(const uint8_t (*rows)[16], uint8_t byte)
{
    return (uint16_t)((uint16_t)pgm_read_byte(&rows[0][byte & 0x0Fu]) +
                      pgm_read_byte(&rows[1][byte >> 4]));
}

static __attribute__((noinline)) uint16_t eval_board_sum(const uint8_t (*rows)[16], bb32 x)
{
    uint16_t sum = 0;
    for (uint8_t byte = 0; byte < sizeof x; byte++, x >>= 8, rows += 2)
        if ((uint8_t)x != 0)
            sum += byte_sum(rows, (uint8_t)x);
    return sum;
}
#endif


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
/* The squares the men's terms count on, by colour, one row per colour so
 * that one pointer serves all of them: the runaways' ranks, the two ranks
 * before crowning, the opponent's half of the board, the own back rank,
 * and the tempo's: it sums the men's ranks, 0..7 from the own back rank,
 * as three counts, the men on ranks whose number has bit 0 set, bit 1
 * (twice), bit 2 (four times). */
#define TEMPO_BITS 3u
#define OWN_RANK(colour, r) RANK_BITS((colour) == BD_WHITE ? (r) : 7u - (r))
#define RANK_IF_BIT(colour, r, bit) (((r) >> (bit)) & 1u ? OWN_RANK(colour, r) : 0u)
#define RANKS_WITH_BIT(colour, bit)                                                       \
    (RANK_IF_BIT(colour, 1u, bit) | RANK_IF_BIT(colour, 2u, bit) | RANK_IF_BIT(colour, 3u, bit) | \
     RANK_IF_BIT(colour, 4u, bit) | RANK_IF_BIT(colour, 5u, bit) | RANK_IF_BIT(colour, 6u, bit) | \
     RANK_IF_BIT(colour, 7u, bit))
enum men_region {
    RUNAWAY_RANKS, NEAR_CROWNING, ENEMY_HALF, BACK_RANK, TEMPO_BIT_0,
    MEN_REGIONS = TEMPO_BIT_0 + TEMPO_BITS
};
#define MEN_REGIONS_OF(colour)                                                                  \
    { OWN_RANK(colour, 4u) | OWN_RANK(colour, 5u) | OWN_RANK(colour, 6u),                         \
      OWN_RANK(colour, 5u) | OWN_RANK(colour, 6u),                                                \
      OWN_RANK(colour, 4u) | OWN_RANK(colour, 5u) | OWN_RANK(colour, 6u) | OWN_RANK(colour, 7u),   \
      OWN_RANK(colour, 0u),                                                                       \
      RANKS_WITH_BIT(colour, 0u), RANKS_WITH_BIT(colour, 1u), RANKS_WITH_BIT(colour, 2u) }
static const bb32 men_regions[2][MEN_REGIONS] PROGMEM = {
    MEN_REGIONS_OF(BD_WHITE), MEN_REGIONS_OF(BD_BLACK)
};
_Static_assert(OWN_RANK(BD_WHITE, 0u) == BB_RANK_1 && OWN_RANK(BD_BLACK, 0u) == BB_RANK_8, "own ranks");

/* The squares of x in a region (flash): one copy of the read, mask and
 * count for every region.  A target may count them its own way
 * (arch/eval.h). */
#ifndef eval_count_in
static __attribute__((noinline)) uint8_t eval_count_in(bb32 x, const bb32 *region)
{
    return bs_popcount32_call(x & pgm_read_dword(region));
}
#endif

/* The board's emptiness, 0 with all 24 pieces on it, 11 with two left,
 * what the ending terms grow with; its fullness, the rest, what the guard
 * grows with. */
#define FULL_BOARD 24u
#define FEWEST_PIECES 2u
#define EMPTY_PHASE(pieces) ((uint8_t)((FULL_BOARD - (pieces)) / 2u))
#define FULLNESS(phase) ((uint8_t)((FULL_BOARD - FEWEST_PIECES) / 2u - (phase)))

/* The squares that pieces reach in 1..steps steps forward for colour, both
 * its directions each step (bitboard32.h).  A target may spread them its
 * own way (arch/eval.h). */
#ifndef eval_forward_cone
/* One step forward for colour.  Out of line, as measured: inlined into
 * the loop it costs flash and cycles. */
static __attribute__((noinline)) bb32 forward(bb32 x, uint8_t colour)
{
    uint8_t direction = (uint8_t)(2u * colour);
    return bb_step_call(x, direction) | bb_step_call(x, (uint8_t)(direction + 1u));
}

static bb32 eval_forward_cone(bb32 pieces, uint8_t colour, uint8_t steps)
{
    bb32 reached = 0;
    do {
        pieces = forward(pieces, colour);
        reached |= pieces;
    } while (--steps);
    return reached;
}
#endif

/* The men's neighbours that are empty, by direction, as two counts: up
 * (up-left and up-right) in the low byte, down in the high one.  A step in
 * one direction maps squares one to one, so each direction counts its
 * pairs exactly.  Ahead of a man (up for White, down for Black) they are
 * its quiet steps; behind it, where a capture of it lands.  The four steps
 * are the same whatever the colour, which only says which count is which:
 * one copy serves both, with the steps inline, where bb_step_call would
 * choose each direction at run time.  A target may count them its own way
 * (arch/eval.h). */
#ifndef eval_empty_neighbours
static __attribute__((noinline)) uint16_t eval_empty_neighbours(bb32 men, bb32 empty)
{
    uint8_t up = (uint8_t)(bs_popcount32_call(bb_up_left(men) & empty) +
                           bs_popcount32_call(bb_up_right(men) & empty));
    uint8_t down = (uint8_t)(bs_popcount32_call(bb_down_right(men) & empty) +
                             bs_popcount32_call(bb_down_left(men) & empty));
    return (uint16_t)(up | (uint16_t)down << 8);
}
#endif

/* The number of runaways of colour (see above), and in *near those of
 * them near crowning. */
static uint8_t runaways(const bd_position *pos, uint8_t colour, const bb32 *region, uint8_t *near)
{
    bb32 candidates = pos->men[colour] & pgm_read_dword(&region[RUNAWAY_RANKS]);
    if (!candidates)
        return 0;
    uint8_t enemy = BD_OTHER_COLOUR(colour);
    bb32 free = candidates & ~eval_forward_cone(pos->pieces[enemy], enemy, RUNAWAY_REACH);
    if (!free)
        return 0;
    *near = eval_count_in(free, &region[NEAR_CROWNING]);
    return bs_popcount32_call(free);
}

/* The board's empty squares: one copy of the eight loads for the kings'
 * and the men's terms. */
static __attribute__((noinline)) bb32 empty_squares(const bd_position *pos)
{
    return ~pos_occupied(pos);
}

/* The counts of both colours term by term, [term][colour], so that the
 * weighted sum walks them with one pointer; one colour's column of them,
 * &counts[0][colour], holds its count of term t at COLUMN(t). */
typedef uint8_t term_counts[EVAL_TERMS][2];
#define COLUMN(term) (2u * (term))
_Static_assert(BD_WHITE == 0 && BD_BLACK == 1, "a term's counts: White's, then Black's");

/* Counts the kings' terms of one colour into its column.  Out of line: most
 * positions have no king. */
static __attribute__((noinline)) void count_king_terms(const bd_position *pos, uint8_t colour,
                                                       uint8_t *count)
{
    bb32 kings = pos_kings(pos, colour);
    bb32 empty = empty_squares(pos);
    bb32 free_neighbour = 0;
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        /* The kings whose neighbour in this direction is empty: the empty
         * squares stepped back onto them, one step a direction. */
        free_neighbour |= kings & bb_step_call(empty, BB_OPPOSITE(direction));
    }
    count[COLUMN(EVAL_KINGS)] = bs_popcount32_call(kings);
    uint8_t centre = 0;
    for (uint8_t ring = 0; ring < KING_RINGS; ring++) {
        uint8_t inside = eval_count_in(kings, &king_rings[ring]);
        if (!inside)
            break;   /* the rings are nested: none inside the next either */
        centre = (uint8_t)(centre + KING_RING_WEIGHT * inside);
    }
    count[COLUMN(EVAL_KING_CENTRE)] = centre;
    count[COLUMN(EVAL_KINGS_SHUT_IN)] = bs_popcount32_call(kings & ~free_neighbour);
    count[COLUMN(EVAL_KINGS_MAIN_ROAD)] = bs_popcount32_call(kings & MAIN_ROAD);
}

/* The men's mobility, the squares open behind them and the tempo (the
 * terms from EVAL_MEN_MOBILITY on) are counted only in the variant that
 * weighs them, English: in Russian draughts they played no better (see
 * the weights below) and would only slow the AVR's nodes.  The other
 * variant's counts are 0, so that the tuner fits them no weight. */
#define WEIGHS_MEN_SHAPE(variant) ((variant) == BD_VARIANT_ENGLISH)

/* Every term's count for one colour, at the board's empty phase.  One copy
 * for both colours (the differences are taken by the callers), each count
 * within 0..255 as enum eval_term says: the largest product is 12 men or
 * pieces times a phase of at most 11, and the tempo (at most 4 * (6 + 5 +
 * 4) = 60 for twelve men) times a fullness of at most 11, over 4. */
BD_INLINE void count_terms(const bd_position *pos, uint8_t colour, uint8_t pieces, uint8_t phase,
                           uint8_t men_shape, uint8_t *count)
{
    /* Every count is written once, a zero where its term has nothing to
     * count (no clearing of the whole array first). */
    if (pos->pieces[colour] != pos->men[colour]) {
        count_king_terms(pos, colour, count);
    } else {
        count[COLUMN(EVAL_KINGS)] = 0;
        count[COLUMN(EVAL_KING_CENTRE)] = 0;
        count[COLUMN(EVAL_KINGS_SHUT_IN)] = 0;
        count[COLUMN(EVAL_KINGS_MAIN_ROAD)] = 0;
    }
    count[COLUMN(EVAL_RUNAWAYS_NEAR)] = 0;
    /* The colour's regions (a constant address at each call, where an
     * index by colour costs a multiplication by their size). */
    const bb32 *region = colour == BD_WHITE ? men_regions[BD_WHITE] : men_regions[BD_BLACK];
    count[COLUMN(EVAL_RUNAWAYS)] = runaways(pos, colour, region, &count[COLUMN(EVAL_RUNAWAYS_NEAR)]);
    bb32 men = pos->men[colour];
    count[COLUMN(EVAL_GUARD)] = (uint8_t)(eval_count_in(men, &region[BACK_RANK]) * FULLNESS(phase));
    uint8_t mobility = 0, open_behind = 0, tempo = 0;
    if (men_shape) {
        bb32 empty = empty_squares(pos);
        uint16_t neighbours = eval_empty_neighbours(men, empty);
        uint8_t up = (uint8_t)neighbours, down = (uint8_t)(neighbours >> 8);
        mobility = colour == BD_WHITE ? up : down;
        open_behind = colour == BD_WHITE ? down : up;
        for (uint8_t bit = TEMPO_BITS; bit-- > 0;)     /* the high bit first: doublings, no shifts */
            tempo = (uint8_t)(2u * tempo + eval_count_in(men, &region[TEMPO_BIT_0 + bit]));
    }
    count[COLUMN(EVAL_MEN_MOBILITY)] = mobility;
    count[COLUMN(EVAL_MEN_OPEN_BEHIND)] = open_behind;
    count[COLUMN(EVAL_TEMPO)] = tempo;
    count[COLUMN(EVAL_TEMPO_EARLY)] = (uint8_t)((uint16_t)tempo * FULLNESS(phase) / 4u);
    count[COLUMN(EVAL_ADVANCED_LATE)] = 0;
    count[COLUMN(EVAL_LEAD_LATE)] = 0;
    if (phase) {   /* the ending's terms: none on a full board */
        count[COLUMN(EVAL_ADVANCED_LATE)] = (uint8_t)(eval_count_in(men, &region[ENEMY_HALF]) * phase);
        count[COLUMN(EVAL_LEAD_LATE)] = (uint8_t)(pieces * phase);
    }
}

/* Every term's count for White (count[t][0]) and for Black (count[t][1]);
 * a term is White's count minus Black's (for the lead in pieces: the same
 * whichever colour leads). */
static void count_both(const bd_position *pos, uint8_t variant, term_counts count)
{
    /* Each colour's pieces, counted once for the phase and the lead. */
    uint8_t pieces[2] = { bs_popcount32_call(pos->pieces[BD_WHITE]), bs_popcount32_call(pos->pieces[BD_BLACK]) };
    uint8_t phase = EMPTY_PHASE(pieces[BD_WHITE] + pieces[BD_BLACK]);
    uint8_t men_shape = WEIGHS_MEN_SHAPE(variant);
    /* A loop over the colours around one inlined copy of count_terms():
     * one prologue for both. */
    uint8_t colour = BD_WHITE;
    do
        count_terms(pos, colour, pieces[colour], phase, men_shape, &count[0][colour]);
    while (++colour < 2u);
}

/*
 * The weights, hundredths of a man per unit of each term, by variant, as
 * `make tune` prints them (firmware/host/tune.h, README "Tuning the
 * evaluation"), from the hand-set start in firmware/host/tune_main.c.
 *
 * English: fitted with `--label-depth 8` to self-play games of the engine
 * of bf5b801 at fixed depths, every opening with both colours (`make
 * tune-games TUNE_MATCHES="english:10,11 russian:9,10 english:8,9
 * russian:7,8"`, then `make tune TUNE_FLAGS="--label-depth 8"`), whose
 * labels were searched with that engine's row (a fit whose labels are
 * searched with this row lands a few units away from it).  The men's
 * mobility, the squares open behind them and the tempo, early and late,
 * are what that fit found most of its gain in.  The lead in pieces as the
 * board empties (EVAL_LEAD_LATE) is the fit's 3 doubled, which scored
 * better in matches at the Uno's number of nodes and on the host (the
 * commit that doubled it has them).  The fit also weighed the kings'
 * mobility, -1 here and 0 in Russian draughts: without the term English
 * played no worse at the Uno's number of nodes, and the AVR counts four
 * bitboards fewer a colour with kings (the commit that dropped it).
 *
 * Russian: fitted to 1,056 self-play games of the engine of a5931d3 at
 * fixed depths (3 against 4 and 4 against 5); its row from the fit above,
 * with or without the men's terms, played no better in matches at the
 * Uno's number of nodes, so Russian keeps it and does not weigh the terms
 * added since (0).
 *
 * Where a fit goes against intuition (a runaway still three ranks from
 * crowning counts against in Russian draughts) it is its reading of the
 * games, kept as fitted; the matches in the README measure the whole.
 */
static const int16_t weights[BD_VARIANT_COUNT][EVAL_TERMS] PROGMEM = {
    /* russian */ { 309, -13, -40, 5, -26, 115, 5, 0, -1, 0, 0, 0, 0 },
    /* english */ { 158, 3, 1, -8, 31, 10, -1, 0, 6, 13, -10, 2, -6 },
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
     * diagonal while none of them stands on it (three win only by taking
     * it: Petrov's triangle).  With one of the three on it too, the lone
     * king is driven off it: the Russian four-piece table has such
     * positions won (tests/endgame/test_endgame.sh probes one). */
    bb32 lone = white == 1u ? pos->pieces[BD_WHITE] : pos->pieces[BD_BLACK];
    /* The long diagonal holds the lone king and no other: the occupied
     * squares from empty_squares(), the evaluation's one copy of the
     * board's eight loads (pos_occupied() inline costs flash). */
    return more == 2u || (more == 3u && (~empty_squares(pos) & MAIN_ROAD) == lone);
}

/* Men of both colours, material and squares in one table read, and the
 * side to move's tempo: White's view. */
static int16_t fixed_part(const bd_position *pos)
{
    return (int16_t)(2 * ((int16_t)eval_board_sum(man_sums[BD_WHITE], pos->men[BD_WHITE]) -
                          (int16_t)eval_board_sum(man_sums[BD_BLACK], pos->men[BD_BLACK])) +
                     (pos->side == BD_WHITE ? TEMPO : -TEMPO));
}

void eval_parts(const bd_position *pos, const struct bd_rules *rules, struct eval_parts *out)
{
    term_counts count;
    count_both(pos, rules->variant, count);
    for (uint8_t t = 0; t < EVAL_TERMS; t++)
        out->term[t] = (int16_t)(count[t][BD_WHITE] - count[t][BD_BLACK]);
    out->fixed = fixed_part(pos);
    out->drawn = eval_drawn_ending(pos, rules);
}

/* The kings' terms come first in enum eval_term. */
#define KING_TERMS (EVAL_KINGS_MAIN_ROAD + 1u)
_Static_assert(EVAL_KINGS == 0 && KING_TERMS == EVAL_RUNAWAYS, "the kings' terms are the first ones");

int16_t eval_position(const bd_position *pos, const struct bd_rules *rules)
{
    if (eval_drawn_ending(pos, rules))
        return 0;
    term_counts count;
    const int16_t *weight = weights[rules->variant];
    count_both(pos, rules->variant, count);
    int16_t score = fixed_part(pos);
    /* Without a king on the board the kings' terms, the first ones, are
     * all 0: the sum starts after them.  Walked by pointers (an index
     * into two arrays costs an addition to each a term on AVR). */
    uint8_t first = count[EVAL_KINGS][BD_WHITE] | count[EVAL_KINGS][BD_BLACK] ? EVAL_KINGS : KING_TERMS;
    const uint8_t *both = count[first];
    weight += first;
    for (uint8_t left = (uint8_t)(EVAL_TERMS - first); left; left--, weight++) {
        uint8_t white = *both++;
        int16_t term = (int16_t)(white - *both++);
        if (term)
            score = (int16_t)(score + (int16_t)pgm_read_word(weight) * term);
    }
    return pos->side == BD_WHITE ? score : (int16_t)-score;
}
