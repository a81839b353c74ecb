/* SPDX-License-Identifier: MIT */
/*
 * checkers_hub.h - `checkers hub`: the engine speaking Scan's Hub protocol
 * on stdin and stdout, for Hub GUIs and pydraughts' HubEngine.
 *
 * The session is lib/engine/hub_session.h, the one the game firmware's
 * Hub mode runs too (its commands, levels and searches are described
 * there); this is its I/O on the host, and the host's transposition table
 * for its searches.  Input is read with read(2) into one buffer and handed
 * to the session a whole line at a time, so that while the engine
 * searches the session sees the lines that have come in (looked for at
 * most once a millisecond, with poll(2)); a line longer than the buffer
 * (LINE_MAX_BYTES) is dropped with one error line.
 */
#ifndef BITDRAUGHTS_CHECKERS_HUB_H
#define BITDRAUGHTS_CHECKERS_HUB_H

#include "checkers/position.h"

/* Runs a Hub session on stdin/stdout, the variant's start position
 * set up, until `quit` or the end of the input; returns the exit status
 * (0). */
int checkers_hub(const struct bd_rules *rules);

#endif
