/* SPDX-License-Identifier: MIT */
/*
 * replay.c - the main of a target outside libFuzzer: feeds each file named
 * on the command line, or each file of each directory named, to
 * LLVMFuzzerTestOneInput() once (make test replays the corpora this way,
 * built with gcc, AddressSanitizer and UBSan).  The replay is one test: it
 * passes when every file runs to its end; a broken property or a sanitizer
 * report aborts after the name of the file on stderr, and the exit status
 * fails the suite.  Reports go to stderr: some targets send stdout
 * elsewhere.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static unsigned replayed;

static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        exit(1);
    }
    size_t capacity = 4096, size = 0;
    uint8_t *data = malloc(capacity);
    size_t got;
    while (data && (got = fread(data + size, 1, capacity - size, f)) > 0) {
        size += got;
        if (size == capacity)
            data = realloc(data, capacity *= 2);
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "replay: out of memory for %s\n", path);
        exit(1);
    }
    /* Exactly size bytes on the heap: a read past the input is a report. */
    uint8_t *input = malloc(size ? size : 1);
    memcpy(input, data, size);
    free(data);
    fprintf(stderr, "replay: %s\n", path);
    LLVMFuzzerTestOneInput(input, size);
    free(input);
    replayed++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's files in name order, so that runs are repeatable. */
static void replay_directory(const char *path)
{
    DIR *dir = opendir(path);
    if (!dir) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(1);
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n] = malloc(strlen(path) + strlen(entry->d_name) + 2);
        sprintf(names[n++], "%s/%s", path, entry->d_name);
    }
    closedir(dir);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        replay_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            replay_directory(argv[i]);
        else
            replay_file(argv[i]);
    }
    if (replayed == 0) {
        fprintf(stderr, "replay: no inputs\n");
        return 1;
    }
    fprintf(stderr, "%s: %u inputs replayed; 1 passed, 0 failed\n", argc > 0 ? argv[0] : "replay",
            replayed);
    return 0;
}
