/* SPDX-License-Identifier: MIT */
/* Pins for the VCD trace: PB0 an input with its pull-up, PB1 an output
 * driven low, PB2 floating, PB5 three high pulses of 1,001 cycles (the OUT
 * that sets it, then 1,000 cycles of delay); then "Hi\n" on USART0 at
 * 115,200 baud, and every byte of input echoed until it ends. */
#include <avr/io.h>

#include "avrsim_io.h"

AVRSIM_FIRMWARE("atmega328p", F_CPU);

static void put(uint8_t c)
{
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UDR0 = c;
}

int main(void)
{
    PORTB = _BV(PB0);
    DDRB = _BV(PB1) | _BV(PB5);
    for (uint8_t i = 0; i < 3; i++) {
        PINB = _BV(PB5);                    /* toggles: high */
        __builtin_avr_delay_cycles(1000);
        PINB = _BV(PB5);                    /* low */
        __builtin_avr_delay_cycles(3000);
    }
    UCSR0A = _BV(U2X0);
    UBRR0L = 16;
    UCSR0B = _BV(TXEN0) | _BV(RXEN0);
    put('H');
    put('i');
    put('\n');
    while (!AVRSIM_INPUT_ENDED())
        if (bit_is_set(UCSR0A, RXC0))
            put(UDR0);
    return 0;
}
