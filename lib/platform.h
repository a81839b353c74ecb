/*
 * platform.h - the one place that tells the target apart.
 *
 * Library code is portable C.  Where AVR deserves hand-tuned code, a module
 * includes its override header from lib/avr/ through BD_AVR_OVERRIDE below;
 * that header defines the tuned function and a macro of the same name, and
 * the portable header skips its fallback when the macro exists.  No other
 * file tests __AVR__ for library logic.
 */
#ifndef BITDRAUGHTS_PLATFORM_H
#define BITDRAUGHTS_PLATFORM_H

#if defined(__AVR__)
#  define BD_TARGET_AVR 1
#  if defined(__AVR_HAVE_MUL__)
#    define BD_AVR_HAS_MUL 1   /* MUL/MULS/FMUL: 2 cycles, result in r1:r0 */
#  else
#    define BD_AVR_HAS_MUL 0   /* ATtiny: a multiply would call libgcc's loop */
#  endif
#else
#  define BD_TARGET_AVR 0
#  define BD_AVR_HAS_MUL 0
#endif

/* Small hot routines must inline even at -Os, where gcc is shy about it. */
#define BD_INLINE static inline __attribute__((always_inline))

/* Host builds check preconditions; AVR builds have no room for messages. */
#if BD_TARGET_AVR || defined(NDEBUG)
#  define BD_ASSERT(cond) ((void)0)
#else
#  include <assert.h>
#  define BD_ASSERT(cond) assert(cond)
#endif

#endif
