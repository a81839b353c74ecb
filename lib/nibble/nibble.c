/* SPDX-License-Identifier: MIT */
#include "nibble/nibble.h"

void nb_fill(nb_board *b, uint8_t code)
{
    BD_ASSERT(code < 16u);
    uint8_t both = (uint8_t)(code | code << 4);
    for (uint8_t i = 0; i < NB_BYTES; i++)
        b->nibbles[i] = both;
}

uint8_t nb_first_difference(const nb_board *a, const nb_board *b)
{
    for (uint8_t i = 0; i < NB_BYTES; i++) {
        uint8_t diff = a->nibbles[i] ^ b->nibbles[i];
        if (diff)
            /* The even square is the low nibble, so it comes first. */
            return (uint8_t)(2u * i + ((diff & 0x0Fu) == 0));
    }
    return NB_NONE;
}

uint8_t nb_count(const nb_board *b, uint8_t code)
{
    BD_ASSERT(code < 16u);
    uint8_t n = 0;
    for (uint8_t i = 0; i < NB_BYTES; i++) {
        uint8_t byte = b->nibbles[i];
        n += (byte & 0x0Fu) == code;
        n += nb_swap_nibbles(byte & 0xF0u) == code;
    }
    return n;
}

/* One scan serves both "squares holding code" (match 1) and "squares not
 * holding code" (match 0 with code 0: the occupied squares), so the two
 * public lists share their flash on AVR. */
static uint8_t *collect(const nb_board *b, uint8_t code, uint8_t match, uint8_t *out)
{
    for (uint8_t i = 0; i < NB_BYTES; i++) {
        uint8_t byte = b->nibbles[i];
        if (((byte & 0x0Fu) == code) == match)
            *out++ = (uint8_t)(2u * i);
        if ((nb_swap_nibbles(byte & 0xF0u) == code) == match)
            *out++ = (uint8_t)(2u * i + 1u);
    }
    return out;
}

uint8_t *nb_squares_with(const nb_board *b, uint8_t code, uint8_t *out)
{
    BD_ASSERT(code < 16u);
    return collect(b, code, 1, out);
}

uint8_t *nb_occupied(const nb_board *b, uint8_t *out)
{
    return collect(b, NB_EMPTY, 0, out);
}

uint8_t nb_next_occupied(const nb_board *b, uint8_t from)
{
    BD_ASSERT(from <= NB_SQUARES);
    uint8_t sq = from;
    /* An odd start looks at the high nibble alone, then whole bytes follow,
     * so an empty pair of squares costs one load and one test. */
    if ((sq & 1u) && sq < NB_SQUARES) {
        if (b->nibbles[sq >> 1] & 0xF0u)
            return sq;
        sq++;
    }
    for (; sq < NB_SQUARES; sq += 2) {
        uint8_t byte = b->nibbles[sq >> 1];
        if (byte)
            return (byte & 0x0Fu) ? sq : (uint8_t)(sq + 1u);
    }
    return NB_NONE;
}

/* ------------------------------------------------------------------------
 * Bitboards.  Rows do the work one byte at a time; halves and the whole
 * board only assemble rows.  A half is put together with shifts by 8, 16
 * and 24, which avr-gcc compiles to register moves; the whole board needs
 * one shift by 32 of a uint64_t, which on AVR is a call to libgcc's
 * __ashldi3 or __lshrdi3 (a loop over the bytes), paid once per call.
 * ------------------------------------------------------------------------ */

uint8_t nb_row_of(const nb_board *b, uint8_t row, uint8_t code)
{
    BD_ASSERT(row < 8u);
    BD_ASSERT(code < 16u);
    const uint8_t *p = &b->nibbles[4u * row];
    uint8_t bits = 0;
    /* From the last byte down, so each pair of bits shifts into place. */
    for (uint8_t i = 4; i-- > 0;) {
        uint8_t byte = p[i];
        bits = (uint8_t)(bits << 2);
        if (nb_swap_nibbles(byte & 0xF0u) == code)
            bits |= 2u;
        if ((byte & 0x0Fu) == code)
            bits |= 1u;
    }
    return bits;
}

void nb_place_row(nb_board *b, uint8_t row, uint8_t bits, uint8_t code)
{
    BD_ASSERT(row < 8u);
    BD_ASSERT(code < 16u);
    uint8_t *p = &b->nibbles[4u * row];
    uint8_t both = (uint8_t)(code | code << 4);
    for (uint8_t i = 0; i < 4u; i++) {
        uint8_t mask = 0;
        if (bits & 1u)
            mask |= 0x0Fu;
        if (bits & 2u)
            mask |= 0xF0u;
        bits >>= 2;
        /* Take the masked nibbles from "both", the rest from the board. */
        p[i] = (uint8_t)(p[i] ^ ((p[i] ^ both) & mask));
    }
}

uint32_t nb_half_of(const nb_board *b, uint8_t half, uint8_t code)
{
    BD_ASSERT(half < 2u);
    uint8_t row = (uint8_t)(4u * half);
    uint32_t bits = 0;
    /* Each row enters at the top and moves down a byte per step: byte
     * moves only, and one call site instead of four. */
    for (uint8_t i = 0; i < 4u; i++)
        bits = bits >> 8 | (uint32_t)nb_row_of(b, (uint8_t)(row + i), code) << 24;
    return bits;
}

void nb_place_half(nb_board *b, uint8_t half, uint32_t bits, uint8_t code)
{
    BD_ASSERT(half < 2u);
    uint8_t row = (uint8_t)(4u * half);
    for (uint8_t i = 0; i < 4u; i++) {
        nb_place_row(b, (uint8_t)(row + i), (uint8_t)bits, code);
        bits >>= 8;
    }
}

uint64_t nb_bitboard_of(const nb_board *b, uint8_t code)
{
    return (uint64_t)nb_half_of(b, 1, code) << 32 | nb_half_of(b, 0, code);
}

void nb_place_bitboard(nb_board *b, uint64_t squares, uint8_t code)
{
    nb_place_half(b, 0, (uint32_t)squares, code);
    nb_place_half(b, 1, (uint32_t)(squares >> 32), code);
}
