/* SPDX-License-Identifier: MIT */
#include "hub_mode.h"

#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <stdlib.h>                 /* exit */

#include "board.h"
#include "clock.h"
#include "engine/hub_session.h"
#include "serial.h"
#include "session.h"

/* The session's I/O (lib/engine/hub_session.h): the serial port, the
 * clock and the LED.  The watchdog is fed wherever the session waits and
 * wherever it reads the clock, which the search's every poll does. */

int16_t hub_io_read(void)
{
    for (;;) {
        wdt_reset();
        int c = serial_poll();
        if (c != SERIAL_NO_INPUT)
            return c < 0 ? HUB_IO_END : (uint8_t)c;     /* an overrun is not told apart */
        serial_wait();
    }
}

int16_t hub_io_poll(void)
{
    int c = serial_poll();
    return c == SERIAL_NO_INPUT ? HUB_IO_NONE : c < 0 ? HUB_IO_END : (uint8_t)c;
}

void hub_io_wait(void)
{
    wdt_reset();
    serial_wait();
}

void hub_io_put_P(const char *text_P)
{
    serial_puts_P(text_P);
}

void hub_io_put(const char *text)
{
    serial_puts(text);
}

void hub_io_putc(char c)
{
    serial_putc(c);
}

void hub_io_put_u32(uint32_t value)
{
    serial_put_u32(value);
}

uint32_t hub_io_ms(void)
{
    wdt_reset();
    return clock_ms();
}

/* The game is the game's; the legal moves, the word read and the search's
 * workspace share scratch as the game's commands do. */
struct bd_game *hub_io_game(void)
{
    return &session_game;
}

bd_move *hub_io_moves(bd_move **end)
{
    *end = SESSION_MOVES_END;
    return session_scratch.moves;
}

char *hub_io_word(void)
{
    return SESSION_MOVE_TEXT;
}

uint8_t hub_io_search(struct search_limits *limits, struct search_result *result)
{
    board_led_on();
    uint8_t has_move = search_run(&session_game, limits, &session_scratch.search, result);
    board_led_off();
    return has_move;
}

/* The session's state in a frame of its own, under Hub mode only: the
 * game's commands never have it on their stack nor in static RAM. */
static __attribute__((noinline)) void run_session(void)
{
    struct hub_session session;
    hub_session_run(&session, &bd_rules_russian, 1);
}

void hub_mode_enter(const char *line, uint8_t length)
{
    if (length != 3u || strcmp_P(line, PSTR("hub")))
        return;
    run_session();
    /* avr-libc's exit loop would wait for the watchdog: disarm it first. */
    wdt_disable();
    exit(0);
}
