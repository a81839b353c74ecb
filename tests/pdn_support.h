/* SPDX-License-Identifier: MIT */
/*
 * pdn_support.h - what the PDN test suites share: a text buffer filled from
 * flash strings, comparisons against flash, and a sentinel position that no
 * reader produces, to see that a failed read leaves its output alone.
 * Included by each suite (static functions: one copy per suite, the unused
 * ones dropped).
 */
#ifndef BITDRAUGHTS_PDN_SUPPORT_H
#define BITDRAUGHTS_PDN_SUPPORT_H

#include <string.h>
#include "check.h"
#include "checkers/pdn.h"

/* A suite that only reads moves may ask for less: the ATmega328P suites run
 * close to its 2 KB with a 768-byte legal move list on the stack. */
#ifndef PDN_SUPPORT_TEXT_SIZE
#  define PDN_SUPPORT_TEXT_SIZE (PDN_FEN_MAX + 8u)
#endif
static char text[PDN_SUPPORT_TEXT_SIZE];

/* Copies a flash string to text and returns its length. */
static inline uint16_t load_P(const char *s_P)
{
    uint16_t n = 0;
    while ((text[n] = (char)pgm_read_byte(s_P + n)) != 0)
        n++;
    return n;
}

/* True when text equals the flash string, which a NUL or newline ends. */
static inline uint8_t text_is_P(const char *s_P)
{
    for (uint16_t i = 0;; i++) {
        char c = (char)pgm_read_byte(s_P + i);
        if (c == '\n')
            c = 0;
        if (text[i] != c)
            return 0;
        if (!c)
            return 1;
    }
}

/* Says where in a table or text a failed check was. */
static inline void note_at(uint32_t where)
{
    check_print_P(PSTR("    at "));
    check_print_u32(where);
    check_print_P(PSTR("\n"));
}

static inline const struct bd_rules *rules_for(uint8_t english)
{
    return english ? &bd_rules_english : &bd_rules_russian;
}

static inline void fill_sentinel(bd_position *pos)
{
    memset(pos, 0xA5, sizeof *pos);
}

static inline uint8_t is_sentinel(const bd_position *pos)
{
    bd_position s;
    fill_sentinel(&s);
    return memcmp(&s, pos, sizeof s) == 0;
}

/* Copies the line at p_P (flash) to text; returns its length, the newline
 * excluded. */
static inline uint16_t load_line_P(const char *p_P)
{
    uint16_t n = 0;
    while ((text[n] = (char)pgm_read_byte(p_P + n)) != '\n')
        n++;
    return n;
}

/* Reads the corpus entry at *entry_P: a status letter ('a' - status), 'R'
 * or 'E' for the variant, then the text up to a newline.  Copies the text
 * into text, returns its length, and moves *entry_P to the next entry. */
static inline uint16_t next_corpus_entry(const char **entry_P, int8_t *expected,
                                         uint8_t *english)
{
    const char *p = *entry_P;
    *expected = (int8_t)('a' - (char)pgm_read_byte(p));
    *english = pgm_read_byte(p + 1) == 'E';
    p += 2;
    uint16_t n = load_line_P(p);
    *entry_P = p + n + 1u;
    return n;
}

/* Every FEN of a corpus (entries as above) fails with its status and leaves
 * the position alone; a failure names the entry's offset. */
static inline void check_malformed_fens(const char *corpus_P, uint16_t size)
{
    const char *p = corpus_P;
    while (p < corpus_P + size - 1u) {
        const char *entry = p;
        int8_t expected;
        uint8_t english;
        uint16_t n = next_corpus_entry(&p, &expected, &english);
        bd_position pos;
        fill_sentinel(&pos);
        int8_t status = pdn_read_fen(text, n, rules_for(english), &pos);
        if (!CHECK_EQ(status, expected) || !CHECK(is_sentinel(&pos)))
            note_at((uint32_t)(entry + 2 - corpus_P));
    }
}

#endif
