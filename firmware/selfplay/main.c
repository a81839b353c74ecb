/*
 * The self-play firmware: the engine plays itself one whole game of Russian
 * draughts, then one of English checkers, and prints each move in the
 * variant's PDN notation and each game's result, one a line:
 *
 *     game russian
 *     c3-d4
 *     ...
 *     result 0-1
 *     game english
 *     ...
 *
 * It is the demo of the 8 KB, 512-byte parts (ATtiny85), which have room
 * for neither the game firmware's console nor its EEPROM record: built as
 * demo.elf for the attiny boards (Makefile, FW_SELFPLAY), printing through
 * serial_putc (the simulator's console register there), ending with status
 * 0 (main returns; the runner reads it).  Deterministic: a fixed depth, no
 * clock.  A game ends by the rules of game.h (a side without a move loses;
 * a third repetition or the variant's quiet-move count is a draw) or, as a
 * draw named "move limit", after SELFPLAY_MAX_PLIES plies.
 *
 * RAM: the search's workspace (sized by the build for the part: SEARCH_*
 * in the Makefile) and the game are the only static data; between two
 * searches the workspace's move stack lends its bytes to the lists that
 * game_status() and the move writer need.
 */
#include <avr/pgmspace.h>

#include "checkers/game.h"
#include "checkers/pdn.h"
#include "engine/search.h"
#include "serial.h"

#ifndef SELFPLAY_DEPTH
#define SELFPLAY_DEPTH 4u
#endif
#define SELFPLAY_MAX_PLIES 300u
#define EXIT_OK 0
#define EXIT_NO_ROOM 1

static struct search_workspace work;
static struct bd_game game;

/* The workspace's move stack as a list of moves, free between searches. */
#define LIST ((bd_move *)(void *)work.stack)
#define LIST_END (LIST + sizeof work.stack / sizeof(bd_move))

/* Writes m, a legal move of game.pos, and a line end.  The writer needs the
 * legal moves only to tell captures with the same ends apart; should they
 * not fit in the list, a stand-in with the same ends and other captured
 * pieces makes it write the full path, which names any capture exactly.
 * Not inlined: its buffer is then no part of the frame under the search. */
static __attribute__((noinline)) void put_move(const bd_move *m)
{
    char text[PDN_MOVE_MAX];
    const bd_move *end = mg_generate(&game.pos, game.rules, LIST, LIST_END);
    if (!end) {
        bd_move *stand_in = LIST;
        *stand_in = *m;
        stand_in->captured = ~m->captured;
        end = stand_in + 1;
    }
    pdn_write_move_among(&game.pos, game.rules, m, LIST, end, text, sizeof text);
    serial_puts(text);
    serial_putc('\n');
}

/* "result 1-0", "result 0-1" or "result 1/2-1/2 " and why. */
static void put_result(uint8_t status)
{
    serial_puts_P(PSTR("result "));
    if (status == GAME_WHITE_WINS)
        serial_puts_P(PSTR("1-0"));
    else if (status == GAME_BLACK_WINS)
        serial_puts_P(PSTR("0-1"));
    else if (status == GAME_DRAW_REPETITION)
        serial_puts_P(PSTR("1/2-1/2 repetition"));
    else if (status == GAME_DRAW_QUIET_MOVES)
        serial_puts_P(PSTR("1/2-1/2 quiet moves"));
    else
        serial_puts_P(PSTR("1/2-1/2 move limit"));
    serial_putc('\n');
}

/* One whole game of the variant; 0, or EXIT_NO_ROOM when a position's
 * moves do not fit the workspace (the search cannot choose among them). */
static uint8_t play_game(uint8_t variant)
{
    static const struct search_limits limits = { SELFPLAY_DEPTH, 0, 0, 0, 0, 0 };
    game_new(&game, bd_rules_of(variant));
    serial_puts_P(variant == BD_VARIANT_RUSSIAN ? PSTR("game russian\n") : PSTR("game english\n"));
    uint8_t status;
    while ((status = game_status(&game, LIST, LIST_END)) == GAME_ONGOING &&
           game.ply < SELFPLAY_MAX_PLIES) {
        struct search_result result;
        if (search_run(&game, &limits, &work, &result) != 1)
            return EXIT_NO_ROOM;
        put_move(&result.best);
        game_play(&game, &result.best);
    }
    put_result(status);
    return 0;
}

int main(void)
{
    serial_init();
    for (uint8_t variant = 0; variant < BD_VARIANT_COUNT; variant++)
        if (play_game(variant))
            return EXIT_NO_ROOM;
    return EXIT_OK;
}
