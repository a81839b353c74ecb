/* SPDX-License-Identifier: MIT */
/*
 * arch/search_sizes.h (AVR) - the full search's workspace where the RAM
 * decides (engine/search.h; tests/firmware/test_ram_sweep.sh measures it).
 *
 * A quiet node is evaluated from ply SEARCH_QUIET_PLY_MAX and the plies
 * from there to SEARCH_MAX_PLY - 1 are kept for captures, as are the last
 * SEARCH_CAPTURE_RESERVE bytes of the move stack: a quiet list that does
 * not fit in front of them is evaluated (it is a quiet position, the
 * evaluation's ground), and a capture still pending at the very last ply
 * or with no room is counted in capture_cuts, which the tests check stays
 * 0 in deep searches.  The bench signature is that of these sizes, which
 * the host also searches with in the test build of lib/arch/avr-sizes.
 * A build may set any of the sizes below (-D on every object of the
 * library, not just the caller's).  A transposition table of
 * SEARCH_TABLE_ENTRIES slots (engine/table_compact.h; 0: none,
 * engine/table_none.h), in the workspace.
 */
#ifndef BITDRAUGHTS_ARCH_SEARCH_SIZES_H
#define BITDRAUGHTS_ARCH_SEARCH_SIZES_H

#define SEARCH_MAX_DEPTH 20u         /* deepest iteration */
#ifndef SEARCH_PV_MAX
#  define SEARCH_PV_MAX 6u           /* moves of the principal variation kept */
#endif
#ifndef SEARCH_MAX_PLY
#  define SEARCH_MAX_PLY 18u         /* deepest ply from the root, captures included */
#endif
#ifndef SEARCH_QUIET_PLY_MAX
#  define SEARCH_QUIET_PLY_MAX 11u   /* a quiet node from this ply on is evaluated */
#endif
/* The shared move stack, all plies: as much as whole games at the Uno's
 * depth need to cut no capture short (avr-sizes test_search), with
 * English searched without the static pruning (below), whose depth-1
 * nodes list their moves. */
#ifndef SEARCH_STACK_BYTES
#  define SEARCH_STACK_BYTES 300u
#endif
/* Futility pruning and razoring one ply above the horizon (engine/search.c)
 * in English checkers: left out here, where the Uno's search of a second
 * plays English better without them (kept in Russian draughts and on the
 * host: lib/arch/generic). */
#ifndef SEARCH_STATIC_PRUNING_ENGLISH
#  define SEARCH_STATIC_PRUNING_ENGLISH 0
#endif
#ifndef SEARCH_CAPTURE_RESERVE
#  define SEARCH_CAPTURE_RESERVE 48u /* of it, for capture lists only */
#endif

/* Transposition table slots, 5 bytes each: the most, in buckets of two
 * indexed by a power of two, that the Uno's RAM budget leaves room for
 * beside the sweep's deepest stack (tests/firmware/test_ram_sweep.sh). */
#ifndef SEARCH_TABLE_ENTRIES
#  define SEARCH_TABLE_ENTRIES 64u
#endif

#if SEARCH_TABLE_ENTRIES
#  include "engine/table_compact.h"
#else
#  include "engine/table_none.h"
#endif

#endif
