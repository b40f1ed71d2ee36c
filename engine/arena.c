/* arena.c: block allocation for tree nodes (see arena.h). */
#include <stdlib.h>

#include "arena.h"

void arena_reset(arena *a, size_t node_size, uint64_t limit)
{
    if (a->node_size != node_size) {
        arena_trim(a, 0);
        a->node_size = node_size;
    }
    a->used = 0;
    a->limit = limit > UINT32_MAX ? UINT32_MAX : (uint32_t)limit;
}

void arena_trim(arena *a, size_t keep)
{
    while (a->block_count > keep) free(a->blocks[--a->block_count]);
    if (a->block_count == 0) {
        free(a->blocks);
        a->blocks = NULL;
        a->block_capacity = 0;
    }
}

int arena_grow(arena *a)
{
    if (a->block_count == a->block_capacity) {
        size_t capacity = a->block_capacity ? a->block_capacity * 2 : 16;
        unsigned char **blocks = realloc(a->blocks, capacity * sizeof *blocks);
        if (!blocks) return 0;
        a->blocks = blocks;
        a->block_capacity = capacity;
    }
    unsigned char *block = malloc(ARENA_BLOCK_NODES * a->node_size);
    if (!block) return 0;
    a->blocks[a->block_count++] = block;
    return 1;
}

size_t arena_bytes(const arena *a)
{
    return (size_t)a->used * a->node_size;
}
