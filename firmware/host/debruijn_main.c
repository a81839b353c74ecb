/* SPDX-License-Identifier: MIT */
/*
 * debruijn - prints de Bruijn bit-scan constants and their tables.
 *
 *   debruijn --count K                  number of sequences B(2,K)
 *   debruijn --nth K N [--name PREFIX]  sequence N as a C header fragment
 *   debruijn --check K MAGIC            "valid" (exit 0) or "invalid" (exit 1)
 *   debruijn --list K [FIRST [COUNT]]   sequences FIRST.. one per line
 *
 * K is 3..6 (8- to 64-bit words).  Numbers are decimal or 0x hex.  Usage
 * errors print one line on stderr and exit 2.  The library does the work
 * (firmware/host/debruijn.h); this file only parses and prints.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "host/debruijn.h"

enum { EXIT_INVALID = 1, EXIT_USAGE = 2 };

/* Large enough that --list resumes rarely; each resume costs nothing since
 * debruijn_enumerate_from starts at the last magic seen. */
#define LIST_CHUNK 4096u

static const char usage_text[] =
    "usage: debruijn --count K\n"
    "       debruijn --nth K N [--name PREFIX]\n"
    "       debruijn --check K MAGIC\n"
    "       debruijn --list K [FIRST [COUNT]]\n"
    "\n"
    "Binary de Bruijn sequences B(2,K) for K = 3..6 that start with K zeros,\n"
    "used as magic multipliers for bit scans of 2^K-bit words, numbered from 0\n"
    "in ascending order.\n"
    "  --count  print how many there are (K = 6 takes seconds)\n"
    "  --nth    print sequence N and its lookup table as a C header fragment;\n"
    "           PREFIX defaults to DEBRUIJN<bits>, e.g. DEBRUIJN8\n"
    "  --check  print valid (exit 0) if MAGIC works as a K-bit multiplier,\n"
    "           i.e. the 2^K windows it gives are all different, else invalid\n"
    "           (exit 1); rotations by one, like 0x3A for K = 3, are valid too\n"
    "  --list   print sequences FIRST, FIRST+1, ... (COUNT of them, default all)\n"
    "Numbers are decimal or 0x-prefixed hex.  Usage errors exit 2.\n";

static int usage_error(const char *format, ...)
{
    va_list args;

    fputs("debruijn: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputs(" (see debruijn --help)\n", stderr);
    return EXIT_USAGE;
}

/* Decimal or 0x hex, the whole string, no sign, no overflow.  strtoull
 * would accept "-1", " 5" and octal, so the digits are read by hand. */
static bool parse_u64(const char *text, uint64_t *value)
{
    unsigned base = 10;
    uint64_t result = 0;

    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text += 2;
    }
    if (*text == '\0')
        return false;
    for (; *text != '\0'; text++) {
        unsigned digit;
        if (*text >= '0' && *text <= '9')
            digit = (unsigned)(*text - '0');
        else if (base == 16 && *text >= 'a' && *text <= 'f')
            digit = (unsigned)(*text - 'a' + 10);
        else if (base == 16 && *text >= 'A' && *text <= 'F')
            digit = (unsigned)(*text - 'A' + 10);
        else
            return false;
        if (result > (UINT64_MAX - digit) / base)
            return false;
        result = result * base + digit;
    }
    *value = result;
    return true;
}

static bool parse_number(const char *what, const char *text, uint64_t *value,
                         int *status)
{
    if (parse_u64(text, value))
        return true;
    *status = usage_error("%s '%s' is not a decimal or 0x hex number below 2^64",
                          what, text);
    return false;
}

static bool parse_k(const char *text, uint8_t *k, int *status)
{
    uint64_t value;

    if (!parse_number("K", text, &value, status))
        return false;
    if (value < DEBRUIJN_K_MIN || value > DEBRUIJN_K_MAX) {
        *status = usage_error("K must be %u..%u, not %s", DEBRUIJN_K_MIN,
                              DEBRUIJN_K_MAX, text);
        return false;
    }
    *k = (uint8_t)value;
    return true;
}

static bool is_c_identifier(const char *text)
{
    if (!(*text == '_' || (*text >= 'A' && *text <= 'Z')
          || (*text >= 'a' && *text <= 'z')))
        return false;
    for (text++; *text != '\0'; text++)
        if (!(*text == '_' || (*text >= 'A' && *text <= 'Z')
              || (*text >= 'a' && *text <= 'z') || (*text >= '0' && *text <= '9')))
            return false;
    return true;
}

/* Hex with a digit for every bit of the word, so widths read at a glance. */
static void print_magic(uint8_t k, uint64_t magic)
{
    printf("0x%0*llX", (int)(DEBRUIJN_BITS(k) / 4u), (unsigned long long)magic);
}

/* The suffix that gives the constant an unsigned type at least as wide as
 * the word on every target: AVR's int is 16 bits, its long 32. */
static const char *magic_suffix(uint8_t k)
{
    static const char *const suffixes[] = { "u", "u", "UL", "ULL" };
    return suffixes[k - DEBRUIJN_K_MIN];
}

static const char *word_type(uint8_t k)
{
    static const char *const types[] = { "uint8_t", "uint16_t", "uint32_t", "uint64_t" };
    return types[k - DEBRUIJN_K_MIN];
}

static int command_count(int argc, char **argv)
{
    uint8_t k;
    int status = 0;

    if (argc != 3)
        return usage_error("--count takes K");
    if (!parse_k(argv[2], &k, &status))
        return status;
    printf("%llu\n", (unsigned long long)debruijn_count(k));
    return 0;
}

static int command_nth(int argc, char **argv)
{
    uint8_t k;
    uint64_t index, magic;
    uint8_t table[DEBRUIJN_BITS(DEBRUIJN_K_MAX)];
    char default_name[24]; /* "DEBRUIJN" and an unsigned int */
    const char *name = default_name;
    int status = 0;

    if (argc == 6 && strcmp(argv[4], "--name") == 0)
        name = argv[5];
    else if (argc != 4)
        return usage_error("--nth takes K N [--name PREFIX]");
    if (!parse_k(argv[2], &k, &status) || !parse_number("N", argv[3], &index, &status))
        return status;
    snprintf(default_name, sizeof default_name, "DEBRUIJN%u", DEBRUIJN_BITS(k));
    if (!is_c_identifier(name))
        return usage_error("PREFIX '%s' is not a C identifier", name);
    if (!debruijn_nth(k, index, &magic))
        return usage_error("N %s is past the last sequence for K = %u (--count %u)",
                           argv[3], k, k);
    debruijn_fill_table(k, magic, table);

    unsigned bits = DEBRUIJN_BITS(k);
    printf("/* Generated by firmware/host/debruijn_main.c:");
    for (int i = 0; i < argc; i++)
        printf(" %s", i == 0 ? "debruijn" : argv[i]);
    printf("\n * de Bruijn sequence B(2,%u) number %llu (ascending from 0), read MSB\n"
           " * first.  Index of the lowest set bit of a %s v != 0:\n"
           " *   %s_TABLE[(%s)((v & -v) * %s_MAGIC) >> %u]\n"
           " * Needs <stdint.h>. */\n",
           k, (unsigned long long)index, word_type(k), name, word_type(k), name,
           bits - k);
    printf("#define %s_MAGIC ", name);
    print_magic(k, magic);
    printf("%s\n", magic_suffix(k));
    printf("static const uint8_t %s_TABLE[%u] = {", name, bits);
    for (unsigned i = 0; i < bits; i++)
        printf("%s%2u%s", i % 16u == 0 ? "\n    " : " ", table[i],
               i + 1u < bits ? "," : "\n");
    printf("};\n");
    return 0;
}

static int command_check(int argc, char **argv)
{
    uint8_t k;
    uint64_t magic;
    int status = 0;

    if (argc != 4)
        return usage_error("--check takes K MAGIC");
    if (!parse_k(argv[2], &k, &status) || !parse_number("MAGIC", argv[3], &magic, &status))
        return status;
    if (DEBRUIJN_BITS(k) < 64u && (magic >> DEBRUIJN_BITS(k)) != 0)
        return usage_error("MAGIC %s does not fit in %u bits", argv[3],
                           DEBRUIJN_BITS(k));
    if (debruijn_is_valid(k, magic)) {
        puts("valid");
        return 0;
    }
    puts("invalid");
    return EXIT_INVALID;
}

static int command_list(int argc, char **argv)
{
    uint8_t k;
    uint64_t first = 0, remaining = UINT64_MAX;
    uint64_t chunk[LIST_CHUNK];
    int status = 0;

    if (argc < 3 || argc > 5)
        return usage_error("--list takes K [FIRST [COUNT]]");
    if (!parse_k(argv[2], &k, &status)
        || (argc > 3 && !parse_number("FIRST", argv[3], &first, &status))
        || (argc > 4 && !parse_number("COUNT", argv[4], &remaining, &status)))
        return status;

    /* The first chunk finds sequence FIRST by counting; later ones resume
     * from the last magic printed. */
    uint64_t *end = chunk;
    if (remaining != 0)
        end = debruijn_enumerate(k, first, chunk,
                                 chunk + (remaining < LIST_CHUNK ? remaining : LIST_CHUNK));
    while (end != chunk) {
        for (const uint64_t *magic = chunk; magic < end; magic++) {
            print_magic(k, *magic);
            putchar('\n');
        }
        remaining -= (uint64_t)(end - chunk);
        if (remaining == 0)
            break;
        end = debruijn_enumerate_from(k, end[-1] + 1u, chunk,
                                      chunk + (remaining < LIST_CHUNK ? remaining : LIST_CHUNK));
    }
    return 0;
}

int main(int argc, char **argv)
{
    int status;

    if (argc < 2)
        return usage_error("no command given");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(argv[1], "--count") == 0)
        status = command_count(argc, argv);
    else if (strcmp(argv[1], "--nth") == 0)
        status = command_nth(argc, argv);
    else if (strcmp(argv[1], "--check") == 0)
        status = command_check(argc, argv);
    else if (strcmp(argv[1], "--list") == 0)
        status = command_list(argc, argv);
    else
        return usage_error("unknown command '%s'", argv[1]);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("debruijn: error writing output\n", stderr);
        return EXIT_USAGE;
    }
    return status;
}
