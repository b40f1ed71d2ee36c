/*
 * tree_order.h: the orderings of a tree node's children before a revisit
 * (the presort: the stable sort, and Minimaxer's early-exit bubble sort).
 * A part of the tree template: only engine/tree_search.h includes it, and
 * it reads that template's names (TREE_NAME, TREE_OPTION, TREE_NODE).
 */
#if !defined(TREE_NAME) || !defined(TREE_OPTION) || !defined(TREE_NODE)
#error "tree_order.h is a part of engine/tree_search.h"
#endif

/* Whether a child has a value.  With lazy creation every child has one:
 * a child is created only to be visited at once. */
static inline bool TREE_NAME(order_evaluated)(const search_context *ctx, const TREE_NODE *child)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    return TREE_OPTION(generator) || child->progress.depth >= 0;
}

/* The library's "a before b" of its default (stable) sort: deeper pass
 * first, then higher value; never-evaluated children compare equal. */
static inline bool TREE_NAME(order_sorts_before)(const search_context *ctx, const TREE_NODE *a,
                                                   const TREE_NODE *b)
{
    if (a->progress.depth != b->progress.depth) return a->progress.depth > b->progress.depth;
    return TREE_NAME(order_evaluated)(ctx, a) && a->value > b->value;
}

/* Stable insertion sort of the list at *head.  The order is a strict weak
 * one (by depth, then by value for evaluated children), so the sorted
 * prefix's children that `moving` sorts before form a suffix: inserting at
 * the first of them, found from the front, is where the array insertion
 * sort from the back would put it.  A child that sorts after the prefix's
 * last (the usual case) costs one comparison. */
static void TREE_NAME(order_stable_sort)(const search_context *ctx, TREE_NODE **head)
{
    TREE_NODE *tail = *head;
    if (!tail) return;
    for (TREE_NODE *moving = tail->next_sibling; moving; moving = tail->next_sibling) {
        if (!TREE_NAME(order_sorts_before)(ctx, moving, tail)) {
            tail = moving;
            continue;
        }
        tail->next_sibling = moving->next_sibling;
        TREE_NODE **link = head;
        while (!TREE_NAME(order_sorts_before)(ctx, moving, *link)) link = &(*link)->next_sibling;
        moving->next_sibling = *link;
        *link = moving;
    }
}

/* Worth: "kalah 6 tree-ab-presort-gen/copy vs tree-ab-presort-gen-bubble/copy" -- 1.21x fewer instructions (CI, valgrind). */
/* (a cost: the stable sort is the cheaper; the bubble sort is kept because the
 * library uses it and tree-optimal reproduces the library.) */
/* The early-exit bubble sort of Minimaxer 3.2.x on the list at *head: a
 * pass stops at the first child evaluated in a later pass than its
 * predecessor; passes repeat until one swaps nothing.  A never-evaluated
 * child is never swapped forward.  `a` is the child at position i-1 and
 * `link` the pointer to it; a swap leaves `a` at position i. */
static void TREE_NAME(order_bubble_sort)(const search_context *ctx, TREE_NODE **head)
{
    for (bool changed = true; changed;) {
        changed = false;
        TREE_NODE **link = head, *a = *head;
        for (TREE_NODE *b = a->next_sibling; b; b = a->next_sibling) {
            if (b->progress.depth > a->progress.depth) break;
            if (TREE_NAME(order_evaluated)(ctx, b) && b->value > a->value) {
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

/* Worth: "kalah 6 tree-ab-presort/copy vs tree-ab/copy" -- 4.19x fewer instructions (CI, valgrind). */
/* Orders a node's existing children before a revisit, if the options say
 * so.  Children are created in move order, so next_move is how many there
 * are. */
static inline void TREE_NAME(order_children)(search_context *ctx, TREE_NODE *node)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    if (!TREE_OPTION(presort) || node->progress.next_move < 2) return;
    if (TREE_OPTION(bubble)) TREE_NAME(order_bubble_sort)(ctx, &node->first_child);
    else TREE_NAME(order_stable_sort)(ctx, &node->first_child);
}
