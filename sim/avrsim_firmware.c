/* SPDX-License-Identifier: MIT */
#include "avrsim_firmware.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "avrsim_io.h"

#define DATA_SPACE 0x800000u        /* the ELF's data addresses start here */
#define EEPROM_SPACE 0x810000u      /* and the EEPROM's */
#define MMCU_RECOMMENDED 0x910000u  /* where --section-start puts .mmcu */
#define HEX_LINE_MAX 600u           /* 255 data bytes in hex plus the frame */
#define HEX_SPACE_MAX 0x1000000u    /* 24-bit AVR addresses */

static bool failf(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool failf(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

/* ------------------------------------------------------------------ ELF -- */
/* The records of .mmcu are <tag, length, payload>. */
/* The first record of tag whose payload fits in the section: its
 * payload, else NULL. */
static const uint8_t *mmcu_find_tag(const uint8_t *p, size_t size, uint8_t tag)
{
    while (size >= 2) {
        size_t record = 2u + p[1];
        if (record > size)
            break;
        if (p[0] == tag)
            return p + 2;
        p += record;
        size -= record;
    }
    return NULL;
}

/* simavr's reader reports a file too short for an ELF header with perror(),
 * which says "Success" when read() merely came up short: the header is
 * checked here first, with a message of our own. */
static bool elf_header_fits(Elf *elf, const char *path, char *err, size_t errlen)
{
    GElf_Ehdr header;
    if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &header))
        return failf(err, errlen, "%s: a damaged or truncated ELF file (no ELF header)", path);
    if (header.e_machine != EM_AVR || gelf_getclass(elf) != ELFCLASS32)
        return failf(err, errlen, "%s: an ELF file for another processor (machine %u), not an AVR",
                     path, (unsigned)header.e_machine);
    return true;
}

/* The symbols and sections simavr's reader does not look at. */
static bool scan_elf(const char *path, firmware_image *img, char *err, size_t errlen)
{
    static const char *const ends[] = { "__heap_start", "__bss_end", "_end" };
    uint32_t found[3] = { 0, 0, 0 };
    bool have[3] = { false, false, false };
    bool ok = true;

    if (elf_version(EV_CURRENT) == EV_NONE)
        return true;            /* no libelf: no extra checks */
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return failf(err, errlen, "%s: %s", path, strerror(errno));
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    if (!elf_header_fits(elf, path, err, errlen)) {
        if (elf)
            elf_end(elf);
        close(fd);
        return false;
    }
    size_t shstrndx = 0;
    if (elf_getshdrstrndx(elf, &shstrndx) != 0)
        shstrndx = 0;
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn)) != NULL;) {
        GElf_Shdr shdr;
        if (!gelf_getshdr(scn, &shdr))
            continue;
        const char *name = shstrndx ? elf_strptr(elf, shstrndx, shdr.sh_name) : NULL;
        if (name && strcmp(name, ".mmcu") == 0) {
            if (shdr.sh_addr < DATA_SPACE) {
                ok = failf(err, errlen,
                           "%s: its .mmcu section lies in flash (0x%04llx), so .data is "
                           "copied from the wrong place: link with "
                           "-Wl,--section-start=.mmcu=0x%x", path,
                           (unsigned long long)shdr.sh_addr, MMCU_RECOMMENDED);
                break;
            }
            Elf_Data *data = elf_getdata(scn, NULL);
            if (data && data->d_buf) {
                img->waits_asleep = mmcu_find_tag(data->d_buf, data->d_size,
                                                  AVRSIM_MMCU_TAG_WAITS_ASLEEP) != NULL;
                const uint8_t *paint = mmcu_find_tag(data->d_buf, data->d_size,
                                                     AVRSIM_MMCU_TAG_STACK_PAINT);
                if (paint && paint[-1] == 1u) {
                    img->stack_painted = true;
                    img->stack_paint = paint[0];
                }
            }
        }
        if (shdr.sh_type != SHT_SYMTAB || !shdr.sh_entsize)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        size_t count = shdr.sh_size / shdr.sh_entsize;
        for (size_t i = 0; data && i < count; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym))
                continue;
            const char *sym_name = elf_strptr(elf, shdr.sh_link, sym.st_name);
            for (int k = 0; sym_name && k < 3; k++)
                if (strcmp(sym_name, ends[k]) == 0) {
                    found[k] = (uint32_t)sym.st_value;
                    have[k] = true;
                }
        }
    }
    elf_end(elf);
    close(fd);
    for (int k = 0; k < 3; k++)
        if (have[k] && found[k] >= DATA_SPACE) {
            img->data_end = (uint16_t)(found[k] - DATA_SPACE);
            break;
        }
    return ok;
}

/* ------------------------------------------------------------ Intel HEX -- */
typedef struct byte_image {
    uint8_t *bytes;
    uint32_t low, high;         /* [low, high) written; low > high: empty */
} byte_image;

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static bool image_put(byte_image *im, uint32_t addr, const uint8_t *data, uint32_t n)
{
    if (!im->bytes) {
        im->bytes = malloc(HEX_SPACE_MAX / 16u);   /* 1 MB: any AVR's flash */
        if (!im->bytes)
            return false;
        memset(im->bytes, 0xFF, HEX_SPACE_MAX / 16u);
        im->low = UINT32_MAX;
        im->high = 0;
    }
    if (addr + n > HEX_SPACE_MAX / 16u)
        return false;
    memcpy(im->bytes + addr, data, n);
    if (addr < im->low)
        im->low = addr;
    if (addr + n > im->high)
        im->high = addr + n;
    return true;
}

/* Copies [0, high) of an image into a buffer of its own (the ELF reader's
 * convention: flash from address 0, EEPROM from offset 0). */
static uint8_t *image_take(const byte_image *im, uint32_t *size)
{
    *size = im->bytes ? im->high : 0;
    if (!*size)
        return NULL;
    uint8_t *copy = malloc(*size);
    if (copy)
        memcpy(copy, im->bytes, *size);
    return copy;
}

static bool read_hex(const char *path, FILE *f, firmware_image *img, char *err, size_t errlen)
{
    byte_image flash = { 0 }, eeprom = { 0 };
    char line[HEX_LINE_MAX];
    uint32_t base = 0;
    unsigned number = 0;
    bool ended = false, ok = true;

    while (ok && !ended && fgets(line, sizeof line, f)) {
        number++;
        size_t len = strcspn(line, "\r\n");
        line[len] = '\0';
        if (len == 0)
            continue;
        uint8_t rec[(HEX_LINE_MAX - 1u) / 2u];
        size_t n = 0;
        bool well_formed = line[0] == ':' && len % 2u == 1u && len >= 11u;
        for (size_t i = 1; well_formed && i + 1 < len; i += 2) {
            int hi = hex_digit(line[i]), lo = hex_digit(line[i + 1]);
            if (hi < 0 || lo < 0)
                well_formed = false;
            else
                rec[n++] = (uint8_t)(hi << 4 | lo);
        }
        if (!well_formed || n != 5u + rec[0]) {
            ok = failf(err, errlen, "%s:%u: not an Intel HEX record", path, number);
            break;
        }
        uint8_t sum = 0;
        for (size_t i = 0; i < n; i++)
            sum = (uint8_t)(sum + rec[i]);
        if (sum != 0) {
            ok = failf(err, errlen, "%s:%u: bad checksum", path, number);
            break;
        }
        uint32_t offset = (uint32_t)(rec[1] << 8 | rec[2]);
        switch (rec[3]) {
        case 0x00: {            /* data */
            uint32_t addr = base + offset;
            bool put = addr >= EEPROM_SPACE ? image_put(&eeprom, addr - EEPROM_SPACE, rec + 4, rec[0])
                     : addr < DATA_SPACE   ? image_put(&flash, addr, rec + 4, rec[0])
                                           : false;
            if (!put)
                ok = failf(err, errlen, "%s:%u: address 0x%06x is neither flash nor EEPROM",
                           path, number, (unsigned)addr);
            break;
        }
        case 0x01: ended = true; break;
        case 0x02: base = (uint32_t)(rec[4] << 8 | rec[5]) << 4; break;
        case 0x04: base = (uint32_t)(rec[4] << 8 | rec[5]) << 16; break;
        case 0x03: case 0x05: break;    /* start address: the AVR starts at 0 */
        default:
            ok = failf(err, errlen, "%s:%u: unknown record type %02x", path, number, rec[3]);
        }
    }
    if (ok && !flash.bytes)
        ok = failf(err, errlen, "%s: no flash bytes in this HEX file", path);
    if (ok) {
        img->fw.flash = image_take(&flash, &img->fw.flashsize);
        img->fw.eeprom = image_take(&eeprom, &img->fw.eesize);
        img->fw.flashbase = 0;
        img->flash_start = flash.low;
        img->program_end = img->fw.flashsize;
        img->is_hex = true;
        if (!img->fw.flash)
            ok = failf(err, errlen, "out of memory");
    }
    free(flash.bytes);
    free(eeprom.bytes);
    return ok;
}

/* ------------------------------------------------------------ the entry -- */
bool firmware_read(const char *path, firmware_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    FILE *f = fopen(path, "rb");
    if (!f)
        return failf(err, errlen, "%s: %s", path, strerror(errno));
    int first = fgetc(f);
    if (first == ':') {
        rewind(f);
        bool ok = read_hex(path, f, img, err, errlen);
        fclose(f);
        return ok;
    }
    char magic[3];
    bool elf = first == 0x7F && fread(magic, 1, 3, f) == 3 && memcmp(magic, "ELF", 3) == 0;
    fclose(f);
    if (!elf)
        return failf(err, errlen, "%s: neither an AVR ELF nor an Intel HEX file", path);
    if (!scan_elf(path, img, err, errlen))
        return false;
    if (elf_read_firmware(path, &img->fw) != 0 || img->fw.flashsize == 0)
        return failf(err, errlen, "%s: not a readable AVR ELF firmware", path);
    img->flash_start = img->fw.flashbase;
    img->program_end = img->fw.flashbase + img->fw.flashsize;
    return true;
}
