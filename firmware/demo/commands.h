/* SPDX-License-Identifier: MIT */
/*
 * commands.h - the command line of the game: one line, one command.
 *
 * A line is trimmed of blanks and split at its first blank into a word and
 * an argument.  The word is looked up in one flash string of NUL-separated
 * words, and its handler (cmd_*) runs from a flash table in the same
 * order; the commands that take no argument reject one.  A word that is no command
 * but starts like a move (a digit, or a file letter and a digit) is read,
 * blanks and all, as a move against the legal moves.  Anything else, and
 * any bad argument, gets one "error:" line and leaves the game as it was.
 * After a command has run, the engine moves if it plays the side to move
 * (`engine white|black|both`): it answers your move by itself.
 * The game itself is in session.h, its record in record.h.
 */
#ifndef BITDRAUGHTS_DEMO_COMMANDS_H
#define BITDRAUGHTS_DEMO_COMMANDS_H

#include <stdint.h>

/* Runs one command line (NUL-terminated, length characters). */
void commands_run(char *line, uint8_t length);

#endif
