/* arena.c: block allocation for tree nodes (see arena.h). */
#include <stdlib.h>

#include "arena.h"

void arena_reset(arena *a, size_t node_size, uint64_t limit)
{
    if (a->node_size != node_size) {
        arena_trim(a, 0);
        a->node_size = node_size;
    }
    a->block_in_use = 0;
    a->next = a->end = NULL;
    a->used = 0;
    a->limit = limit;
}

void arena_trim(arena *a, size_t keep)
{
    while (a->block_count > keep) free(a->blocks[--a->block_count]);
    if (a->block_in_use > a->block_count) a->block_in_use = a->block_count;
    if (a->block_count == 0) {
        free(a->blocks);
        a->blocks = NULL;
        a->block_capacity = 0;
    }
}

static int arena_add_block(arena *a)
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

/* The new free part stops at the limit, so arena_has_room is the one test. */
int arena_refill(arena *a, int *out_of_memory)
{
    *out_of_memory = 0;
    if (a->used >= a->limit) return 0;
    if (a->block_in_use == a->block_count && !arena_add_block(a)) {
        *out_of_memory = 1;
        return 0;
    }
    uint64_t nodes = a->limit - a->used < ARENA_BLOCK_NODES ? a->limit - a->used : ARENA_BLOCK_NODES;
    a->next = a->blocks[a->block_in_use++];
    a->end = a->next + nodes * a->node_size;
    a->used += nodes;
    return 1;
}
