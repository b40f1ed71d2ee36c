/* fuzz_common.h: what the fuzz targets share.  Define FUZZ_NAME (the
 * target's name, a string literal) before including it.
 *
 *   CHECK(condition, format, ...)  a property of the target: when it fails,
 *                                  one line naming the target, then abort
 *                                  (libFuzzer keeps the input);
 *   fuzz_scratch_files()           two scratch files in /dev/shm, made once
 *                                  per process and removed at exit, for the
 *                                  targets whose reader takes a file;
 *   fuzz_write_bytes(path, ...)    the input, written as it is. */
#ifndef PRUNE_FUZZ_COMMON_H
#define PRUNE_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef FUZZ_ON_FAILURE
#define FUZZ_ON_FAILURE() ((void)0) /* what a target prints before aborting */
#endif

#define CHECK(condition, ...)                                 \
    do {                                                      \
        if (!(condition)) {                                   \
            fprintf(stderr, FUZZ_NAME ": " __VA_ARGS__);      \
            fputc('\n', stderr);                              \
            FUZZ_ON_FAILURE();                                \
            abort();                                          \
        }                                                     \
    } while (0)

static char input_path[] = "/dev/shm/prune-" FUZZ_NAME "-in-XXXXXX";
static char output_path[] = "/dev/shm/prune-" FUZZ_NAME "-out-XXXXXX";

static void fuzz_remove_files(void)
{
    unlink(input_path);
    unlink(output_path);
}

static inline void fuzz_scratch_files(void)
{
    static int made;
    if (made) return;
    int in = mkstemp(input_path), out = mkstemp(output_path);
    CHECK(in >= 0 && out >= 0, "cannot make scratch files in /dev/shm");
    close(in);
    close(out);
    atexit(fuzz_remove_files);
    made = 1;
}

static inline void fuzz_write_bytes(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write %s", path);
}

#endif
