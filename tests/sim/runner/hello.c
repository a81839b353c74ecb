/* SPDX-License-Identifier: MIT */
/* Fixed output: on ATtiny85 through the console register, on the Uno through
 * USART0; stdout must hold exactly these bytes. */
#include "serial.h"

int main(void)
{
    serial_init();
    serial_puts("hello from " BOARD_NAME "\n");
    return 0;
}
