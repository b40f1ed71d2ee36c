/* child_coverage.c: see child_coverage.h. */
#define _DEFAULT_SOURCE  /* MAP_ANONYMOUS */
#include "child_coverage.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The inline 8-bit counters of -fsanitize=fuzzer, bounded by the symbols
 * the linker makes for their section. */
extern uint8_t __start___sancov_cntrs[];
extern uint8_t __stop___sancov_cntrs[];

static uint8_t *shared;
static size_t bytes;

void child_coverage_init(void)
{
    bytes = (size_t)(__stop___sancov_cntrs - __start___sancov_cntrs);
    shared = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) abort();
}

void child_coverage_save(void)
{
    memcpy(shared, __start___sancov_cntrs, bytes);
}

void child_coverage_restore(void)
{
    memcpy(__start___sancov_cntrs, shared, bytes);
}
