/* SPDX-License-Identifier: MIT */
/*
 * session_ram.h (RAM := 1k) - the move command keeps the text it reads in
 * its own frame, which is never under a search, rather than at the end of
 * session_scratch (session.h): PDN_MOVE_MAX bytes less of static RAM.
 * Hub mode reads its words at the end of scratch: not with it.
 */
#ifndef BITDRAUGHTS_DEMO_SESSION_RAM_H
#define BITDRAUGHTS_DEMO_SESSION_RAM_H

#define SESSION_MOVE_TEXT_ON_STACK 1

#endif
