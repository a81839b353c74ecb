#include "bitboard32.h"
#include "progmem.h"

/* File in the low nibble, rank in the high nibble, of every square: the
 * inverse of (3f + 4r) mod 32 over the dark squares. */
static const uint8_t square_file_rank[BB_SQUARES] PROGMEM = {
    0x00, 0x37, 0x46, 0x55, 0x64, 0x73, 0x02, 0x11, 0x20, 0x57, 0x66, 0x75, 0x04, 0x13, 0x22, 0x31,
    0x40, 0x77, 0x06, 0x15, 0x24, 0x33, 0x42, 0x51, 0x60, 0x17, 0x26, 0x35, 0x44, 0x53, 0x62, 0x71,
};

static const uint32_t can_step[BB_DIRECTIONS] PROGMEM = {
    BB_CAN_UP_LEFT, BB_CAN_UP_RIGHT, BB_CAN_DOWN_RIGHT, BB_CAN_DOWN_LEFT,
};

/* A step in each direction, as an addition modulo 32. */
static const uint8_t step_delta[BB_DIRECTIONS] PROGMEM = { 1, 7, 31, 25 };

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

uint8_t bb_neighbour(uint8_t square, uint8_t direction)
{
    BD_ASSERT(square < BB_SQUARES && direction < BB_DIRECTIONS);
    if (!((pgm_read_dword(&can_step[direction]) >> square) & 1u))
        return BB_NO_SQUARE;
    return (uint8_t)((square + pgm_read_byte(&step_delta[direction])) & 31u);
}
