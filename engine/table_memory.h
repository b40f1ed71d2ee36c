/* table_memory.h: the memory of a transposition table (engine/ttable.c,
 * engine/solve_table.h), and the bound on what a command takes for its
 * tables and trees (--max-memory-mb, docs/cli.md). */
#ifndef PRUNE_TABLE_MEMORY_H
#define PRUNE_TABLE_MEMORY_H

#include <stddef.h>

/* The default memory bound on a machine of 4 GiB or more: a search that
 * runs away stops at a gigabyte, which a small machine still holds, rather
 * than take the machine's memory (docs/cli.md, "Memory"). */
#define MEMORY_BOUND_DEFAULT_MB 1024

/* The machine's physical memory in MiB; 0 when the system does not say.
 * Asked of the system once: later calls are a load. */
size_t memory_physical_mb(void);

/* The default memory bound of every command that searches: the smaller of
 * MEMORY_BOUND_DEFAULT_MB and a quarter of physical memory (at least 1);
 * MEMORY_BOUND_DEFAULT_MB when the physical memory is unknown. */
size_t memory_default_mb(void);

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
