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
 *  - prune's own buckets (after the series): SOLVE_TABLE_BUCKET_COUNT
 *    buckets of two one-word entries, the same 67 MB as part 12's table.  An
 *    entry keeps the whole 49-bit key, so no two positions ever share it,
 *    the byte above it (bits 49-56) and the position's number of moves
 *    (bits 57-62), and in bit 63 whether it was stored under its mirror
 *    image's key (solve-buckets: the count of mirror hits, below).
 *    Replacement prefers the shallower position, whose subtree cost more to
 *    search: it takes the first entry and pushes the first entry's
 *    position to the second; a deeper one takes the second.  A board
 *    larger than 7x6 (`--size`) may have keys past 49 bits: its entries
 *    keep the key's quotient by the bucket count instead (the *_quotient
 *    operations), the same one-to-one naming of the key.
 *
 * Size: the tables above are those of 64 MiB (SOLVE_TABLE_DEFAULT_MEGABYTES,
 * the series' own); `prune solve --tt-mb N` gives them N MiB by the same
 * rule (solve_table_size), and a table of another size visits other nodes:
 * every count pinned in tests/ is at the default.
 *
 * Clearing: every position starts with an empty table, as the series
 * resets it with memset.  Clearing 64 MB costs milliseconds, more than
 * solving an easy position.  The key32 table (parts 11 and 12) therefore
 * keeps a generation in each entry's top 24 bits: an entry of another
 * generation is empty, and clearing is starting the next one, so a store
 * costs nothing more than the store.  The other tables have no bits to
 * spare: they remember the indices they wrote (up to
 * SOLVE_TABLE_TOUCHED_MAX) and clear just those; past that, everything.
 * Either way the result is the same empty table.
 *
 * Occupancy: `used` counts the entries in use, kept by the puts (a put
 * into an empty entry adds one: a load of the word it overwrites) and
 * zeroed by the clear, so a solve reports how full its table ended with no
 * scan of the table.
 *
 * Threads (`prune solve --threads`, solver/solve_instance.c): every thread probes
 * and stores into the same words with no lock.  Each word is read and
 * written whole (solve_word_load, solve_word_store: relaxed atomics, plain
 * moves on x86-64), and holds its key beside its value, so a word a probe
 * finds under its key is a bound some thread proved for that key: an entry
 * cannot be torn, only lost or duplicated (two puts into one bucket at
 * once may both move the same first word to the second), and a lost or
 * duplicated bound changes which nodes are visited, never a score.  Each
 * thread keeps its own counters and touched list in its own solve_table
 * (solve_table_view); the words are the only thing shared.  The atomics
 * are asked for only where threads share the table (`shared`, a constant
 * in each compiled search): on one thread they cost 0.7% more instructions
 * (callgrind, solve-lowerbound, prune_L1_R2:9: 1,075,707,363 against
 * 1,068,038,539, 507.7 against 504.1 a node; why is not measured: perhaps
 * the compiler keeps every atomic access where the source has it), and the
 * one-thread search keeps exactly its instructions.
 */
#ifndef PRUNE_SOLVE_TABLE_H
#define PRUNE_SOLVE_TABLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "solve_types.h"
#include "table_memory.h"

#define SOLVE_TABLE_SIZE_FULL_KEY 8388593u   /* part 7: the largest prime below 2^23 */
#define SOLVE_TABLE_SIZE_KEY32 8388617u      /* part 11: the first prime above 2^23 */
#define SOLVE_TABLE_KEY56 ((UINT64_C(1) << 56) - 1)
#define SOLVE_TABLE_TOUCHED_MAX (1u << 18)
#define SOLVE_TABLE_VALUE32 (UINT64_C(0xFF) << 32)     /* the value's bits in a key32 entry */
#define SOLVE_TABLE_GENERATION_ONE (UINT64_C(1) << 40)  /* generation 1 of a key32 entry */
#define SOLVE_TABLE_BUCKET_COUNT 4194301u    /* the largest prime below 2^22: 2^23 words */
/* The three sizes above are those of SOLVE_TABLE_DEFAULT_MEGABYTES (64 MiB:
 * 2^23 words) by solve_table_size's rule; the lookups divide by these
 * constants when the table has them (the compiler's multiply) and by the
 * table's own size otherwise. */
#define SOLVE_TABLE_KEY49 ((UINT64_C(1) << 49) - 1)
#define SOLVE_TABLE_MIRRORED (UINT64_C(1) << 63)  /* a bucket entry stored under its mirror image's key */
#define SOLVE_TABLE_GENERATIONS (~(SOLVE_TABLE_GENERATION_ONE - 1))  /* a key32 entry's generation bits */

typedef struct {
    size_t megabytes;     /* the size the tables are allocated at (0: SOLVE_TABLE_DEFAULT_MEGABYTES) */
    uint32_t size_full, size_key32, bucket_count;  /* entries (buckets) of the tables, by that size */
    uint64_t *full;       /* part 7: key | value << 56 */
    uint64_t *key32;      /* parts 11, 12: the key's low 32 bits | value << 32 | generation << 40 */
    uint64_t stamp;       /* the current generation << 40: key32 entries of another are empty */
    uint64_t *buckets;    /* prune's own: two words a bucket, key | value << 49 | moves << 57 */
    uint32_t *touched;    /* indices written since the last clear */
    uint32_t touched_count;
    bool touched_all;     /* more writes than touched holds: clear everything */
    uint64_t used;        /* entries in use (of the current generation), 0 after a clear */
} solve_table;

/* One word of a table, read or written whole (see Threads, above). */
static inline uint64_t solve_word_load(const uint64_t *word, bool shared)
{
#if defined(__GNUC__)
    if (shared) return __atomic_load_n(word, __ATOMIC_RELAXED);
#endif
    (void)shared;
    return *word;
}

static inline void solve_word_store(uint64_t *word, uint64_t value, bool shared)
{
#if defined(__GNUC__)
    if (shared) {
        __atomic_store_n(word, value, __ATOMIC_RELAXED);
        return;
    }
#endif
    (void)shared;
    *word = value;
}

static inline void solve_table_touch(solve_table *t, uint32_t index)
{
    if (t->touched_count < SOLVE_TABLE_TOUCHED_MAX) t->touched[t->touched_count++] = index;
    else t->touched_all = true;
}

/* A helper thread's table (solver/solve_instance.c): the shared words,
 * with counters and a touched list of its own (the caller adds them to its
 * own after the window), so that its puts write no word but the table's.
 * Without a list (`touched` NULL: no memory for one) it says touched_all,
 * and the caller's clear empties everything. */
static inline solve_table solve_table_view(const solve_table *shared, uint32_t *touched)
{
    solve_table view = *shared;
    view.touched = touched;
    view.touched_count = touched ? 0 : SOLVE_TABLE_TOUCHED_MAX;
    view.touched_all = !touched;
    view.used = 0;
    return view;
}

/* key mod size, by the constant `usual` when size is that (the default). */
static inline uint32_t solve_table_index(uint64_t key, uint32_t size, uint32_t usual)
{
    return (uint32_t)(size == usual ? key % usual : key % size);
}

static inline uint32_t solve_index_full(const solve_table *t, uint64_t key)
{
    return solve_table_index(key, t->size_full, SOLVE_TABLE_SIZE_FULL_KEY);
}

static inline uint32_t solve_index_key32(const solve_table *t, uint64_t key)
{
    return solve_table_index(key, t->size_key32, SOLVE_TABLE_SIZE_KEY32);
}

static inline uint32_t solve_index_bucket(const solve_table *t, uint64_t key)
{
    return solve_table_index(key, t->bucket_count, SOLVE_TABLE_BUCKET_COUNT);
}

static inline uint8_t solve_table_get_full(const solve_table *t, uint64_t key, bool shared)
{
    uint64_t entry = solve_word_load(&t->full[solve_index_full(t, key)], shared);
    return (entry & SOLVE_TABLE_KEY56) == key ? (uint8_t)(entry >> 56) : 0;
}

static inline void solve_table_put_full(solve_table *t, uint64_t key, uint8_t value, bool shared)
{
    uint32_t index = solve_index_full(t, key);
    t->used += !solve_word_load(&t->full[index], shared);
    solve_word_store(&t->full[index], key | (uint64_t)value << 56, shared);
    solve_table_touch(t, index);
}

static inline uint8_t solve_table_get_key32(const solve_table *t, uint64_t key, bool shared)
{
    uint64_t entry = solve_word_load(&t->key32[solve_index_key32(t, key)], shared);
    return (entry & ~SOLVE_TABLE_VALUE32) == ((uint32_t)key | t->stamp) ? (uint8_t)(entry >> 32) : 0;
}

static inline void solve_table_put_key32(solve_table *t, uint64_t key, uint8_t value, bool shared)
{
    uint64_t *entry = &t->key32[solve_index_key32(t, key)];
    t->used += (solve_word_load(entry, shared) & SOLVE_TABLE_GENERATIONS) != t->stamp;
    solve_word_store(entry, (uint32_t)key | (uint64_t)value << 32 | t->stamp, shared);
}

/* Asks memory for the entry of `key` ahead of its get (parts 11, 12). */
static inline void solve_table_prefetch_key32(const solve_table *t, uint64_t key)
{
    table_memory_prefetch(&t->key32[solve_index_key32(t, key)]);
}

static inline uint8_t solve_bucket_value(uint64_t entry) { return (uint8_t)(entry >> 49); }
static inline int solve_bucket_moves(uint64_t entry) { return (int)(entry >> 57 & 63); }

/* The entry stored at bucket `index` under `tag` (below 2^49), 0 for none:
 * its value is solve_bucket_value.  A zero word is empty: the empty
 * board's tag is 0 too, but a stored value is never 0. */
static inline uint64_t solve_table_find_bucket_at(const solve_table *t, uint32_t index, uint64_t tag, bool shared)
{
    const uint64_t *b = &t->buckets[2 * (size_t)index];
    uint64_t first = solve_word_load(&b[0], shared);
    if ((first & SOLVE_TABLE_KEY49) == tag && first) return first;
    uint64_t second = solve_word_load(&b[1], shared);
    if ((second & SOLVE_TABLE_KEY49) == tag && second) return second;
    return 0;
}

/* A 7x6 key (below 2^49) is its own tag. */
static inline uint64_t solve_table_find_bucket(const solve_table *t, uint64_t key, bool shared)
{
    return solve_table_find_bucket_at(t, solve_index_bucket(t, key), key, shared);
}

/* A larger board's key may pass 49 bits (solver/solve_sized.c): its tag is
 * the quotient by the bucket count, which with the index (the remainder)
 * names the key, and is below 2^49 for any 64-bit key, since a table of 1
 * MiB or more has at least 65,521 buckets. */
static inline uint64_t solve_table_find_bucket_quotient(const solve_table *t, uint64_t key, bool shared)
{
    return solve_table_find_bucket_at(t, (uint32_t)(key % t->bucket_count), key / t->bucket_count, shared);
}

static inline uint8_t solve_table_get_bucket(const solve_table *t, uint64_t key, bool shared)
{
    return solve_bucket_value(solve_table_find_bucket(t, key, shared));
}

/* Stores `value` for `key`, a position of `moves` stones (`mirrored`: the
 * key is its mirror image's, SOLVE_TABLE_MIRRORED or 0): over its own entry
 * if the bucket has one, else shallower first (see the head).  A new entry
 * fills the second word when that was empty (the first is never empty
 * while the second is used). */
static inline void solve_table_put_bucket_at(solve_table *t, uint32_t index, uint64_t tag, uint8_t value, int moves,
                                             uint64_t mirrored, bool shared)
{
    uint64_t *b = &t->buckets[2 * (size_t)index];
    uint64_t entry = tag | (uint64_t)value << 49 | (uint64_t)moves << 57 | mirrored;
    uint64_t first = solve_word_load(&b[0], shared), second = solve_word_load(&b[1], shared);
    if ((first & SOLVE_TABLE_KEY49) == tag && first) solve_word_store(&b[0], entry, shared);
    else if ((second & SOLVE_TABLE_KEY49) == tag && second) solve_word_store(&b[1], entry, shared);
    else {
        t->used += !second;
        if (!first || moves <= solve_bucket_moves(first)) {
            solve_word_store(&b[1], first, shared);
            solve_word_store(&b[0], entry, shared);
        } else {
            solve_word_store(&b[1], entry, shared);
        }
    }
    solve_table_touch(t, index);
}

static inline void solve_table_put_bucket(solve_table *t, uint64_t key, uint8_t value, int moves, uint64_t mirrored,
                                          bool shared)
{
    solve_table_put_bucket_at(t, solve_index_bucket(t, key), key, value, moves, mirrored, shared);
}

static inline void solve_table_put_bucket_quotient(solve_table *t, uint64_t key, uint8_t value, int moves,
                                                   uint64_t mirrored, bool shared)
{
    solve_table_put_bucket_at(t, (uint32_t)(key % t->bucket_count), key / t->bucket_count, value, moves, mirrored,
                              shared);
}

static inline void solve_table_prefetch_bucket(const solve_table *t, uint64_t key)
{
    table_memory_prefetch(&t->buckets[2 * (size_t)solve_index_bucket(t, key)]);
}

static inline void solve_table_prefetch_bucket_quotient(const solve_table *t, uint64_t key)
{
    table_memory_prefetch(&t->buckets[2 * (size_t)(key % t->bucket_count)]);
}

/* Empties every table allocated.  The key32 table by a new generation: its
 * words are rewritten only when the 24 bits of generations run out, every
 * 16.7 million positions. */
static inline void solve_table_clear(solve_table *t)
{
    t->stamp += SOLVE_TABLE_GENERATION_ONE;
    if (!t->stamp) {
        if (t->key32) memset(t->key32, 0, t->size_key32 * sizeof *t->key32);
        t->stamp = SOLVE_TABLE_GENERATION_ONE;
    }
    if (t->touched_all) {
        if (t->full) memset(t->full, 0, t->size_full * sizeof *t->full);
        if (t->buckets) memset(t->buckets, 0, 2 * (size_t)t->bucket_count * sizeof *t->buckets);
    } else {
        for (uint32_t i = 0; i < t->touched_count; i++) {
            uint32_t index = t->touched[i];
            if (t->full) t->full[index] = 0;
            if (t->buckets) t->buckets[2 * (size_t)index] = t->buckets[2 * (size_t)index + 1] = 0;
        }
    }
    t->touched_count = 0;
    t->touched_all = false;
    t->used = 0;
}

static inline bool solve_table_is_prime(uint32_t n)
{
    if (n < 2) return false;
    for (uint32_t d = 2; (uint64_t)d * d <= n; d++)
        if (n % d == 0) return false;
    return true;
}

/* The entries a table of `kind` holds at `megabytes` MiB (buckets: two
 * entries each), by the series' rule for its 64 MiB (2^23 words): part 7's
 * table the largest prime below the words, the key32 table the first prime
 * above them (so that it holds more than 2^17 entries from 1 MiB on: the
 * index and the 32 bits kept tell every key below 2^49 apart), the buckets
 * the largest prime below half the words.  SOLVE_TABLE_NONE: 0. */
static inline uint64_t solve_table_size(solve_table_kind kind, size_t megabytes)
{
    uint32_t words = (uint32_t)(megabytes << 17), n;
    switch (kind) {
    case SOLVE_TABLE_NONE: return 0;
    case SOLVE_TABLE_UPPER:
        for (n = words - 1; !solve_table_is_prime(n); n--) continue;
        return n;
    case SOLVE_TABLE_BUCKETS:
        for (n = words / 2 - 1; !solve_table_is_prime(n); n--) continue;
        return 2 * (uint64_t)n;
    default:
        for (n = words + 1; !solve_table_is_prime(n); n++) continue;
        return n;
    }
}

/* The entries the table of `kind` holds (SOLVE_TABLE_NONE: 0). */
static inline uint64_t solve_table_slots(const solve_table *t, solve_table_kind kind)
{
    switch (kind) {
    case SOLVE_TABLE_NONE: return 0;
    case SOLVE_TABLE_UPPER: return t->size_full;
    case SOLVE_TABLE_BUCKETS: return 2 * (uint64_t)t->bucket_count;
    default: return t->size_key32;
    }
}

/* solve_table_clear for a table that threads shared, whose `used` their
 * puts raced on: returns the entries in use, counted as they are emptied.
 * The touched words are counted as they are zeroed (a word touched twice
 * is zero the second time), so a solve that fits the touched list costs
 * no pass over the table; the key32 table, emptied by its generation, and
 * a table whose list overflowed are counted word by word. */
static inline uint64_t solve_table_clear_counting(solve_table *t, solve_table_kind kind)
{
    uint64_t count = 0;
    if (kind == SOLVE_TABLE_UPPER_KEY32 || kind == SOLVE_TABLE_BOUNDS_KEY32) {
        for (uint32_t i = 0; i < t->size_key32; i++) count += (t->key32[i] & SOLVE_TABLE_GENERATIONS) == t->stamp;
    } else if (t->touched_all) {
        if (t->full)
            for (uint32_t i = 0; i < t->size_full; i++) count += t->full[i] != 0;
        if (t->buckets)
            for (size_t i = 0; i < 2 * (size_t)t->bucket_count; i++) count += t->buckets[i] != 0;
    } else {
        for (uint32_t i = 0; i < t->touched_count; i++) {
            size_t index = t->touched[i];
            if (t->full) count += t->full[index] != 0, t->full[index] = 0;
            if (t->buckets) {
                count += (t->buckets[2 * index] != 0) + (t->buckets[2 * index + 1] != 0);
                t->buckets[2 * index] = t->buckets[2 * index + 1] = 0;
            }
        }
    }
    solve_table_clear(t);
    return count;
}

/* Zeroed table memory, every page written now (engine/table_memory.h). */
static inline void *solve_table_zeroed(size_t count, size_t size) { return table_memory_zeroed(count * size); }

/* Allocates the table of `kind` (not SOLVE_TABLE_NONE), zeroed, once per
 * process, at t->megabytes; false when the memory is not there. */
static inline bool solve_table_ready(solve_table *t, solve_table_kind kind)
{
    if (!t->touched && !(t->touched = malloc(SOLVE_TABLE_TOUCHED_MAX * sizeof *t->touched))) return false;
    size_t megabytes = t->megabytes ? t->megabytes : SOLVE_TABLE_DEFAULT_MEGABYTES;
    switch (kind) {
    case SOLVE_TABLE_UPPER:
        if (!t->size_full) t->size_full = (uint32_t)solve_table_size(kind, megabytes);
        return t->full || (t->full = solve_table_zeroed(t->size_full, sizeof *t->full));
    case SOLVE_TABLE_BUCKETS:
        if (!t->bucket_count) t->bucket_count = (uint32_t)(solve_table_size(kind, megabytes) / 2);
        return t->buckets || (t->buckets = solve_table_zeroed(2 * (size_t)t->bucket_count, sizeof *t->buckets));
    default:
        if (!t->stamp) t->stamp = SOLVE_TABLE_GENERATION_ONE;  /* zeroed words are generation 0: empty */
        if (!t->size_key32) t->size_key32 = (uint32_t)solve_table_size(kind, megabytes);
        return t->key32 || (t->key32 = solve_table_zeroed(t->size_key32, sizeof *t->key32));
    }
}

#endif
