/* SPDX-License-Identifier: MIT */
/*
 * arch/platform.h (AVR) - the facts of an 8-bit AVR target.
 */
#ifndef BITDRAUGHTS_ARCH_PLATFORM_H
#define BITDRAUGHTS_ARCH_PLATFORM_H

#define BD_TARGET_AVR 1
#if defined(__AVR_HAVE_MUL__)
#  define BD_AVR_HAS_MUL 1   /* MUL/MULS/FMUL: 2 cycles, result in r1:r0 */
#else
#  define BD_AVR_HAS_MUL 0   /* ATtiny: a multiply would call libgcc's loop */
#endif

/* No room for assertion messages in flash. */
#define BD_ASSERT(cond) ((void)0)

#endif
