/* SPDX-License-Identifier: MIT */
/*
 * openings.h - opening suites for matches: every sequence of a few plies
 * from a variant's start position, and the suite files that keep the
 * balanced ones.
 *
 * The enumeration walks the move generator's tree depth first, in the
 * order mg_generate() lists the moves, and writes each line as the PDN
 * moves joined by single blanks (each move as pdn_write_move() writes it
 * among the legal moves of its position).  Three plies give 302 lines in
 * each variant, perft(3).
 *
 * A suite file (firmware/host/openings/<variant>.txt, written by
 * `match --generate-openings`) holds one opening a line:
 *     c3-d4 f6-g5 g3-f4 +12
 * the moves, then optionally a score with its sign (never a move: no PDN
 * move starts with + or -).  '#' starts a comment line; "#drop " before an
 * opening keeps it out of the suite, still listed so that the file shows
 * every opening and why it is not played.  Reading checks every move
 * against the legal moves, so a file of the wrong variant is refused.
 */
#ifndef BITDRAUGHTS_OPENINGS_H
#define BITDRAUGHTS_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "checkers/game.h"
#include "checkers/position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most plies of an opening, and room for its text (NUL included). */
#define OPENINGS_MAX_PLIES 8u
#define OPENINGS_TEXT_MAX 160u
/* A suite file's marker of an opening left out. */
#define OPENINGS_DROP_MARK "#drop "

/* Called with each opening: its text and the position after it. */
typedef void (*openings_visit)(const char *moves, const bd_position *pos, void *context);

/* Calls visit for every sequence of `plies` legal plies (1..OPENINGS_MAX_PLIES)
 * from the start position, and returns their number.  A line that ends
 * the game early (a side with no move) is not an opening and is skipped. */
uint32_t openings_enumerate(const struct bd_rules *rules, uint8_t plies, openings_visit visit,
                            void *context);

struct opening {
    char moves[OPENINGS_TEXT_MAX];
    int16_t score;          /* as written in the file (0 when none) */
    uint8_t dropped;        /* listed after OPENINGS_DROP_MARK */
};

struct opening_suite {
    struct opening *items;  /* malloc'ed: every opening of the file, dropped ones too */
    uint32_t count;
    uint32_t played;        /* the ones not dropped */
};

/* Reads a suite file; 0 on success, else -1 with a one-line reason (file
 * and line) in error.  openings_free() releases it. */
int openings_load(const char *path, const struct bd_rules *rules, struct opening_suite *suite,
                  char *error, size_t error_size);
void openings_free(struct opening_suite *suite);

/* Plays the blank-separated PDN moves of text into game; 0, or the 1-based
 * number of the first move that is not legal where it is played (the game
 * then holds the moves before it). */
unsigned openings_play(const char *moves, struct bd_game *game);

#ifdef __cplusplus
}
#endif

#endif
