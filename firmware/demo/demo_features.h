/* SPDX-License-Identifier: MIT */
/*
 * demo_features.h - what of the game firmware a board builds: the one place
 * where its optional parts are chosen.
 *
 * The whole game (both variants, moves in the variant's notation, go, auto,
 * undo, engine sides, level, the draw rules, the EEPROM record, the
 * watchdog, an error line for any bad input) is in every build.  What a
 * board may leave out is listed here, each switch 1 (built) or 0 (left
 * out), and a left-out command keeps its word: it answers "error: not in
 * this build: WORD" and `help` names it among the absent ones, so nothing
 * disappears in silence.
 *
 * A board's GAME_UI choice is an include root whose game_ui.h turns
 * switches off: ui/lean/ (boards/diecimila.mk: the 16 KB ATmega168) all of
 * them, ui/full/ none.  Any switch can also be given alone
 * (DEMO_FEATURES=-DDEMO_HAS_PERFT=0, firmware/firmware.mk) to measure what
 * it costs (firmware/README.md, "The game on 16 KB", says how):
 *
 *   DEMO_HAS_FEN_WRITER  `fen` with no argument prints the position as FEN
 *   DEMO_HAS_FEN_READER  `fen FEN` sets up a position
 *   DEMO_HAS_PERFT       `perft N`, the move generator's own count
 *   DEMO_HAS_BENCH       `bench`, the search's fixed node count
 *   DEMO_HAS_RAM_REPORT  `ram`, the stack's deepest since the reset, by its
 *                        paint (firmware/common/stack_paint.h)
 *   DEMO_HAS_BANNER_INFO the boot banner's clock and free RAM
 *   DEMO_HAS_SEARCH_INFO the engine's move with its depth, score, nodes, time
 *   DEMO_HAS_FULL_HELP   `help` explains the commands (else: a short list)
 *
 * Hub mode is a choice of its own, HUB_MODE (hub/yes/hub_mode.h).
 */
#ifndef BITDRAUGHTS_DEMO_FEATURES_H
#define BITDRAUGHTS_DEMO_FEATURES_H

#include "game_ui.h"

#ifndef DEMO_HAS_FEN_WRITER
#  define DEMO_HAS_FEN_WRITER 1
#endif
#ifndef DEMO_HAS_FEN_READER
#  define DEMO_HAS_FEN_READER 1
#endif
#ifndef DEMO_HAS_PERFT
#  define DEMO_HAS_PERFT 1
#endif
#ifndef DEMO_HAS_BENCH
#  define DEMO_HAS_BENCH 1
#endif
#ifndef DEMO_HAS_RAM_REPORT
#  define DEMO_HAS_RAM_REPORT 1
#endif
#ifndef DEMO_HAS_BANNER_INFO
#  define DEMO_HAS_BANNER_INFO 1
#endif
#ifndef DEMO_HAS_SEARCH_INFO
#  define DEMO_HAS_SEARCH_INFO 1
#endif
#ifndef DEMO_HAS_FULL_HELP
#  define DEMO_HAS_FULL_HELP 1
#endif

/* Any command left out: commands_run() then checks for a missing handler. */
#define DEMO_ANY_LEFT_OUT ((!DEMO_HAS_FEN_WRITER && !DEMO_HAS_FEN_READER) || !DEMO_HAS_PERFT ||   \
                           !DEMO_HAS_BENCH || !DEMO_HAS_RAM_REPORT)

#endif
