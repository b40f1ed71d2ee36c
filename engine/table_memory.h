/* table_memory.h: the memory of a transposition table (engine/ttable.c,
 * engine/solve_table.h). */
#ifndef PRUNE_TABLE_MEMORY_H
#define PRUNE_TABLE_MEMORY_H

#include <stddef.h>

/* `bytes` of zeroed memory for a table probed at random, or NULL.  From 2
 * MiB up it is aligned to a huge page and, where the kernel offers them,
 * backed by huge pages: a probe then costs no TLB miss of its own.  Every
 * page is written now, so that no page fault lands in a timed search
 * (measured: 16 MiB fresh tripled a kalah search).  Freed with free(). */
void *table_memory_zeroed(size_t bytes);

/* Asks memory for the cache line of a table entry ahead of its probe, so
 * that the miss overlaps other work (a hint: no effect on results). */
static inline void table_memory_prefetch(const void *entry)
{
#if defined(__GNUC__)
    __builtin_prefetch(entry);
#else
    (void)entry;
#endif
}

#endif
