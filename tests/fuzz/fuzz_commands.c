/* SPDX-License-Identifier: MIT */
/*
 * fuzz_commands.c - the game firmware's command line (firmware/demo/
 * commands.c, session.c and the rest but main.c) built for the host
 * (firmware_host.h): the input is what arrives on the serial port of a
 * board with an erased EEPROM, read and run line by line as main() does.
 * Properties: no sanitizer report and no EEPROM access out of range; only
 * printable ASCII, line ends and backspaces on the serial port; the game in
 * RAM is always a position `fen FEN` would take, whose FEN reads back; a
 * line answered with an error gets one error line and changes neither the
 * game nor the EEPROM (firmware_host.c);
 * after the session a reset resumes the game from EEPROM, the same
 * position when every line ran.
 * FUZZ_SAVE_EEPROM=FILE writes the EEPROM image after the session to FILE
 * (how corpus/eeprom/ was seeded).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firmware_host.h"
#include "fuzz.h"

/* Watchdog feeds an input may take beyond reading its lines: a search
 * polls its stop (and feeds) every 256 nodes, perft feeds at every inner
 * node, a replay at every ply: 12,288 nodes of search, a perft 2, a few
 * moves of `auto`. */
#define BUDGET 48u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    memset(fuzz_eeprom, 0xFF, sizeof fuzz_eeprom);
    FUZZ_REQUIRE(!fuzz_firmware_boot());
    fuzz_serial_input(data, size);
    uint8_t end = fuzz_firmware_session(BUDGET);
    const char *save = getenv("FUZZ_SAVE_EEPROM");
    FILE *f = save ? fopen(save, "wb") : NULL;
    if (f) {
        fwrite(fuzz_eeprom, 1, sizeof fuzz_eeprom, f);
        fclose(f);
    }
    fuzz_require_record_resumes(end);
    return 0;
}
