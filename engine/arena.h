/*
 * arena.h: fixed-size tree nodes handed out by index from blocks that never
 * move, so a pointer to a node stays valid while the tree grows, and one
 * malloc serves 16384 nodes.  Index 0 is the first node handed out.
 *
 * An arena outlives a search: arena_reset hands the same blocks out again,
 * so repeated searches (a benchmark's operations) do not pay for fresh
 * pages, and arena_trim gives back what a large search took.
 */
#ifndef PRUNE_ARENA_H
#define PRUNE_ARENA_H

#include <stddef.h>
#include <stdint.h>

#define ARENA_BLOCK_BITS 14
#define ARENA_BLOCK_NODES (1u << ARENA_BLOCK_BITS)

typedef struct {
    unsigned char **blocks;
    size_t block_count, block_capacity;
    size_t node_size;
    uint32_t used;       /* nodes handed out */
    uint32_t limit;      /* nodes the arena may hand out */
} arena;

/* Starts handing out nodes from index 0 again; keeps the blocks when the
 * node size is unchanged. */
void arena_reset(arena *a, size_t node_size, uint64_t limit);
/* Frees all but the first `keep` blocks. */
void arena_trim(arena *a, size_t keep);
/* Grows by one block; returns 0 when the limit or memory is exhausted. */
int arena_grow(arena *a);
size_t arena_bytes(const arena *a);

/* The node at `index`, for nodes of the compile-time type `type`. */
#define ARENA_AT(a, type, index) \
    ((type *)(void *)(a)->blocks[(index) >> ARENA_BLOCK_BITS] + ((index) & (ARENA_BLOCK_NODES - 1)))

#endif
