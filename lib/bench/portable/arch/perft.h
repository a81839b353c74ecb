/* SPDX-License-Identifier: MIT */
/*
 * arch/perft.h (bench/portable) - found before the target's own: no override,
 * so that lib/bench/movegen_portable.c compiles the portable C.
 */
