/* SPDX-License-Identifier: MIT */
/*
 * fuzz_hub.c - the Hub session (lib/engine/hub_session.h) that the game
 * firmware's Hub mode and `checkers hub` share: the input is what a GUI
 * sends, all of it there at once, read until `quit` or its end.
 * Properties: no sanitizer report; whenever the session reads a byte, the
 * game's position is one `fen` would take, whose FEN reads back
 * (fuzz_support.h), in one of the two variants; every line written is
 * printable ASCII and one the protocol has (id, param, wait, ready, pong,
 * info, done, or error message="..."), and an error line repeats at most
 * 40 bytes of the text it names.  The harness bounds what it costs: its
 * search goes FUZZ_DEPTH plies deep and FUZZ_NODES nodes at most, and its
 * clock moves FUZZ_MS_PER_READ a read, so that a timed search ends after a
 * few polls.  FUZZ_ECHO set echoes the output on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/hub_session.h"
#include "fuzz.h"
#include "fuzz_support.h"

#define FUZZ_DEPTH 4u
#define FUZZ_NODES 20000u
#define FUZZ_MS_PER_READ 250u
/* The longest line the session writes: an info line and its pv, or an
 * error line with its text. */
#define LINE_MAX_BYTES 512u

static const uint8_t *input;
static size_t input_size, input_at;
static uint32_t now_ms;
static char line[LINE_MAX_BYTES + 1u];
static size_t line_length;
static int echo = -1;

static struct bd_game game;
static struct search_workspace work;
static bd_move legal[MG_MAX_MOVES];
static char word[HUB_WORD_MAX + 1u];

/* ------------------------------------------------- the session's I/O -- */

int16_t hub_io_read(void)
{
    FUZZ_REQUIRE(game.rules == &bd_rules_russian || game.rules == &bd_rules_english);
    fuzz_require_fen_round_trip(&game.pos, game.rules);
    if (input_at == input_size)
        return HUB_IO_END;
    return input[input_at++];
}

int16_t hub_io_poll(void)
{
    return hub_io_read();
}

void hub_io_wait(void)
{
    now_ms += FUZZ_MS_PER_READ;
}

/* A line written must be one the protocol has. */
static void require_protocol_line(void)
{
    static const char *const starts[] = { "id ", "param ", "wait", "ready", "pong", "info ",
                                          "done", "error message=\"" };
    uint8_t known = 0;
    line[line_length] = '\0';
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        known |= !strncmp(line, starts[i], strlen(starts[i]));
    FUZZ_REQUIRE(known);
    if (!strncmp(line, "error", 5)) {
        /* One quote closes the message, at the end; the text it names,
         * after the last ": " (a word: no blank in it), is cut at 40
         * bytes and "...". */
        const char *body = line + strlen(starts[7]), *text = NULL;
        FUZZ_REQUIRE(strchr(body, '"') == line + line_length - 1u);
        for (const char *p = body; (p = strstr(p, ": ")) != NULL; p++)
            text = p + 2;
        FUZZ_REQUIRE(!text || line + line_length - 1u - text <= 40 + 3);
    }
}

void hub_io_putc(char c)
{
    uint8_t byte = (uint8_t)c;
    if (echo < 0)
        echo = getenv("FUZZ_ECHO") != NULL;
    if (echo)
        fputc(c, stderr);
    FUZZ_REQUIRE((byte >= 0x20u && byte <= 0x7Eu) || byte == '\n');
    if (c == '\n') {
        require_protocol_line();
        line_length = 0;
        return;
    }
    FUZZ_REQUIRE(line_length < LINE_MAX_BYTES);
    line[line_length++] = c;
}

void hub_io_put(const char *text)
{
    while (*text)
        hub_io_putc(*text++);
}

void hub_io_put_P(const char *text_P)
{
    hub_io_put(text_P);
}

void hub_io_put_u32(uint32_t value)
{
    char text[11];
    snprintf(text, sizeof text, "%lu", (unsigned long)value);
    hub_io_put(text);
}

uint32_t hub_io_ms(void)
{
    return now_ms += FUZZ_MS_PER_READ;
}

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
    if (limits->depth > FUZZ_DEPTH)
        limits->depth = FUZZ_DEPTH;
    if (!limits->nodes || limits->nodes > FUZZ_NODES)
        limits->nodes = FUZZ_NODES;
    return search_run(&game, limits, &work, result);
}

/* ---------------------------------------------------------------- target -- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct hub_session session;
    input = data;
    input_size = size;
    input_at = 0;
    now_ms = 0;
    line_length = 0;
    memset(&game, 0, sizeof game);
    hub_session_run(&session, &bd_rules_russian, 0);
    FUZZ_REQUIRE(line_length == 0);         /* every line written has its end */
    return 0;
}
