/* SPDX-License-Identifier: MIT */
/*
 * test_search.c - the search engine on the host and on the simulated
 * ATmega328P (one static workspace, which the ATtiny85's 512 bytes of RAM
 * cannot hold).  The PDN helpers that list the legal moves on the stack
 * are avoided: the moves go to a small static array.
 *
 * Composed positions of both variants, each with the reasoning that makes
 * its expected move the only good one; mate scores; draws seen by the
 * search (a repetition of the game's past, the quiet-ply rule); the depth,
 * node and stop limits; the legality of the move and the line returned.
 */
#include <string.h>
#include "check.h"
#include "checkers/pdn.h"
#include "engine/search.h"

static struct search_workspace work;
static struct bd_game game;
static struct search_result result;
/* Room for the FENs below; the moves of the small positions here. */
#define TEXT_MAX 48u
#define MOVES_MAX 20u
static char text[TEXT_MAX];
static bd_move moves[MOVES_MAX];

/* Copies a flash string to text and returns its length. */
static uint16_t load_P(const char *s_P)
{
    uint16_t n = 0;
    while ((text[n] = (char)pgm_read_byte(s_P + n)) != 0 && n + 1u < TEXT_MAX)
        n++;
    return n;
}

static uint8_t set_fen(const struct bd_rules *rules, const char *fen_P)
{
    bd_position pos;
    if (!CHECK_EQ(pdn_read_fen(text, load_P(fen_P), rules, &pos), PDN_OK))
        return 0;
    game_set_position(&game, rules, &pos);
    return 1;
}

static uint8_t search_to(uint8_t depth)
{
    struct search_limits limits = { .depth = depth };
    return search_run(&game, &limits, &work, &result);
}

/* Reads a PDN move of game.pos (pdn_read_move would take 768 bytes of
 * stack: the legal moves go to moves[] instead). */
static uint8_t read_move(const char *move_P, bd_move *out)
{
    bd_move *end = mg_generate(&game.pos, game.rules, moves, moves + MOVES_MAX);
    return CHECK(end != 0) &&
           CHECK_EQ(pdn_read_move_among(text, load_P(move_P), &game.pos, game.rules, moves,
                                        end, out), PDN_OK);
}

/* True when the result's best move is the PDN move text_P. */
static uint8_t best_is(const char *move_P)
{
    bd_move expected;
    if (!read_move(move_P, &expected))
        return 0;
    if (CHECK(mg_move_equal(&result.best, &expected)))
        return 1;
    check_print_P(PSTR("  expected "));
    check_print_P(move_P);
    check_print_P(PSTR("\n"));
    return 0;
}

/* True when every move of the PV is legal where it is played. */
static uint8_t pv_is_legal(void)
{
    bd_position pos = game.pos;
    for (uint8_t i = 0; i < result.pv_length; i++) {
        bd_move *end = mg_generate(&pos, game.rules, moves, moves + MOVES_MAX);
        uint8_t found = 0;
        for (bd_move *m = moves; end && m < end; m++)
            if (mg_move_equal(m, &result.pv[i]) && m->captured == result.pv[i].captured)
                found = 1;
        if (!CHECK(found))
            return 0;
        mg_make(&pos, &result.pv[i]);
    }
    return 1;
}

/* Russian, White to move: d2 e3 d4 f4 against d6 f6 a7.  f4-e5 gives a man:
 * Black must take, and only d6:f4 can (f6 would land on d4, which is
 * occupied); the man on f4 cannot go on (d2 blocks the jump over e3, g3 is
 * empty).  Then e3:g5:e7 takes f4 and f6: two for one.  Any quiet move
 * instead leaves the material equal. */
static void test_russian_two_for_one_shot(void)
{
    if (!set_fen(&bd_rules_russian, PSTR("W:Wd2,e3,d4,f4:Bd6,f6,a7")))
        return;
    CHECK_EQ(search_to(5), 1);
    best_is(PSTR("f4-e5"));
    CHECK(result.score >= 150);
    CHECK(result.pv_length >= 3);
    pv_is_legal();
}

/* The same shot on the English board (men never capture backwards there,
 * which changes nothing here): 19-15 10x19 23x7. */
static void test_english_two_for_one_shot(void)
{
    if (!set_fen(&bd_rules_english, PSTR("W:W18,19,23,26:B5,10,11")))
        return;
    CHECK_EQ(search_to(5), 1);
    best_is(PSTR("19-15"));
    CHECK(result.score >= 150);
    pv_is_legal();
}

/* Russian, White to move: c3 f6 h6 against f8 g7 h8.  Black threatens
 * g7:e5, and f6 cannot step anywhere but e7.  f6-e7 is a sacrifice: f8:d6
 * is forced, which opens f8, and h6:f8 crowns and, as Russian rules let a
 * new king go on, flies over d6 too: the breakthrough wins a man and
 * makes a king.  c3-b4 or c3-d4 lose f6 (and c3-d4 worse). */
static void test_russian_breakthrough_to_promote(void)
{
    if (!set_fen(&bd_rules_russian, PSTR("W:Wc3,f6,h6:Bf8,g7,h8")))
        return;
    CHECK_EQ(search_to(6), 1);
    best_is(PSTR("f6-e7"));
    CHECK(result.score >= 200);
    CHECK(result.pv_length >= 3 && mg_move_promotes(&result.pv[2]));
    pv_is_legal();
}

/* Taking the last black piece wins at once: SEARCH_MATE - 1; the search
 * stops deepening once the win is proved. */
static void test_mate_in_one_scores_mate_minus_one_ply(void)
{
    if (!set_fen(&bd_rules_russian, PSTR("W:We3:Bf4")))
        return;
    CHECK_EQ(search_to(8), 1);
    CHECK_EQ(result.score, SEARCH_MATE - 1);
    best_is(PSTR("e3:g5"));
    CHECK(result.depth < 8);
}

/* The side to move has no move: no result, has_move 0. */
static void test_no_legal_move_returns_no_move(void)
{
    if (!set_fen(&bd_rules_russian, PSTR("B:Wg1:Bh2")))
        return;
    CHECK_EQ(search_to(4), 0);
    CHECK_EQ(result.has_move, 0);
}

/* Black to move is lost in two plies: its one man's every move is met by
 * a capture of the last piece (score -(SEARCH_MATE - 2)). */
static void test_forced_loss_scores_minus_mate(void)
{
    /* Black h6 can only go to g5; White f4:h6 then takes it. */
    if (!set_fen(&bd_rules_russian, PSTR("B:Wf4,e3:Bh6")))
        return;
    CHECK_EQ(search_to(6), 1);
    CHECK_EQ(result.score, -(SEARCH_MATE - 2));
}

/* English kings, White a1 (29) against Black h8 (4) and b8 (1): White is a
 * king down, but the game has already been through this position, and
 * White's only move 29-25 repeats the position after the game's first
 * ply: the search scores the line as the draw it is, not as -1 king. */
static void test_repetition_of_the_games_past_scores_a_draw(void)
{
    if (!set_fen(&bd_rules_english, PSTR("W:WK29:BK1,K4")))
        return;
    static const char line[4][6] PROGMEM = { "29-25", "4-8", "25-29", "8-4" };
    for (uint8_t i = 0; i < 4; i++) {
        bd_move m;
        if (!read_move(line[i], &m))
            return;
        game_play(&game, &m);
    }
    CHECK_EQ(search_to(6), 1);
    CHECK_EQ(result.score, 0);
    /* Without the history the same position is simply lost material. */
    bd_position pos = game.pos;
    game_set_position(&game, &bd_rules_english, &pos);
    CHECK_EQ(search_to(6), 1);
    CHECK(result.score < -50);
}

/* One ply before the quiet-move limit, a side a king down takes the draw
 * by moving a king, rather than a man move that resets the count. */
static void test_quiet_ply_limit_scores_a_draw(void)
{
    if (!set_fen(&bd_rules_russian, PSTR("W:WKa1,c3:BKh8,Kf8,b8")))
        return;
    game.quiet_plies = (uint8_t)(bd_rules_russian.draw_quiet_plies - 1u);
    CHECK_EQ(search_to(4), 1);
    CHECK_EQ(result.score, 0);
    CHECK(bb_bit(result.best.from) == BB_BIT(BB_SQUARE(0, 0)));
}

static void test_depth_limit_is_the_last_iteration(void)
{
    game_new(&game, &bd_rules_english);
    CHECK_EQ(search_to(5), 1);
    CHECK_EQ(result.depth, 5);
    CHECK(result.pv_length >= 1 && mg_move_equal(&result.pv[0], &result.best));
    pv_is_legal();
}

static void test_node_limit_is_respected(void)
{
    game_new(&game, &bd_rules_russian);
    struct search_limits limits = { .depth = SEARCH_MAX_DEPTH, .nodes = 500 };
    CHECK_EQ(search_run(&game, &limits, &work, &result), 1);
    CHECK(result.nodes <= 500);
    CHECK(result.depth >= 2 && result.depth < SEARCH_MAX_DEPTH);
    pv_is_legal();
}

struct stop_counter {
    uint16_t polls;
    uint16_t stop_at;
    uint8_t reports;
    uint8_t last_depth;
};

static uint8_t stop_after(void *context)
{
    struct stop_counter *c = context;
    return ++c->polls >= c->stop_at;
}

static void count_reports(const struct search_result *r, void *context)
{
    struct stop_counter *c = context;
    c->reports++;
    c->last_depth = r->depth;
}

static void test_stop_callback_ends_the_search_with_the_last_iteration(void)
{
    game_new(&game, &bd_rules_english);
    struct stop_counter counter = { 0, 4, 0, 0 };
    struct search_limits limits = { .depth = SEARCH_MAX_DEPTH, .stop = stop_after, .report = count_reports, .context = &counter };
    CHECK_EQ(search_run(&game, &limits, &work, &result), 1);
    CHECK_EQ(counter.polls, 4);
    /* Polled every 256 nodes: about 1000 nodes were searched. */
    CHECK(result.nodes >= 3u * 256u && result.nodes <= 4u * 256u);
    CHECK(counter.reports >= 1);
    CHECK_EQ(result.depth, counter.last_depth);
    CHECK(result.depth < SEARCH_MAX_DEPTH);
    pv_is_legal();
    /* Stopped before the first iteration ends (3 nodes): still a legal
     * move, and no iteration reported. */
    counter.reports = 0;
    limits.nodes = 3;
    CHECK_EQ(search_run(&game, &limits, &work, &result), 1);
    CHECK_EQ(result.has_move, 1);
    CHECK_EQ(counter.reports, 0);
    CHECK_EQ(result.depth, 0);
    pv_is_legal();
}

/* An iteration stopped on its root's entry (the node limit one past the
 * nodes of the iterations before: the root is the iteration's first node)
 * leaves the last completed iteration's depth, move and score, not those
 * of a root that searched nothing.  The expected result is that of a
 * search to that depth, without a limit. */
static void test_stop_on_an_iterations_root_keeps_the_last_iteration(void)
{
    /* What the checks compare, not the whole result (its PV would not fit
     * beside the AVR's workspace in the Uno's RAM). */
    static struct {
        uint32_t nodes;
        int16_t score;
        bd_move best;
        uint8_t pv_length;
    } done;
    if (!set_fen(&bd_rules_russian, PSTR("W:Wd2,e3,d4,f4:Bd6,f6,a7")))
        return;
    CHECK_EQ(search_to(3), 1);
    done.nodes = result.nodes;
    done.score = result.score;
    done.best = result.best;
    done.pv_length = result.pv_length;
    struct search_limits limits = { .depth = SEARCH_MAX_DEPTH, .nodes = done.nodes + 1u };
    CHECK_EQ(search_run(&game, &limits, &work, &result), 1);
    CHECK_EQ(result.nodes, done.nodes + 1u);
    CHECK_EQ(result.depth, 3);
    CHECK_EQ(result.score, done.score);
    CHECK(mg_move_equal(&result.best, &done.best));
    CHECK_EQ(result.pv_length, done.pv_length);
    pv_is_legal();
}

#if !BD_TARGET_AVR
/* Whole games, the engine playing both sides at UNO_GAME_DEPTH (about what
 * the Uno reaches in a second) from each variant's start and from an
 * opening of each: no capture is ever cut short, with the AVR's workspace
 * sizes too (the avr-sizes build of this test: the ATmega's tree, at host
 * speed; a game in the simulator would take minutes).  Deeper, the AVR's
 * sizes do cut a capture now and then (see search.h); the host's never. */
#define UNO_GAME_DEPTH 8u
#define GAME_PLIES_MAX 200u
static void play_game_checking_cuts(const struct bd_rules *rules, const char *opening_P)
{
    static bd_move scratch[MG_MAX_MOVES];
    game_new(&game, rules);
    if (opening_P) {
        bd_move m;
        if (!read_move(opening_P, &m))
            return;
        game_play(&game, &m);
    }
    uint32_t cuts = 0;
    for (uint16_t ply = 0; ply < GAME_PLIES_MAX &&
                           game_status(&game, scratch, scratch + MG_MAX_MOVES) == GAME_ONGOING; ply++) {
        if (!CHECK_EQ(search_to(UNO_GAME_DEPTH), 1))
            return;
        cuts += work.capture_cuts;
        game_play(&game, &result.best);
    }
    CHECK_EQ(cuts, 0);
}

static void test_games_at_the_unos_depth_cut_no_capture_short(void)
{
    play_game_checking_cuts(&bd_rules_russian, 0);
    play_game_checking_cuts(&bd_rules_russian, PSTR("c3-b4"));
    play_game_checking_cuts(&bd_rules_english, 0);
    play_game_checking_cuts(&bd_rules_english, PSTR("11-15"));
}
#endif

#if SEARCH_TABLE
/* The host's transposition table (search.h).  A table the size of this
 * test's keeps many positions of these small searches and overwrites
 * some of the deeper ones. */
#define TEST_TABLE_ENTRIES 4096u
static struct search_entry table_entries[TEST_TABLE_ENTRIES];
static struct search_table table;

static uint8_t search_with_table(uint8_t depth)
{
    struct search_limits limits = { .depth = depth, .table = &table };
    return search_run(&game, &limits, &work, &result);
}

/* The shots and the breakthrough above are found with the table as
 * without it, and the same position searched again from a full table
 * (every node's entry there, from a search as deep) gives the same
 * best move. */
static void test_table_finds_the_same_shots(void)
{
    static const struct {
        const struct bd_rules *rules;
        const char *fen_P;
        const char *best_P;
        uint8_t depth;
    } shots[] = {
        { &bd_rules_russian, PSTR("W:Wd2,e3,d4,f4:Bd6,f6,a7"), PSTR("f4-e5"), 5 },
        { &bd_rules_english, PSTR("W:W18,19,23,26:B5,10,11"), PSTR("19-15"), 5 },
        { &bd_rules_russian, PSTR("W:Wc3,f6,h6:Bf8,g7,h8"), PSTR("f6-e7"), 6 },
    };
    for (uint8_t i = 0; i < sizeof shots / sizeof shots[0]; i++) {
        search_table_init(&table, table_entries, TEST_TABLE_ENTRIES);
        memset(table_entries, 0, sizeof table_entries);
        for (uint8_t again = 0; again < 2; again++) {
            if (!set_fen(shots[i].rules, shots[i].fen_P) || !CHECK_EQ(search_with_table(shots[i].depth), 1))
                return;
            best_is(shots[i].best_P);
            CHECK(result.score >= 150);
            pv_is_legal();
        }
    }
}

/* A mate score is kept counted from the entry's own position, and read
 * back counted from the root of the search that reads it, as in a game
 * whose next search meets the previous one's positions two plies nearer
 * the root.  Russian, White king a1 against men c7 and h8: a win in 13
 * plies (SEARCH_MATE - 13); after its first two moves, searched again
 * with the table as the first search left it, a win in 11, as a search
 * without the table finds. */
static void test_table_counts_mates_from_the_root(void)
{
    search_table_init(&table, table_entries, TEST_TABLE_ENTRIES);
    memset(table_entries, 0, sizeof table_entries);
    if (!set_fen(&bd_rules_russian, PSTR("W:WKa1:Bc7,h8")) || !CHECK_EQ(search_with_table(14), 1))
        return;
    CHECK_EQ(result.score, SEARCH_MATE - 13);
    /* The entries' wins and losses: none farther than 13 plies, and
     * positions on the way to the win nearer than that. */
    uint8_t nearest = 0xFFu;
    for (uint16_t i = 0; i < TEST_TABLE_ENTRIES; i++) {
        int16_t score = table_entries[i].score;
        int16_t magnitude = score < 0 ? (int16_t)-score : score;
        if (!table_entries[i].bound || magnitude <= SEARCH_MATE_BOUND)
            continue;
        CHECK(SEARCH_MATE - magnitude <= 13);
        if (SEARCH_MATE - magnitude < nearest)
            nearest = (uint8_t)(SEARCH_MATE - magnitude);
    }
    CHECK(nearest < 13u);
    if (!CHECK(result.pv_length >= 2))
        return;
    game_play(&game, &result.pv[0]);
    game_play(&game, &result.pv[1]);
    CHECK_EQ(search_to(14), 1);
    CHECK_EQ(result.score, SEARCH_MATE - 11);
    CHECK_EQ(search_with_table(14), 1);
    CHECK_EQ(result.score, SEARCH_MATE - 11);
}

/* The table pays: from both start positions, a search to depth 10 with
 * it visits fewer nodes than without. */
static void test_table_saves_nodes(void)
{
    const struct bd_rules *variants[] = { &bd_rules_russian, &bd_rules_english };
    for (uint8_t v = 0; v < 2; v++) {
        game_new(&game, variants[v]);
        CHECK_EQ(search_to(10), 1);
        uint32_t without = result.nodes;
        search_table_init(&table, table_entries, TEST_TABLE_ENTRIES);
        memset(table_entries, 0, sizeof table_entries);
        CHECK_EQ(search_with_table(10), 1);
        CHECK(result.nodes < without);
        pv_is_legal();
    }
}
#endif

/* The bench's node count is printed (host and simulator logs must agree:
 * it is the signature commits quote); it must at least be a real search. */
static void test_bench_searches_its_positions(void)
{
    uint32_t nodes = search_bench(&work, &game, 0);
    CHECK(nodes > 1000u);
    check_print_P(PSTR("  bench "));
    check_print_u32(nodes);
    check_print_P(PSTR("\n"));
}

int main(void)
{
    check_begin(PSTR("search"));
    RUN_TEST(test_russian_two_for_one_shot);
    RUN_TEST(test_english_two_for_one_shot);
    RUN_TEST(test_russian_breakthrough_to_promote);
    RUN_TEST(test_mate_in_one_scores_mate_minus_one_ply);
    RUN_TEST(test_no_legal_move_returns_no_move);
    RUN_TEST(test_forced_loss_scores_minus_mate);
    RUN_TEST(test_repetition_of_the_games_past_scores_a_draw);
    RUN_TEST(test_quiet_ply_limit_scores_a_draw);
    RUN_TEST(test_depth_limit_is_the_last_iteration);
    RUN_TEST(test_node_limit_is_respected);
    RUN_TEST(test_stop_callback_ends_the_search_with_the_last_iteration);
    RUN_TEST(test_stop_on_an_iterations_root_keeps_the_last_iteration);
#if !BD_TARGET_AVR
    RUN_TEST(test_games_at_the_unos_depth_cut_no_capture_short);
#endif
#if SEARCH_TABLE
    RUN_TEST(test_table_finds_the_same_shots);
    RUN_TEST(test_table_counts_mates_from_the_root);
    RUN_TEST(test_table_saves_nodes);
#endif
    RUN_TEST(test_bench_searches_its_positions);
    return check_end();
}
