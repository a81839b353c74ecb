/* SPDX-License-Identifier: MIT */
/*
 * console.h - the command line over the serial port.
 *
 * A line ends at CR, LF or CR LF.  Printable ASCII is echoed as it is typed
 * (the simulator runner and serial terminals do not echo), so a transcript
 * shows each command after its prompt; backspace and DEL erase the last
 * character.  A line that holds a control character, a byte above 0x7E or
 * more than CONSOLE_LINE_MAX characters is consumed to its end and reported
 * as one bad line: nothing of it is used.  So is a line during which the
 * receiver lost bytes (typed while the firmware was computing).
 *
 * The watchdog is reset while waiting for input, so an idle board does not
 * reset; a stuck computation still does.
 */
#ifndef BITDRAUGHTS_DEMO_CONSOLE_H
#define BITDRAUGHTS_DEMO_CONSOLE_H

#include <stdint.h>

/* The longest line: "fen " and the longest FEN. */
#define CONSOLE_LINE_MAX 140u

enum console_status {
    CONSOLE_LINE = 0,       /* a good line, maybe empty */
    CONSOLE_TOO_LONG,
    CONSOLE_CONTROL,        /* a control character other than CR, LF, BS, DEL */
    CONSOLE_NON_ASCII,      /* a byte above 0x7E */
    CONSOLE_LOST,           /* the receiver overran */
    CONSOLE_END             /* the simulator's input ended with no line pending */
};

/* Reads one line into line (NUL-terminated, CONSOLE_LINE_MAX + 1 bytes) and
 * its length into *length; returns a console_status.  A last line without a
 * line end counts as a line. */
uint8_t console_read_line(char *line, uint8_t *length);
/* A description of a bad line's status, in flash, which console_ignored_P
 * (" ignored") completes: "line too long, ignored". */
const char *console_status_text(uint8_t status);
extern const char console_ignored_P[];
/* True when a key was pressed; consumes what was typed.  Never waits. */
uint8_t console_key_pressed(void);
/* True when a byte has arrived, which stays the start of the next line
 * (the LF of a CR LF that ended the last line is skipped, no key).  Never
 * waits. */
uint8_t console_key_waiting(void);
/* True once the simulator's input has ended (never on a board). */
uint8_t console_input_ended(void);

#endif
