/* SPDX-License-Identifier: MIT */
/*
 * arch/perft.h (generic) - no override: checkers/perft.c's portable C runs.
 */
