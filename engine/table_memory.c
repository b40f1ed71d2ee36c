/* table_memory.c: see table_memory.h. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE, sysconf */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "table_memory.h"

#define HUGE_PAGE ((size_t)2 << 20)

size_t memory_physical_mb(void)
{
    /* The answer plus one, 0 before the first call.  Every search without a
     * bound of its own asks for the default (search_memory_mb, search.h), and a
     * system call on every search is what made the shortest searches 4x
     * slower when the cores were asked so (engine/ladder_run.h,
     * ladder_threads_ready).  Atomic: the UGI worker and the main thread
     * may both ask first; both store the same answer. */
    static atomic_size_t known;
    size_t cached = atomic_load_explicit(&known, memory_order_relaxed);
    if (cached) return cached - 1;
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    size_t mb = pages > 0 && page_size > 0 ? (size_t)((unsigned long long)pages * (unsigned long long)page_size >> 20)
                                           : 0;
    atomic_store_explicit(&known, mb + 1, memory_order_relaxed);
    return mb;
}

size_t memory_default_mb(void)
{
    size_t physical = memory_physical_mb(), quarter = physical / 4;
    if (!physical || quarter >= MEMORY_BOUND_DEFAULT_MB) return MEMORY_BOUND_DEFAULT_MB;
    return quarter ? quarter : 1;
}

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
