/* SPDX-License-Identifier: MIT */
/*
 * The bench: the start positions and a middle game and a king ending of
 * each variant, each searched to SEARCH_BENCH_DEPTH with a fresh
 * workspace (so no position's count depends on the one before).  The
 * positions are kept as bitboards in flash, so the bench needs neither the
 * PDN reader nor RAM for text; the FENs they were read from (with
 * pdn_read_fen by a throw-away host program) are beside them.
 */
#include "engine/search.h"
#include "bits/progmem.h"

struct bench_position {
    bd_position pos;
    uint8_t variant;
};

/* Ranks 1-3 and 6-8: the start positions' men (pos_initial()). */
#define START_WHITE 0x061C71C1u
#define START_BLACK 0xE1820E38u
/* A position of men only. */
#define MEN(white, black, side) { { (white), (black) }, { (white), (black) }, (side) }
static const struct bench_position bench_positions[] PROGMEM = {
    /* The Russian start position, White to move. */
    { MEN(START_WHITE, START_BLACK, BD_WHITE), BD_VARIANT_RUSSIAN },
    /* W:Wa1,c1,e1,b2,f2,h2,c3,e3,g3,d4,f4:Bb8,d8,h8,a7,c7,g7,b6,f6,h6,c5,e5 */
    { MEN(0x0E3850C1u, 0xD1C20628u, BD_WHITE), BD_VARIANT_RUSSIAN },
    /* B:Wa1,e1,g1,b2,d2,h2,c3,e3,a3,f4:Bb8,d8,f8,a7,e7,g7,b6,h6,c5,g5 */
    { MEN(0x0A147181u, 0x81C00E34u, BD_BLACK), BD_VARIANT_RUSSIAN },
    /* W:WKc1,e3,g3,h2:BKh8,b6,d6,a7 */
    { { { 0x06100040u, 0x21820000u }, { 0x06100000u, 0x21800000u }, BD_WHITE }, BD_VARIANT_RUSSIAN },
    /* The English start position, Black to move. */
    { MEN(START_WHITE, START_BLACK, BD_BLACK), BD_VARIANT_ENGLISH },
    /* B:W18,21-28,30,31,32:B1-7,9,10,11,12,14 */
    { MEN(0x063C71C0u, 0xE1C20A38u, BD_BLACK), BD_VARIANT_ENGLISH },
    /* W:W17,21,22,23,25,26,27,29,30,31:B1,2,3,6,7,8,9,10,12,16 */
    { MEN(0x0018F1C1u, 0xE0800E34u, BD_WHITE), BD_VARIANT_ENGLISH },
    /* W:WK14,K19,27,28:BK5,10,12,16 */
    { { { 0x0A480000u, 0x21000204u }, { 0x02080000u, 0x20000204u }, BD_WHITE }, BD_VARIANT_ENGLISH },
};
#define BENCH_COUNT (sizeof bench_positions / sizeof bench_positions[0])

uint32_t search_bench(struct search_workspace *work, struct bd_game *game,
                      const struct search_limits *watch)
{
    uint32_t total = 0;
    struct search_limits limits = { .depth = SEARCH_BENCH_DEPTH };
    if (watch) {
        limits.stop = watch->stop;
        limits.context = watch->context;
        limits.poll = watch->poll;
    }
    for (uint8_t i = 0; i < BENCH_COUNT; i++) {
        struct bench_position b;
        memcpy_P(&b, &bench_positions[i], sizeof b);
        game_set_position(game, bd_rules_of(b.variant), &b.pos);
        struct search_result result;
        search_run(game, &limits, work, &result);
        if (work->stopped)
            return 0;
        total += result.nodes;
    }
    return total;
}
