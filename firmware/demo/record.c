/* SPDX-License-Identifier: MIT */
#include "record.h"

#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <stddef.h>

#include "engine.h"
#include "serial.h"
#include "session.h"
#include "store.h"

static uint16_t recorded;       /* plies of the game, in the record once saved */

static void begin(const struct bd_rules *rules, const bd_position *pos)
{
    session_set_position(rules, pos);
    recorded = 0;
}

void record_begin(const struct bd_rules *rules, const bd_position *pos)
{
    begin(rules, pos);
    store_start(rules->variant, engine_sides(), pos);
}

/* Replays the first `plies` plies of the record from the start position
 * under rules; returns the number replayed (less when a recorded move is
 * not legal, or comes after the game ended: the prompt refuses both, so a
 * record that holds one was not written by this firmware). */
static SESSION_OWN_FRAME uint16_t replay(const struct bd_rules *rules, uint16_t plies)
{
    bd_position start;
    store_read_start(&start);
    begin(rules, &start);
    for (uint16_t i = 0; i < plies; i++) {
        wdt_reset();
        const bd_move *first = session_scratch.moves;
        if (session_status() != GAME_ONGOING)
            return i;
        bd_move *end = session_legal_moves();
        const bd_move *m = end ? store_decode(store_read_move(i), first, end) : NULL;
        if (!m)
            return i;
        game_play(&session_game, m);
        recorded++;
    }
    return plies;
}

void record_resume(void)
{
    struct store_header header;
    uint8_t status = store_load(&header);
    uint16_t replayed = 0;
    if (status == STORE_OK) {
        replayed = replay(bd_rules_of(header.variant), header.plies);
        if (replayed == header.plies) {
            engine_set_sides(header.engine_sides);
            serial_puts_P(PSTR("resumed: "));
            session_put_variant();
            serial_puts_P(PSTR(", "));
            serial_put_u32(recorded);
            serial_puts_P(PSTR(" plies\n"));
            session_show_position();
            session_report_status();
            return;
        }
    }
    /* Why the saved game is not taken: one copy of the shared text. */
    if (status == STORE_BLANK) {
        serial_puts_P(PSTR("no saved game: new game\n"));
    } else {
        serial_puts_P(PSTR("saved game ignored ("));
        if (status == STORE_OK) {
            serial_puts_P(PSTR("illegal move "));
            serial_put_u32(replayed + 1u);
        } else {
            serial_puts_P(store_status_text(status));
        }
        serial_puts_P(PSTR("): new game\n"));
    }
    bd_position pos;
    pos_initial(&pos, &bd_rules_russian);
    record_begin(&bd_rules_russian, &pos);
    session_show_position();
}

void record_play(const bd_move *m)
{
    uint16_t code = store_encode(m, session_scratch.moves);
    game_play(&session_game, m);
    if (store_append(recorded, code)) {
        recorded++;
    } else {
        serial_puts_P(PSTR("EEPROM full: this position is the new start (undo stops here)\n"));
        recorded = 0;
        store_start(session_game.rules->variant, engine_sides(), &session_game.pos);
    }
}

uint8_t record_undo(void)
{
    if (recorded == 0)
        return 0;
    replay(session_game.rules, recorded - 1u);
    return 1;
}

void record_save(void)
{
    store_seal(recorded, engine_sides());
}

void record_restore(const struct bd_rules *rules)
{
    replay(rules, recorded);
}
