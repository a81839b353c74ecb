/* SPDX-License-Identifier: MIT */
/*
 * bitdraughts.h - the whole library in one include, for sketches and
 * programs that want all of it (C and C++).
 *
 *   bits/      bit scans and population counts (de Bruijn, per target)
 *   nibble/    the 64-square board of 4-bit codes, SWAR rows, 8x8 symmetries
 *   checkers/  32-bit bitboards, positions and rules of Russian draughts and
 *              English checkers, legal move generation, perft, PDN text,
 *              the game record and its draw rules
 *   engine/    alpha-beta search and evaluation within 2 KB of RAM
 *
 * Each header states its mechanism and contracts; include only the ones
 * you use to keep compile times down.  Public names carry the library's
 * prefix (bd_, BD_) or their module's (bs_, nb_, sym_, bb_, pos_, mg_,
 * kr_, pdn_, perft, game_, eval_, search_).
 */
#ifndef BITDRAUGHTS_H
#define BITDRAUGHTS_H

#include "bits/bitscan.h"
#include "nibble/nibble.h"
#include "nibble/symmetry64.h"
#include "checkers/bitboard32.h"
#include "checkers/position.h"
#include "checkers/movegen.h"
#include "checkers/kingray.h"
#include "checkers/symmetry.h"
#include "checkers/perft.h"
#include "checkers/pdn.h"
#include "checkers/game.h"
#include "engine/eval.h"
#include "engine/search.h"
#include "engine/hub.h"
#include "engine/hub_session.h"

#endif
