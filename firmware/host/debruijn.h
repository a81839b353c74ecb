/* SPDX-License-Identifier: MIT */
/*
 * debruijn.h - binary de Bruijn sequences B(2,k), k = 3..6, as the magic
 * multipliers of bit scans on n = 2^k bit words.
 *
 * A word with only bit i set, times the magic, is the magic shifted left by
 * i with zeros shifted in; its top k bits are then the window of the magic
 * that starts i bits below the MSB.  The magic works when those n windows,
 * index(i) = ((magic << i) mod 2^n) >> (n - k), are all different: a 2^k
 * entry table then maps index(i) back to i.  debruijn_is_valid() is exactly
 * that test.  Reading the magic MSB first as a sequence s[0..n-1], window i
 * is s[i..i+k-1] with zeros past the end, which is the cyclic window of a
 * de Bruijn sequence whenever the k-1 bits after the wrap are zeros.
 *
 * The generator enumerates the sequences that start with k zeros (magic <
 * 2^(n-k)), the usual form: 0x17 and 0x1D for k = 3, 2^(2^(k-1) - k) of
 * them for each k.  The multiply test accepts one more word per sequence,
 * the sequence rotated left by one (2 * magic: k-1 zeros, a one, and a
 * final zero, e.g. 0x2E and 0x3A for k = 3); the generator leaves those out.
 *
 * The search walks the de Bruijn graph whose nodes are the last k-1 bits
 * and whose edges are the k-bit windows, appending one bit at a time, 0
 * before 1, so sequences come out in ascending numeric order.  It prunes
 * with the BEST theorem: in a circuit each node's last exit is the edge it
 * did not take first, and the circuit uses every edge exactly when those
 * last exits form a tree towards the start node.  A branch whose last exits
 * close a cycle is dropped at once, and once every node has been left the
 * rest of the walk is forced and known to succeed, so counting stops there.
 * All state is on the stack of the caller; the recursion is at most 2^k
 * deep.  Host-only in practice (64-bit arithmetic throughout).
 */
#ifndef BITDRAUGHTS_DEBRUIJN_H
#define BITDRAUGHTS_DEBRUIJN_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DEBRUIJN_K_MIN 3u
#define DEBRUIJN_K_MAX 6u

/* Word width n = 2^k for a valid k; the table has as many entries. */
#define DEBRUIJN_BITS(k) (1u << (k))

/* Number of sequences that start with k zeros: 2, 16, 2048, 67108864 for
 * k = 3..6 (k = 6 walks the whole search, seconds).  0 for k out of range. */
uint64_t debruijn_count(uint8_t k);

/* Sets *magic to sequence number index (0-based, ascending) and returns
 * true; false, *magic untouched, when index >= debruijn_count(k). */
bool debruijn_nth(uint8_t k, uint64_t index, uint64_t *magic);

/* Fills out[] with sequences number first, first + 1, ... in ascending
 * order until out_end or the last sequence; returns the end of what it
 * wrote.  Reaching first costs as much as counting that many. */
uint64_t *debruijn_enumerate(uint8_t k, uint64_t first, uint64_t *out,
                             uint64_t *out_end);

/* Like debruijn_enumerate, starting at the smallest magic >= lowest: pass
 * the last one seen plus 1 to resume a listing at no cost. */
uint64_t *debruijn_enumerate_from(uint8_t k, uint64_t lowest, uint64_t *out,
                                  uint64_t *out_end);

/* The window ((magic * (1 << bit)) mod 2^n) >> (n - k) that a scan of a
 * word whose lowest set bit is bit looks up.  bit < n. */
uint8_t debruijn_index(uint8_t k, uint64_t magic, uint8_t bit);

/* True when magic fits in n bits and its n windows debruijn_index(k, magic,
 * 0..n-1) are all different; false for k out of range. */
bool debruijn_is_valid(uint8_t k, uint64_t magic);

/* Fills table[0 .. 2^k - 1] with table[debruijn_index(k, magic, i)] = i and
 * returns table + 2^k.  Precondition: debruijn_is_valid(k, magic). */
uint8_t *debruijn_fill_table(uint8_t k, uint64_t magic, uint8_t *table);

#ifdef __cplusplus
}
#endif

#endif
