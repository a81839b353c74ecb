/* SPDX-License-Identifier: MIT */
/* A slow reader (the receive FIFO fills up) that checks, after every byte,
 * that "input ended" never shows while bytes are still to come: once it
 * shows, no byte may arrive any more.  Prints the byte count. */
#include <avr/io.h>

#include "avrsim_io.h"
#include "serial.h"

#if defined(UDR0)
int main(void)
{
    uint32_t count = 0;
    serial_init();
    for (;;) {
        if (bit_is_set(UCSR0A, RXC0)) {
            (void)UDR0;
            count++;
            __builtin_avr_delay_cycles(20000);   /* slower than the line */
        }
        /* asked after every byte too, while the FIFO may still hold more */
        if (AVRSIM_INPUT_ENDED())
            break;
    }
    /* Ended: nothing may come any more, however long we wait. */
    __builtin_avr_delay_cycles(200000);
    if (bit_is_set(UCSR0A, RXC0)) {
        serial_puts("byte after input ended\n");
        return 1;
    }
    serial_put_u32(count);
    serial_putc('\n');
    return 0;
}
#else
/* No USART: there is no input channel, so the input has ended from the
 * start. */
int main(void)
{
    serial_init();
    if (!AVRSIM_INPUT_ENDED())
        return 1;
    serial_puts("0\n");
    return 0;
}
#endif
