/* SPDX-License-Identifier: MIT */
/* Exit status pass-through: exit(3) from a nested call reaches the shell. */
#include <stdlib.h>

#include "serial.h"

static void __attribute__((noinline)) leave(uint8_t status)
{
    serial_puts("leaving\n");
    exit(status);
}

int main(void)
{
    serial_init();
    leave(3);
    return 0;
}
