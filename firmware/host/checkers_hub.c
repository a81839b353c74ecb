/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "checkers_hub.h"
#include "engine/hub_session.h"
#include "host_table.h"

/* The longest line taken: a whole game's moves fit many times over. */
#define LINE_MAX_BYTES 65536u
/* How long hub_io_wait() waits for input. */
#define WAIT_MS 100

/* ---------------------------------------------------------------- input -- */

static char input[LINE_MAX_BYTES];
static size_t input_length;
static uint8_t input_closed;
static uint8_t discarding;          /* inside an overlong line, up to its end */

/* The line being handed to the session, at the front of the buffer: its
 * length, how much of it has been read, what consume() drops after it. */
static struct {
    uint8_t open;
    size_t length;
    size_t at;
    size_t used;
} line;
static uint32_t last_poll_ms;

/* Reads what is there (waiting for it when wait is set) into the buffer.
 * A full buffer with no line end is an overlong line: it is dropped, up to
 * its end, with an error. */
static void read_input(uint8_t wait)
{
    if (input_closed)
        return;
    if (!wait) {
        struct pollfd fd = { 0, POLLIN, 0 };
        if (poll(&fd, 1, 0) <= 0)
            return;
    }
    if (input_length == sizeof input) {
        if (memchr(input, '\n', input_length))
            return;                 /* lines wait for the search to end */
        if (!discarding)
            hub_io_put("error message=\"line too long\"\n");
        discarding = 1;
        input_length = 0;
    }
    ssize_t n;
    do
        n = read(0, input + input_length, sizeof input - input_length);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        input_closed = 1;
    else
        input_length += (size_t)n;
}

/* The first complete line in the buffer (without its line end, a CR
 * before it dropped): 1 and its length, or 0; *used is what consume()
 * must drop. */
static uint8_t peek_line(size_t *length, size_t *used)
{
    for (;;) {
        char *end = memchr(input, '\n', input_length);
        if (!end && input_closed && input_length > 0 && !discarding) {
            *length = *used = input_length;     /* the last line, unended */
            return 1;
        }
        if (!end)
            return 0;
        *used = (size_t)(end - input) + 1u;
        if (discarding) {
            discarding = 0;
            memmove(input, input + *used, input_length - *used);
            input_length -= *used;
            continue;
        }
        *length = (size_t)(end - input);
        if (*length && input[*length - 1u] == '\r')
            (*length)--;
        return 1;
    }
}

static void consume(size_t used)
{
    memmove(input, input + used, input_length - used);
    input_length -= used;
}

/* The next byte of the buffer's whole lines, each with a '\n' at its end;
 * HUB_IO_NONE when no whole line is there, HUB_IO_END once the input has
 * closed and every line has been read. */
static int16_t buffered_byte(void)
{
    if (!line.open) {
        if (!peek_line(&line.length, &line.used))
            return input_closed ? HUB_IO_END : HUB_IO_NONE;
        line.open = 1;
        line.at = 0;
    }
    if (line.at < line.length)
        return (uint8_t)input[line.at++];
    line.open = 0;
    consume(line.used);
    return '\n';
}

/* ------------------------------------------------- the session's I/O -- */

int16_t hub_io_read(void)
{
    int16_t c;
    while ((c = buffered_byte()) == HUB_IO_NONE)
        read_input(1);
    return c;
}

/* The input is looked at once a millisecond at most: a search polls its
 * stop every 256 nodes. */
int16_t hub_io_poll(void)
{
    int16_t c = buffered_byte();
    uint32_t now = hub_io_ms();
    if (c != HUB_IO_NONE || now == last_poll_ms)
        return c;
    last_poll_ms = now;
    read_input(0);
    return buffered_byte();
}

void hub_io_wait(void)
{
    struct pollfd fd = { 0, POLLIN, 0 };
    if (!input_closed)
        poll(&fd, 1, WAIT_MS);
}

void hub_io_put_P(const char *text_P)
{
    hub_io_put(text_P);
}

void hub_io_put(const char *text)
{
    fputs(text, stdout);
    fflush(stdout);
}

void hub_io_putc(char c)
{
    putchar(c);
    fflush(stdout);
}

void hub_io_put_u32(uint32_t value)
{
    printf("%lu", (unsigned long)value);
}

uint32_t hub_io_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)((uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u);
}

static struct bd_game game;
static struct search_workspace work;
static bd_move legal[MG_MAX_MOVES];
static char word[HUB_WORD_MAX + 1u];

struct bd_game *hub_io_game(void)
{
    return &game;
}

bd_move *hub_io_moves(bd_move **end)
{
    *end = legal + MG_MAX_MOVES;
    return legal;
}

char *hub_io_word(void)
{
    return word;
}

uint8_t hub_io_search(struct search_limits *limits, struct search_result *result)
{
    host_table_use(limits);
    return search_run(&game, limits, &work, result);
}

int checkers_hub(const struct bd_rules *rules)
{
    static struct hub_session session;
    hub_session_run(&session, rules, 0);
    return 0;
}
