/*
 * move_order.h: every ordering of a move list, kept out of the searches
 * (as Pons' solver keeps its MoveSorter out of the negamax): the recursive
 * family and the ladder call these and contain no sorting loop.  Plain
 * include-once, for the game of this instance (engine/search_instance.c).
 * The tree's orderings of a node's linked children are in
 * engine/tree_order.h, a part of the tree template.
 */
#ifndef PRUNE_MOVE_ORDER_H
#define PRUNE_MOVE_ORDER_H

typedef struct {
    GAME_MOVE move;
    int value;
} scored_move;

/* negamax-ab's order: Fisher-Yates with the search's generator (*rng),
 * then a stable insertion sort, best value first: equal values keep their
 * shuffled order. */
static void order_shuffle_and_sort(uint64_t *rng, scored_move *list, int count)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(splitmix64_next(rng) % (uint64_t)(i + 1));
        scored_move t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
    for (int i = 1; i < count; i++) {
        scored_move moving = list[i];
        int j = i;
        for (; j > 0 && list[j - 1].value < moving.value; j--) list[j] = list[j - 1];
        list[j] = moving;
    }
}

/* The history heuristic's order: a stable insertion sort of moves[] by
 * score[] (moves[i]'s), highest first, so equal scores keep the order
 * they had. */
static void order_by_score(GAME_MOVE *moves, uint32_t *score, int count)
{
    for (int i = 1; i < count; i++) {
        GAME_MOVE m = moves[i];
        uint32_t v = score[i];
        int j = i;
        for (; j > 0 && score[j - 1] < v; j--) {
            moves[j] = moves[j - 1];
            score[j] = score[j - 1];
        }
        moves[j] = m;
        score[j] = v;
    }
}

/* Brings move m, if it is in moves[at..count), to index `at`, keeping the
 * order of the rest; a move already before `at` stays (the late killers:
 * `at` is the count of moves that gain by the evaluation). */
static inline void order_bring_to(GAME_MOVE *moves, int count, unsigned m, int at)
{
    for (int i = at; i < count; i++) {
        if (moves[i] != m) continue;
        GAME_MOVE found = moves[i];
        memmove(moves + at + 1, moves + at, (size_t)(i - at) * sizeof *moves);
        moves[at] = found;
        return;
    }
}

/* Brings move m, if it is in moves[0..count), to the front, keeping the
 * order of the rest (the killers, the table's move). */
static inline void order_bring_to_front(GAME_MOVE *moves, int count, unsigned m)
{
    order_bring_to(moves, count, m, 0);
}

#endif /* PRUNE_MOVE_ORDER_H */
