/* SPDX-License-Identifier: MIT */
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
 * demo.elf for the attiny boards (boards/attiny85.mk: GAME := selfplay) with the
 * size-first search (lib/engine/small/), printing through
 * serial_putc (the simulator's console register there), ending with status
 * 0 (main returns; the runner reads it).  Deterministic: a fixed depth, no
 * clock.  A game ends by the rules of game.h (a side without a move loses;
 * a third repetition or the variant's quiet-move count is a draw) or, as a
 * draw named "move limit", after SELFPLAY_MAX_PLIES plies.  Should a
 * search score a node by the evaluation for want of room (a capture cut
 * short: the workspace's capture_cuts), a line "cuts N" before the result
 * gives the game's count.
 *
 * RAM: the search's workspace (sized by the build for the part) and the
 * game are the only static data; between two searches the workspace lends
 * its bytes to the lists that game_status() and the move writer need.
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

/* Between two searches the workspace holds the legal moves (its front)
 * and the text of a move (its last PDN_MOVE_MAX bytes): the writer's
 * buffer is then no part of the stack. */
#define TEXT ((char *)(void *)&work + sizeof work - PDN_MOVE_MAX)
#define LIST ((bd_move *)(void *)&work)
#define LIST_END (LIST + (sizeof work - PDN_MOVE_MAX) / sizeof(bd_move))

/* The legal moves of game.pos in LIST, for the move writer, which needs
 * them only to tell captures with the same ends apart: the end of the
 * list.  Should they not fit, a stand-in for m with the same ends and other
 * captured pieces makes the writer write the full path, which names any
 * capture exactly.  Called before put_move, not from it, so that the
 * listing's stack and the writer's frame are never both in use. */
static __attribute__((noinline)) const bd_move *list_for_writer(const bd_move *m)
{
    const bd_move *end = mg_generate(&game.pos, game.rules, LIST, LIST_END);
    if (!end) {
        bd_move *stand_in = LIST;
        *stand_in = *m;
        stand_in->captured = ~m->captured;
        end = stand_in + 1;
    }
    return end;
}

/* Writes m, a legal move of game.pos, and a line end; the legal moves are
 * LIST..end.  Not inlined: its frame is then no part of the one under the
 * search. */
static __attribute__((noinline)) void put_move(const bd_move *m, const bd_move *end)
{
    pdn_write_move_among(&game.pos, game.rules, m, LIST, end, TEXT, PDN_MOVE_MAX);
    serial_puts(TEXT);
    serial_putc('\n');
}

/* n in decimal, by subtracting powers of ten: the part has no divider
 * and libgcc's 32-bit division would cost more than the game needs. */
static void put_count(uint16_t n)
{
    static const uint16_t powers[] PROGMEM = { 10000u, 1000u, 100u, 10u, 1u };
    uint8_t started = 0;
    for (uint8_t k = 0; k < sizeof powers / sizeof powers[0]; k++) {
        uint16_t power = pgm_read_word(&powers[k]);
        char digit = '0';
        while (n >= power) {
            n -= power;
            digit++;
        }
        if (digit != '0' || started || power == 1u) {
            serial_putc(digit);
            started = 1;
        }
    }
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
    static const struct search_limits limits = { .depth = SELFPLAY_DEPTH };
    game_new(&game, bd_rules_of(variant));
    serial_puts_P(variant == BD_VARIANT_RUSSIAN ? PSTR("game russian\n") : PSTR("game english\n"));
    uint8_t status;
    uint16_t cuts = 0;
    while ((status = game_status(&game, LIST, LIST_END)) == GAME_ONGOING &&
           game.ply < SELFPLAY_MAX_PLIES) {
        struct search_result result;
        if (search_run(&game, &limits, &work, &result) != 1)
            return EXIT_NO_ROOM;
        cuts += work.capture_cuts;
        put_move(&result.best, list_for_writer(&result.best));
        game_play(&game, &result.best);
    }
    if (cuts) {
        serial_puts_P(PSTR("cuts "));
        put_count(cuts);
        serial_putc('\n');
    }
    put_result(status);
    return 0;
}

/* OS_main: main saves none of the registers its caller, the C runtime,
 * would keep, for the runtime only passes its status to exit(): the
 * bytes stay free for the stack below. */
__attribute__((OS_main)) int main(void)
{
    serial_init();
    for (uint8_t variant = 0; variant < BD_VARIANT_COUNT; variant++)
        if (play_game(variant))
            return EXIT_NO_ROOM;
    return EXIT_OK;
}
