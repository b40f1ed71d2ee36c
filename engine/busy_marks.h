/*
 * busy_marks.h: ABDADA's marks of the positions being searched (Weill,
 * 1996), shared by the threads of one search: the solver's team
 * (solver/solve_instance.h) and the ladder's (engine/ladder_run.h).
 *
 * A node marks its key busy while it searches its children; a node that
 * meets a child another thread has marked searches that child after its
 * other children, by when the other thread may have stored its bound, and
 * meanwhile searches something else.  The marks are a table of
 * BUSY_MARK_SLOTS words, key + 1 (0: free), overwritten without a lock: a
 * lost or stale mark only changes an order, never a value, and the owner
 * clears them before each search (a thread that leaves by longjmp leaves
 * its marks).
 */
#ifndef PRUNE_BUSY_MARKS_H
#define PRUNE_BUSY_MARKS_H

#include <stdbool.h>
#include <stdint.h>

/* Each thread has at most one path's marks live at once (the nodes on it
 * with enough plies below them to mark): 16 threads of 64 plies are 1,024
 * marks at the very most, so a new mark lands on a live one at most 1 time
 * in 8, and mostly far less often.  Threads go up to CORES_MAX_THREADS
 * (256, engine/cores.h), whose 64-ply paths could hold 16,384 marks, twice
 * the slots: there a new mark may land on a live one most of the time.  A
 * lost mark only lets two threads search one child at once.  8,192 words, 64 KiB.  The table was 65,536 words (512
 * KiB) before: a fresh process's first clear of it faulted in 128 pages,
 * 1.35 ms on the 2-core EPYC VM (CPU family 26), which tic-tac-toe's 1 ms
 * search paid (docs/parallel.md); it is 16 pages now. */
#define BUSY_MARK_BITS 13
#define BUSY_MARK_SLOTS (UINT64_C(1) << BUSY_MARK_BITS)

static inline uint64_t *busy_mark_slot(uint64_t *marks, uint64_t key)
{
    return &marks[(key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - BUSY_MARK_BITS)];
}

static inline bool busy_mark_is(uint64_t *marks, uint64_t key)
{
    return __atomic_load_n(busy_mark_slot(marks, key), __ATOMIC_RELAXED) == key + 1;
}

static inline void busy_mark_enter(uint64_t *marks, uint64_t key)
{
    __atomic_store_n(busy_mark_slot(marks, key), key + 1, __ATOMIC_RELAXED);
}

/* Frees the slot if it still holds this key's mark (another key may have
 * taken it since). */
static inline void busy_mark_leave(uint64_t *marks, uint64_t key)
{
    uint64_t mine = key + 1;
    __atomic_compare_exchange_n(busy_mark_slot(marks, key), &mine, 0, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

#endif
