/*
 * arena.h: fixed-size tree nodes handed out by index from blocks that never
 * move, so a pointer to a node stays valid while the tree grows, and one
 * malloc serves 65536 nodes.  Index 0 is the first node handed out.
 */
#ifndef PRUNE_ARENA_H
#define PRUNE_ARENA_H

#include <stddef.h>
#include <stdint.h>

#define ARENA_BLOCK_BITS 16
#define ARENA_BLOCK_NODES (1u << ARENA_BLOCK_BITS)

typedef struct {
    unsigned char **blocks;
    size_t block_count, block_capacity;
    size_t node_size;
    uint32_t used;       /* nodes handed out */
    uint32_t limit;      /* nodes the arena may hand out */
} arena;

void arena_init(arena *a, size_t node_size, uint64_t limit);
void arena_free(arena *a);
/* Grows by one block; returns 0 when the limit or memory is exhausted. */
int arena_grow(arena *a);
size_t arena_bytes(const arena *a);

static inline void *arena_at(const arena *a, uint32_t index)
{
    return a->blocks[index >> ARENA_BLOCK_BITS] + (size_t)(index & (ARENA_BLOCK_NODES - 1)) * a->node_size;
}

#endif
