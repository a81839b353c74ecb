/* SPDX-License-Identifier: MIT */
/*
 * arch/search_sizes.h (generic) - the full search's workspace on a target
 * with RAM to spare (the host), where the horizon is real
 * (engine/search.h).
 *
 * A capture sequence past the nominal depth has at most
 * SEARCH_CAPTURE_CHAIN plies (each takes a piece, and a side without
 * pieces has lost), so SEARCH_MAX_PLY covers the deepest iteration and the
 * longest sequence after it, and the move stack holds a full list at every
 * ply of that path: no node is ever scored by the evaluation because a
 * table is full.  search.h asserts it (SEARCH_FULL_HORIZON) unless a build
 * tries other sizes: -D on every object of the library, with
 * SEARCH_ANY_SIZE.  With a transposition table (engine/table.h).
 */
#ifndef BITDRAUGHTS_ARCH_SEARCH_SIZES_H
#define BITDRAUGHTS_ARCH_SEARCH_SIZES_H

#define SEARCH_MAX_DEPTH 40u         /* reached within 100 ms in easy positions */
#ifndef SEARCH_PV_MAX
#  define SEARCH_PV_MAX 12u
#endif
#ifndef SEARCH_MAX_PLY
#  define SEARCH_MAX_PLY (SEARCH_MAX_DEPTH + SEARCH_CAPTURE_CHAIN + 2u)
#endif
#ifndef SEARCH_QUIET_PLY_MAX
#  define SEARCH_QUIET_PLY_MAX (SEARCH_MAX_PLY - 1u)
#endif
#ifndef SEARCH_STACK_BYTES
#  define SEARCH_STACK_BYTES (SEARCH_MAX_PLY * MG_MAX_MOVES * SEARCH_MOVE_BYTES)
#endif
#ifndef SEARCH_CAPTURE_RESERVE
#  define SEARCH_CAPTURE_RESERVE 0u
#endif
#ifndef SEARCH_ANY_SIZE
#  define SEARCH_SIZES_FULL_HORIZON 1
#endif
/* Futility pruning and razoring in English (engine/search.c): kept. */
#define SEARCH_STATIC_PRUNING_ENGLISH 1

#include "engine/table.h"

#endif
