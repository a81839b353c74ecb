/* SPDX-License-Identifier: MIT */
/*
 * arch/movegen.h (generic) - no override: checkers/movegen.c's portable C
 * runs.
 */
