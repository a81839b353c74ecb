/* SPDX-License-Identifier: MIT */
/*
 * avrsim_firmware.h - reads the firmware the runner is asked to run: an ELF
 * file, or an Intel HEX file (flash and EEPROM bytes only).
 *
 * Mechanism.  For an ELF, simavr's elf_read_firmware() fills elf_firmware_t
 * from the loadable sections and the .mmcu records it knows (MCU, clock,
 * the runner's two registers).  The same file is then read once more with
 * libelf for what simavr does not look at:
 *   - where .mmcu lies.  Linked without --section-start=.mmcu=0x910000 the
 *     section lands in flash between .text and .data, so the start-up code
 *     copies .data from the wrong place and the firmware runs wrong in
 *     silence (simavr's own command too): such an ELF is refused.
 *   - avrsim's own .mmcu records (AVRSIM_MMCU_TAG_*, sim/avrsim_io.h), which
 *     simavr skips as unknown tags.
 *   - the end of static data (__heap_start, else __bss_end, else _end), for
 *     the stack check and for reading a painted stack.
 * An Intel HEX file is read strictly (every record's checksum, the record
 * types avr-objcopy writes: data, end, extended segment and linear
 * addresses): records below 0x800000 are flash, merged into one image with
 * the gaps erased (0xFF), records at 0x810000 and above are EEPROM, as
 * avr-objcopy writes an ELF's .eeprom section without --change-section-lma.
 * A HEX file says nothing of the MCU or the clock, and has no symbols.
 */
#ifndef BITDRAUGHTS_AVRSIM_FIRMWARE_H
#define BITDRAUGHTS_AVRSIM_FIRMWARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>
#include <sim_elf.h>

typedef struct firmware_image {
    elf_firmware_t fw;          /* for avr_load_firmware(); mmcu/frequency empty for HEX */
    bool is_hex;
    uint32_t flash_start;       /* first flash byte the file holds (a bootloader's start) */
    uint32_t program_end;       /* first flash byte after the program */
    uint16_t data_end;          /* first data address above .data/.bss; 0: unknown */
    bool waits_asleep;          /* AVRSIM_INPUT_WAITS_ASLEEP() in .mmcu */
    bool stack_painted;         /* AVRSIM_STACK_PAINTED() in .mmcu */
    uint8_t stack_paint;        /* its byte */
} firmware_image;

/* Reads path into img (zeroed first).  False with a one-line message in err
 * when the file cannot be read, is neither an ELF nor an Intel HEX file,
 * has a bad HEX record, or carries its .mmcu section in flash. */
bool firmware_read(const char *path, firmware_image *img, char *err, size_t errlen);

#endif
