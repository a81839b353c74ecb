/* SPDX-License-Identifier: MIT */
/*
 * arch/bitscan.h (generic) - no override: bitscan.h's portable C runs.
 */
