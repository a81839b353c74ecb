/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen_lean.h (MOVEGEN := lean) - the AVR's assembly generator
 * built lean: lib/arch/generic/arch/movegen_lean.h says what that leaves out.
 */
#ifndef BITDRAUGHTS_ARCH_MOVEGEN_LEAN_H
#define BITDRAUGHTS_ARCH_MOVEGEN_LEAN_H

#define MOVEGEN_LEAN 1

#endif
