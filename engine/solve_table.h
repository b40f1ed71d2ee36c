/*
 * solve_table.h: the transposition tables of the Connect Four solver
 * (docs/connect4.md), exactly as the series' parts 7, 11 and 12 use them.
 *
 * A table maps a position's key (games/connect4.h: below 2^49) to one byte;
 * 0 means "nothing stored", so a value that wraps to 0 is lost, and the
 * values wrap modulo 256 (the series stores them in a uint8_t: an upper
 * bound of -21 is stored as 254).  Replacement is always: the last put at
 * an index wins.
 *  - part 7: 8,388,593 entries (a prime), index key mod size, the full key
 *    kept (the series packs 56 key bits and the byte in 8 bytes);
 *  - parts 11 and 12: next_prime(2^23) = 8,388,617 entries, only the key's
 *    low 32 bits kept (the index supplies the rest, almost).  The series
 *    keeps keys and values in two arrays, 5 bytes an entry; here the two
 *    share one 8-byte word, so that a probe costs one cache miss, not two
 *    (the same table, entry for entry: 67 MB instead of 42).
 *
 * Clearing: every position starts with an empty table, as the series
 * resets it with memset.  Clearing 64 MB costs milliseconds, more than
 * solving an easy position, so the table remembers the indices it wrote
 * (up to SOLVE_TABLE_TOUCHED_MAX) and clears just those; past that it
 * clears everything.  The result is the same empty table.
 */
#ifndef PRUNE_SOLVE_TABLE_H
#define PRUNE_SOLVE_TABLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table_memory.h"

#define SOLVE_TABLE_SIZE_FULL_KEY 8388593u   /* part 7 */
#define SOLVE_TABLE_SIZE_KEY32 8388617u      /* part 11: the first prime above 2^23 */
#define SOLVE_TABLE_KEY56 ((UINT64_C(1) << 56) - 1)
#define SOLVE_TABLE_TOUCHED_MAX (1u << 18)

typedef struct {
    uint64_t *full;       /* part 7: key | value << 56 */
    uint64_t *key32;      /* parts 11, 12: the key's low 32 bits | value << 32 */
    uint32_t *touched;    /* indices written since the last clear */
    uint32_t touched_count;
    bool touched_all;     /* more writes than touched holds: clear everything */
} solve_table;

static inline void solve_table_touch(solve_table *t, uint32_t index)
{
    if (t->touched_count < SOLVE_TABLE_TOUCHED_MAX) t->touched[t->touched_count++] = index;
    else t->touched_all = true;
}

static inline uint8_t solve_table_get_full(const solve_table *t, uint64_t key)
{
    uint64_t entry = t->full[key % SOLVE_TABLE_SIZE_FULL_KEY];
    return (entry & SOLVE_TABLE_KEY56) == key ? (uint8_t)(entry >> 56) : 0;
}

static inline void solve_table_put_full(solve_table *t, uint64_t key, uint8_t value)
{
    uint32_t index = (uint32_t)(key % SOLVE_TABLE_SIZE_FULL_KEY);
    t->full[index] = key | (uint64_t)value << 56;
    solve_table_touch(t, index);
}

static inline uint8_t solve_table_get_key32(const solve_table *t, uint64_t key)
{
    uint64_t entry = t->key32[key % SOLVE_TABLE_SIZE_KEY32];
    return (uint32_t)entry == (uint32_t)key ? (uint8_t)(entry >> 32) : 0;
}

static inline void solve_table_put_key32(solve_table *t, uint64_t key, uint8_t value)
{
    uint32_t index = (uint32_t)(key % SOLVE_TABLE_SIZE_KEY32);
    t->key32[index] = (uint32_t)key | (uint64_t)value << 32;
    solve_table_touch(t, index);
}

/* Asks memory for the entry of `key` ahead of its get (parts 11, 12). */
static inline void solve_table_prefetch_key32(const solve_table *t, uint64_t key)
{
    table_memory_prefetch(&t->key32[key % SOLVE_TABLE_SIZE_KEY32]);
}

/* Empties both tables (the ones allocated). */
static inline void solve_table_clear(solve_table *t)
{
    if (t->touched_all) {
        if (t->full) memset(t->full, 0, SOLVE_TABLE_SIZE_FULL_KEY * sizeof *t->full);
        if (t->key32) memset(t->key32, 0, SOLVE_TABLE_SIZE_KEY32 * sizeof *t->key32);
    } else {
        for (uint32_t i = 0; i < t->touched_count; i++) {
            uint32_t index = t->touched[i];
            if (t->full) t->full[index] = 0;
            if (t->key32) t->key32[index] = 0;
        }
    }
    t->touched_count = 0;
    t->touched_all = false;
}

/* Zeroed table memory, every page written now (engine/table_memory.h). */
static inline void *solve_table_zeroed(size_t count, size_t size) { return table_memory_zeroed(count * size); }

/* Allocates the tables a step needs, zeroed, once per process; false when
 * the memory is not there. */
static inline bool solve_table_ready(solve_table *t, bool full, bool key32)
{
    if (!t->touched && !(t->touched = malloc(SOLVE_TABLE_TOUCHED_MAX * sizeof *t->touched))) return false;
    if (full && !t->full && !(t->full = solve_table_zeroed(SOLVE_TABLE_SIZE_FULL_KEY, sizeof *t->full)))
        return false;
    if (key32 && !t->key32 && !(t->key32 = solve_table_zeroed(SOLVE_TABLE_SIZE_KEY32, sizeof *t->key32)))
        return false;
    return true;
}

#endif
