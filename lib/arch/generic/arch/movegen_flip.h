/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen_flip.h - where a target flips the mover's squares of a move
 * in memory its own way (checkers/movegen.h, mg_flip_mover): nothing here,
 * so the portable flips of whole bitboards run.  lib/arch/avr's copy flips
 * the bytes that hold the squares.
 */
#ifndef BITDRAUGHTS_ARCH_MOVEGEN_FLIP_H
#define BITDRAUGHTS_ARCH_MOVEGEN_FLIP_H

#endif
