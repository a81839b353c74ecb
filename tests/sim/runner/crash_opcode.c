/* SPDX-License-Identifier: MIT */
/* Executes an opcode the AVR does not have (0x0001: reserved). */
#include "serial.h"

int main(void)
{
    serial_init();
    __asm__ __volatile__(".word 0x0001");
    return 0;
}
