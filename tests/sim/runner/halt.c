/* SPDX-License-Identifier: MIT */
/* "cli; sleep": simavr's graceful stop, which avrsim reports as status 0. */
#include <avr/interrupt.h>
#include <avr/sleep.h>

#include "serial.h"

int main(void)
{
    serial_init();
    serial_puts("halting\n");
    cli();
    sleep_enable();
    sleep_cpu();
    return 5;   /* never reached */
}
