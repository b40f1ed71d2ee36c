/* table_memory.h: the memory of a transposition table (engine/ttable.c,
 * solver/solve_table.h), and the bound on what a command takes for its
 * tables and trees (--max-memory-mb, docs/cli.md). */
#ifndef PRUNE_TABLE_MEMORY_H
#define PRUNE_TABLE_MEMORY_H

#include <stddef.h>

/* The default memory bound on a machine of 2 GiB or more: a search that
 * runs away stops at half a gigabyte, which a small machine still holds,
 * rather than take the machine's memory (docs/cli.md, "Memory").  Not a
 * gigabyte: on the 2-core VM the runaway kalah tree stopped at 1024 MiB
 * after 0.95 to 3.88 s (36 runs, 6 above 3 s; the kernel zeroing pages,
 * clear_page_erms), at 512 MiB after 0.43 to 0.57 s (8 runs). */
#define MEMORY_BOUND_DEFAULT_MB 512
#define MEMORY_BOUND_QUOTE_(n) #n
#define MEMORY_BOUND_QUOTE(n) MEMORY_BOUND_QUOTE_(n)
/* The default as every --help states it. */
#define MEMORY_BOUND_DEFAULT_TEXT \
    "the smaller of " MEMORY_BOUND_QUOTE(MEMORY_BOUND_DEFAULT_MB) " MiB and a quarter of physical memory"

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
