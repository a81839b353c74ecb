/* SPDX-License-Identifier: MIT */
#include "host_table.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>

/*
 * The entries are anonymous memory, which the kernel hands out zeroed, so
 * a fresh process (the match tool starts one a move) pays no clearing;
 * what it pays is a page fault at the first touch of each page, and in a
 * table this size a search touches nearly all of them.  In 2 MB pages
 * (where the kernel allows them on request) that is two faults instead of
 * some eight hundred 4 KB ones, which cost milliseconds a move.
 */
#if SEARCH_TABLE
#define HUGE_PAGE_BYTES (2ul << 20)

static const struct endgame_tables *endgame_tables;

bool host_table_endgame(const struct endgame_tables *tables)
{
    endgame_tables = tables;
    return true;
}

struct search_table *host_search_table(void)
{
    static struct search_table table;
    static int tried;
    table.endgame = endgame_tables;
    if (tried)
        return table.entries ? &table : NULL;
    tried = 1;
    size_t bytes = SEARCH_TABLE_HOST_ENTRIES * sizeof(struct search_entry);
    /* Mapped a huge page larger, to start the table on a huge page. */
    uint8_t *map = mmap(NULL, bytes + HUGE_PAGE_BYTES, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        perror("checkers: no memory for the search's table, searching without one");
        return NULL;
    }
    uint8_t *start = map + (-(uintptr_t)map & (HUGE_PAGE_BYTES - 1u));
#ifdef MADV_HUGEPAGE
    (void)madvise(start, bytes, MADV_HUGEPAGE);     /* a hint: small pages work too */
#endif
    search_table_init(&table, (struct search_entry *)(void *)start, (uint32_t)SEARCH_TABLE_HOST_ENTRIES);
    table.endgame = endgame_tables;
    return &table;
}
#endif
