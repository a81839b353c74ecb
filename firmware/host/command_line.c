/* SPDX-License-Identifier: MIT */
#include "command_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *program = "bitdraughts";

void command_line_program(const char *name)
{
    program = name;
}

void usage_error(const char *what, const char *detail)
{
    fprintf(stderr, "%s: %s%s%s\n", program, what, detail ? ": " : "", detail ? detail : "");
    exit(COMMAND_LINE_EXIT_USAGE);
}

uint32_t parse_number(const char *text, uint32_t min, uint32_t max, const char *what)
{
    uint64_t value = 0;
    if (!text || !*text)
        usage_error(what, text);
    for (const char *c = text; *c; c++) {
        /* Checked before each digit, so that value never wraps. */
        if (*c < '0' || *c > '9' || value > max)
            usage_error(what, text);
        value = value * 10u + (uint64_t)(*c - '0');
    }
    if (value < min || value > max)
        usage_error(what, text);
    return (uint32_t)value;
}

bool executable_folder(char *out, size_t size)
{
    out[0] = '\0';
    if (size < 2u)
        return false;
    ssize_t n = readlink("/proc/self/exe", out, size - 1u);
    if (n <= 0)
        return false;
    out[n] = '\0';
    char *slash = strrchr(out, '/');
    if (!slash) {
        out[0] = '\0';
        return false;
    }
    *slash = '\0';
    return true;
}
