/* arena.c: block allocation for tree nodes (see arena.h). */
#include <stdlib.h>

#include "arena.h"

void arena_init(arena *a, size_t node_size, uint64_t limit)
{
    *a = (arena){.node_size = node_size};
    a->limit = limit > UINT32_MAX ? UINT32_MAX : (uint32_t)limit;
}

void arena_free(arena *a)
{
    for (size_t i = 0; i < a->block_count; i++) free(a->blocks[i]);
    free(a->blocks);
    *a = (arena){.node_size = a->node_size, .limit = a->limit};
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
