/*
 * arena.h: fixed-size tree nodes taken from blocks that never move, so a
 * pointer to a node stays valid while the tree grows, one malloc serves
 * 16384 nodes, and taking a node is a pointer bump.
 *
 * An arena outlives a search: arena_reset hands the same blocks out again,
 * so repeated searches (a benchmark's operations) do not pay for fresh
 * pages, and arena_trim gives back what a large search took.
 */
#ifndef PRUNE_ARENA_H
#define PRUNE_ARENA_H

#include <stddef.h>
#include <stdint.h>

#define ARENA_BLOCK_NODES 16384u

typedef struct {
    unsigned char **blocks;
    size_t block_count, block_capacity;
    size_t block_in_use;          /* blocks[block_in_use - 1] is being filled */
    unsigned char *next, *end;    /* the free part of the block being filled */
    size_t node_size;
    uint64_t used;                /* nodes taken, counting the block being filled */
    uint64_t limit;               /* nodes the arena may hand out */
} arena;

/* Starts handing out nodes from the first block again; keeps the blocks
 * when the node size is unchanged. */
void arena_reset(arena *a, size_t node_size, uint64_t limit);
/* Frees all but the first `keep` blocks. */
void arena_trim(arena *a, size_t keep);
/* Moves on to the next block; returns 0 when the limit is reached (with
 * *out_of_memory 0) or malloc fails (*out_of_memory 1). */
int arena_refill(arena *a, int *out_of_memory);

static inline uint64_t arena_count(const arena *a)
{
    return a->used - (uint64_t)(a->end - a->next) / a->node_size;
}

/* Whether the block being filled has room for another node. */
static inline int arena_has_room(const arena *a) { return a->next != a->end; }

/* The next node; only when arena_has_room.  `node_size` must be the
 * arena's: a caller that passes it as a constant gets an immediate bump. */
static inline void *arena_take(arena *a, size_t node_size)
{
    void *node = a->next;
    a->next += node_size;
    return node;
}

#endif
