/* SPDX-License-Identifier: MIT */
/*
 * kingray_gen.h - the generator of the flying-king ray tables of
 * checkers/kingray.h (host only): the fold-magic search, the per-ray
 * multipliers, and the writer of lib/checkers/kingray_tables.c.  Used by
 * build/host/kingmagic and by the test that compares the committed tables
 * with a fresh generation.
 */
#ifndef BITDRAUGHTS_KINGRAY_GEN_H
#define BITDRAUGHTS_KINGRAY_GEN_H

#include <stdint.h>
#include <stdio.h>
#include "checkers/kingray.h"

#ifdef __cplusplus
extern "C" {
#endif

struct kr_tables {
    struct kr_entry entries[BB_DIRECTIONS][BB_SQUARES];
    uint8_t ray_bytes[KR_RAY_BYTES];
};

/* The 15 diagonals as masks, the 8 of the up-left family first, each
 * family from its lowest square up; returns out + 15. */
#define KR_DIAGONALS 15u
#define KR_UP_LEFT_DIAGONALS 8u
bb32 *kr_diagonals(bb32 *out);

/* True when (s * magic) >> KR_FOLD_SHIFT is different for every subset s
 * of every diagonal. */
uint8_t kr_fold_magic_is_valid(uint32_t magic);

/* Writes the valid fold magics with at most max_bits set bits, cheapest on
 * AVR first (fewest bits off byte boundaries, then fewest bits, then
 * smallest), until out_end; returns the end of what it wrote.  Counts all of
 * them into *found. */
uint32_t *kr_search_fold_magics(uint8_t max_bits, uint32_t *out,
                                uint32_t *out_end, uint32_t *found);

/* The classic per-diagonal magic, for comparison: the cheapest (as above)
 * with at most max_bits set bits such that (s * magic) >> (32 - n) differs
 * for the 2^n subsets s of mask (n <= 8); 0 when none. */
uint32_t kr_search_diagonal_magic(bb32 mask, uint8_t max_bits);

/* The smallest 8-bit multiplier whose kr_rotate of the folded occupancy of
 * the ray ray_mask (from a square in direction), masked with index_mask,
 * ignores the ray's last square and differs for each subset of the others;
 * 0 when none works. */
uint8_t kr_search_multiplier(bb32 ray_mask, uint8_t direction, uint8_t index_mask);

/* Fills *tables (with fold magic KR_FOLD_MAGIC); returns 0 on success, 1
 * when some ray has no multiplier or the sizes do not add up. */
uint8_t kr_generate(struct kr_tables *tables);

/* Writes the C source of lib/checkers/kingray_tables.c; command names the command
 * line for the file's header comment. */
void kr_emit(FILE *out, const struct kr_tables *tables, const char *command);

#ifdef __cplusplus
}
#endif

#endif
