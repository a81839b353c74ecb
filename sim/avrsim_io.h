/* SPDX-License-Identifier: MIT */
/*
 * avrsim_io.h - the contract between firmware and the avrsim runner.
 *
 * Two general-purpose I/O registers carry everything, so the protocol costs
 * nothing on a real board (a write to a GPIOR is a 1-cycle OUT that no
 * hardware listens to):
 *
 *   probe register (GPIOR0)  writes: AVRSIM_PROBE_BEGIN_CODE(id) opens a
 *                            measured region, AVRSIM_PROBE_END_CODE(id) closes
 *                            it; the runner counts the cycles in between.
 *   console register (GPIOR1) writes: one byte of console output, for parts
 *                            without a USART (ATtiny85).  Reads: the runner's
 *                            status, AVRSIM_STATUS_INPUT_ENDED once every byte
 *                            of its standard input has been read from the UART.
 *                            On a real ATmega the register reads 0, on a real
 *                            ATtiny the last console byte, never that value.
 *
 * The firmware names the two registers in its .mmcu section with
 * AVRSIM_FIRMWARE(), which also records the MCU and clock, so the runner
 * needs no per-part table; this header writes the section's records itself
 * (simavr's format), so a firmware needs nothing else.  The exit status is
 * main()'s return value or exit()'s argument: the runner recognises
 * avr-libc's final "cli; rjmp ." loop and reads r24.
 *
 * A region is measured from the probe's begin write to its end write.  The
 * pair itself costs a fixed few cycles (the OUT and the load of the code);
 * measure an empty pair in the same firmware and subtract it.
 */
#ifndef BITDRAUGHTS_AVRSIM_IO_H
#define BITDRAUGHTS_AVRSIM_IO_H

#include <stdint.h>

#define AVRSIM_PROBE_COUNT 64u            /* probe ids 0..63 */
#define AVRSIM_PROBE_END_FLAG 0x80u
#define AVRSIM_PROBE_BEGIN_CODE(id) ((uint8_t)(0x40u | (id)))
#define AVRSIM_PROBE_END_CODE(id)   ((uint8_t)(0xC0u | (id)))
#define AVRSIM_PROBE_CODE_IS_PROBE(c) (((c) & 0x40u) != 0)
#define AVRSIM_PROBE_CODE_ID(c)       ((uint8_t)((c) & 0x3Fu))

#define AVRSIM_STATUS_INPUT_ENDED 0x04u   /* ASCII EOT */

/* The .mmcu section (the linker puts it outside the program image, so it
 * costs nothing on a board): records of <tag, length, payload> that simavr
 * reads, plus avrsim's own, which simavr skips. */
#define AVRSIM_MMCU_TAG_END 0u
#define AVRSIM_MMCU_TAG_NAME 1u
#define AVRSIM_MMCU_TAG_FREQUENCY 2u
#define AVRSIM_MMCU_TAG_PROBE_REGISTER 10u    /* simavr's "command register" */
#define AVRSIM_MMCU_TAG_CONSOLE_REGISTER 11u
#define AVRSIM_MMCU_TAG_WAITS_ASLEEP 200u     /* avrsim's own */
#define AVRSIM_MMCU_TAG_STACK_PAINT 201u      /* avrsim's own: the paint byte */

#if defined(__AVR__)
#include <avr/io.h>

#define AVRSIM_PROBE_REG   GPIOR0
#define AVRSIM_CONSOLE_REG GPIOR1

struct avrsim_mmcu_name { uint8_t tag, len; char name[64]; } __attribute__((packed));
struct avrsim_mmcu_u32 { uint8_t tag, len; uint32_t value; } __attribute__((packed));
struct avrsim_mmcu_addr { uint8_t tag, len; volatile void *addr; } __attribute__((packed));
#define AVRSIM_MMCU_ __attribute__((section(".mmcu"), used))

/* Declare once per firmware (in the file that holds main): the MCU's name as
 * simavr knows it ("atmega328p") and its clock.  Link with
 * -Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000: the first keeps the
 * section from --gc-sections, the second puts it outside flash. */
#define AVRSIM_FIRMWARE(mcu_name, f_cpu)                                          \
    const struct avrsim_mmcu_name avrsim_mmcu_name AVRSIM_MMCU_ = {               \
        AVRSIM_MMCU_TAG_NAME, sizeof(struct avrsim_mmcu_name) - 2u, mcu_name };   \
    const struct avrsim_mmcu_u32 avrsim_mmcu_frequency AVRSIM_MMCU_ = {           \
        AVRSIM_MMCU_TAG_FREQUENCY, 4u, (f_cpu) };                                 \
    const struct avrsim_mmcu_addr avrsim_mmcu_probe AVRSIM_MMCU_ = {              \
        AVRSIM_MMCU_TAG_PROBE_REGISTER, sizeof(void *), &AVRSIM_PROBE_REG };      \
    const struct avrsim_mmcu_addr avrsim_mmcu_console AVRSIM_MMCU_ = {            \
        AVRSIM_MMCU_TAG_CONSOLE_REGISTER, sizeof(void *), &AVRSIM_CONSOLE_REG };  \
    const uint8_t _mmcu[2] AVRSIM_MMCU_ = { AVRSIM_MMCU_TAG_END, 0u }

/* Declares that the firmware waits for serial input asleep: SLEEP with
 * USART0's receive-complete interrupt enabled whenever it has nothing to do
 * until a byte comes (firmware/common/serial.c does so).  Input that is not
 * a terminal is then paced: the runner hands the USART a byte only when the
 * firmware sleeps waiting for one, so a run gives the same cycle counts
 * whether its input comes from a file, a slow pipe or a program that waits
 * for each answer (avrsim --input).  Without it the runner offers no input
 * until the firmware first sleeps so, and paces it from then on; one that
 * polls first, or stays 100 ms (simulated) without either or sending, gets
 * its input as it arrives. */
#define AVRSIM_INPUT_WAITS_ASLEEP()                                               \
    const uint8_t avrsim_mmcu_waits_asleep[2] AVRSIM_MMCU_ = {                    \
        AVRSIM_MMCU_TAG_WAITS_ASLEEP, 0u }

/* Declares that the firmware paints the RAM above its static data with
 * byte at start-up (firmware/common/stack_paint.c): the runner then also
 * reports the stack's depth as the paint shows it at the end of the run,
 * the figure the firmware itself can read on a board. */
#define AVRSIM_STACK_PAINTED(byte)                                                \
    const uint8_t avrsim_mmcu_stack_paint[3] AVRSIM_MMCU_ = {                     \
        AVRSIM_MMCU_TAG_STACK_PAINT, 1u, (byte) }

/* Each marker is "ldi; out" with the code loaded inside the asm, so its cost
 * is fixed whatever the register allocation: measure an empty pair once and
 * subtract it.  Plain markers keep their order with memory accesses only; the
 * compiler may still move register arithmetic across them, so to pin a
 * computation inside, use the _VALUE forms. */
#define AVRSIM_PROBE_WRITE_(code, ...)                                         \
    do {                                                                       \
        uint8_t avrsim_code_;                                                  \
        __asm__ __volatile__("ldi %[c], %[k]\n\tout %[reg], %[c]"              \
                             : [c] "=&d"(avrsim_code_) __VA_ARGS__             \
                             : [reg] "I"(_SFR_IO_ADDR(AVRSIM_PROBE_REG)),      \
                               [k] "n"(code)                                   \
                             : "memory");                                      \
    } while (0)
#define AVRSIM_PROBE_BEGIN(id) AVRSIM_PROBE_WRITE_(AVRSIM_PROBE_BEGIN_CODE(id))
#define AVRSIM_PROBE_END(id)   AVRSIM_PROBE_WRITE_(AVRSIM_PROBE_END_CODE(id))

/* Value-pinning markers: the begin marker "produces" var, so everything that
 * depends on it runs after the marker; the end marker "consumes" var, so its
 * computation completes before.  This measures an inlined expression in
 * context with nothing hoisted out of the region. */
#define AVRSIM_PROBE_BEGIN_VALUE(id, var) \
    AVRSIM_PROBE_WRITE_(AVRSIM_PROBE_BEGIN_CODE(id), , "+r"(var))
#define AVRSIM_PROBE_END_VALUE(id, var) \
    AVRSIM_PROBE_WRITE_(AVRSIM_PROBE_END_CODE(id), , "+r"(var))

/* True once the runner has delivered all of its input and the firmware has
 * read every byte: a scripted session can then finish and exit. */
#define AVRSIM_INPUT_ENDED() (AVRSIM_CONSOLE_REG == AVRSIM_STATUS_INPUT_ENDED)

#else  /* host builds: the markers vanish */
#define AVRSIM_PROBE_BEGIN(id) ((void)0)
#define AVRSIM_PROBE_END(id) ((void)0)
#define AVRSIM_PROBE_BEGIN_VALUE(id, var) ((void)(var))
#define AVRSIM_PROBE_END_VALUE(id, var) ((void)(var))
#endif

#endif
