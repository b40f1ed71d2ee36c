/*
 * ttable.h: the transposition table, game-independent.
 *
 * A power-of-two array of 16-byte entries indexed by the low bits of a
 * 64-bit Zobrist key; one probe per node.  Each entry holds a value, its
 * bound (exact, lower, upper), the draft (remaining depth) it was searched
 * to, the best move found, and whether the search below it ended every line
 * in a finished game (then the value holds at every draft: what a deepening
 * search asks to know that its tree has ended, engine/ladder_search.h).
 *
 * The slot already says the key's low bits (the table has at least 2^16
 * entries, so at least the low 16), so an entry keeps only the key's high
 * 48 bits and puts the search's generation in the low 16: one comparison
 * then checks both "this position" and "written in this search".
 *
 * Emptying the table per search is O(1): each search gets a new generation
 * and an entry of another generation reads as empty.  A real clear happens
 * only when the 16-bit generation wraps, once in 65,535 searches: with an
 * 8-bit generation the clear came every 255 searches and cost ~5 us per
 * search of a 16 MiB table, more than a whole tic-tac-toe search.  A search
 * that keeps the table keeps the generation.
 */
#ifndef PRUNE_TTABLE_H
#define PRUNE_TTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "table_memory.h"

#define TT_DEFAULT_MB 16
#define TT_NO_MOVE 0xFFFFu   /* no game's move is this (16-bit moves, see games/README.md) */
#define TT_MAX_DRAFT 63      /* drafts are kept in 6 bits */
#define TT_GENERATION_BITS 16
#define TT_GENERATION_MASK ((1u << TT_GENERATION_BITS) - 1)
#define TT_MIN_ENTRIES ((size_t)1 << TT_GENERATION_BITS) /* 1 MiB: the slot fixes the bits the generation takes */

typedef enum { TT_EMPTY = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 } tt_bound;

/* "always": a store overwrites its slot.  "depth": a slot keeps an entry of
 * this search for another position when that entry has the larger draft. */
typedef enum { TT_REPLACE_ALWAYS, TT_REPLACE_DEPTH } tt_replace;

/* One slot of the table: two words, each read and written whole.  `data`
 * packs the entry (tt_pack); `check` is the entry's check word (tt_check:
 * the key's bits above TT_GENERATION_BITS | the search that wrote it)
 * XOR `data`.
 *
 * Threads (`--threads`, Lazy SMP) probe and store into the same slots with
 * no lock, and the XOR is how a torn slot is found (Hyatt and Mann's
 * lockless hashing): two stores into one slot at once may leave one's
 * check word beside the other's data, and then check XOR data names
 * neither key, so the probe misses, as it would on an empty slot.  A slot
 * is never read as a key's entry unless its two words were written
 * together for that key.  The words are relaxed atomics (plain moves on
 * x86-64), so that ThreadSanitizer and the C memory model agree. */
typedef struct {
    uint64_t check;
    uint64_t data;
} tt_slot;

/* An entry, as a probe reads it out of its slot. */
typedef struct {
    int32_t value;
    uint16_t move;         /* TT_NO_MOVE when none */
    uint8_t draft_bound;   /* draft << 2 | bound */
    bool ended;            /* no line below reached the horizon: a finished game ended each */
} tt_entry;

typedef struct {
    tt_slot *entries;
    uint64_t mask;         /* entries - 1 */
    size_t megabytes;      /* the size asked for */
    uint32_t generation;   /* 1..65535: a zeroed slot (generation 0) is always empty */
    tt_replace replace;
} ttable;

_Static_assert(sizeof(tt_slot) == 16, "four entries a cache line");

/* Makes the table `megabytes` big (at least 1; rounded down to a
 * power-of-two entry count), emptied.  False when the memory cannot be had; the table is then
 * left without entries. */
bool tt_resize(ttable *t, size_t megabytes);
/* Starts a search: the table reads as empty unless `keep`. */
void tt_new_search(ttable *t, bool keep);

static inline int tt_draft(const tt_entry *e) { return e->draft_bound >> 2; }
static inline tt_bound tt_bound_of(const tt_entry *e) { return (tt_bound)(e->draft_bound & 3); }

/* What an entry for `key` written in this search holds in `check`. */
static inline uint64_t tt_check(const ttable *t, uint64_t key)
{
    return (key & ~(uint64_t)TT_GENERATION_MASK) | t->generation;
}

/* Asks memory for the slot of `key` ahead of its probe. */
static inline void tt_prefetch(const ttable *t, uint64_t key) { table_memory_prefetch(&t->entries[key & t->mask]); }

/* The data word: value in bits 0-31, move 32-47, draft and bound 48-55,
 * ended 56. */
static inline uint64_t tt_pack(int value, tt_bound bound, int draft, unsigned move, bool ended)
{
    return (uint64_t)(uint32_t)value | (uint64_t)(uint16_t)move << 32 | (uint64_t)(uint8_t)(draft << 2 | (int)bound) << 48 |
           (uint64_t)ended << 56;
}

static inline tt_entry tt_unpack(uint64_t data)
{
    return (tt_entry){.value = (int32_t)(uint32_t)data, .move = (uint16_t)(data >> 32),
                      .draft_bound = (uint8_t)(data >> 48), .ended = (data >> 56) & 1};
}

static inline uint64_t tt_load_word(const uint64_t *word) { return __atomic_load_n(word, __ATOMIC_RELAXED); }
static inline void tt_store_word(uint64_t *word, uint64_t v) { __atomic_store_n(word, v, __ATOMIC_RELAXED); }

/* The entry for `key` written in this search into *out; false when the
 * slot holds another key's, another search's, none, or a torn one. */
static inline bool tt_probe(const ttable *t, uint64_t key, tt_entry *out)
{
    const tt_slot *e = &t->entries[key & t->mask];
    uint64_t data = tt_load_word(&e->data);
    if ((tt_load_word(&e->check) ^ data) != tt_check(t, key)) return false;
    *out = tt_unpack(data);
    return true;
}

static inline void tt_store(ttable *t, uint64_t key, int value, tt_bound bound, int draft, unsigned move, bool ended)
{
    tt_slot *e = &t->entries[key & t->mask];
    uint64_t check = tt_check(t, key);
    if (t->replace == TT_REPLACE_DEPTH) {
        uint64_t data = tt_load_word(&e->data), held = tt_load_word(&e->check) ^ data;
        tt_entry there = tt_unpack(data);
        if ((held & TT_GENERATION_MASK) == t->generation && held != check && tt_draft(&there) > draft) return;
    }
    uint64_t data = tt_pack(value, bound, draft, move, ended);
    tt_store_word(&e->check, check ^ data);
    tt_store_word(&e->data, data);
}

#endif
