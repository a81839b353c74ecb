/* SPDX-License-Identifier: MIT */
/*
 * store.h - the game record in EEPROM, so a game survives a power cycle,
 * and a power cut during a save.
 *
 * Layout (little-endian), format version STORE_FORMAT:
 *    0  2  magic "bd"
 *    2  1  format version
 *    3  1  variant (BD_VARIANT_RUSSIAN, BD_VARIANT_ENGLISH) in     \
 *          bits 0-5; bits 6-7 the sides the engine plays by itself |
 *          (engine.h's ENGINE_SIDE bits; 0, off, in the records    |
 *          written before they were kept)                          |
 *    4 17  start position: white pieces, black pieces, white men, |  the
 *          black men (4 bytes each), side to move                 |  record
 *   21  2  number of plies recorded                               |  part
 *   23  2  CRC-16 (avr-libc _crc16_update, polynomial 0xA001,     |
 *          from 0xFFFF) of bytes 0..22 and of the recorded moves  /
 *   25 22  a copy of bytes 3..24
 *   47     the moves, 2 bytes a ply: from square (bits 0-4), to square
 *          (bits 5-9), and (bits 10-15) which of the legal moves with that
 *          from and to it is, in move-generator order (several captures can
 *          share both ends)
 * The ATmega328P's 1,024 bytes hold 488 plies, the ATmega168's 512 hold
 * 232.  Nothing in it is trusted: the loader checks the magic, version,
 * variant, length, checksum and the start position (pdn_check_position(),
 * as the FEN reader takes it), and the caller replays
 * the moves through the move generator, rejecting one that is not legal
 * or that comes after the game ended.
 *
 * A power cut at any moment of a save leaves the record as it was before
 * the save or as it is after it.  A save writes its plies' moves past the
 * end of the record (a move and the engine's answer are one save, as are
 * the two plies that undo takes back with the engine on), then the record
 * part (the engine's sides and the count; for a new game the variant and
 * start position first),
 * its CRC last, then the copy.  Until
 * the CRC is complete the copy holds the record before, and from then on
 * the record part holds the one after: the loader takes the record part if
 * it passes every check, and otherwise puts the copy back in its place and
 * checks that.  Whichever it takes, it makes the other the same before
 * anything else is written, so that a copy a cut left behind never stands
 * in for a record that has moved on.  A byte cut during its write may hold
 * anything: the half being written then fails its CRC (but for the 1 case
 * in 65,536 where any CRC-16 matches by chance).
 *
 * Why a copy: of the power-safe layouts it costs the least flash (about
 * 100 bytes: the loader's second try and the copy).  A save writes each
 * byte of the record part that changes twice, in the record and in the
 * copy (a ply is 8 byte writes, 27 ms, against 5 before), so no EEPROM
 * cell wears faster than before.  Two slots written in turn under sequence
 * numbers would halve that wear but took 250 bytes of flash in a trial
 * (the newer slot picked, its number kept in RAM); a commit byte needs a
 * journal for the 21 bytes a new game changes, written too.
 *
 * The moves have no check of their own: a bit flipped there fails the
 * record's CRC, and the game is lost (the copy covers the record part
 * only).  A CRC per block of moves, written when the block fills, would
 * let a game resume up to its last good block; a trial of it took more
 * flash than the Uno's game image has left, so it is not built.
 */
#ifndef BITDRAUGHTS_DEMO_STORE_H
#define BITDRAUGHTS_DEMO_STORE_H

#include <stdint.h>
#include "checkers/movegen.h"

#define STORE_FORMAT 2u

enum store_status {
    STORE_OK = 0,
    STORE_BLANK,            /* erased EEPROM: no game saved yet */
    STORE_BAD_MAGIC,        /* something else's data */
    STORE_BAD_VERSION,
    STORE_BAD_VARIANT,
    STORE_BAD_LENGTH,
    STORE_BAD_CHECKSUM,
    STORE_BAD_POSITION      /* the start position is not a consistent one */
};

struct store_header {
    uint8_t variant;
    uint8_t engine_sides;   /* ENGINE_SIDE bits (engine.h) */
    uint16_t plies;
};

/* The most plies the EEPROM holds. */
uint16_t store_capacity(void);
/* Reads and checks the header and the checksum; STORE_OK or why not. */
uint8_t store_load(struct store_header *header);
/* A one-line reason for a store_status, in flash. */
const char *store_status_text(uint8_t status);
/* The start position of a record that store_load() accepted. */
void store_read_start(bd_position *start);
/* The record of ply index (< header plies) as written by store_encode. */
uint16_t store_read_move(uint16_t index);
/* Starts a new record: the variant, the engine's sides, the start
 * position, no plies. */
void store_start(uint8_t variant, uint8_t engine_sides, const bd_position *start);
/* Writes ply number `plies` past the end of the record, which holds it
 * once store_seal() counts it; 0 when the EEPROM is full and nothing was
 * written. */
uint8_t store_append(uint16_t plies, uint16_t code);
/* Makes the record `plies` plies long, with the engine playing
 * engine_sides, in one power-safe step: the plies appended since the last
 * seal (a move and the engine's answer), or fewer (undo, one ply or two). */
void store_seal(uint16_t plies, uint8_t engine_sides);

/* The code of m, one of the legal moves listed from first. */
uint16_t store_encode(const bd_move *m, const bd_move *first);
/* The legal move of [first, end) with that code, or NULL. */
const bd_move *store_decode(uint16_t code, const bd_move *first, const bd_move *end);

#endif
