/* SPDX-License-Identifier: MIT */
/*
 * firmware_host.c - the board under the host-built game firmware (see
 * firmware_host.h): serial port, clock, EEPROM, watchdog, LED port.
 */
#include "firmware_host.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>

#include "clock.h"
#include "stack_paint.h"
#include "commands.h"
#include "console.h"
#include "engine.h"
#include "fuzz.h"
#include "fuzz_support.h"
#include "record.h"
#include "serial.h"
#include "session.h"

_Static_assert(FUZZ_EEPROM_BYTES == E2END + 1u, "the stand-in EEPROM is the ATmega328P's");

/* engine.c's level at reset (DEFAULT_TIME_MS there). */
#define RESET_LEVEL_MS 1000u
#define ESCAPE_OVERRUN 0x00u

enum jump { JUMP_NONE = 0, JUMP_WATCHDOG, JUMP_BUDGET };

uint8_t fuzz_eeprom[FUZZ_EEPROM_BYTES];
uint8_t fuzz_portb, fuzz_ddrb;

static const uint8_t *input;
static size_t input_size, input_at;
static char output[FUZZ_OUTPUT_MAX + 1u];
static size_t output_length;
static int echo = -1;
static uint32_t now_ms, cycles_start_ms;
static uint32_t budget;
static uint8_t in_session;      /* budget counts only in a session */
static uint8_t watchdog_on;
static jmp_buf reset_point;

/* ---------------------------------------------------------- serial port -- */
void serial_init(void)
{
}

void serial_putc(char c)
{
    uint8_t byte = (uint8_t)c;
    FUZZ_REQUIRE((byte >= 0x20u && byte <= 0x7Eu) || byte == '\n' || byte == '\b');
    if (output_length < FUZZ_OUTPUT_MAX)
        output[output_length++] = c;
    if (echo < 0)
        echo = getenv("FUZZ_ECHO") != NULL;
    if (echo)
        fputc(c, stderr);
}

int serial_poll(void)
{
    if (input_at == input_size)
        return SERIAL_END_OF_INPUT;
    /* The feed that waited for this byte costs nothing: waiting is free. */
    if (in_session)
        budget++;
    uint8_t byte = input[input_at++];
    if (byte == ESCAPE_OVERRUN && input_at < input_size)
        return input[input_at++] | SERIAL_OVERRUN;
    return byte;
}

void serial_wait(void)
{
}

int serial_getc(void)
{
    return serial_poll();
}

void fuzz_serial_input(const uint8_t *data, size_t size)
{
    input = data;
    input_size = size;
    input_at = 0;
}

const char *fuzz_output(size_t *length)
{
    output[output_length] = '\0';
    *length = output_length;
    return output;
}

/* ---------------------------------------------------------------- clock -- */
/* The stack's paint (firmware/common/stack_paint.h): the host has no
 * painted RAM, so any split of the ATmega328P's RAM reads alike: half. */
#define FUZZ_STATIC_RAM ((RAMEND + 1u - RAMSTART) / 2u)
uint16_t stack_paint_static(void)
{
    return FUZZ_STATIC_RAM;
}

uint16_t stack_paint_never_used(void)
{
    return RAMEND + 1u - RAMSTART - FUZZ_STATIC_RAM;
}

void clock_init(void)
{
}

/* Never set: the stand-in has no ticks, so a search polls its stop every
 * 256 nodes and perft looks for no key, as the work budget assumes. */
volatile uint8_t clock_tick;

uint32_t clock_ms(void)
{
    now_ms += FUZZ_MS_PER_READ;
    return now_ms;
}

void clock_cycles_start(void)
{
    cycles_start_ms = now_ms;
}

uint32_t clock_cycles_stop(void)
{
    return (now_ms - cycles_start_ms) * 16000u;
}

/* --------------------------------------------------------------- EEPROM -- */
static size_t eeprom_at(const void *address, size_t n)
{
    size_t at = (size_t)(uintptr_t)address;
    FUZZ_REQUIRE(at <= FUZZ_EEPROM_BYTES && n <= FUZZ_EEPROM_BYTES - at);
    return at;
}

uint8_t eeprom_read_byte(const uint8_t *address)
{
    return fuzz_eeprom[eeprom_at(address, 1)];
}

uint16_t eeprom_read_word(const uint16_t *address)
{
    size_t at = eeprom_at(address, 2);
    return (uint16_t)(fuzz_eeprom[at] | fuzz_eeprom[at + 1u] << 8);
}

void eeprom_read_block(void *destination, const void *address, size_t n)
{
    memcpy(destination, fuzz_eeprom + eeprom_at(address, n), n);
}

void eeprom_update_byte(uint8_t *address, uint8_t value)
{
    fuzz_eeprom[eeprom_at(address, 1)] = value;
}

void eeprom_update_word(uint16_t *address, uint16_t value)
{
    size_t at = eeprom_at(address, 2);
    fuzz_eeprom[at] = (uint8_t)value;
    fuzz_eeprom[at + 1u] = (uint8_t)(value >> 8);
}

void eeprom_update_block(const void *source, void *address, size_t n)
{
    memcpy(fuzz_eeprom + eeprom_at(address, n), source, n);
}

/* ------------------------------------------------------------- watchdog -- */
void fuzz_wdt_reset(void)
{
    if (!in_session)
        return;
    if (budget == 0)
        longjmp(reset_point, JUMP_BUDGET);
    budget--;
}

void fuzz_wdt_enable(uint8_t timeout)
{
    (void)timeout;
    watchdog_on = 1;
}

void fuzz_wdt_disable(void)
{
    watchdog_on = 0;
}

void fuzz_cli(void)
{
    FUZZ_REQUIRE(in_session);
    /* Interrupts off and a spin: only the watchdog gets the board out. */
    FUZZ_REQUIRE(watchdog_on);
    longjmp(reset_point, JUMP_WATCHDOG);
}

/* -------------------------------------------------------------- session -- */
/* The game and its record before a line runs, and where its output begins
 * (after the line's echo). */
struct game_state {
    size_t output_start;
    bd_position pos;
    const struct bd_rules *rules;
    uint8_t eeprom[FUZZ_EEPROM_BYTES];
};

static void save_state(struct game_state *state)
{
    state->output_start = output_length;
    state->pos = session_game.pos;
    state->rules = session_game.rules;
    memcpy(state->eeprom, fuzz_eeprom, sizeof fuzz_eeprom);
}

/* What the README promises: a bad input gets one error line and leaves the
 * game as it was, in RAM and in EEPROM.  Not on a line after which the
 * engine played (`auto`, or its answer as `engine` has it play a side),
 * which may play moves before one of them fails, or move after a bad line
 * when it is its turn. */
static void require_errors_change_nothing(const struct game_state *before)
{
    if (output_length >= FUZZ_OUTPUT_MAX)
        return;
    output[output_length] = '\0';
    const char *said = output + before->output_start;
    const char *error = strstr(said, "error: ");
    if (!error || strstr(said, "a key stops auto") || strstr(said, "  (depth "))
        return;
    FUZZ_REQUIRE(strstr(error + 1, "error: ") == NULL);
    FUZZ_REQUIRE(session_game.rules == before->rules && pos_equal(&session_game.pos, &before->pos));
    FUZZ_REQUIRE(!memcmp(fuzz_eeprom, before->eeprom, sizeof fuzz_eeprom));
}

uint8_t fuzz_firmware_boot(void)
{
    output_length = 0;
    fuzz_portb = fuzz_ddrb = 0;
    engine_set_time(RESET_LEVEL_MS);
    engine_set_sides(0);
    /* main() arms the watchdog before it resumes the game. */
    watchdog_on = 1;
    record_resume();
    size_t length;
    return strstr(fuzz_output(&length), "resumed: ") != NULL;
}

uint8_t fuzz_firmware_session(uint32_t work)
{
    budget = work;
    /* A new session starts a new line: console.c skips the LF of a CR LF
     * the last session may have ended with. */
    static const uint8_t key = 'k';
    const uint8_t *saved = input;
    size_t saved_size = input_size, saved_at = input_at;
    fuzz_serial_input(&key, 1);
    console_key_pressed();
    input = saved;
    input_size = saved_size;
    input_at = saved_at;

    in_session = 1;
    switch (setjmp(reset_point)) {
    case JUMP_NONE:
        break;
    case JUMP_WATCHDOG:
        fuzz_firmware_boot();
        break;
    default:
        in_session = 0;
        return FUZZ_OUT_OF_BUDGET;
    }
    /* main()'s loop, ended by the input's end (console_input_ended() stays
     * set once the first session has ended). */
    for (;;) {
        uint8_t length;
        char *line = session_line();
        uint8_t status = console_read_line(line, &length);
        if (status == CONSOLE_END)
            break;
        FUZZ_REQUIRE(length <= CONSOLE_LINE_MAX && line[length] == '\0');
        struct game_state before;
        save_state(&before);
        if (status == CONSOLE_LINE)
            commands_run(line, length);
        else
            session_error_P(console_status_text(status));
        require_errors_change_nothing(&before);
        if (input_at == input_size)
            break;
    }
    in_session = 0;
    return FUZZ_INPUT_ENDED;
}

void fuzz_require_valid_game(void)
{
    fuzz_require_fen_round_trip(&session_game.pos, session_game.rules);
}

void fuzz_require_record_resumes(uint8_t end)
{
    fuzz_require_valid_game();
    bd_position before = session_game.pos;
    const struct bd_rules *rules = session_game.rules;
    uint8_t sides = engine_sides();
    FUZZ_REQUIRE(fuzz_firmware_boot());
    fuzz_require_valid_game();
    if (end == FUZZ_INPUT_ENDED)
        FUZZ_REQUIRE(session_game.rules == rules && pos_equal(&session_game.pos, &before) &&
                     engine_sides() == sides);
}
