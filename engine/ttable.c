/* ttable.c: allocating and emptying the transposition table (ttable.h). */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE; sysconf */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ttable.h"

size_t tt_max_megabytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return 1024; /* unknown: a modest gigabyte */
    return (size_t)((unsigned long long)pages * (unsigned long long)page_size / 2 >> 20);
}

bool tt_resize(ttable *t, size_t megabytes)
{
    size_t count = 1;
    while (count * 2 * sizeof(tt_entry) <= (megabytes << 20)) count *= 2;
    if (t->entries && t->mask + 1 == count) {
        t->megabytes = megabytes;
        memset(t->entries, 0, count * sizeof(tt_entry));
        t->generation = 1;
        return true;
    }
    free(t->entries);
    size_t bytes = count * sizeof(tt_entry), huge = (size_t)2 << 20;
    /* Aligned to a huge page and, where the kernel offers it, backed by
     * them: probes land anywhere, and 4 KiB pages would cost a TLB miss
     * each. */
    t->entries = bytes >= huge ? aligned_alloc(huge, bytes) : malloc(bytes);
    t->mask = t->entries ? count - 1 : 0;
    t->megabytes = t->entries ? megabytes : 0;
    t->generation = 1;
    if (!t->entries) return false;
#ifdef MADV_HUGEPAGE
    if (bytes >= huge) madvise(t->entries, bytes, MADV_HUGEPAGE);
#endif
    /* Zeroed now, so that every page is mapped before a search is timed:
     * a fresh page's first touch is a page fault, which in the search cost
     * microseconds a probe (measured: 16 MiB tripled a kalah search). */
    memset(t->entries, 0, bytes);
    return true;
}

void tt_new_search(ttable *t, bool keep)
{
    if (keep) return;
    if (t->generation == 255) {
        memset(t->entries, 0, (t->mask + 1) * sizeof(tt_entry));
        t->generation = 0;
    }
    t->generation++;
}
