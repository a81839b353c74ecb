/* SPDX-License-Identifier: MIT */
/* Jumps into erased flash far beyond the program: a crash with that PC. */
#include "serial.h"

int main(void)
{
    void (*nowhere)(void) = (void (*)(void))0x0F00;   /* byte address 0x1e00 */
    serial_init();
    serial_puts("jumping\n");
    nowhere();
    return 0;
}
