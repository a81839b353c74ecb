/* SPDX-License-Identifier: MIT */
#include "session.h"

#include <avr/pgmspace.h>
#include <stddef.h>

#include "checkers/pdn.h"
#include "display.h"
#include "serial.h"

struct bd_game session_game;
union session_scratch session_scratch;
_Static_assert(sizeof session_scratch == SESSION_SCRATCH_BYTES, "the line and moves fit");
_Static_assert(SESSION_LIST_MOVES >= SESSION_MOST_MOVES, "the most moves found in a position fit");

static uint8_t numbering_offset;    /* 1 when the game began with the second player */

const char session_too_many_moves_P[] PROGMEM = "too many moves for RAM";

/* Out of line, as measured: LTO inlines it into main() at a cost. */
__attribute__((noinline)) char *session_line(void)
{
    return session_scratch.line;
}

void session_set_position(const struct bd_rules *rules, const bd_position *pos)
{
    game_set_position(&session_game, rules, pos);
    numbering_offset = pos->side != rules->first_to_move;
}

bd_move *session_legal_moves(void)
{
    bd_move *end = mg_generate(&session_game.pos, session_game.rules, session_scratch.moves,
                               SESSION_MOVES_END);
    if (!end)
        session_error_P(session_too_many_moves_P);
    return end;
}

const bd_move *session_find_move(const bd_move *m, const bd_move *end)
{
    for (const bd_move *p = session_scratch.moves; p < end; p++)
        if (mg_move_equal(p, m))
            return p;
    return NULL;
}

uint8_t session_status(void)
{
    return game_status(&session_game, session_scratch.moves, SESSION_MOVES_END);
}

void session_error2_P(const char *first_P, const char *second_P)
{
    serial_puts_P(PSTR("error: "));
    serial_puts_P(first_P);
    serial_puts_P(second_P);
    serial_putc('\n');
}

void session_error_P(const char *message_P)
{
    session_error2_P(message_P, PSTR(""));
}

void session_put_variant(void)
{
    serial_puts_P(session_game.rules->variant == BD_VARIANT_ENGLISH ? PSTR("English checkers")
                                                                    : PSTR("Russian draughts"));
}

void session_put_move_number(void)
{
    uint16_t half = session_game.ply + numbering_offset;
    serial_put_u32(half / 2u + 1u);
    serial_puts_P(half & 1u ? PSTR("... ") : PSTR(". "));
}

SESSION_OWN_FRAME void session_put_move(const bd_move *m, const bd_move *first, const bd_move *end)
{
    char text[PDN_MOVE_MAX];
    pdn_write_move_among(&session_game.pos, session_game.rules, m, first, end, text, sizeof text);
    serial_puts(text);
}

/* The FEN is written in scratch (the command line is done with by then),
 * not in a frame of 133 bytes. */
_Static_assert(sizeof session_scratch >= PDN_FEN_MAX, "a FEN fits in scratch");
SESSION_OWN_FRAME void session_put_fen(void)
{
    char *text = (char *)&session_scratch;
    pdn_write_fen(&session_game.pos, session_game.rules, text, PDN_FEN_MAX);
    serial_puts(text);
    serial_putc('\n');
}

__attribute__((noinline)) void session_put_labelled(const char *label_P, uint32_t value)
{
    serial_puts_P(label_P);
    serial_put_u32(value);
}

SESSION_OWN_FRAME void session_show_position(void)
{
    display_board(&session_game.pos, session_game.rules);
}

SESSION_OWN_FRAME uint8_t session_report_status(void)
{
    uint8_t status = session_status();
    if (status == GAME_ONGOING)
        return status;
    serial_puts_P(PSTR("result: "));
    if (status == GAME_WHITE_WINS || status == GAME_BLACK_WINS) {
        uint8_t winner = status == GAME_WHITE_WINS ? BD_WHITE : BD_BLACK;
        display_colour(winner);
        serial_puts_P(PSTR(" wins ("));
        display_colour(BD_OTHER_COLOUR(winner));
        serial_puts_P(PSTR(" cannot move)"));
    } else if (status == GAME_DRAW_REPETITION) {
        serial_puts_P(PSTR("draw (the same position three times)"));
    } else {
        session_put_labelled(PSTR("draw ("), session_game.rules->draw_quiet_plies / 2u);
        serial_puts_P(PSTR(" moves each without a capture or a man move)"));
    }
    serial_putc('\n');
    return status;
}
