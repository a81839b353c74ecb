/* SPDX-License-Identifier: MIT */
#include "store.h"

#include <avr/eeprom.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <util/crc16.h>
#include <stddef.h>

#include "bits/progmem.h"
#include "checkers/pdn.h"

#define MAGIC_0 'b'
#define MAGIC_1 'd'
#define ERASED 0xFFu
#define MOVE_BYTES 2u
#define EEPROM_BYTES ((uint16_t)E2END + 1u)
#define CRC_INITIAL 0xFFFFu

/* The variant byte: the variant below, the engine's sides above. */
#define VARIANT_BITS 0x3Fu
#define SIDES_SHIFT 6u

#define CODE_SQUARE_BITS 5u
#define CODE_FROM_SHIFT 0u
#define CODE_TO_SHIFT 5u
#define CODE_CHOICE_SHIFT 10u
#define CODE_CHOICE_MAX 63u

/* The header as it lies at address 0 (AVR structs have no padding and are
 * little-endian, so this is the documented layout byte for byte), then the
 * copy of its record part. */
struct header_bytes {
    uint8_t magic[2];
    uint8_t version;
    uint8_t variant;
    bd_position start;
    uint16_t plies;
    uint16_t crc;
};
_Static_assert(sizeof(struct header_bytes) == 25u, "the EEPROM layout of store.h");

#define AT_RECORD ((uint16_t)offsetof(struct header_bytes, variant))
#define AT_PLIES ((uint16_t)offsetof(struct header_bytes, plies))
#define AT_CRC ((uint16_t)offsetof(struct header_bytes, crc))
#define RECORD_BYTES (sizeof(struct header_bytes) - AT_RECORD)
#define AT_COPY ((uint16_t)sizeof(struct header_bytes))
#define AT_MOVES (AT_COPY + RECORD_BYTES)

static uint16_t read_word(uint16_t at)
{
    return eeprom_read_word((const uint16_t *)at);
}

static void write_word(uint16_t at, uint16_t value)
{
    eeprom_update_word((uint16_t *)at, value);
}

uint16_t store_capacity(void)
{
    return (EEPROM_BYTES - AT_MOVES) / MOVE_BYTES;
}

/* The CRC of the header (up to the CRC itself) and of `plies` moves. */
static uint16_t record_crc(uint16_t plies)
{
    uint16_t crc = CRC_INITIAL;
    uint16_t end = AT_MOVES + MOVE_BYTES * plies;
    for (uint16_t at = 0; at < end; at++)
        if (at < AT_CRC || at >= AT_MOVES)
            crc = _crc16_update(crc, eeprom_read_byte((const uint8_t *)at));
    return crc;
}

/* Makes the other record part the same as the one at `from` (AT_RECORD,
 * the header's, or AT_COPY), writing only the bytes that differ. */
static void copy_record(uint16_t from)
{
    uint8_t record[RECORD_BYTES];
    eeprom_read_block(record, (const void *)from, sizeof record);
    eeprom_update_block(record, (void *)(AT_RECORD + AT_COPY - from), sizeof record);
}

/* Writes the engine's sides and the count, then the CRC that covers them;
 * then the copy (store.h: until the CRC is written the copy holds the
 * record before). */
static void seal(uint16_t plies, uint8_t engine_sides)
{
    uint8_t *variant = (uint8_t *)AT_RECORD;
    eeprom_update_byte(variant, (uint8_t)((eeprom_read_byte(variant) & VARIANT_BITS) | engine_sides << SIDES_SHIFT));
    write_word(AT_PLIES, plies);
    write_word(AT_CRC, record_crc(plies));
    copy_record(AT_RECORD);
}

/* Reads and checks the header; STORE_OK or why not. */
static uint8_t check_header(struct store_header *header)
{
    struct header_bytes h;
    eeprom_read_block(&h, (const void *)0, sizeof h);
    if (h.magic[0] == ERASED && h.magic[1] == ERASED)
        return STORE_BLANK;
    if (h.magic[0] != MAGIC_0 || h.magic[1] != MAGIC_1)
        return STORE_BAD_MAGIC;
    if (h.version != STORE_FORMAT)
        return STORE_BAD_VERSION;
    uint8_t variant = h.variant & VARIANT_BITS;
    if (variant >= BD_VARIANT_COUNT)
        return STORE_BAD_VARIANT;
    if (h.plies > store_capacity())
        return STORE_BAD_LENGTH;
    if (h.crc != record_crc(h.plies))
        return STORE_BAD_CHECKSUM;
    /* What the FEN reader would take (a CRC is no proof: an image may
     * come from anywhere). */
    if (pdn_check_position(&h.start) != PDN_OK)
        return STORE_BAD_POSITION;
    header->variant = variant;
    header->engine_sides = h.variant >> SIDES_SHIFT;
    header->plies = h.plies;
    return STORE_OK;
}

/* The header's record part if it passes, else the copy put back in its
 * place and checked there (a foreign or blank image is left alone); the
 * one taken is copied to the other before anything else is written. */
uint8_t store_load(struct store_header *header)
{
    for (uint8_t tries = 0;; tries++) {
        uint8_t status = check_header(header);
        if (status == STORE_OK) {
            copy_record(AT_RECORD);
            return status;
        }
        if (tries || status < STORE_BAD_VARIANT)
            return status;
        copy_record(AT_COPY);
    }
}

const char *store_status_text(uint8_t status)
{
    static const char status_texts[] PROGMEM =
        "ok\0no saved game\0foreign data (bad magic)\0unknown format version\0"
        "unknown variant\0bad length\0bad checksum\0bad start position";
    return bd_pgm_nth_string(status_texts, status);
}

void store_read_start(bd_position *start)
{
    eeprom_read_block(start, (const void *)offsetof(struct header_bytes, start), sizeof *start);
}

uint16_t store_read_move(uint16_t index)
{
    return read_word(AT_MOVES + MOVE_BYTES * index);
}

void store_start(uint8_t variant, uint8_t engine_sides, const bd_position *start)
{
    struct header_bytes h = { { MAGIC_0, MAGIC_1 }, STORE_FORMAT, variant, *start, 0, 0 };
    eeprom_update_block(&h, (void *)0, AT_CRC);
    seal(0, engine_sides);
}

uint8_t store_append(uint16_t plies, uint16_t code)
{
    if (plies >= store_capacity())
        return 0;
    write_word(AT_MOVES + MOVE_BYTES * plies, code);
    return 1;
}

void store_seal(uint16_t plies, uint8_t engine_sides)
{
    seal(plies, engine_sides);
}

static uint8_t same_ends(const bd_move *a, const bd_move *b)
{
    return a->from == b->from && mg_move_to(a) == mg_move_to(b);
}

uint16_t store_encode(const bd_move *m, const bd_move *first)
{
    uint8_t choice = 0;
    for (const bd_move *p = first; p < m; p++)
        if (same_ends(p, m) && choice < CODE_CHOICE_MAX)
            choice++;
    return (uint16_t)((uint16_t)m->from << CODE_FROM_SHIFT | (uint16_t)mg_move_to(m) << CODE_TO_SHIFT |
                      (uint16_t)choice << CODE_CHOICE_SHIFT);
}

const bd_move *store_decode(uint16_t code, const bd_move *first, const bd_move *end)
{
    const uint8_t square_mask = (1u << CODE_SQUARE_BITS) - 1u;
    uint8_t from = (uint8_t)(code >> CODE_FROM_SHIFT) & square_mask;
    uint8_t to = (uint8_t)(code >> CODE_TO_SHIFT) & square_mask;
    uint8_t choice = (uint8_t)(code >> CODE_CHOICE_SHIFT);
    for (const bd_move *p = first; p < end; p++)
        if (p->from == from && mg_move_to(p) == to && choice-- == 0)
            return p;
    return NULL;
}
