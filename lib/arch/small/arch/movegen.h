/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen.h (small) - found first on the include path of a build
 * with `MOVEGEN := small` (lib/lib.mk): mg_make in assembly on AVR, and mg_path
 * is the search of lib/checkers/move.c, as the small generator
 * (lib/arch/small/movegen.c) has no walk to trace.
 */
#ifndef BITDRAUGHTS_ARCH_MOVEGEN_SMALL_H
#define BITDRAUGHTS_ARCH_MOVEGEN_SMALL_H

#define MG_PATH_BY_SEARCH

/* On AVR, mg_make is lib/arch/small/make.S's; move.c's C, the host's,
 * takes another name there, which nothing calls. */
#ifdef __AVR__
#define mg_make mg_make_portable
#endif

#endif
