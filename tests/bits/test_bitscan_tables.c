/* SPDX-License-Identifier: MIT */
/*
 * The bit-scan tables against the de Bruijn generator: every table the
 * library ships is regenerated from its magic constant and compared.
 */
#include "bits/bitscan.h"
#include "bench/bitscan_variants.h"
#include "check.h"
#include "host/debruijn.h"

#define ORDER_8BIT 3u    /* B(2,3): 8-bit words */
#define ORDER_32BIT 5u   /* B(2,5): 32-bit words */

static void test_debruijn8_magic_is_the_generators_second_sequence(void)
{
    uint64_t magic = 0;
    CHECK(debruijn_nth(ORDER_8BIT, 1, &magic));
    CHECK_EQ(magic, BS_DEBRUIJN8_MAGIC);
}

static void test_every_lsb_table_copy_is_the_generated_table_plus_its_offset(void)
{
    uint8_t generated[8];
    debruijn_fill_table(ORDER_8BIT, BS_DEBRUIJN8_MAGIC, generated);
    for (uint8_t i = 0; i < BS_LSB_TABLE_SIZE; i++)
        CHECK_EQ(bs_lsb_table[i], generated[i]);
    for (uint8_t i = 0; i < BS_LSB_UPPER_TABLE_SIZE; i++)
        CHECK_EQ(bs_lsb_table_upper[i], 8u + (i & ~7u) + generated[i & 7u]);
}

static void test_flash_lsb_table_is_the_generated_table(void)
{
    uint8_t generated[8];
    debruijn_fill_table(ORDER_8BIT, BS_DEBRUIJN8_MAGIC, generated);
    for (uint8_t i = 0; i < 8u; i++)
        CHECK_EQ(pgm_read_byte(&bs_lsb_table_flash[i]), generated[i]);
}

static void test_debruijn32_table_is_the_generated_table(void)
{
    uint8_t generated[32];
    CHECK(debruijn_is_valid(ORDER_32BIT, BS_DEBRUIJN32_MAGIC));
    debruijn_fill_table(ORDER_32BIT, BS_DEBRUIJN32_MAGIC, generated);
    for (uint8_t i = 0; i < 32u; i++)
        CHECK_EQ(bs_debruijn32_table[i], generated[i]);
}

int main(void)
{
    check_begin(PSTR("bitscan-tables"));
    RUN_TEST(test_debruijn8_magic_is_the_generators_second_sequence);
    RUN_TEST(test_every_lsb_table_copy_is_the_generated_table_plus_its_offset);
    RUN_TEST(test_flash_lsb_table_is_the_generated_table);
    RUN_TEST(test_debruijn32_table_is_the_generated_table);
    return check_end();
}
