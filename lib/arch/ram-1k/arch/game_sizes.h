/* SPDX-License-Identifier: MIT */
/*
 * arch/game_sizes.h (1 KB and 512 bytes of RAM) - a shorter repetition
 * window (checkers/game.h): a repetition further back than this many
 * plies is not seen.  The include root of a board whose RAM is 1k or 512
 * (firmware/firmware.mk), ahead of lib/arch/generic's.
 */
#ifndef BITDRAUGHTS_ARCH_GAME_SIZES_H
#define BITDRAUGHTS_ARCH_GAME_SIZES_H

#define GAME_HISTORY 12u        /* positions remembered for repetition */

#endif
