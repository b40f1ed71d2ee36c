/*
 * move_order.h: every move ordering of the engine, kept out of the
 * searches (as Pons' solver keeps its MoveSorter out of the negamax): the
 * searches call an orderer and contain no sorting loop.
 *
 * A template of engine/search_instance.c, in two parts:
 * - once per game (the first inclusion): negamax-ab's ordering of a move
 *   list, order_shuffle_and_sort;
 * - once per tree instantiation (included by engine/tree_search.h with
 *   TREE_NODE, TREE_OPTION and SEARCH_NAME defined): the orderings of a
 *   tree node's children before a revisit, SEARCH_NAME(order_children).
 */

#ifndef PRUNE_MOVE_ORDER_ONCE
#define PRUNE_MOVE_ORDER_ONCE

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

#endif /* PRUNE_MOVE_ORDER_ONCE */

#ifdef TREE_NODE

/* Whether a child has a value.  With lazy creation every child has one:
 * a child is created only to be visited at once. */
static inline bool SEARCH_NAME(order_evaluated)(const search_context *ctx, const TREE_NODE *child)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    return TREE_OPTION(generator) || child->progress.depth >= 0;
}

/* The library's "a before b" of its default (stable) sort: deeper pass
 * first, then higher value; never-evaluated children compare equal. */
static inline bool SEARCH_NAME(order_sorts_before)(const search_context *ctx, const TREE_NODE *a,
                                                   const TREE_NODE *b)
{
    if (a->progress.depth != b->progress.depth) return a->progress.depth > b->progress.depth;
    return SEARCH_NAME(order_evaluated)(ctx, a) && a->value > b->value;
}

/* Stable insertion sort of the list at *head.  The order is a strict weak
 * one (by depth, then by value for evaluated children), so the sorted
 * prefix's children that `moving` sorts before form a suffix: inserting at
 * the first of them, found from the front, is where the array insertion
 * sort from the back would put it.  A child that sorts after the prefix's
 * last (the usual case) costs one comparison. */
static void SEARCH_NAME(order_stable_sort)(const search_context *ctx, TREE_NODE **head)
{
    TREE_NODE *tail = *head;
    if (!tail) return;
    for (TREE_NODE *moving = tail->next_sibling; moving; moving = tail->next_sibling) {
        if (!SEARCH_NAME(order_sorts_before)(ctx, moving, tail)) {
            tail = moving;
            continue;
        }
        tail->next_sibling = moving->next_sibling;
        TREE_NODE **link = head;
        while (!SEARCH_NAME(order_sorts_before)(ctx, moving, *link)) link = &(*link)->next_sibling;
        moving->next_sibling = *link;
        *link = moving;
    }
}

/* Worth: "kalah 6 tree-ab-presort-gen/copy vs tree-ab-presort-gen-bubble/copy" -- 1.22x fewer instructions (CI, valgrind). */
/* (a cost: the stable sort is the cheaper; the bubble sort is kept because the
 * library uses it and tree-optimal reproduces the library.) */
/* The early-exit bubble sort of Minimaxer 3.2.x on the list at *head: a
 * pass stops at the first child evaluated in a later pass than its
 * predecessor; passes repeat until one swaps nothing.  A never-evaluated
 * child is never swapped forward.  `a` is the child at position i-1 and
 * `link` the pointer to it; a swap leaves `a` at position i. */
static void SEARCH_NAME(order_bubble_sort)(const search_context *ctx, TREE_NODE **head)
{
    for (bool changed = true; changed;) {
        changed = false;
        TREE_NODE **link = head, *a = *head;
        for (TREE_NODE *b = a->next_sibling; b; b = a->next_sibling) {
            if (b->progress.depth > a->progress.depth) break;
            if (SEARCH_NAME(order_evaluated)(ctx, b) && b->value > a->value) {
                a->next_sibling = b->next_sibling;
                b->next_sibling = a;
                *link = b;
                link = &b->next_sibling;
                changed = true;
            } else {
                link = &a->next_sibling;
                a = b;
            }
        }
    }
}

/* Worth: "kalah 6 tree-ab-presort/copy vs tree-ab/copy" -- 4.26x fewer instructions (CI, valgrind). */
/* Orders a node's existing children before a revisit, if the options say
 * so.  Children are created in move order, so next_move is how many there
 * are. */
static inline void SEARCH_NAME(order_children)(search_context *ctx, TREE_NODE *node)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    if (!TREE_OPTION(presort) || node->progress.next_move < 2) return;
    if (TREE_OPTION(bubble)) SEARCH_NAME(order_bubble_sort)(ctx, &node->first_child);
    else SEARCH_NAME(order_stable_sort)(ctx, &node->first_child);
}

#endif /* TREE_NODE */
