/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what every target of tests/fuzz/ shares.
 *
 * A target is one LLVMFuzzerTestOneInput(): built with clang and libFuzzer
 * for `make fuzz`, which mutates inputs from its corpus
 * (tests/fuzz/corpus/<target>/), and built with gcc and the sanitizers
 * against replay.c for `make test`, which feeds it every file of that
 * corpus.  A target checks properties, not only the absence of crashes:
 * FUZZ_REQUIRE prints the broken property and aborts, which libFuzzer
 * reports as a crash with the input that caused it and which fails the
 * replay.
 */
#ifndef BITDRAUGHTS_FUZZ_H
#define BITDRAUGHTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Called once before the first input, when a target defines it. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_REQUIRE(cond) \
    ((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))

static inline void fuzz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: property broken: %s\n", file, line, what);
    abort();
}

#endif
