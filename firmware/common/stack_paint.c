/* SPDX-License-Identifier: MIT */
#include "stack_paint.h"

#include <avr/io.h>

#include "avrsim_io.h"

/* The linker's end of static data: the first byte the stack may reach. */
extern uint8_t __heap_start;

AVRSIM_STACK_PAINTED(STACK_PAINT_BYTE);

/* .init3 runs after the stack pointer is set and r1 cleared (.init2) and
 * before .data and .bss are filled (.init4), none of which lies above
 * __heap_start: a naked routine that calls nothing uses no stack, so it
 * may paint every byte up to the top. */
void stack_paint(void) __attribute__((naked, used, section(".init3")));
void stack_paint(void)
{
    /* A relocation without code: keeps the .mmcu record below as long as
     * this routine is linked (--gc-sections drops an unreferenced one). */
    __asm__(".reloc ., BFD_RELOC_NONE, avrsim_mmcu_stack_paint");
    for (uint8_t *byte = &__heap_start; byte <= (uint8_t *)RAMEND; byte++)
        *byte = STACK_PAINT_BYTE;
}

uint16_t stack_paint_never_used(void)
{
    const uint8_t *byte = &__heap_start;
    while (byte < (const uint8_t *)RAMEND && *byte == STACK_PAINT_BYTE)
        byte++;
    return (uint16_t)(byte - &__heap_start);
}

uint16_t stack_paint_static(void)
{
    return (uint16_t)(&__heap_start - (uint8_t *)RAMSTART);
}
