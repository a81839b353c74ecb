/* SPDX-License-Identifier: MIT */
/*
 * Bit scans against naive references: exhaustive over bytes, every single
 * bit and 10,000 random words for the 32-bit routines.  The same source runs
 * on the host (with sanitizers) and in the simulator on ATmega328P and
 * ATtiny85, where the inline-assembly overrides are the code under test.
 */
#include "bits/bitscan.h"
#include "bench/bitscan_variants.h"
#include "check.h"

#define RANDOM_WORDS 10000u

static uint8_t naive_lsb32(uint32_t v)
{
    uint8_t index = 0;
    while (!(v & 1u)) {
        v >>= 1;
        index++;
    }
    return index;
}

static uint8_t naive_msb32(uint32_t v)
{
    uint8_t index = 0;
    while (v >>= 1)
        index++;
    return index;
}

static uint8_t naive_popcount32(uint32_t v)
{
    uint8_t count = 0;
    for (uint8_t bit = 0; bit < 32u; bit++)
        count = (uint8_t)(count + ((v >> bit) & 1u));
    return count;
}

/* The routines without variants, out of line so that each is compiled once
 * (the ATtiny85 build of this suite must fit in 8 KB). */
#define OUT_OF_LINE static __attribute__((noinline))
OUT_OF_LINE uint8_t lsb16(uint16_t v) { return bs_lsb16(v); }
OUT_OF_LINE uint8_t msb8(uint8_t v) { return bs_msb8(v); }
OUT_OF_LINE uint8_t msb32(uint32_t v) { return bs_msb32(v); }
OUT_OF_LINE uint8_t popcount8(uint8_t v) { return bs_popcount8(v); }

/* A non-zero word whose lowest set bit is anywhere in 0..31. */
static uint32_t random_nonzero_word(uint32_t *state)
{
    uint32_t word = check_random32(state);
    word <<= check_random32(state) & 31u;
    return word ? word : 1u;
}

/*
 * Every variant is wrapped in a function and listed in a flash table with its
 * name, so one loop checks them all and names the one that fails; the first
 * mismatch ends that variant's loop, so a broken routine prints one line.
 */
typedef uint8_t (*scan8_fn)(uint8_t);
typedef uint8_t (*scan32_fn)(uint32_t);
struct variant8 { const char *name_P; scan8_fn scan; };
struct variant32 { const char *name_P; scan32_fn scan; };

#define WRAP8(name, fn, table_bytes, callee) \
    static const char name##_name[] PROGMEM = #name; \
    static uint8_t name##_wrapped(uint8_t v) { return fn(v); }
#define WRAP32(name, fn, table_bytes, callee) \
    static const char name##_name[] PROGMEM = #name; \
    static uint8_t name##_wrapped(uint32_t v) { return fn(v); }
#define ENTRY(name, fn, table_bytes, callee) { name##_name, name##_wrapped },

BS_LSB8_VARIANTS(WRAP8)
BS_LSB32_VARIANTS(WRAP32)
BS_POPCOUNT32_VARIANTS(WRAP32)

static const struct variant8 lsb8_variants[] PROGMEM = { BS_LSB8_VARIANTS(ENTRY) };
static const struct variant32 lsb32_variants[] PROGMEM = { BS_LSB32_VARIANTS(ENTRY) };
static const struct variant32 popcount32_variants[] PROGMEM = { BS_POPCOUNT32_VARIANTS(ENTRY) };

#define BD_VARIANT_COUNT(table) (sizeof(table) / sizeof(table[0]))

static struct variant8 variant8_at(const struct variant8 *table_P, uint8_t i)
{
    struct variant8 v;
    memcpy_P(&v, &table_P[i], sizeof v);
    return v;
}

static struct variant32 variant32_at(const struct variant32 *table_P, uint8_t i)
{
    struct variant32 v;
    memcpy_P(&v, &table_P[i], sizeof v);
    return v;
}

static void report_variant(const char *name_P)
{
    check_print_P(PSTR("  in variant "));
    check_print_P(name_P);
    check_print_P(PSTR("\n"));
}

static void test_lsb8_variants_match_naive_scan_for_every_byte(void)
{
    for (uint8_t i = 0; i < BD_VARIANT_COUNT(lsb8_variants); i++) {
        struct variant8 variant = variant8_at(lsb8_variants, i);
        for (uint16_t v = 1; v < 256u; v++) {
            if (!CHECK_EQ(variant.scan((uint8_t)v), naive_lsb32(v))) {
                report_variant(variant.name_P);
                break;
            }
        }
    }
}

static void test_lsb8_of_zero_is_zero(void)
{
    CHECK_EQ(bs_lsb8(0), 0);
}

static void test_lsb16_matches_naive_for_every_word(void)
{
    uint16_t v = 1;
    do {
        if (!CHECK_EQ(lsb16(v), naive_lsb32(v)))
            break;
    } while (++v != 0);
}

static void test_lsb32_variants_match_naive_for_every_single_bit(void)
{
    for (uint8_t i = 0; i < BD_VARIANT_COUNT(lsb32_variants); i++) {
        struct variant32 variant = variant32_at(lsb32_variants, i);
        for (uint8_t bit = 0; bit < 32u; bit++) {
            if (!CHECK_EQ(variant.scan((uint32_t)1u << bit), bit) ||
                !CHECK_EQ(variant.scan(UINT32_MAX << bit), bit)) {
                report_variant(variant.name_P);
                break;
            }
        }
    }
}

static void test_lsb32_variants_match_naive_for_random_words(void)
{
    for (uint8_t i = 0; i < BD_VARIANT_COUNT(lsb32_variants); i++) {
        struct variant32 variant = variant32_at(lsb32_variants, i);
        uint32_t state = 0x9E3779B9u;
        for (uint16_t n = 0; n < RANDOM_WORDS; n++) {
            uint32_t word = random_nonzero_word(&state);
            if (!CHECK_EQ(variant.scan(word), naive_lsb32(word))) {
                report_variant(variant.name_P);
                break;
            }
        }
    }
}

static void test_msb8_matches_naive_for_every_byte(void)
{
    for (uint16_t v = 1; v < 256u; v++)
        if (!CHECK_EQ(msb8((uint8_t)v), naive_msb32(v)))
            break;
}

static void test_msb32_matches_naive_for_single_bits_and_random_words(void)
{
    for (uint8_t bit = 0; bit < 32u; bit++) {
        CHECK_EQ(msb32((uint32_t)1u << bit), bit);
        CHECK_EQ(msb32(UINT32_MAX >> bit), 31u - bit);
    }
    uint32_t state = 0x12345678u;
    for (uint16_t n = 0; n < RANDOM_WORDS; n++) {
        uint32_t word = check_random32(&state) >> (check_random32(&state) & 31u);
        word = word ? word : 1u;
        if (!CHECK_EQ(msb32(word), naive_msb32(word)))
            break;
    }
}

static void test_popcount8_matches_naive_for_every_byte(void)
{
    for (uint16_t v = 0; v < 256u; v++)
        if (!CHECK_EQ(popcount8((uint8_t)v), naive_popcount32(v)))
            break;
}

static void test_popcount32_variants_match_naive_for_edges_and_random_words(void)
{
    for (uint8_t i = 0; i < BD_VARIANT_COUNT(popcount32_variants); i++) {
        struct variant32 variant = variant32_at(popcount32_variants, i);
        uint32_t state = 0xC0FFEE11u;
        uint8_t ok = CHECK_EQ(variant.scan(0), 0) && CHECK_EQ(variant.scan(UINT32_MAX), 32);
        for (uint8_t bit = 0; ok && bit < 32u; bit++)
            ok = CHECK_EQ(variant.scan((uint32_t)1u << bit), 1) &&
                 CHECK_EQ(variant.scan(~((uint32_t)1u << bit)), 31);
        for (uint16_t n = 0; ok && n < RANDOM_WORDS; n++) {
            uint32_t word = check_random32(&state);
            ok = CHECK_EQ(variant.scan(word), naive_popcount32(word));
        }
        if (!ok)
            report_variant(variant.name_P);
    }
}

/* The out-of-line count (on the ATmega, the popcount table's assembly):
 * every byte value in every byte of the word, with the other bytes empty
 * and full, then random words. */
static void test_popcount32_call_matches_naive_for_every_byte_in_every_place(void)
{
    uint8_t ok = 1;
    for (uint8_t shift = 0; ok && shift < 32u; shift = (uint8_t)(shift + 8u)) {
        for (uint16_t v = 0; ok && v < 256u; v++) {
            uint32_t word = (uint32_t)v << shift;
            uint32_t others_full = word | ~((uint32_t)0xFFu << shift);
            ok = CHECK_EQ(bs_popcount32_call(word), naive_popcount32(word)) &&
                 CHECK_EQ(bs_popcount32_call(others_full), naive_popcount32(others_full));
        }
    }
    uint32_t state = 0x5EED0C0Du;
    for (uint16_t n = 0; ok && n < RANDOM_WORDS; n++) {
        uint32_t word = check_random32(&state);
        ok = CHECK_EQ(bs_popcount32_call(word), naive_popcount32(word));
    }
}

static void test_pop_lsb32_visits_every_set_bit_in_ascending_order(void)
{
    uint32_t state = 0xBADC0DE5u;
    for (uint16_t n = 0; n < 1000u; n++) {
        uint32_t board = check_random32(&state);
        uint32_t rebuilt = 0, remaining = board;
        int8_t previous = -1;
        while (remaining) {
            uint8_t square = bs_pop_lsb32(&remaining);
            if (!CHECK((int8_t)square > previous))
                return;
            previous = (int8_t)square;
            rebuilt |= (uint32_t)1u << square;
        }
        if (!CHECK_EQ(rebuilt, board))
            return;
    }
}

static void test_lsb_table_copies_are_offset_by_eight(void)
{
    for (uint8_t i = 0; i < BS_LSB_UPPER_TABLE_SIZE; i++)
        CHECK_EQ(bs_lsb_table_upper[i], 8u + (i & ~7u) + bs_lsb_table[i & 7u]);
}

int main(void)
{
    check_begin(PSTR("bitscan"));
    RUN_TEST(test_lsb8_variants_match_naive_scan_for_every_byte);
    RUN_TEST(test_lsb8_of_zero_is_zero);
    RUN_TEST(test_lsb16_matches_naive_for_every_word);
    RUN_TEST(test_lsb32_variants_match_naive_for_every_single_bit);
    RUN_TEST(test_lsb32_variants_match_naive_for_random_words);
    RUN_TEST(test_msb8_matches_naive_for_every_byte);
    RUN_TEST(test_msb32_matches_naive_for_single_bits_and_random_words);
    RUN_TEST(test_popcount8_matches_naive_for_every_byte);
    RUN_TEST(test_popcount32_variants_match_naive_for_edges_and_random_words);
    RUN_TEST(test_popcount32_call_matches_naive_for_every_byte_in_every_place);
    RUN_TEST(test_pop_lsb32_visits_every_set_bit_in_ascending_order);
    RUN_TEST(test_lsb_table_copies_are_offset_by_eight);
    return check_end();
}
