/*
 * The bench firmware: every bit-scan variant inlined in its own loop over a
 * fixed input set, each call between the runner's probe markers.  The runner
 * counts the cycles per probe; this firmware only says which probe is which:
 *
 *   mcu <name>
 *   routine <name> <input set> <probe id> <table bytes> [<callee> ...]
 *
 * and firmware/bench/run-bench.sh joins the two, subtracts the empty probe
 * pair (probe 0) and adds code sizes from the object file (each variant also
 * has a bench_size_<name> wrapper, compiled but never linked).
 *
 * Input sets: S8 = every byte 1..255; S32P = 256 words whose lowest set bit
 * is spread evenly over bits 0..31; S32R = 256 random non-zero words.
 */
#include <avr/pgmspace.h>

#include "avrsim_io.h"
#include "bitscan.h"
#include "bitscan_variants.h"
#include "serial.h"

#define WORD_INPUTS 256u

BD_INLINE uint8_t bs_msb32_default(uint32_t v) { return bs_msb32(v); }

#define EXTRA8_ROUTINES(X)                          \
    X(msb8,       bs_msb8,       BS_LSB8_TABLE_BYTES, "") \
    X(popcount8,  bs_popcount8,  0, "")
#define EXTRA32R_ROUTINES(X)                        \
    X(msb32,      bs_msb32_default, BS_LSB8_TABLE_BYTES, "")

enum {
    PROBE_EMPTY_PAIR,
#define PROBE_ID(name, fn, table_bytes, callee) PROBE_##name,
    BS_LSB8_VARIANTS(PROBE_ID)
    EXTRA8_ROUTINES(PROBE_ID)
    BS_LSB32_VARIANTS(PROBE_ID)
    BS_POPCOUNT32_VARIANTS(PROBE_ID)
    EXTRA32R_ROUTINES(PROBE_ID)
#undef PROBE_ID
    PROBE_COUNT
};
_Static_assert(PROBE_COUNT <= AVRSIM_PROBE_COUNT, "more routines than probes");

/* Results go here so that no call is optimised away. */
static volatile uint8_t sink;

static uint32_t xorshift32(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* The k-th S32P word: lowest set bit at k mod 32, random bits above it. */
static uint32_t spread_word(uint32_t *state, uint8_t k)
{
    return (xorshift32(state) | 1u) << (k & 31u);
}

static uint32_t random_word(uint32_t *state)
{
    uint32_t word = xorshift32(state);
    return word ? word : 1u;
}

static void describe(const char *name_P, const char *inputs_P, uint8_t probe,
                     uint16_t table_bytes, const char *callees_P)
{
    serial_puts_P(PSTR("routine "));
    serial_puts_P(name_P);
    serial_putc(' ');
    serial_puts_P(inputs_P);
    serial_putc(' ');
    serial_put_u32(probe);
    serial_putc(' ');
    serial_put_u32(table_bytes);
    serial_putc(' ');
    serial_puts_P(callees_P);
    serial_putc('\n');
}

/* Size wrappers: compiled into bench.o for avr-nm, dropped by the linker. */
#define SIZE_WRAPPER8(name, fn, table_bytes, callee) \
    uint8_t bench_size_##name(uint8_t v) { return fn(v); }
#define SIZE_WRAPPER32(name, fn, table_bytes, callee) \
    uint8_t bench_size_##name(uint32_t v) { return fn(v); }
BS_LSB8_VARIANTS(SIZE_WRAPPER8)
EXTRA8_ROUTINES(SIZE_WRAPPER8)
BS_LSB32_VARIANTS(SIZE_WRAPPER32)
BS_POPCOUNT32_VARIANTS(SIZE_WRAPPER32)
EXTRA32R_ROUTINES(SIZE_WRAPPER32)

#define MEASURE_S8(name, fn, table_bytes, callee)                          \
    for (uint16_t input = 1; input < 256u; input++) {                      \
        uint8_t v = (uint8_t)input;                                        \
        AVRSIM_PROBE_BEGIN_VALUE(PROBE_##name, v);                         \
        uint8_t result = fn(v);                                            \
        AVRSIM_PROBE_END_VALUE(PROBE_##name, result);                      \
        sink = result;                                                     \
    }                                                                      \
    describe(PSTR(#name), PSTR("S8"), PROBE_##name, table_bytes, PSTR(callee));

#define MEASURE_WORDS(name, fn, table_bytes, callee, make_word, set_name)  \
    {                                                                      \
        uint32_t state = 0x2545F491u;                                      \
        for (uint16_t k = 0; k < WORD_INPUTS; k++) {                       \
            uint32_t v = make_word;                                        \
            AVRSIM_PROBE_BEGIN_VALUE(PROBE_##name, v);                     \
            uint8_t result = fn(v);                                        \
            AVRSIM_PROBE_END_VALUE(PROBE_##name, result);                  \
            sink = result;                                                 \
        }                                                                  \
        describe(PSTR(#name), PSTR(set_name), PROBE_##name, table_bytes,   \
                 PSTR(callee));                                            \
    }
#define MEASURE_S32P(name, fn, table_bytes, callee) \
    MEASURE_WORDS(name, fn, table_bytes, callee, spread_word(&state, (uint8_t)k), "S32P")
#define MEASURE_S32R(name, fn, table_bytes, callee) \
    MEASURE_WORDS(name, fn, table_bytes, callee, random_word(&state), "S32R")

int main(void)
{
    serial_init();
    serial_puts_P(PSTR("mcu " BOARD_MCU_NAME "\n"));

    for (uint8_t i = 0; i < 4u; i++) {
        uint8_t v = i;
        AVRSIM_PROBE_BEGIN_VALUE(PROBE_EMPTY_PAIR, v);
        AVRSIM_PROBE_END_VALUE(PROBE_EMPTY_PAIR, v);
        sink = v;
    }

    BS_LSB8_VARIANTS(MEASURE_S8)
    EXTRA8_ROUTINES(MEASURE_S8)
    BS_LSB32_VARIANTS(MEASURE_S32P)
    BS_POPCOUNT32_VARIANTS(MEASURE_S32R)
    EXTRA32R_ROUTINES(MEASURE_S32R)
    return 0;
}
