/* SPDX-License-Identifier: MIT */
#include "engine.h"

#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <stddef.h>

#include "avrsim_io.h"
#include "board.h"
#include "clock.h"
#include "console.h"
#include "serial.h"
#include "session.h"

#define DEFAULT_TIME_MS 1000u

enum level_kind { LEVEL_DEPTH, LEVEL_TIME };

static uint8_t level_kind = LEVEL_TIME;
static uint8_t level_depth = SEARCH_MAX_DEPTH;
static uint16_t level_ms = DEFAULT_TIME_MS;
static uint8_t sides;

struct watch {
    const struct search_result *result;
    uint32_t start_ms;
    uint8_t timed;
    uint8_t watch_keys;
    uint8_t key_pressed;
};

void engine_set_sides(uint8_t which)
{
    sides = which;
}

uint8_t engine_sides(void)
{
    return sides;
}

void engine_set_depth(uint8_t depth)
{
    level_kind = LEVEL_DEPTH;
    level_depth = depth;
}

void engine_set_time(uint16_t ms)
{
    level_kind = LEVEL_TIME;
    level_ms = ms;
}

void engine_print_level(void)
{
    if (level_kind == LEVEL_DEPTH) {
        session_put_labelled(PSTR("level depth "), level_depth);
    } else {
        session_put_labelled(PSTR("level time "), level_ms);
        serial_puts_P(PSTR(" ms"));
    }
    serial_putc('\n');
}

/* The search's stop, polled at each tick of the clock (clock_tick, read
 * at every node) and every 256 nodes: feeds the watchdog, checks the time
 * and the serial port.  The time counts once the first iteration is
 * complete (result->depth is set), so that a time limit is met by a
 * searched move: that iteration is one ply and the captures after it,
 * short however few milliseconds the level gives, where a stop before it
 * would play a move nothing looked at.  A key ends `auto` (consumed, with
 * what follows); any other search it ends with the key left as the next
 * line. */
static uint8_t should_stop(void *context)
{
    struct watch *watch = context;
    clock_tick = 0;
    wdt_reset();
    if (watch->timed && watch->result->depth && clock_ms() - watch->start_ms >= level_ms)
        return 1;
    if (watch->watch_keys ? console_key_pressed() : console_key_waiting())
        watch->key_pressed = 1;
    return watch->key_pressed;
}

uint8_t engine_key_waiting(void)
{
    if (!clock_tick)
        return 0;
    clock_tick = 0;
    wdt_reset();
    return console_key_waiting();
}

uint32_t engine_bench(struct search_workspace *work, struct bd_game *game)
{
    struct watch watch = { NULL, 0, 0, 0, 0 };
    struct search_limits limits = {
        .stop = should_stop,
        .context = &watch,
        .poll = &clock_tick,
    };
    return search_bench(work, game, &limits);
}

uint8_t engine_think(const struct bd_game *game, struct search_workspace *work, uint8_t watch_keys,
                     struct search_result *result, uint32_t *elapsed_ms)
{
    struct watch watch = { result, clock_ms(), level_kind == LEVEL_TIME, watch_keys, 0 };
    struct search_limits limits = {
        .depth = level_kind == LEVEL_DEPTH ? level_depth : SEARCH_MAX_DEPTH,
        .nodes = 0,
        .stop = should_stop,
        .report = NULL,
        .context = &watch,
        .poll = &clock_tick,
    };
    /* A shallow search may be over before the clock ticks: feed the
     * watchdog here too. */
    wdt_reset();
    board_led_on();
    AVRSIM_PROBE_BEGIN(ENGINE_PROBE_SEARCH);
    uint8_t has_move = search_run(game, &limits, work, result);
    AVRSIM_PROBE_END(ENGINE_PROBE_SEARCH);
    board_led_off();
    *elapsed_ms = clock_ms() - watch.start_ms;
    if (has_move == SEARCH_NO_ROOM)
        return ENGINE_NO_ROOM;
    /* A key stops `auto` without a move; `go` plays what it found. */
    if (watch.key_pressed && watch_keys)
        return ENGINE_INTERRUPTED;
    return has_move ? ENGINE_MOVED : ENGINE_NO_MOVE;
}
