/* SPDX-License-Identifier: MIT */
/*
 * arch/game_sizes.h - the game record's repetition window
 * (checkers/game.h): 2 bytes a position, RAM that a 2 KB part's search
 * can spare and every host can.  A part with 1 KB or less takes
 * lib/arch/ram-1k's instead (a board's RAM choice, firmware/firmware.mk).
 */
#ifndef BITDRAUGHTS_ARCH_GAME_SIZES_H
#define BITDRAUGHTS_ARCH_GAME_SIZES_H

#define GAME_HISTORY 24u        /* positions remembered for repetition */

#endif
