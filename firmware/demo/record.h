/* SPDX-License-Identifier: MIT */
/*
 * record.h - the record of the game in progress, kept in EEPROM (store.h).
 *
 * Every move played is written to the record as it is played, and the
 * record takes it at the end of the command (record_save): a move and the
 * engine's answer, or the two plies that undo takes back with the engine
 * on, are saved in one step, so that a power cut finds the game before the
 * command or after it, never between.  Nothing is ever un-made by hand:
 * undo, and a game that someone else (the bench) has overwritten, replay
 * the record from its start position through the move generator, each
 * recorded move checked against the legal moves as it is replayed.  When
 * the EEPROM is full the position reached becomes the record's new start,
 * and undo stops there.
 */
#ifndef BITDRAUGHTS_DEMO_RECORD_H
#define BITDRAUGHTS_DEMO_RECORD_H

#include <stdint.h>

#include "checkers/movegen.h"

/* Resumes the game saved in EEPROM, or starts a new one (saying why in one
 * line), and prints the board. */
void record_resume(void);
/* Starts a new game at pos under rules and a new record of it. */
void record_begin(const struct bd_rules *rules, const bd_position *pos);
/* Plays m, an entry of the legal moves listed in scratch (session.h), and
 * writes it after the record, which holds it from the next record_save(). */
void record_play(const bd_move *m);
/* Takes back the last ply of the game, and of the record from the next
 * record_save(); 0 when there is none. */
uint8_t record_undo(void);
/* Saves what was played or taken back since the last save as one step: a
 * power cut leaves the game before it or after it (store.h). */
void record_save(void);
/* Rebuilds the game under rules from the record, after something else
 * (the bench) has used the game. */
void record_restore(const struct bd_rules *rules);

#endif
