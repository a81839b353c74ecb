/* SPDX-License-Identifier: MIT */
/*
 * session_ram.h (RAM := 2k) - the move command reads its text at the end
 * of session_scratch (session.h), where Hub mode reads its words too.
 */
#ifndef BITDRAUGHTS_DEMO_SESSION_RAM_H
#define BITDRAUGHTS_DEMO_SESSION_RAM_H

#define SESSION_MOVE_TEXT_ON_STACK 0

#endif
