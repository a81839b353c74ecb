/* SPDX-License-Identifier: MIT */
/*
 * command_line.h - what the host programs share on their command line: a
 * usage error that names the program and ends it with status 2 (what the
 * tests expect of every program), a bounded decimal number, the largest
 * node limit (which `checkers go` and the match's engines agree on), and
 * the folder the running program was started from (where its siblings are).
 */
#ifndef BITDRAUGHTS_COMMAND_LINE_H
#define BITDRAUGHTS_COMMAND_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define COMMAND_LINE_EXIT_USAGE 2
/* The largest node limit, of `checkers go --nodes` and of the match's
 * engines: the search counts its nodes in 32 bits (struct search_result),
 * and a round bound keeps below where that count wraps. */
#define COMMAND_LINE_NODES_MAX 4000000000u

/* Names the program in every usage error; called first thing in main(). */
void command_line_program(const char *name);

/* Prints "NAME: WHAT: DETAIL" (DETAIL may be NULL) and exits with status 2. */
void __attribute__((noreturn)) usage_error(const char *what, const char *detail);

/* TEXT as a decimal number from min to max, or a usage error naming what. */
uint32_t parse_number(const char *text, uint32_t min, uint32_t max, const char *what);

/* The folder of the running executable, without the last '/', in out;
 * false (and out empty) when the system does not tell. */
bool executable_folder(char *out, size_t size);

#endif
