/* SPDX-License-Identifier: MIT */
/*
 * hub_mode.h (HUB_MODE := yes) - the game firmware as a Hub engine (Scan's
 * Hub protocol, lib/engine/hub.h for its text), for a GUI such as
 * pydraughts; firmware/demo/hub_mode.c is linked.
 *
 * The firmware enters Hub mode when the first line it receives is `hub`;
 * from then on it prints no prompt and echoes nothing, only protocol lines.
 * The boot banner has gone out before that line (a board cannot know who
 * is on the other end before it hears from them): a Hub client skips what
 * comes before `id` (pydraughts logs it and reads on), and a serial bridge
 * to a real board waits for that banner anyway, since opening the port
 * resets the board.
 *
 * The session is lib/engine/hub_session.h, the one `checkers hub` runs
 * too: this is its I/O (the serial port, the clock, the LED and the
 * watchdog) and its RAM.  The game is session_game; the EEPROM record is
 * left alone (Hub mode never saves).
 */
#ifndef BITDRAUGHTS_DEMO_HUB_MODE_H
#define BITDRAUGHTS_DEMO_HUB_MODE_H

#include <stdint.h>

#define HUB_MODE_BUILT 1

/* When line (length characters, as the console read it) is `hub`, answers
 * it and runs the Hub session until `quit` or the end of the simulator's
 * input, then ends the firmware (exit status 0) without returning;
 * otherwise returns at once. */
void hub_mode_enter(const char *line, uint8_t length);

#endif
