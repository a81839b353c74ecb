/* SPDX-License-Identifier: MIT */
/*
 * arch/bitboard32.h (generic) - no override: bitboard32.h's portable C runs.
 */
