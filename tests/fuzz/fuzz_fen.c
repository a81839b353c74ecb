/* SPDX-License-Identifier: MIT */
/*
 * fuzz_fen.c - pdn_read_fen() and pdn_read_square() (lib/checkers/pdn.c).
 * Input: a first byte whose low bit picks the variant (0 Russian, 1
 * English), then the text, exactly that many bytes with no NUL after them.
 * A failed read returns a PDN_ERR_* code and leaves the position as it
 * was; a FEN that reads is a valid position whose canonical FEN reads back
 * to it (fuzz_support.h); a square that reads writes back to the same text.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 0xFFFFu)
        return 0;
    const struct bd_rules *rules = bd_rules_of(data[0] & 1u);
    uint16_t length = (uint16_t)(size - 1u);
    char *text = malloc(length ? length : 1u);
    memcpy(text, data + 1, length);

    bd_position pos, untouched;
    memset(&pos, 0xA5, sizeof pos);
    untouched = pos;
    int8_t status = pdn_read_fen(text, length, rules, &pos);
    if (status == PDN_OK) {
        fuzz_require_fen_round_trip(&pos, rules);
    } else {
        FUZZ_REQUIRE(status >= PDN_ERR_LAST && status < 0);
        FUZZ_REQUIRE(!memcmp(&pos, &untouched, sizeof pos));
        FUZZ_REQUIRE(pdn_error_text(status) != NULL);
    }

    uint8_t square = pdn_read_square(text, length, rules);
    if (square != BB_NO_SQUARE) {
        char name[PDN_SQUARE_MAX];
        FUZZ_REQUIRE(square < BB_SQUARES);
        FUZZ_REQUIRE(pdn_write_square(square, rules, name) == length);
        FUZZ_REQUIRE(!memcmp(name, text, length));
    }
    free(text);
    return 0;
}
