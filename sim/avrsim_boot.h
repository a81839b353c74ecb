/* SPDX-License-Identifier: MIT */
/*
 * avrsim_boot.h - the part started as a board starts it: a bootloader in the
 * boot section, the application below it in the same flash, the reset vector
 * moved to the bootloader (the BOOTRST fuse), and the reset pin (an external
 * reset, EXTRF in MCUSR).
 *
 * Mechanism.  The two images are merged into one flash image before simavr
 * loads it: erased bytes (0xFF) everywhere else, as a chip erase leaves
 * them.  simavr's reset jumps to avr->reset_pc, which the boot address sets,
 * so a watchdog reset starts the bootloader again, as on a part with BOOTRST
 * programmed.  An external reset is simavr's reset (the I/O registers
 * cleared) with MCUSR given back its flags and EXTRF added: the flags stay
 * until the firmware clears them, as the datasheet says, and a bootloader
 * that looks at EXTRF (Optiboot runs the application at once unless it is
 * set) sees the reset pin.
 * A part whose program counter reaches erased flash runs through it to the
 * next programmed word (the bootloader, on an empty part): each erased word
 * takes one cycle here, and the counter wraps at the end of the flash.
 */
#ifndef BITDRAUGHTS_AVRSIM_BOOT_H
#define BITDRAUGHTS_AVRSIM_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

#include "avrsim_firmware.h"

#define BOOT_ERASED_WORD 0xFFFFu

/* Puts the bootloader's flash bytes into app's image (app may hold no
 * program: then the bootloader alone).  False with a message in err when
 * the application reaches the bootloader's first byte. */
bool boot_merge(firmware_image *app, const firmware_image *bootloader, char *err, size_t errlen);

/* Every reset, and the start, at this flash byte address. */
void boot_set_address(avr_t *avr, uint32_t address);

/* The reset pin pulled low and released: simavr's reset, then MCUSR as it
 * was with EXTRF set. */
void boot_external_reset(avr_t *avr);

/* The program counter is on an erased word: runs through the erased flash
 * to the next programmed word, a cycle per word. */
void boot_run_erased(avr_t *avr);

#endif
