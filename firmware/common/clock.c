/* SPDX-License-Identifier: MIT */
#include "clock.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#if defined(TIMSK0) && defined(TIMSK1)

#define MS_PER_SECOND 1000UL
#define TIMER0_PRESCALER 64UL
#define TIMER0_COUNTS_PER_MS (F_CPU / TIMER0_PRESCALER / MS_PER_SECOND)
#define TIMER1_OVERFLOW_HALF 0x8000u

#if TIMER0_COUNTS_PER_MS < 2 || TIMER0_COUNTS_PER_MS > 256 || \
    TIMER0_COUNTS_PER_MS * TIMER0_PRESCALER * MS_PER_SECOND != F_CPU
#error "F_CPU gives no exact millisecond with Timer0 at clk/64"
#endif

static volatile uint32_t milliseconds;
static volatile uint16_t timer1_overflows;
volatile uint8_t clock_tick;

ISR(TIMER0_COMPA_vect)
{
    milliseconds++;
    clock_tick = 1;
}

ISR(TIMER1_OVF_vect)
{
    timer1_overflows++;
}

void clock_init(void)
{
    TCCR0A = _BV(WGM01);                    /* CTC: clear on compare match A */
    TCCR0B = _BV(CS01) | _BV(CS00);         /* clk/64 */
    /* After the mode: simavr rejects a compare value written in mode 0. */
    OCR0A = (uint8_t)(TIMER0_COUNTS_PER_MS - 1u);
    TCNT0 = 0;
    TIMSK0 = _BV(OCIE0A);
}

uint32_t clock_ms(void)
{
    uint32_t now;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        now = milliseconds;
    }
    return now;
}

void clock_cycles_start(void)
{
    TCCR1B = 0;
    TCCR1A = 0;
    TCNT1 = 0;
    timer1_overflows = 0;
    TIFR1 = _BV(TOV1);
    TIMSK1 = _BV(TOIE1);
    TCCR1B = _BV(CS10);                     /* clk/1 */
}

uint32_t clock_cycles_stop(void)
{
    uint16_t count;
    uint32_t overflows;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        count = TCNT1;
        overflows = timer1_overflows;
        /* Wrapped but not yet served: count the overflow here. */
        if ((TIFR1 & _BV(TOV1)) && count < TIMER1_OVERFLOW_HALF)
            overflows++;
        TCCR1B = 0;
        TIMSK1 = 0;
    }
    return (overflows << 16) | count;
}

#endif /* TIMSK0 && TIMSK1 */
