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
 * needs no per-part table.  The exit status is main()'s return value or
 * exit()'s argument: the runner recognises avr-libc's final "cli; rjmp ." loop
 * and reads r24.
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

#if defined(__AVR__)
#include <avr/io.h>

#define AVRSIM_PROBE_REG   GPIOR0
#define AVRSIM_CONSOLE_REG GPIOR1

/* Declare once per firmware (in the file that holds main). Needs
 * -Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000 at link time. */
#include <avr/avr_mcu_section.h>  /* simavr's, found through -idirafter */
#define AVRSIM_FIRMWARE(mcu_name, f_cpu)                 \
    AVR_MCU((f_cpu), mcu_name);                          \
    AVR_MCU_SIMAVR_COMMAND(&AVRSIM_PROBE_REG);           \
    AVR_MCU_SIMAVR_CONSOLE(&AVRSIM_CONSOLE_REG)

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
