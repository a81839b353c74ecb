/* SPDX-License-Identifier: MIT */
/* UART round trip: every input byte back unchanged; exit 0 at end of input. */
#include "serial.h"

int main(void)
{
    int c;
    serial_init();
    while ((c = serial_getc()) != SERIAL_END_OF_INPUT)
        serial_putc((char)c);
    return 0;
}
