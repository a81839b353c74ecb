/* SPDX-License-Identifier: MIT */
/* A firmware of nobody's project: its own polled USART0 code at 115,200
 * baud, nothing of bitdraughts.  Built by tests/sim/test_runner.sh with plain
 * avr-gcc; with -DAVRSIM it carries avrsim's two lines (the .mmcu section),
 * without them the runner needs --mcu and --freq.  Prints a line, exits 5. */
#include <avr/io.h>

#ifdef AVRSIM
#include "avrsim_io.h"
AVRSIM_FIRMWARE("atmega328p", F_CPU);
#endif

static const char message[] = "hello from elsewhere\n";

int main(void)
{
    UCSR0A = _BV(U2X0);
    UBRR0L = 16;                        /* 115,200 baud at 16 MHz */
    UCSR0B = _BV(TXEN0);
    for (const char *p = message; *p; p++) {
        loop_until_bit_is_set(UCSR0A, UDRE0);
        UDR0 = (uint8_t)*p;
    }
    return 5;
}
