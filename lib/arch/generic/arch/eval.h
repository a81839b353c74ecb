/* SPDX-License-Identifier: MIT */
/*
 * arch/eval.h - where a target replaces a part of engine/eval.c: nothing
 * here, so the portable C runs (lib/arch/avr's copy puts its helpers that
 * count and sum over bitboards in assembly).
 */
#ifndef BITDRAUGHTS_ARCH_EVAL_H
#define BITDRAUGHTS_ARCH_EVAL_H

#endif
