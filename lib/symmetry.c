/*
 * symmetry.c - board symmetries as bit operations; the derivations are in
 * symmetry.h.
 */
#include "symmetry.h"
#include "progmem.h"

/* ------------------------------------------------------------ packing -- */

/* Packing and unpacking are the only loops over pieces here: they convert
 * to and from a list of squares, which has one entry a piece.  The 32- and
 * 64-bit forms differ only in the word, so one macro writes both. */
#define SYM_DEFINE_PACKING(bits, word)                                       \
    word sym_pack##bits(const uint8_t *squares, uint8_t n)                   \
    {                                                                        \
        BD_ASSERT(n <= SYM_MAX_PIECES##bits);                                \
        word low = 0, high = 0;                                              \
        for (uint8_t i = 0; i < n; i++) {                                    \
            BD_ASSERT(squares[i] < 64u);                                     \
            low |= (word)(squares[i] & 7u) << (3u * i);                      \
            high |= (word)(squares[i] >> 3) << (3u * i);                     \
        }                                                                    \
        return low | high << (3u * n);                                       \
    }                                                                        \
                                                                             \
    void sym_unpack##bits(word index, uint8_t n, uint8_t *squares)           \
    {                                                                        \
        BD_ASSERT(n <= SYM_MAX_PIECES##bits);                                \
        word high = index >> (3u * n);                                       \
        for (uint8_t i = 0; i < n; i++, index >>= 3, high >>= 3)             \
            squares[i] = (uint8_t)((index & 7u) | (high & 7u) << 3);         \
    }

SYM_DEFINE_PACKING(32, uint32_t)
SYM_DEFINE_PACKING(64, uint64_t)

/* ------------------------------------------ flips of packed indices -- */

/* Both numberings, both words, from one macro.  low: the low half, ones in
 * bits [0, 3n); plane0: bit 0 of every piece (every third bit of the low
 * half; plane j is plane0 << j, and the high half's planes are those
 * shifted by 3n).  Each function is straight-line bit logic: the
 * shift counts depend on n, never a loop over pieces.  (On AVR a shift by
 * a variable count is itself a short loop of one-bit shifts in libgcc or
 * inline; that is the price of n being a parameter.) */
#define SYM_DEFINE_FLIPS(bits, word, every_third)                            \
    /* The low half's mask, after checking n and that index fits 6n bits. */ \
    static word low_half##bits(word index, uint8_t n)                        \
    {                                                                        \
        BD_ASSERT(n <= SYM_MAX_PIECES##bits);                                \
        word low = ((word)1 << (3u * n)) - 1u;                               \
        BD_ASSERT((index & ~(low | low << (3u * n))) == 0);                  \
        (void)index;                                                         \
        return low;                                                          \
    }                                                                        \
                                                                             \
    word sym_nat##bits##_flip_vertical(word index, uint8_t n)                \
    {                                                                        \
        return index ^ low_half##bits(index, n) << (3u * n);                 \
    }                                                                        \
                                                                             \
    word sym_nat##bits##_flip_horizontal(word index, uint8_t n)              \
    {                                                                        \
        return index ^ low_half##bits(index, n);                             \
    }                                                                        \
                                                                             \
    word sym_nat##bits##_rotate180(word index, uint8_t n)                    \
    {                                                                        \
        word low = low_half##bits(index, n);                                 \
        return index ^ (low | low << (3u * n));                              \
    }                                                                        \
                                                                             \
    /* Swapping the halves is a rotation by 3n within the 6n-bit field. */   \
    word sym_nat##bits##_flip_diagonal(word index, uint8_t n)                \
    {                                                                        \
        word low = low_half##bits(index, n);                                 \
        return (index >> (3u * n)) | (index & low) << (3u * n);              \
    }                                                                        \
                                                                             \
    word sym_nat##bits##_flip_antidiagonal(word index, uint8_t n)            \
    {                                                                        \
        return sym_nat##bits##_rotate180(                                    \
            sym_nat##bits##_flip_diagonal(index, n), n);                     \
    }                                                                        \
                                                                             \
    static word plane0_##bits(word index, uint8_t n)                         \
    {                                                                        \
        return (word)(every_third) & low_half##bits(index, n);               \
    }                                                                        \
                                                                             \
    /* Bit 2 is the top/bottom half: flip it for every piece. */             \
    word sym_scr##bits##_flip_vertical(word index, uint8_t n)                \
    {                                                                        \
        return index ^ plane0_##bits(index, n) << 2;                         \
    }                                                                        \
                                                                             \
    /* Bit 1 is the left/right half. */                                      \
    word sym_scr##bits##_flip_horizontal(word index, uint8_t n)              \
    {                                                                        \
        return index ^ plane0_##bits(index, n) << 1;                         \
    }                                                                        \
                                                                             \
    word sym_scr##bits##_rotate180(word index, uint8_t n)                    \
    {                                                                        \
        word p = plane0_##bits(index, n);                                    \
        return index ^ (p << 1 | p << 2);                                    \
    }                                                                        \
                                                                             \
    /* Swap planes 1 and 2 (a delta swap by 1), then flip plane 0 where     \
     * bits 4 and 5 (planes 1 and 2 of the high half) are not both set. */   \
    word sym_scr##bits##_flip_diagonal(word index, uint8_t n)                \
    {                                                                        \
        word p = plane0_##bits(index, n);                                    \
        word t = (index ^ index >> 1) & p << 1;                              \
        index ^= t | t << 1;                                                 \
        word high = index >> (3u * n);                                       \
        return index ^ p ^ (high >> 1 & high >> 2 & p);                      \
    }                                                                        \
                                                                             \
    word sym_scr##bits##_flip_antidiagonal(word index, uint8_t n)            \
    {                                                                        \
        return sym_scr##bits##_rotate180(                                    \
            sym_scr##bits##_flip_diagonal(index, n), n);                     \
    }

SYM_DEFINE_FLIPS(32, uint32_t, 0x49249249u)
SYM_DEFINE_FLIPS(64, uint64_t, 0x9249249249249249u)

/* ------------------------------------------- the scrambled numbering -- */

/* The article's diagram, indexed by natural square 8 * rank + file. */
static const uint8_t scrambled_of[64] PROGMEM = {
    060, 000, 010, 020, 022, 012, 002, 062,   /* rank 1 */
    001, 061, 030, 040, 042, 032, 063, 003,
    011, 031, 070, 050, 052, 072, 033, 013,
    021, 041, 051, 071, 073, 053, 043, 023,
    025, 045, 055, 075, 077, 057, 047, 027,
    015, 035, 074, 054, 056, 076, 037, 017,
    005, 065, 034, 044, 046, 036, 067, 007,
    064, 004, 014, 024, 026, 016, 006, 066,   /* rank 8 */
};

uint8_t sym_scr_from_natural(uint8_t natural)
{
    BD_ASSERT(natural < 64u);
    return pgm_read_byte(&scrambled_of[natural]);
}

/* The inverse by the derivation in symmetry.h rather than a second table:
 * the tests' round trip then checks the derivation against the diagram. */
uint8_t sym_scr_to_natural(uint8_t scrambled)
{
    BD_ASSERT(scrambled < 64u);
    /* Off-diagonal high digits 0..5: the pair {small, large} of folded
     * coordinates, small in the low nibble. */
    static const uint8_t pair[6] PROGMEM = { 0x10, 0x20, 0x30, 0x21, 0x31, 0x32 };
    uint8_t digit = scrambled >> 3, bit0 = scrambled & 1u;
    uint8_t f, r;
    if (digit >= 6u) {
        f = r = (uint8_t)(2u * (digit - 6u) + bit0);   /* on a diagonal */
    } else {
        uint8_t p = pgm_read_byte(&pair[digit]);
        uint8_t small = p & 15u, large = p >> 4;
        f = bit0 ? small : large;       /* bit 0: rank above file */
        r = bit0 ? large : small;
    }
    if (scrambled & 2u)
        f = (uint8_t)(7u - f);
    if (scrambled & 4u)
        r = (uint8_t)(7u - r);
    return (uint8_t)(8u * r + f);
}

/* --------------------------------------------- checkers bitboards -- */

/* Swaps bit i and bit i + delta for every i in mask (mask and mask << delta
 * disjoint). */
BD_INLINE bb32 delta_swap(bb32 x, bb32 mask, uint8_t delta)
{
    bb32 t = ((x >> delta) ^ x) & mask;
    return x ^ t ^ (t << delta);
}

/* The reversal's swap stages of 1, 2 and 4 bits stay inside a byte, so they
 * run on the four bytes as uint8_t: avr-gcc turns the 4-bit stage into SWAP
 * and the others into straight-line code, where on a uint32_t it emits a
 * shift loop for every stage.  The 8-bit stage is a renaming of bytes, and
 * the 16-bit stage plus the rotation by 18 is a rotation by 34 = 2, which
 * is two rotations by 1 (avr-gcc: 5 instructions each).  avr-gcc 5.4 -Os:
 * 88 instructions, no loop, no jump; the uint32_t SWAR form was 123 with
 * five shift loops.  (On a 64-bit host the uint32_t form would be about a
 * third of the instructions; this is not a hot path there.) */
BD_INLINE uint8_t reverse_byte(uint8_t b)
{
    b = (uint8_t)(b << 4 | b >> 4);
    b = (uint8_t)(((b >> 2) & 0x33u) | ((b & 0x33u) << 2));
    return (uint8_t)(((b >> 1) & 0x55u) | ((b & 0x55u) << 1));
}

bb32 sym_rotate180(bb32 x)
{
    /* Bits reversed within each 16-bit half: bytes reversed and renamed
     * b1 b0 b3 b2 (lowest first). */
    x = (bb32)reverse_byte((uint8_t)(x >> 8))
        | (bb32)reverse_byte((uint8_t)x) << 8
        | (bb32)reverse_byte((uint8_t)(x >> 24)) << 16
        | (bb32)reverse_byte((uint8_t)(x >> 16)) << 24;
    return bb_rotl(bb_rotl(x, 1), 1);
}

bb32 sym_mirror_diagonal(bb32 x)
{
    return delta_swap(delta_swap(x, SYM_DIAG_MASK_2, 2), SYM_DIAG_MASK_4, 4);
}

/* Four delta swaps by 17, 3, 11 and 7 would do, but avr-gcc shifts a
 * uint32_t by 3 or 11 in a loop (141 instructions, about 630 cycles).  As
 * eight masked rotations, one a direction of each pair, every rotation is a
 * renaming of bytes and at most three rotations by 1 (+17 = 16 + 1,
 * +7 = 8 - 1, +11 = 8 + 3, ...), and the four small ones are shared:
 * 155 instructions, no loop, about 155 cycles. */
bb32 sym_mirror_antidiagonal(bb32 x)
{
    bb32 left1 = bb_rotl(x, 1), right1 = bb_rotl(x, 31);
    bb32 left3 = bb_rotl(bb_rotl(left1, 1), 1);
    bb32 right3 = bb_rotl(bb_rotl(right1, 31), 31);
    return (bb_rotl(left1, 16) & SYM_ANTI_MASK_17 << 17)     /* 0 -> 17 */
        | (bb_rotl(right1, 16) & SYM_ANTI_MASK_17)           /* 17 -> 0 */
        | (left3 & SYM_ANTI_MASK_3 << 3)                     /* 6..8 up */
        | (right3 & SYM_ANTI_MASK_3)
        | (bb_rotl(left3, 8) & SYM_ANTI_MASK_11 << 11)       /* 1..5 up */
        | (bb_rotl(right3, 24) & SYM_ANTI_MASK_11)
        | (bb_rotl(right1, 8) & SYM_ANTI_MASK_7 << 7)        /* 18..24 up */
        | (bb_rotl(left1, 24) & SYM_ANTI_MASK_7);
}

void sym_colour_flip(const position *in, position *out)
{
    position flipped;
    for (uint8_t c = WHITE; c <= BLACK; c++) {
        flipped.pieces[c] = sym_rotate180(in->pieces[OTHER_COLOUR(c)]);
        flipped.men[c] = sym_rotate180(in->men[OTHER_COLOUR(c)]);
    }
    flipped.side = OTHER_COLOUR(in->side);
    *out = flipped;
}
