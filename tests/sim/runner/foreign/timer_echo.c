/* SPDX-License-Identifier: MIT */
/* Waits for input asleep with a timer running, and does not declare it
 * (AVRSIM_INPUT_WAITS_ASLEEP): the receive interrupt takes each byte from
 * UDR0, Timer0 overflows every 16,384 cycles (clk/64), and the main loop
 * sleeps (idle) whenever nothing has been received, echoes what has, and
 * exits 0 on '~' (1 if the input ends first).  Its cycle count must not
 * depend on when the bytes reach the runner. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

#include "avrsim_io.h"

AVRSIM_FIRMWARE("atmega328p", F_CPU);

#define NOTHING_RECEIVED (-1)

static volatile int16_t received = NOTHING_RECEIVED;
static volatile uint8_t ticks;

ISR(USART_RX_vect)
{
    received = UDR0;
}

ISR(TIMER0_OVF_vect)
{
    ticks++;
}

int main(void)
{
    UCSR0A = _BV(U2X0);
    UBRR0L = 16;                            /* 115,200 baud at 16 MHz */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
    TCCR0B = _BV(CS01) | _BV(CS00);         /* clk/64 */
    TIMSK0 = _BV(TOIE0);
    set_sleep_mode(SLEEP_MODE_IDLE);
    for (;;) {
        cli();
        int16_t c = received;
        received = NOTHING_RECEIVED;
        if (c == NOTHING_RECEIVED && !AVRSIM_INPUT_ENDED()) {
            sleep_enable();
            sei();
            sleep_cpu();
            sleep_disable();
        }
        sei();
        if (c == '~')
            return 0;
        if (c != NOTHING_RECEIVED) {
            loop_until_bit_is_set(UCSR0A, UDRE0);
            UDR0 = (uint8_t)c;
        } else if (AVRSIM_INPUT_ENDED()) {
            return 1;
        }
    }
}
