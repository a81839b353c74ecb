/* SPDX-License-Identifier: MIT */
/*
 * test_debruijn.c - the de Bruijn generator against published counts and
 * constants, and against a separate multiply-and-shift check written here.
 * Host only: the search needs seconds of 64-bit work and kilobytes of stack.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "host/debruijn.h"

/* 2048 sequences for k = 5, the largest k enumerated in full here. */
#define MAX_LISTED 2048u

/* Which windows a word gives, by the multiply the bit scans do, without
 * the library: all different means the word works as a magic. */
static bool naive_magic_works(uint8_t k, uint64_t magic)
{
    unsigned bits = 1u << k;
    uint64_t mask = bits == 64u ? UINT64_MAX : ((uint64_t)1u << bits) - 1u;
    uint64_t seen = 0;

    if ((magic & ~mask) != 0)
        return false;
    for (unsigned i = 0; i < bits; i++) {
        unsigned index = (unsigned)((((uint64_t)1u << i) * magic & mask) >> (bits - k));
        if ((seen >> index) & 1u)
            return false;
        seen |= (uint64_t)1u << index;
    }
    return true;
}

static size_t list_all(uint8_t k, uint64_t *out)
{
    return (size_t)(debruijn_enumerate(k, 0, out, out + MAX_LISTED) - out);
}

static bool listed(const uint64_t *list, size_t count, uint64_t magic)
{
    for (size_t i = 0; i < count; i++)
        if (list[i] == magic)
            return true;
    return false;
}

/* Table entry i must say which bit gave window i, for every bit. */
static bool table_inverts_multiply(uint8_t k, uint64_t magic)
{
    uint8_t table[64 + 1];
    unsigned bits = 1u << k;
    uint64_t mask = bits == 64u ? UINT64_MAX : ((uint64_t)1u << bits) - 1u;
    uint64_t values_seen = 0;

    table[bits] = 0xA5;
    if (debruijn_fill_table(k, magic, table) != table + bits || table[bits] != 0xA5)
        return false;
    for (unsigned i = 0; i < bits; i++) {
        uint64_t lowest_bit = (uint64_t)1u << i;
        if (table[(lowest_bit * magic & mask) >> (bits - k)] != i)
            return false;
        values_seen |= (uint64_t)1u << table[i];
    }
    return values_seen == mask;
}

static void test_count_k3_is_2(void) { CHECK_EQ(debruijn_count(3), 2); }
static void test_count_k4_is_16(void) { CHECK_EQ(debruijn_count(4), 16); }
static void test_count_k5_is_2048(void) { CHECK_EQ(debruijn_count(5), 2048); }

static void test_k3_sequences_are_0x17_then_0x1d(void)
{
    uint64_t list[4];
    CHECK_EQ(debruijn_enumerate(3, 0, list, list + 4) - list, 2);
    CHECK(list[0] == 0x17u);
    CHECK(list[1] == 0x1Du);
}

/* The lexicographically least de Bruijn sequence ("granddaddy", prefer-0)
 * starts with k zeros, so it must come first. */
static void test_first_sequence_is_the_least_de_bruijn_sequence(void)
{
    static const uint64_t least[] = {
        0x17u, 0x09AFu, 0x04653ADFu, UINT64_C(0x0218A392CD3D5DBF)
    };
    for (uint8_t k = 3; k <= 6; k++) {
        uint64_t magic = 0;
        CHECK(debruijn_nth(k, 0, &magic));
        CHECK(magic == least[k - 3]);
    }
}

static void test_known_k5_constant_0x077cb531_is_valid(void)
{
    CHECK(debruijn_is_valid(5, 0x077CB531u));
}

static void test_known_k6_constant_0x03f79d71b4cb0a89_is_valid(void)
{
    CHECK(debruijn_is_valid(6, UINT64_C(0x03F79D71B4CB0A89)));
}

static void test_flipping_any_bit_of_known_constants_makes_them_invalid(void)
{
    for (uint8_t bit = 0; bit < 32; bit++)
        CHECK(!debruijn_is_valid(5, 0x077CB531u ^ ((uint64_t)1u << bit)));
    for (uint8_t bit = 0; bit < 64; bit++)
        CHECK(!debruijn_is_valid(6, UINT64_C(0x03F79D71B4CB0A89) ^ ((uint64_t)1u << bit)));
}

static void test_words_wider_than_the_word_are_invalid(void)
{
    CHECK(!debruijn_is_valid(3, 0x11Du));
    CHECK(!debruijn_is_valid(4, 0x109AFu));
    CHECK(!debruijn_is_valid(5, UINT64_C(0x1077CB531)));
}

static void test_every_enumerated_magic_is_valid_below_limit_and_ascending(void)
{
    static uint64_t list[MAX_LISTED];
    for (uint8_t k = 3; k <= 5; k++) {
        size_t count = list_all(k, list);
        uint64_t limit = (uint64_t)1u << ((1u << k) - k);
        CHECK_EQ(count, debruijn_count(k));
        for (size_t i = 0; i < count; i++) {
            if (!CHECK(debruijn_is_valid(k, list[i])) || !CHECK(list[i] < limit)
                || !CHECK(i == 0 || list[i - 1] < list[i]))
                return;
        }
    }
}

/* Every word of 8 and 16 bits: the library's check agrees with the
 * multiply, and the words that work are exactly the sequences and, one
 * each, the sequence rotated left by one bit (twice the magic). */
static void test_valid_words_are_the_sequences_and_their_rotations_by_one(void)
{
    static uint64_t list[MAX_LISTED];
    for (uint8_t k = 3; k <= 4; k++) {
        size_t count = list_all(k, list);
        uint32_t valid_words = 0;
        for (uint32_t word = 0; word < (UINT32_C(1) << (1u << k)); word++) {
            bool valid = debruijn_is_valid(k, word);
            bool expected = listed(list, count, word)
                            || (word % 2u == 0 && listed(list, count, word / 2u));
            if (!CHECK(valid == naive_magic_works(k, word)) || !CHECK(valid == expected))
                return;
            valid_words += valid;
        }
        CHECK_EQ(valid_words, 2u * count);
    }
}

static void test_rotated_k3_sequences_0x2e_and_0x3a_are_valid_but_not_listed(void)
{
    uint64_t list[4];
    size_t count = (size_t)(debruijn_enumerate(3, 0, list, list + 4) - list);
    CHECK(debruijn_is_valid(3, 0x2Eu));
    CHECK(debruijn_is_valid(3, 0x3Au));
    CHECK(!listed(list, count, 0x2Eu));
    CHECK(!listed(list, count, 0x3Au));
}

static void test_is_valid_matches_multiply_on_random_words(void)
{
    uint32_t state = 12345u;
    for (uint32_t i = 0; i < 20000u; i++) {
        uint64_t word = ((uint64_t)check_random32(&state) << 32) | check_random32(&state);
        /* Clear a random number of top bits so that some words come close. */
        uint64_t near = word >> (check_random32(&state) % 8u);
        for (uint8_t k = 5; k <= 6; k++) {
            uint64_t w = k == 5 ? (uint32_t)near : near;
            if (!CHECK(debruijn_is_valid(k, w) == naive_magic_works(k, w)))
                return;
        }
    }
}

static void test_nth_matches_enumeration(void)
{
    static uint64_t list[MAX_LISTED];
    size_t count = list_all(5, list);
    for (size_t i = 0; i < count; i++) {
        uint64_t magic = 0;
        if (!CHECK(debruijn_nth(5, i, &magic)) || !CHECK(magic == list[i]))
            return;
    }
}

static void test_first_3000_k6_magics_are_valid_ascending_and_match_nth(void)
{
    static uint64_t list[3000];
    uint64_t *end = debruijn_enumerate(6, 0, list, list + 3000);
    uint64_t magic = 0;
    CHECK_EQ(end - list, 3000);
    for (size_t i = 0; i < 3000; i++) {
        if (!CHECK(naive_magic_works(6, list[i])) || !CHECK(list[i] >> 58 == 0)
            || !CHECK(i == 0 || list[i - 1] < list[i]))
            return;
    }
    CHECK(debruijn_nth(6, 2999, &magic));
    CHECK(magic == list[2999]);
    CHECK(debruijn_nth(6, 1234, &magic));
    CHECK(magic == list[1234]);
}

static void test_nth_out_of_range_fails_and_leaves_magic_alone(void)
{
    uint64_t magic = 42;
    CHECK(!debruijn_nth(3, 2, &magic));
    CHECK(!debruijn_nth(4, 16, &magic));
    CHECK(!debruijn_nth(5, 2048, &magic));
    CHECK(!debruijn_nth(3, UINT64_MAX, &magic));
    CHECK(magic == 42u);
    CHECK(debruijn_nth(5, 2047, &magic));
}

static void test_enumerate_from_an_index_matches_the_full_list(void)
{
    static uint64_t list[MAX_LISTED];
    uint64_t part[10];
    size_t count = list_all(5, list);
    CHECK_EQ(debruijn_enumerate(5, 1000, part, part + 10) - part, 10);
    for (size_t i = 0; i < 10; i++)
        CHECK(part[i] == list[1000 + i]);
    /* Near the end it stops at the last sequence. */
    CHECK_EQ(debruijn_enumerate(5, count - 3, part, part + 10) - part, 3);
    CHECK(part[2] == list[count - 1]);
    CHECK(debruijn_enumerate(5, count, part, part + 10) == part);
    CHECK(debruijn_enumerate(5, 0, part, part) == part);
}

static void test_enumerate_from_resumes_where_the_last_chunk_ended(void)
{
    static uint64_t list[MAX_LISTED];
    uint64_t chunk[7];
    size_t count = list_all(5, list), seen = 0;
    uint64_t *end = debruijn_enumerate_from(5, 0, chunk, chunk + 7);
    while (end != chunk) {
        for (const uint64_t *magic = chunk; magic < end; magic++, seen++)
            if (!CHECK(seen < count) || !CHECK(*magic == list[seen]))
                return;
        end = debruijn_enumerate_from(5, end[-1] + 1u, chunk, chunk + 7);
    }
    CHECK_EQ(seen, count);
}

static void test_enumerate_from_a_value_starts_at_the_next_magic(void)
{
    static uint64_t list[MAX_LISTED];
    uint64_t found[2];
    size_t count = list_all(5, list);
    /* Exactly a magic: it comes first; one above: the next one does. */
    CHECK_EQ(debruijn_enumerate_from(5, list[700], found, found + 2) - found, 2);
    CHECK(found[0] == list[700] && found[1] == list[701]);
    CHECK_EQ(debruijn_enumerate_from(5, list[700] + 1u, found, found + 1) - found, 1);
    CHECK(found[0] == list[701]);
    CHECK(debruijn_enumerate_from(5, list[count - 1] + 1u, found, found + 2) == found);
    /* A well-known 64-bit constant is one of the generated sequences. */
    CHECK_EQ(debruijn_enumerate_from(6, UINT64_C(0x03F79D71B4CB0A89), found,
                                     found + 1) - found, 1);
    CHECK(found[0] == UINT64_C(0x03F79D71B4CB0A89));
}

static void test_filled_table_is_a_permutation_and_inverts_the_multiply(void)
{
    static uint64_t list[MAX_LISTED];
    for (uint8_t k = 3; k <= 5; k++) {
        size_t count = list_all(k, list);
        for (size_t i = 0; i < count; i++)
            if (!CHECK(table_inverts_multiply(k, list[i])))
                return;
    }
    CHECK(table_inverts_multiply(5, 0x077CB531u));
    CHECK(table_inverts_multiply(6, UINT64_C(0x03F79D71B4CB0A89)));
    CHECK(table_inverts_multiply(6, UINT64_C(0x0218A392CD3D5DBF)));
    CHECK(table_inverts_multiply(3, 0x3Au));   /* a rotation by one */
}

/* The textbook 8-bit scan from the header comment, for every byte. */
static void test_k3_table_scans_every_nonzero_byte(void)
{
    uint8_t table[8];
    debruijn_fill_table(3, 0x1D, table);
    for (unsigned v = 1; v < 256; v++) {
        unsigned lowest = 0;
        while (!((v >> lowest) & 1u))
            lowest++;
        if (!CHECK_EQ(table[(uint8_t)((v & -v) * 0x1Du) >> 5], lowest))
            return;
    }
}

int main(void)
{
    check_begin(PSTR("debruijn"));
    RUN_TEST(test_count_k3_is_2);
    RUN_TEST(test_count_k4_is_16);
    RUN_TEST(test_count_k5_is_2048);
    RUN_TEST(test_k3_sequences_are_0x17_then_0x1d);
    RUN_TEST(test_first_sequence_is_the_least_de_bruijn_sequence);
    RUN_TEST(test_known_k5_constant_0x077cb531_is_valid);
    RUN_TEST(test_known_k6_constant_0x03f79d71b4cb0a89_is_valid);
    RUN_TEST(test_flipping_any_bit_of_known_constants_makes_them_invalid);
    RUN_TEST(test_words_wider_than_the_word_are_invalid);
    RUN_TEST(test_every_enumerated_magic_is_valid_below_limit_and_ascending);
    RUN_TEST(test_valid_words_are_the_sequences_and_their_rotations_by_one);
    RUN_TEST(test_rotated_k3_sequences_0x2e_and_0x3a_are_valid_but_not_listed);
    RUN_TEST(test_is_valid_matches_multiply_on_random_words);
    RUN_TEST(test_nth_matches_enumeration);
    RUN_TEST(test_first_3000_k6_magics_are_valid_ascending_and_match_nth);
    RUN_TEST(test_nth_out_of_range_fails_and_leaves_magic_alone);
    RUN_TEST(test_enumerate_from_an_index_matches_the_full_list);
    RUN_TEST(test_enumerate_from_resumes_where_the_last_chunk_ended);
    RUN_TEST(test_enumerate_from_a_value_starts_at_the_next_magic);
    RUN_TEST(test_filled_table_is_a_permutation_and_inverts_the_multiply);
    RUN_TEST(test_k3_table_scans_every_nonzero_byte);
    return check_end();
}
