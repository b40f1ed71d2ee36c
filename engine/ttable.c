/* ttable.c: allocating and emptying the transposition table (ttable.h). */
#include <stdlib.h>
#include <string.h>

#include "table_memory.h"
#include "ttable.h"

bool tt_resize(ttable *t, size_t megabytes)
{
    size_t count = TT_MIN_ENTRIES;
    while (count * 2 * sizeof(tt_slot) <= (megabytes << 20)) count *= 2;
    if (t->entries && t->mask + 1 == count) {
        t->megabytes = megabytes;
        memset(t->entries, 0, count * sizeof(tt_slot));
        t->generation = 1;
        return true;
    }
    free(t->entries);
    t->entries = table_memory_zeroed(count * sizeof(tt_slot));
    t->mask = t->entries ? count - 1 : 0;
    t->megabytes = t->entries ? megabytes : 0;
    t->generation = 1;
    return t->entries != NULL;
}

void tt_new_search(ttable *t, bool keep)
{
    if (keep) return;
    if (t->generation == TT_GENERATION_MASK) {
        memset(t->entries, 0, (t->mask + 1) * sizeof(tt_slot));
        t->generation = 0;
    }
    t->generation++;
}
