/* SPDX-License-Identifier: MIT */
/*
 * The bench firmware: every bit-scan variant inlined in its own loop over a
 * fixed input set, each call between the runner's probe markers.  The runner
 * counts the cycles per probe; this firmware only says which probe is which:
 *
 *   mcu <name>
 *   routine <name> <input set> <probe id> <table bytes> <size symbol> [<callee> ...]
 *
 * and firmware/bench/run-bench.sh joins the two, subtracts the empty probe
 * pair (probe 0) and adds code sizes: the size symbol is a wrapper compiled
 * into bench.o but never linked (bench_size_<name>); a callee is a library
 * routine, or obj:NAME.o for a whole library object.
 *
 * Input sets: S8 = every byte 1..255; S32P = 256 words whose lowest set bit
 * is spread evenly over bits 0..31; S32R = 256 random non-zero words;
 * RAYS = every square and direction on 8 random boards; START = the start
 * position; PLY1 = the positions after each first move; BENCH = the
 * positions of search_bench() (lib/engine/search_bench.c).  The checkers rows
 * need an ATmega's RAM and are left out on the ATtiny85.
 *
 * The search rows (search-english, search-russian) are the engine's one
 * second per move: search_run() from the start position, stopped by its
 * callback once Timer1 (clk/256) has counted 16,000,000 cycles; the row's
 * cycles are those used (the callback is polled every 256 nodes, so a
 * little over), and an extra line gives what they bought:
 *
 *   note search-<variant> depth <last completed iteration> nodes <count>
 *
 * The search-bench row is fixed work: search_bench(), the positions of
 * both variants to SEARCH_BENCH_DEPTH, whose node count (the bench
 * signature) its note gives: its cycles move with the search's speed only.
 */
#include <avr/pgmspace.h>

#include "avrsim_io.h"
#include "bits/bitscan.h"
#include "bench/bitscan_variants.h"
#include "checkers/kingray.h"
#include "checkers/perft.h"
#include "bench/movegen_portable.h"
#include "bench/movegen_small.h"
#include "engine/search.h"
#include "serial.h"

/* The checkers rows need an ATmega with 32 KB of flash and 2 KB of RAM. */
#define BENCH_CHECKERS (FLASHEND > 0x3FFF && RAMEND > 0x7FF)
/* The rows of the portable C that an override replaces (-c) and those of
 * the small generator (-small) need a second copy of the move generator:
 * the ATmega2560 only. */
#define BENCH_PORTABLE (BENCH_CHECKERS && FLASHEND > 0xFFFF)
/* The king rays' table against their walk: the table is a choice for the
 * large parts only (KINGRAY, firmware/firmware.mk), so it is measured
 * there and its flash left to the 32 KB parts' assembly. */
#define BENCH_KINGRAY_TABLE BENCH_PORTABLE

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
    PROBE_KINGRAY_TABLE,
    PROBE_KINGRAY_WALK,
    PROBE_MOVEGEN_ENGLISH,
    PROBE_MOVEGEN_RUSSIAN,
    PROBE_PERFT6_ENGLISH,
    PROBE_PERFT6_RUSSIAN,
    PROBE_MOVEGEN_ENGLISH_C,
    PROBE_MOVEGEN_RUSSIAN_C,
    PROBE_PERFT6_ENGLISH_C,
    PROBE_PERFT6_RUSSIAN_C,
    PROBE_PERFT6_ENGLISH_SMALL,
    PROBE_PERFT6_RUSSIAN_SMALL,
    PROBE_SEARCH_ENGLISH,
    PROBE_SEARCH_RUSSIAN,
    PROBE_SEARCH_BENCH,
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

static void describe_sized(const char *name_P, const char *inputs_P, uint8_t probe,
                           uint16_t table_bytes, const char *size_symbol_P,
                           const char *callees_P)
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
    serial_puts_P(size_symbol_P);
    serial_putc(' ');
    serial_puts_P(callees_P);
    serial_putc('\n');
}

#define describe(name_P, inputs_P, probe, table_bytes, callees_P, name) \
    describe_sized(name_P, inputs_P, probe, table_bytes, PSTR("bench_size_" #name), callees_P)

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
    describe(PSTR(#name), PSTR("S8"), PROBE_##name, table_bytes, PSTR(callee), name);

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
                 PSTR(callee), name);                                      \
    }
#define MEASURE_S32P(name, fn, table_bytes, callee) \
    MEASURE_WORDS(name, fn, table_bytes, callee, spread_word(&state, (uint8_t)k), "S32P")
#define MEASURE_S32R(name, fn, table_bytes, callee) \
    MEASURE_WORDS(name, fn, table_bytes, callee, random_word(&state), "S32R")

#if BENCH_CHECKERS
#define BENCH_STACK_MOVES 100u
/* The perft rows' moves and the search rows' workspace take turns in the
 * same RAM (the ATmega328P could not hold both and the search's stack). */
static union {
    bd_move moves[BENCH_STACK_MOVES];
    struct {
        struct search_workspace work;
        struct bd_game game;
    } search;
} scratch;
#define stack (scratch.moves)

#if BENCH_KINGRAY_TABLE
uint8_t bench_size_kingray_table(uint8_t square, uint8_t direction, bb32 occupied)
{
    return (uint8_t)kr_ray_table(square, direction, occupied);
}
#endif

uint8_t bench_size_kingray_walk(uint8_t square, uint8_t direction, bb32 occupied)
{
    return (uint8_t)kr_ray_walk(square, direction, occupied);
}

uint8_t bench_size_search(const struct bd_game *game, const struct search_limits *limits,
                          struct search_workspace *work, struct search_result *result)
{
    return search_run(game, limits, work, result);
}

uint64_t bench_size_perft(const bd_position *pos, const struct bd_rules *rules, uint8_t depth)
{
    return perft(pos, rules, depth, stack, stack + BENCH_STACK_MOVES);
}

#if BENCH_PORTABLE
uint64_t bench_size_perft_small(const bd_position *pos, const struct bd_rules *rules, uint8_t depth)
{
    return small_perft(pos, rules, depth, stack, stack + BENCH_STACK_MOVES);
}
uint64_t bench_size_perft_c(const bd_position *pos, const struct bd_rules *rules, uint8_t depth)
{
    return ref_perft(pos, rules, depth, stack, stack + BENCH_STACK_MOVES);
}
#endif

#define KINGRAY_BOARDS 8u
#define MEASURE_KINGRAY(probe, ray)                                            \
    {                                                                          \
        uint32_t state = 0x1B873593u;                                          \
        for (uint8_t board = 0; board < KINGRAY_BOARDS; board++) {             \
            bb32 occupied = xorshift32(&state) & xorshift32(&state);           \
            for (uint8_t square = 0; square < BB_SQUARES; square++)            \
                for (uint8_t direction = 0; direction < BB_DIRECTIONS; direction++) { \
                    bb32 seen = occupied;                                      \
                    AVRSIM_PROBE_BEGIN_VALUE(probe, seen);                     \
                    bb32 result = ray(square, direction, seen);                \
                    AVRSIM_PROBE_END_VALUE(probe, result);                     \
                    sink = (uint8_t)result;                                    \
                }                                                              \
        }                                                                      \
    }

/* The objects of the library's move generation, and of perft, that an
 * image of these routines links (an object the target does not build
 * counts 0 bytes: the assembly's on the portable targets). */
#define MOVEGEN_OBJECTS "obj:movegen.o obj:movegen_asm.o obj:generate_asm.o obj:walk_asm.o obj:move.o " \
                        "obj:position.o obj:bitboard32.o obj:kingray_tables.o obj:bitscan.o"
#define PERFT_OBJECTS MOVEGEN_OBJECTS " obj:perft.o obj:perft_asm.o"
/* The portable C alone (its objects are in libbench, which the objects
 * count does not see: the size of the library's C stands for it). */
#define PORTABLE_OBJECTS "obj:movegen.o obj:perft.o obj:move.o obj:position.o obj:bitboard32.o " \
                         "obj:kingray_tables.o obj:bitscan.o"

/* The small generator alone (libbench's objects, which the objects count
 * sees as those of lib/bench/). */
#define SMALL_OBJECTS "obj:movegen_small.o obj:perft_small.o obj:move.o obj:position.o " \
                      "obj:bitboard32.o"
typedef bd_move *generate_fn(const bd_position *, const struct bd_rules *, bd_move *, bd_move *);
typedef uint64_t perft_fn(const bd_position *, const struct bd_rules *, uint8_t, bd_move *, bd_move *);

BD_INLINE void measure_movegen(const struct bd_rules *rules, uint8_t probe, generate_fn *generate)
{
    bd_position start;
    pos_initial(&start, rules);
    bd_move *end = mg_generate(&start, rules, stack, stack + BENCH_STACK_MOVES);
    for (const bd_move *m = stack; m < end; m++) {
        bd_position child = start;
        mg_make(&child, m);
        AVRSIM_PROBE_BEGIN(probe);
        bd_move *child_end = generate(&child, rules, end, stack + BENCH_STACK_MOVES);
        AVRSIM_PROBE_END(probe);
        sink = (uint8_t)(child_end - end);
    }
}

BD_INLINE void measure_perft6(const struct bd_rules *rules, uint8_t probe, perft_fn *count)
{
    bd_position start;
    pos_initial(&start, rules);
    AVRSIM_PROBE_BEGIN(probe);
    uint64_t leaves = count(&start, rules, 6, stack, stack + BENCH_STACK_MOVES);
    AVRSIM_PROBE_END(probe);
    sink = (uint8_t)leaves;
}

/* One second at 16 MHz: Timer1 at clk/256 counts 62,500. */
#define SEARCH_TIMER_TICKS 62500u

static uint8_t search_time_is_up(void *context)
{
    (void)context;
    return TCNT1 >= SEARCH_TIMER_TICKS || (TIFR1 & _BV(TOV1));
}

BD_INLINE void measure_search(const struct bd_rules *rules, uint8_t probe, const char *name_P)
{
    struct search_limits limits = { .depth = SEARCH_MAX_DEPTH, .stop = search_time_is_up };
    struct search_result result;
    game_new(&scratch.search.game, rules);
    TCCR1A = 0;
    TCCR1B = 0;
    TCNT1 = 0;
    TIFR1 = _BV(TOV1);
    TCCR1B = _BV(CS12);
    AVRSIM_PROBE_BEGIN(probe);
    search_run(&scratch.search.game, &limits, &scratch.search.work, &result);
    AVRSIM_PROBE_END(probe);
    TCCR1B = 0;
    serial_puts_P(PSTR("note "));
    serial_puts_P(name_P);
    serial_puts_P(PSTR(" depth "));
    serial_put_u32(result.depth);
    serial_puts_P(PSTR(" nodes "));
    serial_put_u32(result.nodes);
    serial_putc('\n');
}

/* The search's fixed work: search_bench(), whose node count is the bench
 * signature, so that its cycles compare across changes of speed alone. */
BD_INLINE void measure_search_bench(void)
{
    AVRSIM_PROBE_BEGIN(PROBE_SEARCH_BENCH);
    uint32_t nodes = search_bench(&scratch.search.work, &scratch.search.game, 0);
    AVRSIM_PROBE_END(PROBE_SEARCH_BENCH);
    serial_puts_P(PSTR("note search-bench nodes "));
    serial_put_u32(nodes);
    serial_putc('\n');
}

#define SEARCH_OBJECTS "obj:search.o obj:eval.o obj:game.o obj:nibble.o obj:movegen.o obj:move.o " \
                       "obj:position.o obj:bitboard32.o obj:kingray.o obj:kingray_tables.o obj:bitscan.o"

/* The inputs that several rows share: one copy each in flash (two PSTRs
 * of the same text are two arrays). */
static const char inputs_start_P[] PROGMEM = "START";
static const char inputs_ply1_P[] PROGMEM = "PLY1";

static void measure_checkers(void)
{
#if BENCH_KINGRAY_TABLE
    MEASURE_KINGRAY(PROBE_KINGRAY_TABLE, kr_ray_table)
    describe_sized(PSTR("kingray-table"), PSTR("RAYS"), PROBE_KINGRAY_TABLE, 0,
                   PSTR("bench_size_kingray_table"), PSTR("obj:kingray_tables.o"));
#endif
    MEASURE_KINGRAY(PROBE_KINGRAY_WALK, kr_ray_walk)
    describe_sized(PSTR("kingray-walk"), PSTR("RAYS"), PROBE_KINGRAY_WALK, 0,
                   PSTR("bench_size_kingray_walk"), PSTR("bb_neighbours"));
    /* The library's move generation (the target's override, where it has
     * one: assembly on AVR), then the portable C it replaces (-c, where
     * both fit). */
    measure_movegen(&bd_rules_english, PROBE_MOVEGEN_ENGLISH, mg_generate);
    describe_sized(PSTR("movegen-english"), inputs_ply1_P, PROBE_MOVEGEN_ENGLISH, 0,
                   PSTR("bench_size_perft"), PSTR(MOVEGEN_OBJECTS));
    measure_movegen(&bd_rules_russian, PROBE_MOVEGEN_RUSSIAN, mg_generate);
    describe_sized(PSTR("movegen-russian"), inputs_ply1_P, PROBE_MOVEGEN_RUSSIAN, 0,
                   PSTR("bench_size_perft"), PSTR(MOVEGEN_OBJECTS));
    measure_perft6(&bd_rules_english, PROBE_PERFT6_ENGLISH, perft);
    describe_sized(PSTR("perft6-english"), inputs_start_P, PROBE_PERFT6_ENGLISH, 0,
                   PSTR("bench_size_perft"), PSTR(PERFT_OBJECTS));
    measure_perft6(&bd_rules_russian, PROBE_PERFT6_RUSSIAN, perft);
    describe_sized(PSTR("perft6-russian"), inputs_start_P, PROBE_PERFT6_RUSSIAN, 0,
                   PSTR("bench_size_perft"), PSTR(PERFT_OBJECTS));
#if BENCH_PORTABLE
    measure_movegen(&bd_rules_english, PROBE_MOVEGEN_ENGLISH_C, ref_mg_generate);
    describe_sized(PSTR("movegen-english-c"), inputs_ply1_P, PROBE_MOVEGEN_ENGLISH_C, 0,
                   PSTR("bench_size_perft_c"), PSTR(PORTABLE_OBJECTS));
    measure_movegen(&bd_rules_russian, PROBE_MOVEGEN_RUSSIAN_C, ref_mg_generate);
    describe_sized(PSTR("movegen-russian-c"), inputs_ply1_P, PROBE_MOVEGEN_RUSSIAN_C, 0,
                   PSTR("bench_size_perft_c"), PSTR(PORTABLE_OBJECTS));
    measure_perft6(&bd_rules_english, PROBE_PERFT6_ENGLISH_C, ref_perft);
    describe_sized(PSTR("perft6-english-c"), inputs_start_P, PROBE_PERFT6_ENGLISH_C, 0,
                   PSTR("bench_size_perft_c"), PSTR(PORTABLE_OBJECTS));
    measure_perft6(&bd_rules_russian, PROBE_PERFT6_RUSSIAN_C, ref_perft);
    describe_sized(PSTR("perft6-russian-c"), inputs_start_P, PROBE_PERFT6_RUSSIAN_C, 0,
                   PSTR("bench_size_perft_c"), PSTR(PORTABLE_OBJECTS));
    /* The small generator (MOVEGEN := small: the 8 KB and 16 KB parts'
     * games), on the same perft, with the library's mg_make. */
    measure_perft6(&bd_rules_english, PROBE_PERFT6_ENGLISH_SMALL, small_perft);
    describe_sized(PSTR("perft6-english-small"), inputs_start_P, PROBE_PERFT6_ENGLISH_SMALL, 0,
                   PSTR("bench_size_perft_small"), PSTR(SMALL_OBJECTS));
    measure_perft6(&bd_rules_russian, PROBE_PERFT6_RUSSIAN_SMALL, small_perft);
    describe_sized(PSTR("perft6-russian-small"), inputs_start_P, PROBE_PERFT6_RUSSIAN_SMALL, 0,
                   PSTR("bench_size_perft_small"), PSTR(SMALL_OBJECTS));
#endif
    measure_search(&bd_rules_english, PROBE_SEARCH_ENGLISH, PSTR("search-english"));
    describe_sized(PSTR("search-english"), inputs_start_P, PROBE_SEARCH_ENGLISH, 0,
                   PSTR("bench_size_search"), PSTR(SEARCH_OBJECTS));
    measure_search(&bd_rules_russian, PROBE_SEARCH_RUSSIAN, PSTR("search-russian"));
    describe_sized(PSTR("search-russian"), inputs_start_P, PROBE_SEARCH_RUSSIAN, 0,
                   PSTR("bench_size_search"), PSTR(SEARCH_OBJECTS));
    measure_search_bench();
    describe_sized(PSTR("search-bench"), PSTR("BENCH"), PROBE_SEARCH_BENCH, 0,
                   PSTR("bench_size_search"), PSTR(SEARCH_OBJECTS));
}
#endif

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
#if BENCH_CHECKERS
    measure_checkers();
#endif
    return 0;
}
