/*
 * commands.h - the game at the prompt: the commands, the game in progress
 * and its record in EEPROM.
 *
 * The game is a struct bd_game (lib/checkers/game.h) plus its record (store.h): every
 * move played is appended to the record, and undo replays the record from
 * its start position minus the last ply, so no move is ever un-made by hand.
 * The legal moves of the position, the perft move stack and the engine's
 * workspace share one block of RAM: they are never needed at once.
 */
#ifndef BITDRAUGHTS_DEMO_COMMANDS_H
#define BITDRAUGHTS_DEMO_COMMANDS_H

#include <stdint.h>

/* Resumes the game saved in EEPROM, or starts a new one (saying why in one
 * line), and prints the board. */
void commands_init(void);
/* Where the console puts a line (CONSOLE_LINE_MAX + 1 bytes): it shares
 * RAM with the engine, so it is only valid until the line has run. */
char *commands_line(void);
/* Runs one command line (NUL-terminated, length characters). */
void commands_run(char *line, uint8_t length);
/* Prints a one-line error: "error: " and the flash string. */
void commands_error_P(const char *message_P);

#endif
