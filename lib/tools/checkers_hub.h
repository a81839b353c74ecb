/*
 * checkers_hub.h - `checkers hub`: the engine speaking Scan's Hub protocol
 * on stdin and stdout, for Hub GUIs and pydraughts' HubEngine.
 *
 * The protocol's text (line syntax, positions, moves, scores) is
 * lib/engine/hub.h, which knows nothing of files; this is the host's I/O
 * loop around it.  Input is read with read(2) into one buffer, so that
 * while the engine searches the search's stop callback can look at the
 * lines that have come in (at most once a millisecond, with poll(2)):
 * `stop` ends the search, `ping` is answered at once, `ponder-hit` starts
 * the clock of a `go ponder` search; `quit` ends the search, and it and
 * any other line (the protocol allows none) wait, in order, for the
 * search's `done`.  A closed input ends the program: at once when idle
 * or in a search with no end of its own (ponder, level infinite), after
 * its `done` for a search with a limit, so that a script can pipe a whole
 * session in.  The search stops by itself at depth 20, soon reached in
 * easy positions: a `go ponder` or `level infinite` search that has ended
 * keeps its `done` until `ponder-hit`, `stop` or another command.
 *
 * Levels: depth=N (over 20 taken as 20), nodes=N, move-time=S (the
 * search stops at S), time=S [inc=S] [moves=N]: the increment is added
 * first, the move aims at the clock over the moves to go (25 when not
 * given, plus the increment), starts no new iteration past half of that
 * and stops at twice that, never past half the clock (all of it, less 50
 * ms, on the last move of a period); infinite.  Before any level a move
 * takes 1 s.
 */
#ifndef BITDRAUGHTS_CHECKERS_HUB_H
#define BITDRAUGHTS_CHECKERS_HUB_H

#include "checkers/position.h"

/* Runs a Hub session on stdin/stdout, the variant's start position
 * set up, until `quit` or the end of the input; returns the exit status
 * (0). */
int checkers_hub(const struct bd_rules *rules);

#endif
