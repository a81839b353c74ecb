/* SPDX-License-Identifier: MIT */
/* Paints its stack (firmware/common/stack_paint.h), then writes one byte far
 * below the stack, in RAM nothing should touch, and prints how many bytes
 * above static data it still finds painted: --stats must report a painted
 * stack that reaches the stray byte, deeper than the peak stack (the sign
 * of a write that was not the stack's), and the firmware's count and the
 * runner's must agree. */
#include <stdint.h>

#include "serial.h"
#include "stack_paint.h"

#define STRAY_OFFSET 16u        /* bytes above static data */

int main(void)
{
    extern uint8_t __heap_start;
    serial_init();
    *(volatile uint8_t *)(&__heap_start + STRAY_OFFSET) = (uint8_t)~STACK_PAINT_BYTE;
    serial_put_u32(stack_paint_never_used());
    serial_putc('\n');
    return 0;
}
