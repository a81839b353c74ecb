/* SPDX-License-Identifier: MIT */
#include "avrsim_boot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_watchdog.h>
#include <sim_io.h>

#define MCUSR_EXTRF_BIT 1u      /* on every part with a reset pin flag */

bool boot_merge(firmware_image *app, const firmware_image *bootloader, char *err, size_t errlen)
{
    const elf_firmware_t *b = &bootloader->fw;
    uint32_t boot_end = b->flashbase + b->flashsize;
    uint32_t app_end = app->fw.flash ? app->program_end : 0;
    if (app_end > bootloader->flash_start) {
        snprintf(err, errlen, "the application's %u bytes of flash reach the bootloader at 0x%04x",
                 (unsigned)app_end, (unsigned)bootloader->flash_start);
        return false;
    }
    uint32_t size = boot_end > app_end ? boot_end : app_end;
    uint8_t *flash = malloc(size);
    if (!flash) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    memset(flash, 0xFF, size);
    if (app->fw.flash)
        memcpy(flash + app->fw.flashbase, app->fw.flash, app->fw.flashsize);
    memcpy(flash + bootloader->flash_start, b->flash + (bootloader->flash_start - b->flashbase),
           boot_end - bootloader->flash_start);
    free(app->fw.flash);
    app->fw.flash = flash;
    app->fw.flashbase = 0;
    app->fw.flashsize = size;
    app->program_end = size;
    return true;
}

void boot_set_address(avr_t *avr, uint32_t address)
{
    avr->reset_pc = address;
    avr->pc = address;
}

/* MCUSR: the core's reset flags when it names them, else the register of
 * the watchdog's flag (WDRF), which is MCUSR on every part that has one. */
static avr_io_addr_t mcusr_address(avr_t *avr)
{
    if (avr->reset_flags.extrf.reg)
        return avr->reset_flags.extrf.reg;
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && strcmp(io->kind, "watchdog") == 0)
            return ((avr_watchdog_t *)io)->wdrf.reg;
    return 0;
}

void boot_external_reset(avr_t *avr)
{
    avr_io_addr_t mcusr = mcusr_address(avr);
    uint8_t flags = mcusr ? avr->data[mcusr] : 0;
    avr_reset(avr);
    if (mcusr)
        avr->data[mcusr] = (uint8_t)(flags | 1u << MCUSR_EXTRF_BIT);
}

void boot_run_erased(avr_t *avr)
{
    uint32_t words = (avr->flashend + 1u) / 2u;
    uint32_t pc = avr->pc;
    for (uint32_t n = 0; n < words; n++) {
        if ((avr->flash[pc] | avr->flash[pc + 1] << 8) != BOOT_ERASED_WORD) {
            avr->pc = pc;
            return;
        }
        avr->cycle++;
        pc = pc + 2u > avr->flashend ? 0 : pc + 2u;
    }
    avr->pc = pc;               /* all erased: the caller's checks see it spin */
}
