/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen_lean.h - whether the AVR's assembly generator
 * (lib/arch/avr's .S files) is built lean, for an image with no room for its
 * longest counting code: not by default (0, here, where every target
 * finds it); MOVEGEN := lean puts lib/arch/lean in front, whose copy says
 * 1.  Nothing but the assembly reads it.
 *
 * Built whole (0), the men's captures are counted by their paths
 * (movegen_asm.S, bd_asm_count_men_paths) and perft's leaf loop counts
 * the men's moves inline (perft_asm.S).  Lean (1), the men's captures are
 * walked square by square and the leaf loop calls the counts: the same
 * counts and lists, in less flash and more cycles.
 */
#ifndef BITDRAUGHTS_ARCH_MOVEGEN_LEAN_H
#define BITDRAUGHTS_ARCH_MOVEGEN_LEAN_H

#define MOVEGEN_LEAN 0

#endif
