/* SPDX-License-Identifier: MIT */
/*
 * platform.h - what every library file needs from the target.
 *
 * Library code is portable C.  Where a target deserves hand-tuned code, the
 * build puts that target's folder of headers in front of the portable one
 * on the include path (musl's arch/ folders are the model):
 *
 *     AVR:            -Ilib/arch/avr  -Ilib/arch/generic
 *     host:           -Ilib/arch/host -Ilib/arch/generic
 *     host, portable: -Ilib/arch/generic
 *
 * A build's choice of a variant is a folder in front of those, with the
 * sources it compiles instead (lib/lib.mk): lib/arch/small (MOVEGEN :=
 * small), lib/engine/small (ENGINE := small), lib/arch/kingray-table
 * (KINGRAY := table), lib/arch/avr-sizes (the AVR's search on the host).
 *
 * A module includes "arch/<module>.h" at the one place where an override
 * may replace its portable code.  The override defines the tuned function
 * and a macro of the same name, and the module's own header skips its
 * fallback when the macro exists; the generic folder's header of that name
 * defines nothing, so the portable C is what runs.  The target's facts
 * live in its folder only: arch/platform.h, below, says which target it is,
 * whether it multiplies in hardware and how preconditions are checked, and
 * the target's other arch/ headers its choices (the search's workspace
 * sizes, arch/search_sizes.h, for one); no library file outside lib/arch/
 * tests the target.
 */
#ifndef BITDRAUGHTS_PLATFORM_H
#define BITDRAUGHTS_PLATFORM_H

#include "arch/platform.h"

/* Small hot routines must inline even at -Os, where gcc is shy about it. */
#define BD_INLINE static inline __attribute__((always_inline))

/* A compile-time check in a header that C++ sketches include too. */
#ifdef __cplusplus
#  define BD_STATIC_ASSERT(cond, message) static_assert(cond, message)
#else
#  define BD_STATIC_ASSERT(cond, message) _Static_assert(cond, message)
#endif

#endif
