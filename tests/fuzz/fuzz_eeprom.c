/*
 * fuzz_eeprom.c - the game record's loader (firmware/demo/store.c and
 * record.c, built for the host as firmware_host.h says) against any
 * EEPROM image.
 * Input: a flags byte, then the image (an erased byte, 0xFF, for each one
 * the input does not give), then the serial input of a session after the
 * boot.  Flag bit 0 seals the image: its CRC is made to match its own
 * length field, so that the fuzzer gets past the checksum to the moves.
 * The layout is store.h's as the host's compiler lays struct header_bytes
 * out: bd_position has 3 bytes of padding here, so the header is 28 bytes
 * (25 on AVR), which the copy below follows.
 * Properties: the boot resumes the record exactly when it is valid (magic,
 * version, variant, length, CRC, a start position `fen FEN` would take,
 * and every move one of the legal moves of its position) and then to the
 * position those moves reach; no crash, no EEPROM access out of range;
 * then what fuzz_commands.c checks of the session.
 */
#include <stddef.h>
#include <string.h>
#include <util/crc16.h>

#include "firmware_host.h"
#include "fuzz.h"
#include "fuzz_support.h"
#include "store.h"
#include "session.h"

#define BUDGET 48u    /* watchdog feeds, as in fuzz_commands.c */
#define FLAG_SEAL 0x01u

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
#define CAPACITY ((FUZZ_EEPROM_BYTES - sizeof(struct header)) / 2u)

/* The CRC of the header up to the CRC and of plies moves. */
static uint16_t image_crc(uint16_t plies)
{
    uint16_t crc = 0xFFFFu;
    for (size_t at = 0; at < offsetof(struct header, crc); at++)
        crc = _crc16_update(crc, fuzz_eeprom[at]);
    for (size_t at = sizeof(struct header); at < sizeof(struct header) + 2u * plies; at++)
        crc = _crc16_update(crc, fuzz_eeprom[at]);
    return crc;
}

/* 1 when the image holds a valid record; *end gets the position it reaches. */
static uint8_t image_is_valid(bd_position *end_pos)
{
    struct header h;
    memcpy(&h, fuzz_eeprom, sizeof h);
    if (h.magic[0] != 'b' || h.magic[1] != 'd' || h.version != STORE_FORMAT ||
        h.variant >= BD_VARIANT_COUNT || h.plies > CAPACITY || h.crc != image_crc(h.plies) ||
        !fuzz_position_is_valid(&h.start))
        return 0;
    const struct bd_rules *rules = bd_rules_of(h.variant);
    bd_position pos = h.start;
    for (uint16_t i = 0; i < h.plies; i++) {
        bd_move moves[MG_MAX_MOVES];
        bd_move *end = mg_generate(&pos, rules, moves, moves + MG_MAX_MOVES);
        FUZZ_REQUIRE(end != NULL);
        size_t at = sizeof h + 2u * i;
        uint16_t code = (uint16_t)(fuzz_eeprom[at] | fuzz_eeprom[at + 1u] << 8);
        const bd_move *m = store_decode(code, moves, end);
        if (!m)
            return 0;
        mg_make(&pos, m);
    }
    *end_pos = pos;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    uint8_t flags = data[0];
    size_t image = size - 1u < FUZZ_EEPROM_BYTES ? size - 1u : FUZZ_EEPROM_BYTES;
    memset(fuzz_eeprom, 0xFF, sizeof fuzz_eeprom);
    memcpy(fuzz_eeprom, data + 1, image);
    if (flags & FLAG_SEAL) {
        struct header h;
        memcpy(&h, fuzz_eeprom, sizeof h);
        if (h.plies <= CAPACITY) {
            h.crc = image_crc(h.plies);
            memcpy(fuzz_eeprom + offsetof(struct header, crc), &h.crc, sizeof h.crc);
        }
    }

    bd_position expected;
    uint8_t valid = image_is_valid(&expected);
    uint8_t resumed = fuzz_firmware_boot();
    FUZZ_REQUIRE(resumed == valid);
    if (resumed) {
        struct header h;
        memcpy(&h, fuzz_eeprom, sizeof h);
        FUZZ_REQUIRE(session_game.rules == bd_rules_of(h.variant));
        FUZZ_REQUIRE(pos_equal(&session_game.pos, &expected));
    }
    fuzz_require_valid_game();

    fuzz_serial_input(data + 1 + image, size - 1u - image);
    uint8_t end = fuzz_firmware_session(BUDGET);
    fuzz_require_record_resumes(end);
    return 0;
}
