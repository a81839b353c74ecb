/* SPDX-License-Identifier: MIT */
/*
 * arch/platform.h (generic) - the facts of a target with no override: a
 * hosted C implementation with assert() for preconditions.
 */
#ifndef BITDRAUGHTS_ARCH_PLATFORM_H
#define BITDRAUGHTS_ARCH_PLATFORM_H

#define BD_TARGET_AVR 0
#define BD_AVR_HAS_MUL 0

#ifdef NDEBUG
#  define BD_ASSERT(cond) ((void)0)
#else
#  include <assert.h>
#  define BD_ASSERT(cond) assert(cond)
#endif

#endif
