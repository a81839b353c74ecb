/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE

#include "avrsim_eeprom.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <avr_eeprom.h>
#include <sim_cycle_timers.h>
#include <sim_interrupts.h>

/* Datasheet times (ATmega328P table 8-2; ATmega2560, ATtiny85 alike). */
#define ERASE_AND_WRITE_US 3400u
#define ERASE_OR_WRITE_US 1800u
#define EEMPE_CYCLES 4u                 /* EEMPE clears itself after these */
#define READ_HALT_CYCLES 4u
#define WRITE_HALT_CYCLES 2u

enum { MODE_ERASE_AND_WRITE, MODE_ERASE_ONLY, MODE_WRITE_ONLY };

static struct eeprom {
    avr_eeprom_t *ee;           /* simavr's module: the bytes, the registers */
    bool busy;
    uint16_t address;
    uint8_t old_value, new_value;
    int mode;
    avr_cycle_count_t started_at, done_at;
} E;

static bool written(uint8_t v, avr_regbit_t rb)
{
    return (v >> rb.bit) & rb.mask;
}

static uint8_t mask_of(avr_regbit_t rb)
{
    return (uint8_t)(rb.mask << rb.bit);
}

static uint8_t eecr(avr_t *avr)
{
    return avr->data[E.ee->r_eecr];
}

static uint16_t ee_address(avr_t *avr)
{
    uint16_t a = avr->data[E.ee->r_eearl];
    if (E.ee->r_eearh)
        a |= (uint16_t)(avr->data[E.ee->r_eearh] << 8);
    return (uint16_t)(a % E.ee->size);      /* the chip ignores the high bits */
}

static avr_cycle_count_t eempe_clear(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when; (void)param;
    avr->data[E.ee->r_eecr] &= (uint8_t)~mask_of(E.ee->eempe);
    return 0;                   /* once */
}

static avr_cycle_count_t operation_done(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when; (void)param;
    E.ee->eeprom[E.address] = E.new_value;
    E.busy = false;
    avr->data[E.ee->r_eecr] &= (uint8_t)~mask_of(E.ee->eepe);
    if (avr_regbit_get(avr, E.ee->ready.enable))
        avr_raise_interrupt(avr, &E.ee->ready);
    return 0;
}

static void start_operation(avr_t *avr, int mode)
{
    uint8_t data = avr->data[E.ee->r_eedr];
    E.address = ee_address(avr);
    E.old_value = E.ee->eeprom[E.address];
    E.mode = mode;
    E.new_value = mode == MODE_ERASE_ONLY ? 0xFF
                : mode == MODE_WRITE_ONLY ? (uint8_t)(E.old_value & data)
                                          : data;
    uint32_t us = mode == MODE_ERASE_AND_WRITE ? ERASE_AND_WRITE_US : ERASE_OR_WRITE_US;
    avr_cycle_count_t duration = ((avr_cycle_count_t)us * avr->frequency + 500000u) / 1000000u;
    E.busy = true;
    E.started_at = avr->cycle;
    E.done_at = avr->cycle + duration;
    avr_cycle_timer_register(avr, duration, operation_done, NULL);
    avr->cycle += WRITE_HALT_CYCLES;
}

/* EECR written: the controller's state machine (avrsim_eeprom.h). */
static void eecr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    const avr_eeprom_t *ee = E.ee;
    uint8_t before = eecr(avr);
    bool armed = written(before, ee->eempe);
    uint8_t mode_bits = mask_of(ee->eepm[0]) | mask_of(ee->eepm[1]);
    uint8_t now = (uint8_t)(v & mask_of(ee->ready.enable));
    now |= E.busy ? (uint8_t)(before & mode_bits) : (uint8_t)(v & mode_bits);

    bool start = written(v, ee->eepe) && armed && !E.busy;
    if (written(v, ee->eempe) && !start) {
        now |= mask_of(ee->eempe);
        if (!armed)
            avr_cycle_timer_register(avr, EEMPE_CYCLES, eempe_clear, NULL);
    }
    if (start) {
        avr_cycle_timer_cancel(avr, eempe_clear, NULL);
        int mode = (int)(written(now, ee->eepm[0]) | written(now, ee->eepm[1]) << 1);
        start_operation(avr, mode == 3 ? MODE_ERASE_AND_WRITE : mode);
    }
    if (E.busy)
        now |= mask_of(ee->eepe);
    avr->data[addr] = now;

    if (written(v, ee->eere) && !E.busy) {
        avr->data[ee->r_eedr] = ee->eeprom[ee_address(avr)];
        avr->cycle += READ_HALT_CYCLES;
    }
    if (written(now, ee->ready.enable) && !written(before, ee->ready.enable) && !E.busy)
        avr_raise_interrupt(avr, &E.ee->ready);
}

void eeprom_reset(avr_t *avr)
{
    if (!E.ee || !E.busy)
        return;
    avr->data[E.ee->r_eecr] |= mask_of(E.ee->eepe);
    avr_cycle_count_t left = E.done_at > avr->cycle ? E.done_at - avr->cycle : 1u;
    avr_cycle_timer_register(avr, left, operation_done, NULL);
}

/* ------------------------------------------------------------ the file -- */
static bool load_image(const char *path, char *err, size_t errlen)
{
    uint32_t size = E.ee->size;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT)
            return true;        /* first run: the file is created at the end */
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    bool ok = fstat(fileno(f), &st) == 0 && st.st_size == (off_t)size;
    if (!ok)
        snprintf(err, errlen, "%s: %lld bytes, but the part has %u bytes of EEPROM",
                 path, (long long)st.st_size, (unsigned)size);
    else if (fread(E.ee->eeprom, 1, size, f) != size) {
        snprintf(err, errlen, "%s: cannot read %u bytes", path, (unsigned)size);
        ok = false;
    }
    fclose(f);
    return ok;
}

bool eeprom_open(avr_t *avr, const char *path, char *err, size_t errlen)
{
    memset(&E, 0, sizeof E);
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && strcmp(io->kind, "eeprom") == 0)
            E.ee = (avr_eeprom_t *)io;      /* avr_io_t is the module's first member */
    if (!E.ee || !E.ee->size || !E.ee->eeprom) {
        E.ee = NULL;
        if (!path)
            return true;
        snprintf(err, errlen, "%s has no EEPROM (--eeprom %s)", avr->mmcu, path);
        return false;
    }
    /* simavr's handler is replaced, not chained: it would store the byte
     * at once and clear EEPE */
    avr->io[AVR_DATA_TO_IO(E.ee->r_eecr)].w.c = eecr_write;
    avr->io[AVR_DATA_TO_IO(E.ee->r_eecr)].w.param = NULL;
    return !path || load_image(path, err, errlen);
}

bool eeprom_finish(avr_t *avr, const char *path, bool power_cut, eeprom_cut *cut)
{
    (void)avr;
    if (cut)
        memset(cut, 0, sizeof *cut);
    if (!E.ee)
        return true;
    if (E.busy) {
        uint8_t left = power_cut ? (E.mode == MODE_WRITE_ONLY ? E.old_value : 0xFF) : E.new_value;
        E.ee->eeprom[E.address] = left;
        E.busy = false;
        if (cut && power_cut)
            *cut = (eeprom_cut){ true, E.address, E.old_value, E.new_value, left, E.started_at };
    }
    if (!path)
        return true;
    char *tmp = NULL;
    if (asprintf(&tmp, "%s.tmp", path) < 0)
        return false;
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(E.ee->eeprom, 1, E.ee->size, f) == E.ee->size;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok || rename(tmp, path) != 0) {
        int saved = errno;
        unlink(tmp);
        errno = saved;
        ok = false;
    }
    free(tmp);
    return ok;
}
