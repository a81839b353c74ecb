/* SPDX-License-Identifier: MIT */
#include "serial.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "avrsim_io.h"

#if defined(UDR0)
/* ---- USART0, 8N1: polled, waiting for input asleep ------------------------ */
/* 115,200 baud from 16 MHz is 2.1 % fast with U2X, as on every Arduino;
 * setbaud's default tolerance is 2 %. */
#define BAUD_TOL 3
#include <util/setbaud.h>   /* needs F_CPU and BAUD; picks U2X when it helps */

void serial_init(void)
{
    UBRR0H = UBRRH_VALUE;
#if USE_2X
    UCSR0A = _BV(U2X0);     /* before UBRR0L: the simulator recomputes then */
#else
    UCSR0A = 0;
#endif
    UBRR0L = UBRRL_VALUE;
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(RXEN0) | _BV(TXEN0);
}

void serial_putc(char c)
{
    loop_until_bit_is_set(UCSR0A, UDRE0);
    UDR0 = (uint8_t)c;
}

#if defined(USART_RX_vect)
#define SERIAL_RX_VECT USART_RX_vect
#else
#define SERIAL_RX_VECT USART0_RX_vect
#endif

/* The receive interrupt only wakes the CPU: it switches itself off (RXC
 * stays set until UDR0 is read, so it would fire again at once) and leaves
 * the byte to serial_getc or serial_poll. */
ISR(SERIAL_RX_VECT)
{
    UCSR0B &= (uint8_t)~_BV(RXCIE0);
}

/* Interrupts off between the test and the SLEEP: a byte that arrives in
 * between keeps its interrupt pending, and SEI lets one more instruction,
 * the SLEEP, run first, so the wake-up is never lost. */
void serial_wait(void)
{
    cli();
    if (bit_is_clear(UCSR0A, RXC0) && !AVRSIM_INPUT_ENDED()) {
        UCSR0B |= _BV(RXCIE0);
        set_sleep_mode(SLEEP_MODE_IDLE);
        sleep_enable();
        sei();
        sleep_cpu();
        sleep_disable();
    }
    sei();
}

int serial_getc(void)
{
    for (;;) {
        if (bit_is_set(UCSR0A, RXC0))
            return UDR0;
        if (AVRSIM_INPUT_ENDED())
            return SERIAL_END_OF_INPUT;
        serial_wait();
    }
}

int serial_poll(void)
{
    uint8_t status = UCSR0A;    /* DOR0 is valid until UDR0 is read */
    if (status & _BV(RXC0))
        return UDR0 | (status & _BV(DOR0) ? SERIAL_OVERRUN : 0);
    if (AVRSIM_INPUT_ENDED())
        return SERIAL_END_OF_INPUT;
    return SERIAL_NO_INPUT;
}

#else
/* ---- no USART: the runner's console register ---------------------------- */
void serial_init(void) {}

void serial_putc(char c)
{
    AVRSIM_CONSOLE_REG = (uint8_t)c;
}

void serial_wait(void) {}

int serial_getc(void)
{
    return SERIAL_END_OF_INPUT;
}

int serial_poll(void)
{
    return SERIAL_END_OF_INPUT;
}
#endif
