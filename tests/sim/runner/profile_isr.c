/* SPDX-License-Identifier: MIT */
/* Interrupts under avrsim --profile: Timer0 overflows every 256 cycles (no
 * prescaler) while main calls the short leaf step() STEP_CALLS times, so
 * interrupts land after every kind of instruction, calls and returns
 * included.  Prints how many interrupts the firmware counted. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdint.h>

#include "serial.h"

#define STEP_CALLS 2000u

/* The ATmega names its Timer0 interrupt mask TIMSK0, the ATtiny85 TIMSK. */
#if defined(TIMSK0)
#define TIMER0_INTERRUPT_MASK TIMSK0
#else
#define TIMER0_INTERRUPT_MASK TIMSK
#endif

static volatile uint16_t overflows;
static volatile uint16_t steps;

ISR(TIMER0_OVF_vect)
{
    overflows++;
}

static void __attribute__((noinline)) step(void)
{
    steps++;
}

int main(void)
{
    serial_init();
    TCCR0B = _BV(CS00);                     /* clk/1 */
    TIMER0_INTERRUPT_MASK = _BV(TOIE0);
    sei();
    for (uint16_t i = 0; i < STEP_CALLS; i++)
        step();
    cli();
    serial_put_u32(overflows);
    serial_putc('\n');
    return steps == STEP_CALLS ? 0 : 1;
}
