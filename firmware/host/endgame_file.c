/* SPDX-License-Identifier: MIT */
#include "endgame_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "BDEGTB01"
#define HEADER_BYTES 16u

void endgame_file_path(const char *dir, uint8_t variant, char path[ENDGAME_PATH_MAX])
{
    snprintf(path, ENDGAME_PATH_MAX, "%s/%s.egtb", dir, variant == BD_VARIANT_ENGLISH ? "english" : "russian");
}

static void header(uint8_t variant, uint8_t max_pieces, uint32_t size, uint8_t out[HEADER_BYTES])
{
    memcpy(out, MAGIC, 8);
    out[8] = variant;
    out[9] = max_pieces;
    out[10] = out[11] = 0;
    for (uint8_t i = 0; i < 4u; i++)
        out[12 + i] = (uint8_t)(size >> (8u * i));
}

int endgame_file_write(const char *path, uint8_t variant, uint8_t max_pieces, const uint8_t *values,
                       uint32_t size)
{
    uint8_t head[HEADER_BYTES];
    header(variant, max_pieces, size, head);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(head, 1, HEADER_BYTES, f) != HEADER_BYTES || fwrite(values, 1, size, f) != size ||
        fclose(f) != 0) {
        fprintf(stderr, "endgame: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

int endgame_file_map(const char *path, uint8_t variant, struct eg_table *table)
{
    table->values = NULL;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    struct stat st;
    uint8_t head[HEADER_BYTES];
    ssize_t got = read(fd, head, HEADER_BYTES);
    uint8_t max_pieces = got == HEADER_BYTES ? head[9] : 0;
    uint32_t size = max_pieces >= 2u && max_pieces <= EG_MAX_PIECES ? eg_table_init(table, NULL, max_pieces) : 0;
    uint8_t want[HEADER_BYTES];
    header(variant, max_pieces, size, want);
    if (!size || memcmp(head, want, HEADER_BYTES) != 0 || fstat(fd, &st) != 0 ||
        (uint64_t)st.st_size != (uint64_t)size + HEADER_BYTES) {
        fprintf(stderr, "endgame: %s is not a table of this variant (make endgame)\n", path);
        close(fd);
        return -1;
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        fprintf(stderr, "endgame: cannot map %s: %s\n", path, strerror(errno));
        return -1;
    }
    table->values = (const uint8_t *)map + HEADER_BYTES;
    return 0;
}

uint8_t endgame_files_map(const char *dir, struct endgame_tables *tables)
{
    uint8_t found = 0;
    for (uint8_t variant = 0; variant < BD_VARIANT_COUNT; variant++) {
        char path[ENDGAME_PATH_MAX];
        endgame_file_path(dir, variant, path);
        found = (uint8_t)(found + (endgame_file_map(path, variant, &tables->variant[variant]) == 0));
    }
    return found;
}
