/* SPDX-License-Identifier: MIT */
/*
 * test_symmetry.c - board symmetries, on the host and in the simulator.
 *
 * Every bit trick is checked against a reference built from the geometric
 * definition, (file, rank) -> (file', rank'): a 64-entry map per flip for
 * packed indices, applied piece by piece after unpacking; a 32-entry map
 * per symmetry for the checkers bitboard, applied bit by bit.  Exhaustive
 * over single squares and bits, random elsewhere (check_random32).  One map
 * is live at a time and every comparison goes through one call site, so the
 * suite fits the ATtiny85.
 */
#include "check.h"
#include "checkers/symmetry.h"
#include "nibble/symmetry64.h"

#define HELPER static __attribute__((noinline))

/* ROOMY: the host or an AVR with more than 8 KB of flash.  Only there run
 * - the 64-bit forms: they are for host tools (on AVR every 64-bit shift is
 *   a libgcc call) and their code would not fit the ATtiny85 with the rest;
 * - the composition tests, which follow from the per-symmetry map tests
 *   that run everywhere;
 * - the re-derivation of the mask constants, the same arithmetic anywhere.
 * The packed references use the widest word tested. */
#if !BD_TARGET_AVR || FLASHEND > 0x1FFF
#  define ROOMY 1
typedef uint64_t wide;
#  define MAX_PIECES SYM_MAX_PIECES64
#  define pack_wide sym_pack64
#  define unpack_wide sym_unpack64
#else
#  define ROOMY 0
typedef uint32_t wide;
#  define MAX_PIECES SYM_MAX_PIECES32
#  define pack_wide sym_pack32
#  define unpack_wide sym_unpack32
#endif

/* Every comparison goes through here: a check site costs a call, no
 * strings.  A failure names the calling line, then the low words (and on
 * ROOMY targets the high words). */
#define SAME(got, want) same_at((wide)(got), (wide)(want), __LINE__)

HELPER uint8_t same_at(wide got, wide want, uint16_t line)
{
    if (got == want)
        return 1;
    check_print_P(PSTR("  at line "));
    check_print_u32(line);
#if ROOMY
    check_print_P(PSTR(", high words "));
    check_print_u32((uint32_t)(got >> 32));
    check_print_P(PSTR(" / "));
    check_print_u32((uint32_t)(want >> 32));
#endif
    check_print_P(PSTR(":\n"));
    return CHECK_EQ((uint32_t)got, (uint32_t)want);
}

/* ------------------------------------------------ packed references -- */

enum flip { VERTICAL, HORIZONTAL, DIAGONAL, ANTIDIAGONAL, ROTATE180, FLIPS };
enum numbering { NATURAL, SCRAMBLED };

/* The definition: where flip sends natural square 8 * rank + file. */
HELPER uint8_t flip_natural_square(uint8_t flip, uint8_t square)
{
    uint8_t f = square & 7u, r = square >> 3, nf, nr;
    switch (flip) {
    case VERTICAL:     nf = f;              nr = (uint8_t)(7u - r); break;
    case HORIZONTAL:   nf = (uint8_t)(7u - f); nr = r;              break;
    case DIAGONAL:     nf = r;              nr = f;                 break;
    case ANTIDIAGONAL: nf = (uint8_t)(7u - r); nr = (uint8_t)(7u - f); break;
    default:           nf = (uint8_t)(7u - f); nr = (uint8_t)(7u - r); break;
    }
    return (uint8_t)(8u * nr + nf);
}

/* The 64-entry map of a flip in a numbering. */
HELPER void build_map(uint8_t numbering, uint8_t flip, uint8_t *map)
{
    for (uint8_t s = 0; s < 64u; s++) {
        if (numbering == NATURAL) {
            map[s] = flip_natural_square(flip, s);
        } else {
            uint8_t natural = sym_scr_to_natural(s);
            map[s] = sym_scr_from_natural(flip_natural_square(flip, natural));
        }
    }
}

/* The reference: unpack, map each piece, pack. */
HELPER wide by_map(const uint8_t *map, wide index, uint8_t n)
{
    uint8_t squares[MAX_PIECES];
    unpack_wide(index, n, squares);
    for (uint8_t i = 0; i < n; i++)
        squares[i] = map[squares[i]];
    return pack_wide(squares, n);
}

HELPER uint32_t flip32(uint8_t numbering, uint8_t flip, uint32_t index, uint8_t n)
{
    if (numbering == NATURAL) {
        switch (flip) {
        case VERTICAL:     return sym_nat32_flip_vertical(index, n);
        case HORIZONTAL:   return sym_nat32_flip_horizontal(index, n);
        case DIAGONAL:     return sym_nat32_flip_diagonal(index, n);
        case ANTIDIAGONAL: return sym_nat32_flip_antidiagonal(index, n);
        default:           return sym_nat32_rotate180(index, n);
        }
    }
    switch (flip) {
    case VERTICAL:     return sym_scr32_flip_vertical(index, n);
    case HORIZONTAL:   return sym_scr32_flip_horizontal(index, n);
    case DIAGONAL:     return sym_scr32_flip_diagonal(index, n);
    case ANTIDIAGONAL: return sym_scr32_flip_antidiagonal(index, n);
    default:           return sym_scr32_rotate180(index, n);
    }
}

#if ROOMY
HELPER uint64_t flip64(uint8_t numbering, uint8_t flip, uint64_t index, uint8_t n)
{
    if (numbering == NATURAL) {
        switch (flip) {
        case VERTICAL:     return sym_nat64_flip_vertical(index, n);
        case HORIZONTAL:   return sym_nat64_flip_horizontal(index, n);
        case DIAGONAL:     return sym_nat64_flip_diagonal(index, n);
        case ANTIDIAGONAL: return sym_nat64_flip_antidiagonal(index, n);
        default:           return sym_nat64_rotate180(index, n);
        }
    }
    switch (flip) {
    case VERTICAL:     return sym_scr64_flip_vertical(index, n);
    case HORIZONTAL:   return sym_scr64_flip_horizontal(index, n);
    case DIAGONAL:     return sym_scr64_flip_diagonal(index, n);
    case ANTIDIAGONAL: return sym_scr64_flip_antidiagonal(index, n);
    default:           return sym_scr64_rotate180(index, n);
    }
}
#endif

/* A random n-piece index (6n bits). */
HELPER wide random_index(uint32_t *seed, uint8_t n)
{
#if ROOMY
    wide x = (wide)check_random32(seed) << 32 | check_random32(seed);
#else
    wide x = check_random32(seed);
#endif
    return x & (((wide)1 << (6u * n)) - 1u);
}

/* Every flip of a numbering, for every single square (n = 1), then for
 * random indices of n = 1..5 (32-bit) and, on ROOMY targets, of n up to 10
 * (64-bit); also that each flip undoes itself. */
HELPER void check_numbering(uint8_t numbering)
{
    uint8_t map[64];
    uint32_t seed = 0x5EED0001u + numbering;
    for (uint8_t flip = 0; flip < FLIPS; flip++) {
        build_map(numbering, flip, map);
        for (uint8_t s = 0; s < 64u; s++) {
            if (!SAME(flip32(numbering, flip, s, 1), map[s]))
                return;
#if ROOMY
            if (!SAME(flip64(numbering, flip, s, 1), map[s]))
                return;
#endif
        }
        for (uint8_t n = 1; n <= SYM_MAX_PIECES32; n++) {
            for (uint8_t k = 0; k < 100u; k++) {
                uint32_t x = (uint32_t)random_index(&seed, n);
                uint32_t y = flip32(numbering, flip, x, n);
                if (!SAME(y, by_map(map, x, n)) ||
                    !SAME(flip32(numbering, flip, y, n), x))
                    return;
            }
        }
#if ROOMY
        static const uint8_t counts64[] PROGMEM = { 1, 2, 6, 9, 10 };
        for (uint8_t i = 0; i < sizeof counts64; i++) {
            uint8_t n = pgm_read_byte(&counts64[i]);
            for (uint8_t k = 0; k < 30u; k++) {
                uint64_t x = random_index(&seed, n);
                uint64_t y = flip64(numbering, flip, x, n);
                if (!SAME(y, by_map(map, x, n)) ||
                    !SAME(flip64(numbering, flip, y, n), x))
                    return;
            }
        }
#endif
    }
}

/* ------------------------------------------------ packed index tests -- */

static void test_packing_puts_all_high_fields_above_all_low_fields(void)
{
    /* The article's example: pieces {052, 046} pack to 04562 (octal). */
    static const uint8_t two[2] = { 052, 046 };
    SAME(sym_pack32(two, 2), 04562u);
    uint8_t squares[MAX_PIECES];
    uint32_t seed = 7u;
    for (uint8_t n = 1; n <= SYM_MAX_PIECES32; n++) {
        uint32_t x = (uint32_t)random_index(&seed, n);
        sym_unpack32(x, n, squares);
        /* Piece i's fields, read by the documented layout. */
        for (uint8_t i = 0; i < n; i++)
            SAME(squares[i], (x >> 3u * i & 7u) | (x >> (3u * (n + i)) & 7u) << 3);
        SAME(sym_pack32(squares, n), x);
    }
#if ROOMY
    SAME(sym_pack64(two, 2), 04562u);
    for (uint8_t n = 1; n <= SYM_MAX_PIECES64; n++) {
        uint64_t x = random_index(&seed, n);
        sym_unpack64(x, n, squares);
        for (uint8_t i = 0; i < n; i++)
            SAME(squares[i], (x >> 3u * i & 7u) | (x >> (3u * (n + i)) & 7u) << 3);
        SAME(sym_pack64(squares, n), x);
    }
#endif
}

static void test_natural_flips_match_the_square_map(void)
{
    check_numbering(NATURAL);
}

static void test_scrambled_numbering_matches_article_and_derivation(void)
{
    /* Corners and centre as printed: a1 060, h1 062, a8 064, h8 066,
     * d4 071, e5 077, b1 000, a2 001. */
    SAME(sym_scr_from_natural(0), 060u);
    SAME(sym_scr_from_natural(7), 062u);
    SAME(sym_scr_from_natural(56), 064u);
    SAME(sym_scr_from_natural(63), 066u);
    SAME(sym_scr_from_natural(27), 071u);
    SAME(sym_scr_from_natural(36), 077u);
    SAME(sym_scr_from_natural(1), 000u);
    SAME(sym_scr_from_natural(8), 001u);
    /* sym_scr_to_natural is the derivation in symmetry.h, not a table: the
     * round trip both ways shows the diagram is a bijection it explains. */
    for (uint8_t s = 0; s < 64u; s++) {
        if (!SAME(sym_scr_to_natural(sym_scr_from_natural(s)), s) ||
            !SAME(sym_scr_from_natural(sym_scr_to_natural(s)), s))
            return;
    }
}

static void test_scrambled_flips_match_the_square_map(void)
{
    check_numbering(SCRAMBLED);
}

#if ROOMY
static void test_packed_flips_compose_like_board_symmetries(void)
{
    uint32_t seed = 99u;
    for (uint8_t numbering = NATURAL; numbering <= SCRAMBLED; numbering++) {
        for (uint8_t n = 1; n <= SYM_MAX_PIECES32; n++) {
            uint32_t x = (uint32_t)random_index(&seed, n);
            uint32_t turned = flip32(numbering, ROTATE180, x, n);
            SAME(flip32(numbering, VERTICAL, flip32(numbering, HORIZONTAL, x, n), n), turned);
            SAME(flip32(numbering, DIAGONAL, flip32(numbering, ANTIDIAGONAL, x, n), n), turned);
        }
    }
}
#endif

/* ------------------------------------------------ checkers bitboards -- */

enum bb_symmetry { BB_ROTATE180, BB_DIAGONAL, BB_ANTIDIAGONAL };

/* The 32-entry map of a symmetry, from the (f, r) definition over every
 * dark square. */
HELPER void build_bb_map(uint8_t symmetry, uint8_t *map)
{
    for (uint8_t r = 0; r < 8u; r++) {
        for (uint8_t f = r & 1u; f < 8u; f += 2) {
            uint8_t image;
            switch (symmetry) {
            case BB_ROTATE180: image = BB_SQUARE(7u - f, 7u - r); break;
            case BB_DIAGONAL:  image = BB_SQUARE(r, f); break;
            default:           image = BB_SQUARE(7u - r, 7u - f); break;
            }
            map[BB_SQUARE(f, r)] = image;
        }
    }
}

/* One bit; out of line, as a shift by a variable count is a loop on AVR. */
HELPER bb32 bit(uint8_t n)
{
    return BB_BIT(n);
}

HELPER bb32 bb_apply(uint8_t symmetry, bb32 x)
{
    switch (symmetry) {
    case BB_ROTATE180: return sym_rotate180(x);
    case BB_DIAGONAL:  return sym_mirror_diagonal(x);
    default:           return sym_mirror_antidiagonal(x);
    }
}

/* Against the table for all 32 single bits and random words, and that the
 * symmetry undoes itself. */
HELPER void check_bb_symmetry(uint8_t symmetry)
{
    uint8_t map[32];
    build_bb_map(symmetry, map);
    for (uint8_t n = 0; n < 32u; n++) {
        if (!SAME(bb_apply(symmetry, bit(n)), bit(map[n])))
            return;
    }
    uint32_t seed = 0xB0A2D00Du + symmetry;
    for (uint16_t k = 0; k < 300u; k++) {
        bb32 x = check_random32(&seed), want = 0;
        for (uint8_t n = 0; n < 32u; n++)
            if (x & bit(n))
                want |= bit(map[n]);
        bb32 y = bb_apply(symmetry, x);
        if (!SAME(y, want) || !SAME(bb_apply(symmetry, y), x))
            return;
    }
}

static void test_rotate180_moves_bit_n_to_17_minus_n(void)
{
    for (uint8_t n = 0; n < 32u; n++)
        SAME(sym_rotate180(bit(n)), bit(BB_TURNED(n)));
    check_bb_symmetry(BB_ROTATE180);
}

static void test_diagonal_mirror_matches_file_rank_map(void)
{
    check_bb_symmetry(BB_DIAGONAL);
}

static void test_antidiagonal_mirror_matches_file_rank_map(void)
{
    check_bb_symmetry(BB_ANTIDIAGONAL);
}

#if ROOMY
static void test_mirrors_compose_to_the_180_degree_turn(void)
{
    uint32_t seed = 12345u;
    for (uint8_t k = 0; k < 50u; k++) {
        bb32 x = check_random32(&seed);
        SAME(sym_mirror_antidiagonal(sym_mirror_diagonal(x)), sym_rotate180(x));
        SAME(sym_mirror_diagonal(sym_mirror_antidiagonal(x)), sym_rotate180(x));
    }
}

/* The bits n with map[n] == n + delta. */
HELPER bb32 pairs_at_distance(const uint8_t *map, uint8_t delta)
{
    bb32 mask = 0;
    for (uint8_t n = 0; n < 32u; n++)
        if (map[n] == n + delta)
            mask |= bit(n);
    return mask;
}

/* The bits n with map[n] > n: the lower bit of every pair. */
HELPER bb32 pairs_above(const uint8_t *map)
{
    bb32 mask = 0;
    for (uint8_t n = 0; n < 32u; n++)
        if (map[n] > n)
            mask |= bit(n);
    return mask;
}

/* The masks re-derived from the (f, r) definition by the recipe in
 * symmetry.h, so a changed numbering or a mistyped constant shows here. */
static void test_mirror_masks_follow_from_the_diagonal_runs(void)
{
    /* h1-a8: each bit below its image goes in the mask of the distance;
     * the four masks hold all 16 pairs. */
    uint8_t map[32];
    build_bb_map(BB_ANTIDIAGONAL, map);
    bb32 by17 = pairs_at_distance(map, 17), by3 = pairs_at_distance(map, 3);
    bb32 by11 = pairs_at_distance(map, 11), by7 = pairs_at_distance(map, 7);
    SAME(by17, SYM_ANTI_MASK_17);
    SAME(by3, SYM_ANTI_MASK_3);
    SAME(by11, SYM_ANTI_MASK_11);
    SAME(by7, SYM_ANTI_MASK_7);
    SAME(by17 | by3 | by11 | by7, pairs_above(map));
    /* a1-h8: the run of diagonal p is centred on 7p with half-length
     * min(p, 7 - p); its lowest bit a decides the masks. */
    bb32 by2 = 0, by4 = 0;
    build_bb_map(BB_DIAGONAL, map);
    for (uint8_t p = 0; p < 8u; p++) {
        uint8_t half = p < 4u ? p : (uint8_t)(7u - p);
        uint8_t a = (uint8_t)((7u * p - half) & 31u);
        SAME(map[a], a + 2u * half);       /* a run, reversed */
        if (half == 3u) {
            by2 |= bit(a) | bit(a + 4u);
            by4 |= bit(a) | bit(a + 1u) | bit(a + 2u);
        } else if (half == 2u) {
            by2 |= bit(a + 1u);
            by4 |= bit(a);
        } else if (half == 1u) {
            by2 |= bit(a);
        }
    }
    SAME(by2, SYM_DIAG_MASK_2);
    SAME(by4, SYM_DIAG_MASK_4);
}
#endif

/* -------------------------------------------------------- colour flip -- */

HELPER void same_position(const bd_position *got, const bd_position *want)
{
    for (uint8_t c = BD_WHITE; c <= BD_BLACK; c++) {
        SAME(got->pieces[c], want->pieces[c]);
        SAME(got->men[c], want->men[c]);
    }
    SAME(got->side, want->side);
}

/* Men of one colour on three ranks starting at rank `from`. */
HELPER bb32 three_ranks(uint8_t from)
{
    bb32 b = 0;
    for (uint8_t r = from; r < from + 3u; r++)
        for (uint8_t f = r & 1u; f < 8u; f += 2)
            b |= bit(BB_SQUARE(f, r));
    return b;
}

static void test_colour_flip_keeps_start_but_swaps_side_to_move(void)
{
    bd_position start, flipped;
    start.pieces[BD_WHITE] = start.men[BD_WHITE] = three_ranks(0);
    start.pieces[BD_BLACK] = start.men[BD_BLACK] = three_ranks(5);
    start.side = BD_WHITE;
    sym_colour_flip(&start, &flipped);
    start.side = BD_BLACK;
    same_position(&flipped, &start);
}

static void test_colour_flip_turns_swaps_colours_and_undoes_itself(void)
{
    uint32_t seed = 0xC0FFEEu;
    for (uint8_t k = 0; k < 50u; k++) {
        bd_position pos, flipped, back;
        bb32 occupied = check_random32(&seed);
        bb32 white = occupied & check_random32(&seed);
        pos.pieces[BD_WHITE] = white;
        pos.pieces[BD_BLACK] = occupied & ~white;
        pos.men[BD_WHITE] = white & check_random32(&seed) & ~BB_RANK_8;
        pos.men[BD_BLACK] = pos.pieces[BD_BLACK] & check_random32(&seed) & ~BB_RANK_1;
        pos.side = (uint8_t)(k & 1u);
        sym_colour_flip(&pos, &flipped);
        bd_position want;
        for (uint8_t c = BD_WHITE; c <= BD_BLACK; c++) {
            want.pieces[c] = sym_rotate180(pos.pieces[BD_OTHER_COLOUR(c)]);
            want.men[c] = sym_rotate180(pos.men[BD_OTHER_COLOUR(c)]);
        }
        want.side = BD_OTHER_COLOUR(pos.side);
        same_position(&flipped, &want);
        /* Men stay clear of their promotion rank after the flip. */
        SAME(flipped.men[BD_WHITE] & BB_RANK_8, 0);
        SAME(flipped.men[BD_BLACK] & BB_RANK_1, 0);
        back = flipped;
        sym_colour_flip(&back, &back);      /* in place */
        same_position(&back, &pos);
    }
}

int main(void)
{
    check_begin(PSTR("symmetry"));
    RUN_TEST(test_packing_puts_all_high_fields_above_all_low_fields);
    RUN_TEST(test_natural_flips_match_the_square_map);
    RUN_TEST(test_scrambled_numbering_matches_article_and_derivation);
    RUN_TEST(test_scrambled_flips_match_the_square_map);
#if ROOMY
    RUN_TEST(test_packed_flips_compose_like_board_symmetries);
#endif
    RUN_TEST(test_rotate180_moves_bit_n_to_17_minus_n);
    RUN_TEST(test_diagonal_mirror_matches_file_rank_map);
    RUN_TEST(test_antidiagonal_mirror_matches_file_rank_map);
#if ROOMY
    RUN_TEST(test_mirrors_compose_to_the_180_degree_turn);
    RUN_TEST(test_mirror_masks_follow_from_the_diagonal_runs);
#endif
    RUN_TEST(test_colour_flip_keeps_start_but_swaps_side_to_move);
    RUN_TEST(test_colour_flip_turns_swaps_colours_and_undoes_itself);
    return check_end();
}
