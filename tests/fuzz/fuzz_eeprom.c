/* SPDX-License-Identifier: MIT */
/*
 * fuzz_eeprom.c - the game record's loader (firmware/demo/store.c and
 * record.c, built for the host as firmware_host.h says) against any
 * EEPROM image.
 * Input: a flags byte, then the image (an erased byte, 0xFF, for each one
 * the input does not give), then the serial input of a session after the
 * boot.  Flag bit 0 seals the record part of the header, bit 1 its copy:
 * the CRC is made to match the part's own length field, so that the fuzzer
 * gets past the checksum to the moves, in either part.
 * The layout is store.h's as the host's compiler lays struct header_bytes
 * out: bd_position has 3 bytes of padding here, so the header is 28 bytes
 * (25 on AVR), its record part (from the variant on) 25 (22), the copy of
 * that part follows the header, and the moves the copy: at 53 (47).
 * Properties: the boot resumes the record exactly when it is valid and
 * then to the position its moves reach, with the engine playing the sides
 * the variant byte holds, with the record part and its copy
 * both the part it was read from.  Valid: the magic and version, and the
 * header's record part passing the checks (variant, length, CRC, a start
 * position `fen FEN` would take) or, when it fails one of them, its copy
 * passing them in its place; then every move one of the legal moves of its
 * position, none after the game ended (a win, or a draw by repetition or by
 * the quiet-move rule, as game.h decides).  No crash, no EEPROM access out
 * of range; then what fuzz_commands.c checks of the session.
 */
#include <stddef.h>
#include <string.h>
#include <util/crc16.h>

#include "firmware_host.h"
#include "fuzz.h"
#include "fuzz_support.h"
#include "engine.h"
#include "store.h"
#include "session.h"

#define BUDGET 48u    /* watchdog feeds, as in fuzz_commands.c */
#define FLAG_SEAL 0x01u
#define FLAG_SEAL_COPY 0x02u
/* The variant byte: the variant in bits 0-5, the engine's sides in 6-7. */
#define VARIANT_OF(byte) ((byte) & 0x3Fu)
#define SIDES_OF(byte) ((byte) >> 6)

/* store.c's struct header_bytes, copied on purpose: the oracle reads the
 * image as store.h documents it, not through the loader it checks. */
struct header {
    uint8_t magic[2];
    uint8_t version;
    uint8_t variant;
    bd_position start;
    uint16_t plies;
    uint16_t crc;
};
#define AT_PART offsetof(struct header, variant)
#define PART_BYTES (sizeof(struct header) - AT_PART)
#define AT_COPY sizeof(struct header)
#define AT_MOVES (AT_COPY + PART_BYTES)
#define CAPACITY ((FUZZ_EEPROM_BYTES - AT_MOVES) / 2u)

/* The header's bytes (kept as bytes: the CRC covers bd_position's padding
 * too, which a struct's copy need not keep) with the record part at `part`
 * (AT_PART or AT_COPY) in it, and its fields. */
static struct header header_with(size_t part, uint8_t bytes[sizeof(struct header)])
{
    memcpy(bytes, fuzz_eeprom, AT_PART);
    memcpy(bytes + AT_PART, fuzz_eeprom + part, PART_BYTES);
    struct header h;
    memcpy(&h, bytes, sizeof h);
    return h;
}

/* The CRC of a header's bytes up to the CRC and of plies moves. */
static uint16_t image_crc(const uint8_t *bytes, uint16_t plies)
{
    uint16_t crc = 0xFFFFu;
    for (size_t at = 0; at < offsetof(struct header, crc); at++)
        crc = _crc16_update(crc, bytes[at]);
    for (size_t at = AT_MOVES; at < AT_MOVES + 2u * plies; at++)
        crc = _crc16_update(crc, fuzz_eeprom[at]);
    return crc;
}

/* The checks of the record part, in h (bytes: its bytes). */
static uint8_t part_is_valid(const struct header *h, const uint8_t *bytes)
{
    return VARIANT_OF(h->variant) < BD_VARIANT_COUNT && h->plies <= CAPACITY && h->crc == image_crc(bytes, h->plies) &&
           fuzz_position_is_valid(&h->start);
}

/* The legal move of [first, end) that store.h's code names: its from and to
 * squares, and which of the moves with both it is; NULL when none. */
static const bd_move *decode(uint16_t code, const bd_move *first, const bd_move *end)
{
    unsigned choice = code >> 10;
    for (const bd_move *p = first; p < end; p++)
        if (p->from == (code & 31u) && mg_move_to(p) == (code >> 5 & 31u) && choice-- == 0)
            return p;
    return NULL;
}

/* 1 when the image holds a valid record; bytes get the header it is read
 * with (its record part from the copy when the header's own failed), *h
 * its fields, *end the position its moves reach. */
static uint8_t image_is_valid(uint8_t bytes[sizeof(struct header)], struct header *h, bd_position *end_pos)
{
    *h = header_with(AT_PART, bytes);
    if (h->magic[0] != 'b' || h->magic[1] != 'd' || h->version != STORE_FORMAT)
        return 0;
    if (!part_is_valid(h, bytes)) {
        *h = header_with(AT_COPY, bytes);
        if (!part_is_valid(h, bytes))
            return 0;
    }
    struct bd_game game;
    game_set_position(&game, bd_rules_of(VARIANT_OF(h->variant)), &h->start);
    for (uint16_t i = 0; i < h->plies; i++) {
        bd_move moves[MG_MAX_MOVES];
        if (game_status(&game, moves, moves + MG_MAX_MOVES) != GAME_ONGOING)
            return 0;
        bd_move *end = mg_generate(&game.pos, game.rules, moves, moves + MG_MAX_MOVES);
        FUZZ_REQUIRE(end != NULL);
        size_t at = AT_MOVES + 2u * i;
        const bd_move *m = decode((uint16_t)(fuzz_eeprom[at] | fuzz_eeprom[at + 1u] << 8), moves, end);
        if (!m)
            return 0;
        game_play(&game, m);
    }
    *end_pos = game.pos;
    return 1;
}

/* Flag: the part at `part` gets the CRC of its own length field. */
static void seal(size_t part)
{
    uint8_t bytes[sizeof(struct header)];
    struct header h = header_with(part, bytes);
    if (h.plies <= CAPACITY) {
        h.crc = image_crc(bytes, h.plies);
        memcpy(fuzz_eeprom + part + (offsetof(struct header, crc) - AT_PART), &h.crc, sizeof h.crc);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    uint8_t flags = data[0];
    size_t image = size - 1u < FUZZ_EEPROM_BYTES ? size - 1u : FUZZ_EEPROM_BYTES;
    memset(fuzz_eeprom, 0xFF, sizeof fuzz_eeprom);
    memcpy(fuzz_eeprom, data + 1, image);
    if (flags & FLAG_SEAL)
        seal(AT_PART);
    if (flags & FLAG_SEAL_COPY)
        seal(AT_COPY);

    uint8_t bytes[sizeof(struct header)];
    struct header h;
    bd_position expected;
    uint8_t valid = image_is_valid(bytes, &h, &expected);
    uint8_t resumed = fuzz_firmware_boot();
    FUZZ_REQUIRE(resumed == valid);
    if (resumed) {
        FUZZ_REQUIRE(session_game.rules == bd_rules_of(VARIANT_OF(h.variant)));
        FUZZ_REQUIRE(engine_sides() == SIDES_OF(h.variant));
        FUZZ_REQUIRE(pos_equal(&session_game.pos, &expected));
        /* The part read is in both places now (the other repaired). */
        FUZZ_REQUIRE(!memcmp(fuzz_eeprom + AT_PART, bytes + AT_PART, PART_BYTES));
        FUZZ_REQUIRE(!memcmp(fuzz_eeprom + AT_COPY, bytes + AT_PART, PART_BYTES));
    }
    fuzz_require_valid_game();

    fuzz_serial_input(data + 1 + image, size - 1u - image);
    uint8_t end = fuzz_firmware_session(BUDGET);
    fuzz_require_record_resumes(end);
    return 0;
}
