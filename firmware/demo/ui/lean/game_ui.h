/* SPDX-License-Identifier: MIT */
/*
 * game_ui.h (GAME_UI := lean) - the 16 KB game: every optional part of
 * demo_features.h left out.  A switch given on the command line
 * (DEMO_FEATURES=-DDEMO_HAS_PERFT=1) still wins, to measure what it costs.
 */
#ifndef BITDRAUGHTS_DEMO_GAME_UI_H
#define BITDRAUGHTS_DEMO_GAME_UI_H

#ifndef DEMO_HAS_FEN_WRITER
#  define DEMO_HAS_FEN_WRITER 0
#endif
#ifndef DEMO_HAS_FEN_READER
#  define DEMO_HAS_FEN_READER 0
#endif
#ifndef DEMO_HAS_PERFT
#  define DEMO_HAS_PERFT 0
#endif
#ifndef DEMO_HAS_BENCH
#  define DEMO_HAS_BENCH 0
#endif
#ifndef DEMO_HAS_RAM_REPORT
#  define DEMO_HAS_RAM_REPORT 0
#endif
#ifndef DEMO_HAS_BANNER_INFO
#  define DEMO_HAS_BANNER_INFO 0
#endif
#ifndef DEMO_HAS_SEARCH_INFO
#  define DEMO_HAS_SEARCH_INFO 0
#endif
#ifndef DEMO_HAS_FULL_HELP
#  define DEMO_HAS_FULL_HELP 0
#endif

#endif
