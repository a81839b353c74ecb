/* SPDX-License-Identifier: MIT */
#include "checkers/bitboard32.h"
#include "bits/progmem.h"

/* File in the low nibble, rank in the high nibble, of every square: the
 * inverse of (3f + 4r) mod 32 over the dark squares. */
static const uint8_t square_file_rank[BB_SQUARES] PROGMEM = {
    0x00, 0x37, 0x46, 0x55, 0x64, 0x73, 0x02, 0x11, 0x20, 0x57, 0x66, 0x75, 0x04, 0x13, 0x22, 0x31,
    0x40, 0x77, 0x06, 0x15, 0x24, 0x33, 0x42, 0x51, 0x60, 0x17, 0x26, 0x35, 0x44, 0x53, 0x62, 0x71,
};

/* The neighbour of every square in each direction (up-left, up-right,
 * down-right, down-left); tests/checkers/test_bitboard32.c checks it against the
 * file and rank definition. */
const uint8_t bb_neighbours[BB_SQUARES][BB_DIRECTIONS] PROGMEM = {
    { 0xFF,  7, 0xFF, 0xFF }, {  2, 0xFF, 0xFF, 26 }, {  3,  9,  1, 27 }, {  4, 10,  2, 28 },
    {  5, 11,  3, 29 }, { 0xFF, 0xFF,  4, 30 }, {  7, 13, 0xFF, 0xFF }, {  8, 14,  6,  0 },
    { 0xFF, 15,  7, 0xFF }, { 10, 0xFF, 0xFF,  2 }, { 11, 17,  9,  3 }, { 0xFF, 0xFF, 10,  4 },
    { 13, 19, 0xFF, 0xFF }, { 14, 20, 12,  6 }, { 15, 21, 13,  7 }, { 16, 22, 14,  8 },
    { 0xFF, 23, 15, 0xFF }, { 0xFF, 0xFF, 0xFF, 10 }, { 19, 25, 0xFF, 0xFF }, { 20, 26, 18, 12 },
    { 21, 27, 19, 13 }, { 22, 28, 20, 14 }, { 23, 29, 21, 15 }, { 24, 30, 22, 16 },
    { 0xFF, 31, 23, 0xFF }, { 26, 0xFF, 0xFF, 18 }, { 27,  1, 25, 19 }, { 28,  2, 26, 20 },
    { 29,  3, 27, 21 }, { 30,  4, 28, 22 }, { 31,  5, 29, 23 }, { 0xFF, 0xFF, 30, 24 },
};

const uint8_t bb_byte_bits[8] PROGMEM = { 1, 2, 4, 8, 16, 32, 64, 128 };

#define BB_BITS4(n) BB_BIT(n), BB_BIT((n) + 1), BB_BIT((n) + 2), BB_BIT((n) + 3)
const bb32 bb_square_bits[BB_SQUARES] PROGMEM = {
    BB_BITS4(0), BB_BITS4(4), BB_BITS4(8), BB_BITS4(12),
    BB_BITS4(16), BB_BITS4(20), BB_BITS4(24), BB_BITS4(28),
};

uint8_t bb_file(uint8_t square)
{
    BD_ASSERT(square < BB_SQUARES);
    return (uint8_t)(pgm_read_byte(&square_file_rank[square]) & 0x0Fu);
}

uint8_t bb_rank(uint8_t square)
{
    BD_ASSERT(square < BB_SQUARES);
    return (uint8_t)(pgm_read_byte(&square_file_rank[square]) >> 4);
}

bb32 bb_step_call(bb32 x, uint8_t direction)
{
    BD_ASSERT(direction < BB_DIRECTIONS);
    return bb_step(x, direction);
}
