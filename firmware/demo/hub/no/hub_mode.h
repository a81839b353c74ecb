/* SPDX-License-Identifier: MIT */
/*
 * hub_mode.h (HUB_MODE := no) - a board whose flash cannot hold Hub mode
 * as well as the game: `hub` is an unknown command, and
 * firmware/demo/hub_mode.c is not linked.
 */
#ifndef BITDRAUGHTS_DEMO_HUB_MODE_H
#define BITDRAUGHTS_DEMO_HUB_MODE_H

#include <stdint.h>

#define HUB_MODE_BUILT 0

static inline void hub_mode_enter(const char *line, uint8_t length)
{
    (void)line;
    (void)length;
}

#endif
