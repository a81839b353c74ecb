/* SPDX-License-Identifier: MIT */
/*
 * kingmagic - searches the gather magics of the flying-king ray tables and
 * prints the tables (lib/checkers/kingray_tables.c).
 *
 *   kingmagic --emit      the C source of lib/checkers/kingray_tables.c
 *   kingmagic --search    the search: every fold magic with at most 4 set
 *                         bits that gathers all 15 diagonals, cheapest on
 *                         AVR first; the classic per-diagonal magics of the
 *                         up-right diagonals; each ray's rotation multiplier
 *
 * Output is deterministic.  Usage errors print one line on stderr and exit
 * 2; a failed generation exits 1.  The library does the work (kingray.h).
 */
#include <stdio.h>
#include <string.h>

#include "host/kingray_gen.h"

enum { EXIT_FAILED = 1, EXIT_USAGE = 2 };

#define FOLD_MAX_BITS 4u
#define DIAGONAL_MAX_BITS 4u
#define LISTED_MAGICS 16u

static const char usage_text[] =
    "usage: kingmagic --emit | --search | --help\n"
    "  --emit    print lib/checkers/kingray_tables.c (kingmagic --emit > lib/checkers/kingray_tables.c)\n"
    "  --search  print the magic search: fold magics, per-diagonal magics,\n"
    "            rotation multipliers\n";

static uint8_t bits_of(uint32_t x)
{
    uint8_t n = 0;
    for (; x; x &= x - 1u)
        n++;
    return n;
}

static int emit(void)
{
    static struct kr_tables tables;
    if (kr_generate(&tables) != 0) {
        fputs("kingmagic: generation failed\n", stderr);
        return EXIT_FAILED;
    }
    kr_emit(stdout, &tables, "build/host/kingmagic --emit");
    return 0;
}

static int search(void)
{
    uint32_t magics[LISTED_MAGICS];
    uint32_t found = 0;
    uint32_t *end = kr_search_fold_magics(FOLD_MAX_BITS, magics,
                                          magics + LISTED_MAGICS, &found);

    printf("fold magics (x * magic) >> %u with <= %u set bits that gather every "
           "diagonal: %lu\n", KR_FOLD_SHIFT, FOLD_MAX_BITS, (unsigned long)found);
    for (const uint32_t *m = magics; m != end; m++)
        printf("  0x%08lX  %u bits, %u off byte boundaries\n", (unsigned long)*m,
               bits_of(*m), bits_of(*m & ~0x01010101u));

    bb32 diagonals[KR_DIAGONALS];
    bb32 *diagonals_end = kr_diagonals(diagonals);
    printf("classic per-diagonal magics (inner squares, >> 32-n, <= %u bits):\n",
           DIAGONAL_MAX_BITS);
    /* kr_diagonals lists the up-left family first: the up-right diagonals,
     * whose bits are not one run, follow. */
    for (const bb32 *d = diagonals + KR_UP_LEFT_DIAGONALS; d != diagonals_end; d++) {
        bb32 inner = *d & bb_up_right(*d) & bb_down_left(*d);
        if (inner == 0)
            continue;
        uint32_t magic = kr_search_diagonal_magic(inner, DIAGONAL_MAX_BITS);
        printf("  diagonal 0x%08lX inner 0x%08lX (%u): magic 0x%08lX (%u bits)\n",
               (unsigned long)*d, (unsigned long)inner, bits_of(inner),
               (unsigned long)magic, bits_of(magic));
    }

    static struct kr_tables tables;
    if (kr_generate(&tables) != 0) {
        fputs("kingmagic: generation failed\n", stderr);
        return EXIT_FAILED;
    }
    printf("rotation multipliers (direction: squares 0..31):\n");
    for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) {
        printf("  %u:", direction);
        for (uint8_t square = 0; square < BB_SQUARES; square++)
            printf(" %u", tables.entries[direction][square].multiplier);
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--emit") == 0)
        return emit();
    if (argc == 2 && strcmp(argv[1], "--search") == 0)
        return search();
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    fputs("kingmagic: expected one of --emit, --search, --help (see kingmagic --help)\n",
          stderr);
    return EXIT_USAGE;
}
