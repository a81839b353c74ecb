/* SPDX-License-Identifier: MIT */
/*
 * symmetry64.c - 8x8 board symmetries as bit operations; the derivations
 * are in symmetry64.h.
 */
#include "nibble/symmetry64.h"
#include "bits/progmem.h"

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
