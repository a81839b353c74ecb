/* SPDX-License-Identifier: MIT */
/*
 * hub_session.h - a Hub engine's session: the commands of Scan's Hub
 * protocol (lib/engine/hub.h writes and reads its text), the levels and
 * the search, one for the game firmware's Hub mode and for `checkers hub`,
 * which differ only in their I/O: the caller provides the hub_io_*
 * functions below (its input, output, clock, RAM and search) and the
 * session's state (struct hub_session).
 *
 * Input is read as it arrives, byte by byte and word by word: no line is
 * kept whole, since a `pos` line carries the whole game's moves, far more
 * than a board's RAM holds.  `pos` plays each move of `moves="..."` into
 * the game record as it reads it; every other command reads its whole
 * line before it acts.
 *
 * A line is `command name=value name="a value" flag ...`: words split by
 * blanks, a value quoted with double quotes when it holds a blank (no
 * escapes inside).  A line is malformed when a quote is left open, is not
 * followed by a blank or the line's end, or stands anywhere but around a
 * value, a word starts with '=', or it holds a control byte other than a
 * tab.  A malformed line is answered with an error and changes nothing,
 * except that a `pos` line that fails at any point, malformed or not,
 * leaves no position: `go` refuses until the next good one.  `pos=` must
 * come before `moves=`; of an argument given twice the first counts, and
 * unknown ones are ignored.  A word longer than HUB_WORD_MAX is cut there,
 * and no reader takes it.
 *
 * While the engine searches, the search's stop callback reads the lines
 * that come in: `stop` ends the search, `ping` is answered at once,
 * `ponder-hit` starts the clock of a `go ponder` search; `quit` ends the
 * search, and it and any other line wait for the search's `done` (its
 * first HUB_HELD_MAX bytes kept in the session, the rest left in the
 * caller's input).  The end of the input ends at once a search with no end
 * of its own (`go ponder`, `level infinite`); one with a limit finishes,
 * so that a script can pipe a whole session in.  A `go ponder` or `level
 * infinite` search that ends by itself (SEARCH_MAX_DEPTH, soon reached in
 * easy positions) keeps its `done` until `ponder-hit`, `stop` or another
 * command.
 *
 * Levels: depth=N (over SEARCH_MAX_DEPTH taken as that), nodes=N,
 * move-time=S (the search stops at S), time=S [inc=S] [moves=N]: the
 * increment is added first, the move aims at the clock over the moves to
 * go (25 when not given, plus the increment), starts no new iteration past
 * half of that and stops at twice that, never past half the clock (all of
 * it, less 50 ms, on the last move of a period); infinite.  Of several,
 * infinite counts first, then depth=, move-time=, nodes=, time=; each one
 * given must read, and depth, nodes and moves must be 1 or more.  Before
 * any level a move takes 1 s.
 *
 * Errors are `error message="what: the offending text"` (up to 40 bytes
 * of it, quotes and control bytes replaced), and the session goes on.
 */
#ifndef BITDRAUGHTS_HUB_SESSION_H
#define BITDRAUGHTS_HUB_SESSION_H

#include <stdint.h>
#include "engine/hub.h"
#include "engine/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest word kept: a position (33 letters), any move. */
#define HUB_WORD_MAX (PDN_MOVE_MAX - 1u)
/* What a search keeps of a line that arrives meanwhile: enough for
 * `ponder-hit` and its line end. */
#define HUB_HELD_MAX 12u

/* The session's state: the caller's RAM, for hub_session_run() alone. */
struct hub_session {
    uint8_t has_position;           /* 0 after a pos that failed */
    /* The level: a search's limits. */
    uint8_t infinite;               /* level infinite: no end of its own */
    uint8_t depth;
    uint32_t nodes;                 /* 0: none */
    uint32_t hard_ms;               /* the search stops then */
    uint32_t soft_ms;               /* no new iteration once past it */
    uint8_t line_over;              /* the line's end has been read */
    uint8_t input_over;
    uint8_t value_state;
    uint8_t malformed;
    uint32_t start_ms;              /* the search's clock */
    uint8_t pondering;              /* go ponder, no ponder-hit yet */
    uint8_t stop;
    uint8_t waiting;                /* a line held for after done */
    uint8_t held_length;
    uint8_t held_next;
    char held[HUB_HELD_MAX];
};

/* Starts the variant's start position at a second a move, answers `hub`
 * first when greet is set (the caller has read that line), then runs the
 * commands it reads until `quit` or the end of the input. */
void hub_session_run(struct hub_session *session, const struct bd_rules *rules, uint8_t greet);

/* ------------------------------------------------ what the caller gives -- */

#define HUB_IO_END (-1)             /* the input has ended */
#define HUB_IO_NONE (-2)            /* hub_io_poll(): nothing has arrived */

/* The next input byte, waiting for it; HUB_IO_END once the input has
 * ended (and from then on). */
int16_t hub_io_read(void);
/* The next input byte if one has arrived, else HUB_IO_NONE or HUB_IO_END:
 * never waits. */
int16_t hub_io_poll(void);
/* Waits a while, or less when input arrives (a search that has ended
 * waits for `stop`). */
void hub_io_wait(void);
/* Output: a string in flash (PSTR on AVR), one in RAM, a byte, a number
 * in decimal.  A line ends with '\n'. */
void hub_io_put_P(const char *text_P);
void hub_io_put(const char *text);
void hub_io_putc(char c);
void hub_io_put_u32(uint32_t value);
/* A clock in milliseconds; read every time the search polls its stop. */
uint32_t hub_io_ms(void);
/* The caller's RAM: the game played, whose rules are the variant; room
 * for the legal moves of a position, from what it returns to *end; room
 * for a word, HUB_WORD_MAX + 1 bytes apart from the moves.  Neither room
 * is used during a search: they may share the search's workspace. */
struct bd_game *hub_io_game(void);
bd_move *hub_io_moves(bd_move **end);
char *hub_io_word(void);
/* Searches the game's position: search_run() with the caller's workspace
 * and what it adds to limits (a transposition table); its result. */
uint8_t hub_io_search(struct search_limits *limits, struct search_result *result);

#ifdef __cplusplus
}
#endif

#endif
