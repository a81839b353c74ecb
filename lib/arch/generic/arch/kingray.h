/* SPDX-License-Identifier: MIT */
/*
 * arch/kingray.h (generic) - no override: kingray.h's portable C runs.
 */
