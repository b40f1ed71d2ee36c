/* table_memory.c: see table_memory.h. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "table_memory.h"

#define HUGE_PAGE ((size_t)2 << 20)

void *table_memory_zeroed(size_t bytes)
{
    if (bytes < HUGE_PAGE) return calloc(1, bytes ? bytes : 1);
    size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE; /* aligned_alloc wants a multiple */
    void *p = aligned_alloc(HUGE_PAGE, rounded);
    if (!p) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, rounded, MADV_HUGEPAGE);
#endif
    memset(p, 0, rounded);
    return p;
}
