/* SPDX-License-Identifier: MIT */
/*
 * endgame_file.h - the endgame tables' files: DIR/russian.egtb and
 * DIR/english.egtb, a 16-byte header (the magic, the variant, the most
 * pieces, the number of values, little-endian) and the values of
 * endgame/probe.h.  A file is mapped, not read: a process that plays one
 * move (the match tool's) pays only for the pages its search touches.
 */
#ifndef BITDRAUGHTS_ENDGAME_FILE_H
#define BITDRAUGHTS_ENDGAME_FILE_H

#include <stdint.h>
#include "checkers/position.h"
#include "endgame/probe.h"

#define ENDGAME_PATH_MAX 4096u

/* The file of a variant's table in dir, into path. */
void endgame_file_path(const char *dir, uint8_t variant, char path[ENDGAME_PATH_MAX]);

/* Writes a table of max_pieces (size values); returns 0 or -1 (a message on
 * stderr). */
int endgame_file_write(const char *path, uint8_t variant, uint8_t max_pieces, const uint8_t *values,
                       uint32_t size);

/* Maps the file of variant into table; returns 0, or -1 when there is no
 * such file (table->values NULL) or, with a message on stderr, when it is
 * not a table of that variant. */
int endgame_file_map(const char *path, uint8_t variant, struct eg_table *table);

/* Maps the tables of both variants found in dir; returns how many. */
uint8_t endgame_files_map(const char *dir, struct endgame_tables *tables);

#endif
