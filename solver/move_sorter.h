/*
 * move_sorter.h: part 10's move sorter (docs/connect4.md): at most
 * MOVE_SORTER_CAPACITY moves kept in ascending score order by insertion, handed out from the
 * highest score down.
 *
 * The order among equal scores is part of the node counts: a new move goes
 * after the moves of equal score already in, and moves leave from the end,
 * so among equal scores the move added LAST is searched FIRST.  The solver
 * adds the columns in reverse centre-first order (7,1,6,2,5,3,4), so ties
 * keep the centre-first order.
 */
#ifndef PRUNE_MOVE_SORTER_H
#define PRUNE_MOVE_SORTER_H

#include <stdint.h>

/* Seven columns; the solver of other board sizes (solver/solve_sized.c)
 * defines it first, for up to twelve. */
#ifndef MOVE_SORTER_CAPACITY
#define MOVE_SORTER_CAPACITY 7
#endif

typedef struct {
    unsigned size;
    struct {
        uint64_t move;
        int score;
    } entries[MOVE_SORTER_CAPACITY];
} move_sorter;

static inline void move_sorter_add(move_sorter *s, uint64_t move, int score)
{
    unsigned pos = s->size++;
    for (; pos && s->entries[pos - 1].score > score; --pos) s->entries[pos] = s->entries[pos - 1];
    s->entries[pos].move = move;
    s->entries[pos].score = score;
}

/* The next move, best first; 0 when none is left (0 is never a move). */
static inline uint64_t move_sorter_next(move_sorter *s)
{
    return s->size ? s->entries[--s->size].move : 0;
}

#endif
