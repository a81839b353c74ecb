/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen_lean.h (Arduino) - the assembly generator built lean
 * (lib/arch/generic/arch/movegen_lean.h says what that leaves out) on a part
 * of 16 KB of flash or less: an Arduino build has no board file to choose,
 * only the part, and a sketch on the ATmega168 needs the room.
 */
#ifndef BITDRAUGHTS_ARCH_MOVEGEN_LEAN_H
#define BITDRAUGHTS_ARCH_MOVEGEN_LEAN_H

#include <avr/io.h>

#define MOVEGEN_LEAN (FLASHEND <= 0x3FFF)

#endif
