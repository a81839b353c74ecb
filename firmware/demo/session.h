/* SPDX-License-Identifier: MIT */
/*
 * session.h - the game in progress at the prompt, the RAM its commands
 * share, and how they print it.
 *
 * The game is one struct bd_game (lib/checkers/game.h) and the move number
 * it started at.  The legal moves of its position, the perft move stack,
 * the command line and the engine's workspace share one block of RAM,
 * session_scratch: the engine's workspace while it searches, and otherwise
 * the line or the moves, all from its first byte.  They are never needed
 * at once, so a command must list the moves again after a search (the
 * workspace has overwritten them) and must be done with the line before it
 * lists them (the move command copies its text to the block's end first).
 * So the moves get the whole block but that text, more than the 68 that
 * hill-climbing found in a position of either variant (positions with
 * more are refused with one line, never overrun; session.c asserts the
 * room); perft's stack gets all of it.  On a 2 KB board the block is the
 * workspace, its transposition table included.
 *
 * The printers write to the serial port in the variant's notation; strings
 * with a _P suffix are in flash.
 */
#ifndef BITDRAUGHTS_DEMO_SESSION_H
#define BITDRAUGHTS_DEMO_SESSION_H

#include <stdint.h>

#include "checkers/game.h"
#include "checkers/pdn.h"
#include "console.h"
#include "engine/search.h"
#include "hub_mode.h"
#include "session_ram.h"

/* Functions with big locals (a FEN, a position, a move list) keep them in
 * frames of their own: inlined into the command dispatch they would sit on
 * the stack under every search as well. */
#define SESSION_OWN_FRAME __attribute__((noinline))

/* The most legal moves found in a position of either variant. */
#define SESSION_MOST_MOVES 68u
/* SESSION_MOVE_TEXT_ON_STACK: where the move command keeps the text it
 * reads, by the board's RAM (ram/<choice>/session_ram.h). */
#if SESSION_MOVE_TEXT_ON_STACK && HUB_MODE_BUILT
#  error "Hub mode keeps its words at the end of scratch: not with SESSION_MOVE_TEXT_ON_STACK"
#endif
#define SESSION_TEXT_BYTES (SESSION_MOVE_TEXT_ON_STACK ? 0u : PDN_MOVE_MAX)
/* The block: the workspace, or where a smaller one (RAM := 1k) would
 * not hold them, the most moves and the move text. */
#define SESSION_LIST_BYTES (SESSION_MOST_MOVES * sizeof(bd_move) + SESSION_TEXT_BYTES)
#define SESSION_SCRATCH_BYTES (sizeof(struct search_workspace) > SESSION_LIST_BYTES           \
                               ? sizeof(struct search_workspace) : SESSION_LIST_BYTES)
#define SESSION_MOVES (SESSION_SCRATCH_BYTES / sizeof(bd_move))
/* The legal moves stop short of the last PDN_MOVE_MAX bytes, where the
 * move command keeps the text it reads among them. */
#define SESSION_LIST_MOVES ((SESSION_SCRATCH_BYTES - SESSION_TEXT_BYTES) / sizeof(bd_move))
#define SESSION_MOVE_TEXT ((char *)&session_scratch + sizeof session_scratch - PDN_MOVE_MAX)

union session_scratch {
    struct search_workspace search;
    char line[CONSOLE_LINE_MAX + 1u];
    bd_move moves[SESSION_MOVES];
};

extern struct bd_game session_game;
extern union session_scratch session_scratch;

/* Where the legal moves in scratch may end, and the perft move stack. */
#define SESSION_MOVES_END (session_scratch.moves + SESSION_LIST_MOVES)
#define SESSION_STACK_END (session_scratch.moves + SESSION_MOVES)

/* "too many moves for RAM", in flash. */
extern const char session_too_many_moves_P[];

/* Where the console puts a line (CONSOLE_LINE_MAX + 1 bytes): it shares
 * RAM with the engine, so it is only valid until the line has run. */
char *session_line(void);
/* Starts the game at pos under rules; its move numbers count from pos. */
void session_set_position(const struct bd_rules *rules, const bd_position *pos);
/* The legal moves of the game's position in scratch; returns the end, or
 * NULL (after an error line) when they do not fit. */
bd_move *session_legal_moves(void);
/* The entry of the legal moves [scratch moves, end) equal to m, or NULL. */
const bd_move *session_find_move(const bd_move *m, const bd_move *end);
/* The game's status, listing the moves in scratch (enum game_status). */
uint8_t session_status(void);

/* Prints a one-line error: "error: " and the flash string. */
void session_error_P(const char *message_P);
/* The same with a message in two flash strings. */
void session_error2_P(const char *first_P, const char *second_P);
/* Prints "Russian draughts" or "English checkers". */
void session_put_variant(void);
/* Prints "12. " or "12... " for the move about to be played. */
void session_put_move_number(void);
/* Prints m, one of the legal moves [first, end), in the variant's notation. */
void session_put_move(const bd_move *m, const bd_move *first, const bd_move *end);
/* Prints the position as a FEN line, written in scratch first: the
 * command line must be done with. */
void session_put_fen(void);
/* Prints a flash label and a number. */
void session_put_labelled(const char *label_P, uint32_t value);
/* Prints the board. */
void session_show_position(void);
/* Prints the result when the game is over; returns session_status(). */
uint8_t session_report_status(void);

#endif
