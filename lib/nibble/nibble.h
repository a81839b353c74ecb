/* SPDX-License-Identifier: MIT */
/*
 * nibble.h - the nibble-packed board: 64 squares x 4-bit piece codes in
 * 32 bytes.
 *
 * Square s lives in byte s/2: an even square in the low nibble, an odd
 * square in the high nibble ("low nibble first").  Codes are 0..15 and 0
 * means empty by convention; the module gives no other code a meaning.  The
 * struct's bytes are the storage format as they stand (no header, no
 * checksum) and every 32-byte pattern is a valid board, so saving is a
 * plain copy of nb_bytes() and loading a plain copy into board.nibbles.
 *
 * Reaching the high nibble costs one instruction on AVR: the accessors
 * rotate the byte by four when the square is odd, and avr-gcc turns
 * "x << 4 | x >> 4" on a uint8_t into SWAP.  avr-gcc -Os makes nb_get
 * the address, LD, SBRC+SWAP, ANDI, and nb_set LD, SBRC+SWAP, ANDI 0xF0,
 * OR, a second conditional SWAP, ST: the same cycles for either nibble, no
 * shift loop, no jump (`make disasm` shows them).  With a constant square
 * they fold to LDD+SWAP+ANDI and a short read-modify-write.  Masking the
 * high nibble in C instead costs a MUL or a shift for code << 4 and a
 * jump; a hand-written asm nb_set would save two instructions but stop the
 * constant folding, so there is no arch/nibble.h override: the portable C
 * already is the tuned code.
 *
 * SWAR (SIMD within a register): a uint32_t holds eight nibbles, nibble k
 * in bits 4k..4k+3; nb_row_nibbles() loads one board row that way.  Adding
 * two such words directly would let a nibble's carry run into its
 * neighbour.  The trick is to add only the low three bits of every nibble,
 * (a & 0x77777777) + (b & 0x77777777): each sum is at most 7+7 = 14, so it
 * never leaves its nibble, and its bit 3 is exactly the carry into bit 3.
 * The true bit 3 of a nibble sum is a3 ^ b3 ^ carry, so XOR in
 * (a ^ b) & 0x88888888 and the carry out of bit 3 is simply never formed.
 * Subtraction mirrors it: force bit 3 of every minuend nibble to 1 so that
 * no borrow can leave the nibble, subtract the low three bits of b, and
 * correct bit 3 with (a ^ ~b) & 0x88888888.  The average uses
 * x + y = 2(x & y) + (x ^ y): floor((x+y)/2) = (x & y) + ((x ^ y) >> 1),
 * where the shifted word must drop the bit that fell in from the nibble
 * above (mask 0x77777777); the sum is at most 15, so again nothing crosses.
 *
 * Bitboards (bit s = square s) come in three widths because uint64_t is
 * heavy on AVR: a shift of a uint64_t by anything is a libgcc call.  A row
 * (8 squares, one uint8_t) is the primitive; a half board (32 squares, one
 * uint32_t, built from rows with byte moves only) is what an 8-bit
 * firmware should use (a checkers program that keeps its 32 dark squares
 * on this board reads them as two halves or eight rows); the full
 * uint64_t form costs one 64-bit shift per call and is for host tools, or
 * where the caller already holds a uint64_t.
 * --gc-sections drops whichever width a program does not call.
 */
#ifndef BITDRAUGHTS_NIBBLE_H
#define BITDRAUGHTS_NIBBLE_H

#include <stdint.h>
#include "bits/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NB_SQUARES 64u
#define NB_BYTES   32u
#define NB_EMPTY   0u
/* "No square": returned by the search functions when there is none. */
#define NB_NONE    64u

typedef struct {
    uint8_t nibbles[NB_BYTES];   /* square s: byte s/2, high nibble if s odd */
} nb_board;

/* ------------------------------------------------------ one square -- */

/* Swap the two nibbles of a byte: one SWAP instruction on AVR. */
BD_INLINE uint8_t nb_swap_nibbles(uint8_t x)
{
    return (uint8_t)(x << 4 | x >> 4);
}

/* The code on square sq (0..63); 0..15. */
BD_INLINE uint8_t nb_get(const nb_board *b, uint8_t sq)
{
    BD_ASSERT(sq < NB_SQUARES);
    uint8_t byte = b->nibbles[sq >> 1];
    if (sq & 1u)
        byte = nb_swap_nibbles(byte);
    return byte & 0x0Fu;
}

/* Put code (0..15) on square sq (0..63); every other square is unchanged. */
BD_INLINE void nb_set(nb_board *b, uint8_t sq, uint8_t code)
{
    BD_ASSERT(sq < NB_SQUARES);
    BD_ASSERT(code < 16u);
    uint8_t *p = &b->nibbles[sq >> 1];
    uint8_t byte = *p;
    /* Bring the square's nibble to the bottom, replace it, and put it back:
     * two conditional SWAPs instead of two masks and a four-bit shift. */
    if (sq & 1u)
        byte = nb_swap_nibbles(byte);
    byte = (uint8_t)((byte & 0xF0u) | code);
    if (sq & 1u)
        byte = nb_swap_nibbles(byte);
    *p = byte;
}

/* Make square sq (0..63) empty. */
BD_INLINE void nb_clear_square(nb_board *b, uint8_t sq)
{
    nb_set(b, sq, NB_EMPTY);
}

/* ------------------------------------------------------ whole board -- */

/* Put code (0..15) on all 64 squares. */
void nb_fill(nb_board *b, uint8_t code);

/* Make all 64 squares empty. */
BD_INLINE void nb_clear(nb_board *b)
{
    nb_fill(b, NB_EMPTY);
}

/* The board's NB_BYTES storage bytes, for saving (EEPROM, a serial dump). */
BD_INLINE const uint8_t *nb_bytes(const nb_board *b)
{
    return b->nibbles;
}

/* The lowest square on which a and b differ, or NB_NONE when they are equal. */
uint8_t nb_first_difference(const nb_board *a, const nb_board *b);

/* 1 when a and b hold the same code on every square, else 0. */
BD_INLINE uint8_t nb_equal(const nb_board *a, const nb_board *b)
{
    return nb_first_difference(a, b) == NB_NONE;
}

/* How many squares hold code (0..15); 0..64. */
uint8_t nb_count(const nb_board *b, uint8_t code);

/* -------------------------------------------------------- iteration -- */

/* Write, in increasing order, every square holding code (0..15) to out
 * (room for up to 64) and return the end of what was written. */
uint8_t *nb_squares_with(const nb_board *b, uint8_t code, uint8_t *out);

/* Write, in increasing order, every non-empty square to out (room for up
 * to 64) and return the end of what was written. */
uint8_t *nb_occupied(const nb_board *b, uint8_t *out);

/* The lowest non-empty square >= from (0..64), or NB_NONE; walk a board
 * with for (s = nb_next_occupied(b, 0); s != NB_NONE;
 *           s = nb_next_occupied(b, s + 1)). */
uint8_t nb_next_occupied(const nb_board *b, uint8_t from);

/* ------------------------------------------------------------- SWAR -- */

#define NB_SWAR_LOW3 0x77777777u   /* the three low bits of every nibble */
#define NB_SWAR_HIGH 0x88888888u   /* bit 3 of every nibble */

/* The SWAR helpers are plain static inline, not BD_INLINE: on AVR each is
 * 20-40 instructions of 32-bit work, so where one is used more than once
 * -Os is right to keep a single copy. */

/* code (0..15) in all eight nibbles.  Built by byte copies, not by a
 * multiply by 0x11111111, which is a libgcc call on AVR. */
static inline uint32_t nb_swar_broadcast(uint8_t code)
{
    BD_ASSERT(code < 16u);
    uint16_t pair = (uint8_t)(code | code << 4);
    pair = (uint16_t)(pair | pair << 8);
    return (uint32_t)pair << 16 | pair;
}

/* Per nibble (a + b) mod 16; no carry crosses a nibble. */
static inline uint32_t nb_swar_add(uint32_t a, uint32_t b)
{
    return ((a & NB_SWAR_LOW3) + (b & NB_SWAR_LOW3)) ^ ((a ^ b) & NB_SWAR_HIGH);
}

/* Per nibble (a - b) mod 16; no borrow crosses a nibble. */
static inline uint32_t nb_swar_sub(uint32_t a, uint32_t b)
{
    return ((a | NB_SWAR_HIGH) - (b & NB_SWAR_LOW3)) ^ ((a ^ ~b) & NB_SWAR_HIGH);
}

/* Per nibble floor((a + b) / 2). */
static inline uint32_t nb_swar_avg(uint32_t a, uint32_t b)
{
    return (a & b) + (((a ^ b) >> 1) & NB_SWAR_LOW3);
}

/* Bit 3 of a nibble set exactly when that nibble of x is non-zero: adding 7
 * to the low three bits reaches bit 3 when any of them is set, and OR x
 * covers bit 3 itself; again no carry leaves the nibble. */
static inline uint32_t nb_swar_nonzero_high(uint32_t x)
{
    return (((x & NB_SWAR_LOW3) + NB_SWAR_LOW3) | x) & NB_SWAR_HIGH;
}

/* 0xF in each nibble where a and b are equal, 0x0 where they differ. */
static inline uint32_t nb_swar_eq_mask(uint32_t a, uint32_t b)
{
    uint32_t zero_high = nb_swar_nonzero_high(a ^ b) ^ NB_SWAR_HIGH;
    /* 8 -> 15 per nibble: 8 | (8 - 1), and 8 - 1 borrows inside the nibble. */
    return zero_high | (zero_high - (zero_high >> 3));
}

/* The eight codes of row (0..7), squares 8*row..8*row+7, as a SWAR word:
 * square 8*row+k in nibble k. */
BD_INLINE uint32_t nb_row_nibbles(const nb_board *b, uint8_t row)
{
    BD_ASSERT(row < 8u);
    const uint8_t *p = &b->nibbles[4u * row];
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
         | (uint32_t)p[3] << 24;
}

/* Store a SWAR word as row (0..7), nibble k on square 8*row+k. */
BD_INLINE void nb_set_row_nibbles(nb_board *b, uint8_t row, uint32_t nibbles)
{
    BD_ASSERT(row < 8u);
    uint8_t *p = &b->nibbles[4u * row];
    p[0] = (uint8_t)nibbles;
    p[1] = (uint8_t)(nibbles >> 8);
    p[2] = (uint8_t)(nibbles >> 16);
    p[3] = (uint8_t)(nibbles >> 24);
}

/* -------------------------------------------------------- bitboards -- */

/* Bit f set when square 8*row+f (row 0..7) holds code (0..15). */
uint8_t nb_row_of(const nb_board *b, uint8_t row, uint8_t code);

/* Put code (0..15) on square 8*row+f for every bit f set in bits; the
 * squares of clear bits are unchanged. */
void nb_place_row(nb_board *b, uint8_t row, uint8_t bits, uint8_t code);

/* Bit i set when square 32*half+i (half 0 or 1) holds code (0..15). */
uint32_t nb_half_of(const nb_board *b, uint8_t half, uint8_t code);

/* Put code (0..15) on square 32*half+i for every bit i set in bits; the
 * squares of clear bits are unchanged. */
void nb_place_half(nb_board *b, uint8_t half, uint32_t bits, uint8_t code);

/* Bit s set when square s holds code (0..15). */
uint64_t nb_bitboard_of(const nb_board *b, uint8_t code);

/* Put code (0..15) on every square s whose bit is set in squares; the
 * others are unchanged. */
void nb_place_bitboard(nb_board *b, uint64_t squares, uint8_t code);

#ifdef __cplusplus
}
#endif

#endif
