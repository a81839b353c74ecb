/* SPDX-License-Identifier: MIT */
/*
 * The demo firmware: checkers over the serial port.  Russian draughts or
 * English checkers against the engine (or the engine against itself), the
 * game kept in EEPROM across power cycles, and a watchdog that resets a
 * stuck board.  The commands are in commands.c, the game they act on in
 * session.c and its record in EEPROM in record.c; `help` lists them.
 *
 * Boot: .init3 saves and clears the reset flags and stops the watchdog
 * (after a watchdog reset it stays armed with its shortest timeout, faster
 * than the C runtime's start-up on a big .bss), main() prints the banner
 * (version, board, MCU, clock, free RAM, why it reset), resumes the saved
 * game and reads commands until the simulator's input ends (on a board,
 * forever).  A first line `hub` turns it into a Hub engine for a GUI
 * (hub_mode.h) instead.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/wdt.h>

#include "flash_gap.h"
#include "clock.h"
#include "board.h"
#include "commands.h"
#include "console.h"
#include "demo_features.h"
#include "hub_mode.h"
#include "record.h"
#include "serial.h"
#include "session.h"

#define DEMO_VERSION "1.0"
#define EXIT_OK 0

/* MCUSR as it was at reset; .noinit so that the C runtime does not clear it
 * after .init3 wrote it. */
static uint8_t reset_flags __attribute__((section(".noinit")));

void save_reset_flags(void) __attribute__((naked, used, section(".init3")));
void save_reset_flags(void)
{
    reset_flags = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

static void put_reset_reason(void)
{
    static const char names[] IN_FLASH_GAP = " power-on\0 external\0 brown-out\0 watchdog";
    serial_puts_P(PSTR("reset:"));
    uint8_t any = 0;
    const char *name = names;
    /* The names in bit order: the flags are MCUSR's bits 0 to 3. */
    _Static_assert(PORF == 0 && EXTRF == 1 && BORF == 2 && WDRF == 3, "MCUSR's reset flags");
    for (uint8_t flag = _BV(PORF); flag <= _BV(WDRF); flag = (uint8_t)(flag << 1)) {
        if (reset_flags & flag) {
            serial_puts_P(name);
            any = 1;
        }
        name += strlen_P(name) + 1u;
    }
    if (!any)
        serial_puts_P(PSTR(" none flagged (a jump to 0, or the simulator's start)"));
    serial_putc('\n');
}

/* Bytes between the end of static data and the stack pointer. */
static uint16_t free_ram(void)
{
    extern uint8_t __heap_start;        /* as stack_paint.c declares it */
    return (uint16_t)(SP - (uint16_t)&__heap_start);
}

static void banner(void)
{
    if (!DEMO_HAS_BANNER_INFO) {
        serial_puts_P(PSTR("\nbitdraughts checkers " DEMO_VERSION "\n"
                           "board " BOARD_NAME ", MCU " BOARD_MCU_NAME "\n"));
        put_reset_reason();
        return;
    }
    serial_puts_P(PSTR("\nbitdraughts checkers " DEMO_VERSION "\n"
                       "board " BOARD_NAME ", MCU " BOARD_MCU_NAME ", clock "));
    serial_put_u32(F_CPU);
    session_put_labelled(PSTR(" Hz, free RAM "), free_ram());
    serial_puts_P(PSTR(" bytes\n"));
    put_reset_reason();
}

int main(void)
{
    serial_init();
    board_led_init();
    clock_init();
    sei();
    wdt_enable(WDTO_2S);
    banner();
    record_resume();
    serial_puts_P(PSTR("type help for the commands\n"));
    for (uint8_t first = 1;; first = 0) {
        serial_puts_P(PSTR("> "));
        uint8_t length;
        char *line = session_line();
        uint8_t status = console_read_line(line, &length);
        if (status == CONSOLE_END)
            break;
        if (status == CONSOLE_LINE) {
            if (first)
                hub_mode_enter(line, length);   /* a `hub` line never comes back */
            commands_run(line, length);
        } else {
            session_error2_P(console_status_text(status), console_ignored_P);
        }
        if (console_input_ended())
            break;
    }
    serial_putc('\n');
    /* avr-libc's exit loop would wait for the watchdog: disarm it first. */
    wdt_disable();
    return EXIT_OK;
}
