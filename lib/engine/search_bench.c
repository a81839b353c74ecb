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
    bb32 pieces[2];
    bb32 men[2];
    uint8_t side;
    uint8_t variant;
    uint8_t start;      /* the variant's start position: the bitboards are unused */
};

static const struct bench_position bench_positions[] PROGMEM = {
    { { 0, 0 }, { 0, 0 }, BD_WHITE, BD_VARIANT_RUSSIAN, 1 },
    /* W:Wa1,c1,e1,b2,f2,h2,c3,e3,g3,d4,f4:Bb8,d8,h8,a7,c7,g7,b6,f6,h6,c5,e5 */
    { { 0x0E3850C1u, 0xD1C20628u }, { 0x0E3850C1u, 0xD1C20628u }, BD_WHITE, BD_VARIANT_RUSSIAN, 0 },
    /* B:Wa1,e1,g1,b2,d2,h2,c3,e3,a3,f4:Bb8,d8,f8,a7,e7,g7,b6,h6,c5,g5 */
    { { 0x0A147181u, 0x81C00E34u }, { 0x0A147181u, 0x81C00E34u }, BD_BLACK, BD_VARIANT_RUSSIAN, 0 },
    /* W:WKc1,e3,g3,h2:BKh8,b6,d6,a7 */
    { { 0x06100040u, 0x21820000u }, { 0x06100000u, 0x21800000u }, BD_WHITE, BD_VARIANT_RUSSIAN, 0 },
    { { 0, 0 }, { 0, 0 }, BD_WHITE, BD_VARIANT_ENGLISH, 1 },
    /* B:W18,21-28,30,31,32:B1-7,9,10,11,12,14 */
    { { 0x063C71C0u, 0xE1C20A38u }, { 0x063C71C0u, 0xE1C20A38u }, BD_BLACK, BD_VARIANT_ENGLISH, 0 },
    /* W:W17,21,22,23,25,26,27,29,30,31:B1,2,3,6,7,8,9,10,12,16 */
    { { 0x0018F1C1u, 0xE0800E34u }, { 0x0018F1C1u, 0xE0800E34u }, BD_WHITE, BD_VARIANT_ENGLISH, 0 },
    /* W:WK14,K19,27,28:BK5,10,12,16 */
    { { 0x0A480000u, 0x21000204u }, { 0x02080000u, 0x20000204u }, BD_WHITE, BD_VARIANT_ENGLISH, 0 },
};
#define BENCH_COUNT (sizeof bench_positions / sizeof bench_positions[0])

uint32_t search_bench(struct search_workspace *work, struct bd_game *game)
{
    uint32_t total = 0;
    for (uint8_t i = 0; i < BENCH_COUNT; i++) {
        struct bench_position b;
        memcpy_P(&b, &bench_positions[i], sizeof b);
        const struct bd_rules *rules = bd_rules_of(b.variant);
        if (b.start) {
            game_new(game, rules);
        } else {
            bd_position pos;
            pos.pieces[BD_WHITE] = b.pieces[BD_WHITE];
            pos.pieces[BD_BLACK] = b.pieces[BD_BLACK];
            pos.men[BD_WHITE] = b.men[BD_WHITE];
            pos.men[BD_BLACK] = b.men[BD_BLACK];
            pos.side = b.side;
            game_set_position(game, rules, &pos);
        }
        struct search_limits limits = { SEARCH_BENCH_DEPTH, 0, 0, 0, 0 };
        struct search_result result;
        search_run(game, &limits, work, &result);
        total += result.nodes;
    }
    return total;
}
