/* SPDX-License-Identifier: MIT */
/*
 * game_ui.h (GAME_UI := tight) - the whole game less `ram`, for a board
 * whose flash Hub mode and the search's transposition table fill (the
 * Uno): the stack is still painted, and the simulator runner reads the
 * paint (avrsim --stats), so only the report on the board itself is left
 * out.  A switch given on the command line still wins.
 */
#ifndef BITDRAUGHTS_DEMO_GAME_UI_H
#define BITDRAUGHTS_DEMO_GAME_UI_H

#ifndef DEMO_HAS_RAM_REPORT
#  define DEMO_HAS_RAM_REPORT 0
#endif

#endif
