/* SPDX-License-Identifier: MIT */
/*
 * kingray.h - flying-king rays: the squares a Russian king sees along one
 * diagonal direction, up to and including the first occupied square.
 *
 * Two implementations behind one contract, both always compiled so that the
 * bench can compare them:
 *
 *   kr_ray_walk   steps one square at a time (bb_step's masks and rotations)
 *                 until it leaves the board or lands on an occupied square.
 *   kr_ray_table  gathers the occupancy of the squares in front of the king
 *                 into a small index and looks the ray up in flash.
 *
 * The gather rests on one property of the numbering (bit 3f + 4r mod 32):
 * the two diagonal steps are +1 and +7, and 7 = -1 mod 8, so along any
 * diagonal the bit numbers modulo 8 are all different (at most 8 squares,
 * stepping by +-1 mod 8).  Hence OR-ing the four bytes of (occupied & ray
 * mask) loses nothing: it is the "magic" multiply (x * 0x01010101) >> 24 of
 * chess bitboards, with no carries, done as three byte ORs (3 cycles on AVR
 * where a 32x32 multiply is a ~50-cycle libgcc call).  build/host/kingmagic
 * searched every magic with at most 4 set bits for one that gathers every
 * diagonal of both families collision-free into the top byte; 0x01010101 is
 * the cheapest on AVR (all bits byte-aligned).  In the folded byte the ray's
 * squares form a run that is contiguous modulo 8 (an up-left ray ascends,
 * an up-right ray descends); an 8x8 multiply by a per-ray power of two
 * rotates it (low | high byte of the product: one MUL, one OR) so that the
 * inner squares (all but the last, the board edge, which never blocks
 * anything beyond it) land on bits 0..n-1, and a mask drops the edge.  That
 * index selects a byte in
 * kr_ray_bytes, the ray folded the same way; replicating that byte into all
 * four bytes and masking with the empty-board ray unfolds it again.
 *
 * Flash: kr_entries, 4 x 32 entries of 8 bytes (empty-board ray, table
 * base, rotation multiplier, index mask), and kr_ray_bytes, KR_RAY_BYTES
 * (2^n for each ray with n inner squares; the bench's kingray-table row
 * counts them with the code), in kingray_tables.c, which
 * `build/host/kingmagic --emit` writes from the generator in
 * firmware/host/kingray_gen.c;
 * tests/checkers/test_kingmagic.sh regenerates it and compares.
 *
 * Which one is kr_ray, the default, is a choice made by measurement: the
 * bench keeps both rows (make bench: kingray-walk and kingray-table).  The
 * table is the portable default; arch/kingray_ray.h may name the walk (the
 * AVR's does, and a board that can spare the flash puts
 * lib/arch/kingray-table, which names none, in front of it).
 */
#ifndef BITDRAUGHTS_KINGRAY_H
#define BITDRAUGHTS_KINGRAY_H

#include <stdint.h>
#include "checkers/bitboard32.h"
#include "bits/platform.h"
#include "bits/progmem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The shared gather magic: (x * KR_FOLD_MAGIC) >> 24 is the OR of x's bytes
 * for any x on one diagonal. */
#define KR_FOLD_MAGIC 0x01010101u
#define KR_FOLD_SHIFT 24u

/* One king ray's parameters (8 bytes, so that the address is a shift). */
struct kr_entry {
    bb32 ray_mask;       /* the ray on an empty board */
    uint16_t base;       /* first byte of this ray's slice of kr_ray_bytes */
    uint8_t multiplier;  /* rotation of the folded byte, as an 8x8 multiply */
    uint8_t index_mask;  /* 2^(inner squares) - 1 */
};

#define KR_RAY_BYTES 734u
extern const struct kr_entry kr_entries[BB_DIRECTIONS][BB_SQUARES] PROGMEM;
extern const uint8_t kr_ray_bytes[KR_RAY_BYTES] PROGMEM;

BD_STATIC_ASSERT(sizeof(struct kr_entry) == 8, "kr_entry is 8 bytes: entry address = direction << 8 | square << 3");

/* The target's entry reader, where it has one. */
#include "arch/kingray.h"

/* The OR of the four bytes of x. */
BD_INLINE uint8_t kr_fold(bb32 x)
{
    return (uint8_t)((uint8_t)x | (uint8_t)(x >> 8) | (uint8_t)(x >> 16)
                     | (uint8_t)(x >> 24));
}

/* mask & (b in every byte), the inverse of kr_fold on one diagonal.  The
 * union applies the same AND to each byte, so byte order does not matter;
 * avr-gcc makes it four ANDs where the shifts and ORs cost 28 instructions. */
BD_INLINE bb32 kr_unfold(bb32 mask, uint8_t b)
{
    union { bb32 word; uint8_t bytes[4]; } u = {mask};
    u.bytes[0] &= b;
    u.bytes[1] &= b;
    u.bytes[2] &= b;
    u.bytes[3] &= b;
    return u.word;
}

/* The low and high bytes of folded * multiplier OR-ed: a rotation of folded
 * when multiplier is a power of two. */
BD_INLINE uint8_t kr_rotate(uint8_t folded, uint8_t multiplier)
{
    uint16_t product = (uint16_t)(folded * multiplier);
    return (uint8_t)((uint8_t)product | (uint8_t)(product >> 8));
}

/* Reads an entry from flash (AVR: one run of LPM Z+). */
#ifndef kr_load_entry
BD_INLINE void kr_load_entry(const struct kr_entry *entry, bb32 *ray_mask,
                             uint16_t *base, uint8_t *multiplier, uint8_t *index_mask)
{
    *ray_mask = pgm_read_dword(&entry->ray_mask);
    *base = pgm_read_word(&entry->base);
    *multiplier = pgm_read_byte(&entry->multiplier);
    *index_mask = pgm_read_byte(&entry->index_mask);
}
#endif

/* The bit of a square: 1 << square with constant shifts only, which on AVR
 * are register moves (a variable 32-bit shift is a loop of up to 31 rounds). */
BD_INLINE bb32 kr_square_bit(uint8_t square)
{
    bb32 bit = (uint8_t)(1u << (square & 7u));
    if (square & 8u)
        bit <<= 8;
    if (square & 16u)
        bit <<= 16;
    return bit;
}

/* One step of the squares of x in a direction, as bb_step, with the
 * rotation by 7 written as a rotation by 8 (byte moves) and one by -1, which
 * avr-gcc does not find by itself in bb_rotl(x, 7) (two shift loops). */
BD_INLINE bb32 kr_rotl1(bb32 x) { return (x << 1) | (x >> 31); }
BD_INLINE bb32 kr_rotr1(bb32 x) { return (x >> 1) | (x << 31); }
BD_INLINE bb32 kr_rotl8(bb32 x) { return (x << 8) | (x >> 24); }
BD_INLINE bb32 kr_rotr8(bb32 x) { return (x >> 8) | (x << 24); }
BD_INLINE bb32 kr_step(bb32 x, uint8_t direction)
{
    switch (direction) {
    case BB_UP_LEFT:    return kr_rotl1(x & BB_CAN_UP_LEFT);
    case BB_UP_RIGHT:   return kr_rotr1(kr_rotl8(x & BB_CAN_UP_RIGHT));
    case BB_DOWN_RIGHT: return kr_rotr1(x & BB_CAN_DOWN_RIGHT);
    default:            return kr_rotl1(kr_rotr8(x & BB_CAN_DOWN_LEFT));
    }
}

/* The walk from the one-square board at; direction is a constant at every
 * call, so each copy has its step inlined and no switch in the loop. */
BD_INLINE bb32 kr_walk_from(bb32 at, uint8_t direction, bb32 occupied)
{
    bb32 ray = 0;
    do {
        at = kr_step(at, direction);
        ray |= at;
    } while (at & ~occupied);
    return ray;
}

/* The squares from square (exclusive) in direction up to and including the
 * first square of occupied, or to the board edge.  square < 32, direction <
 * BB_DIRECTIONS; whether square itself is occupied does not matter. */
BD_INLINE bb32 kr_ray_walk(uint8_t square, uint8_t direction, bb32 occupied)
{
    BD_ASSERT(square < BB_SQUARES && direction < BB_DIRECTIONS);
    bb32 at = kr_square_bit(square);
    switch (direction) {
    case BB_UP_LEFT:    return kr_walk_from(at, BB_UP_LEFT, occupied);
    case BB_UP_RIGHT:   return kr_walk_from(at, BB_UP_RIGHT, occupied);
    case BB_DOWN_RIGHT: return kr_walk_from(at, BB_DOWN_RIGHT, occupied);
    default:            return kr_walk_from(at, BB_DOWN_LEFT, occupied);
    }
}

/* Same contract as kr_ray_walk. */
BD_INLINE bb32 kr_ray_table(uint8_t square, uint8_t direction, bb32 occupied)
{
    BD_ASSERT(square < BB_SQUARES && direction < BB_DIRECTIONS);
    bb32 ray_mask;
    uint16_t base;
    uint8_t multiplier, index_mask;
    /* &kr_entries[direction][square]: rows of 256 bytes, entries of 8, so
     * the offset is two bytes put side by side, not a multiplication. */
    uint16_t offset = (uint16_t)((uint16_t)direction << 8 | (uint8_t)(square << 3));
    kr_load_entry((const struct kr_entry *)((const uint8_t *)kr_entries + offset),
                  &ray_mask, &base, &multiplier, &index_mask);
    uint8_t index = (uint8_t)(kr_rotate(kr_fold(occupied & ray_mask), multiplier)
                              & index_mask);
    return kr_unfold(ray_mask, pgm_read_byte(&kr_ray_bytes[base + index]));
}

/* The default (see the choice above). */
#include "arch/kingray_ray.h"
#ifndef kr_ray
#  define kr_ray kr_ray_table
#endif

#ifdef __cplusplus
}
#endif

#endif
