/* SPDX-License-Identifier: MIT */
/*
 * host_table.h - the host tools' transposition table for the search
 * (engine/table.h; SEARCH_TABLE where the build has one): one per process,
 * made on first use.
 */
#ifndef BITDRAUGHTS_HOST_TABLE_H
#define BITDRAUGHTS_HOST_TABLE_H

#include <stdbool.h>

#include "engine/search.h"

struct endgame_tables;

#if SEARCH_TABLE
/* The process's table, SEARCH_TABLE_HOST_ENTRIES entries kept from one
 * search to the next; NULL (and a line on stderr) when the memory cannot
 * be had, and the search then runs without one. */
struct search_table *host_search_table(void);
/* The endgame tables the process's table gives its searches (NULL: none;
 * firmware/host/endgame_file.h maps them); true. */
bool host_table_endgame(const struct endgame_tables *tables);
#else
/* A build with the AVR's sizes (no table) searches as the AVR does and
 * reads no endgame tables: false. */
static inline bool host_table_endgame(const struct endgame_tables *tables)
{
    (void)tables;
    return false;
}
#endif

/* Gives limits the process's table where the search has one (not in a
 * host build with the AVR's sizes, which searches as the AVR does). */
static inline void host_table_use(struct search_limits *limits)
{
#if SEARCH_TABLE
    limits->table = host_search_table();
#else
    (void)limits;
#endif
}

#endif
