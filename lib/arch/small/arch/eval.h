/* SPDX-License-Identifier: MIT */
/*
 * arch/eval.h (small) - found first on the include path of a build with
 * `MOVEGEN := small` (lib/lib.mk): no popcount table to count from, so the
 * portable C of engine/eval.c runs.
 */
#ifndef BITDRAUGHTS_EVAL_SMALL_H
#define BITDRAUGHTS_EVAL_SMALL_H

#endif
