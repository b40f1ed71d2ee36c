/*
 * tree_search.h: the Minimaxer library's persistent-tree negamax
 * (specs/kalah.md), written once.
 *
 * This file is a template, included by engine/search_instance.c once per
 * (state mode, option set):
 *   SEARCH_UNDO   0: every node stores its position (copy-make, as the
 *                    library does); 1: nodes store only their move and one
 *                    working position is moved down and back (do-undo).
 *   TREE_OPTION(x) the option x of tree_options: `ctx->options.x` for the
 *                    configurable search, a constant for tree-optimal, so
 *                    that the specialised function has no option checks.
 *   SEARCH_NAME   a suffix for this instantiation's functions.
 *
 * Node fields keep the library's meaning: `value` is the inherited value
 * from the parent's mover's view, `depth` the pass that set it (-1 never),
 * `next_move` the index of the next move to create a child from.  Children
 * form a singly linked list in walking order; sorting relinks it.
 */

typedef struct {
    int32_t value;
    int16_t depth;
    uint8_t next_move;
    uint8_t move_count;    /* TREE_MOVES_UNKNOWN until first expanded */
    uint32_t first_child;  /* arena index, 0 = none (0 is the root) */
    uint32_t next_sibling;
    GAME_MOVE move;        /* the move from the parent */
#if !SEARCH_UNDO
    GAME_STATE state;
#endif
} SEARCH_NAME(tree_node);

#define TREE_NODE SEARCH_NAME(tree_node)

static inline TREE_NODE *SEARCH_NAME(tree_node_at)(search_context *ctx, uint32_t index)
{
    return (TREE_NODE *)arena_at(&ctx->arena, index);
}

/* Creates the child of `parent` reached by `move`, counted in `created`. */
static uint32_t SEARCH_NAME(tree_create_child)(search_context *ctx, TREE_NODE *parent, GAME_MOVE move)
{
    uint32_t index = arena_new(&ctx->arena, ctx);
    TREE_NODE *child = SEARCH_NAME(tree_node_at)(ctx, index);
    *child = (TREE_NODE){.value = 0, .depth = -1, .move_count = TREE_MOVES_UNKNOWN, .move = move};
#if !SEARCH_UNDO
    child->state = parent->state;
    GAME(play)(&child->state, move);
#else
    (void)parent;
#endif
    ctx->created++;
    return index;
}

/* The library's "a before b" of its default (stable) sort: deeper pass
 * first, then higher value; never-evaluated children compare equal. */
static inline bool SEARCH_NAME(tree_sorts_before)(const TREE_NODE *a, const TREE_NODE *b)
{
    if (a->depth != b->depth) return a->depth > b->depth;
    return a->depth >= 0 && a->value > b->value;
}

static void SEARCH_NAME(tree_stable_sort)(search_context *ctx, uint32_t *kids, int count)
{
    for (int i = 1; i < count; i++) {
        uint32_t moving = kids[i];
        const TREE_NODE *m = SEARCH_NAME(tree_node_at)(ctx, moving);
        int j = i;
        while (j > 0 && SEARCH_NAME(tree_sorts_before)(m, SEARCH_NAME(tree_node_at)(ctx, kids[j - 1]))) {
            kids[j] = kids[j - 1];
            j--;
        }
        kids[j] = moving;
    }
}

/* The early-exit bubble sort of Minimaxer 3.2.x: a pass stops at the first
 * child evaluated in a later pass than its predecessor; passes repeat until
 * one swaps nothing.  A never-evaluated child is never swapped forward. */
static void SEARCH_NAME(tree_bubble_sort)(search_context *ctx, uint32_t *kids, int count)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 1; i < count; i++) {
            const TREE_NODE *a = SEARCH_NAME(tree_node_at)(ctx, kids[i - 1]);
            const TREE_NODE *b = SEARCH_NAME(tree_node_at)(ctx, kids[i]);
            if (b->depth > a->depth) break;
            if (b->depth >= 0 && b->value > a->value) {
                uint32_t t = kids[i - 1];
                kids[i - 1] = kids[i];
                kids[i] = t;
                changed = true;
            }
        }
    }
}

/* Collects the existing children in list order, sorts them if the options
 * say so, and relinks the list.  Returns how many there are. */
static int SEARCH_NAME(tree_sort_children)(search_context *ctx, TREE_NODE *node, uint32_t *kids)
{
    int count = 0;
    for (uint32_t k = node->first_child; k; k = SEARCH_NAME(tree_node_at)(ctx, k)->next_sibling)
        kids[count++] = k;
    if (!TREE_OPTION(presort) || count < 2) return count;
    if (TREE_OPTION(bubble)) SEARCH_NAME(tree_bubble_sort)(ctx, kids, count);
    else SEARCH_NAME(tree_stable_sort)(ctx, kids, count);
    node->first_child = kids[0];
    for (int i = 0; i < count; i++)
        SEARCH_NAME(tree_node_at)(ctx, kids[i])->next_sibling = i + 1 < count ? kids[i + 1] : 0;
    return count;
}

/* Eager expansion: every move gets a child on the first visit. */
static void SEARCH_NAME(tree_create_all)(search_context *ctx, TREE_NODE *node, const GAME_MOVE *moves,
                                    int count)
{
    uint32_t previous = 0;
    for (int i = 0; i < count; i++) {
        uint32_t k = SEARCH_NAME(tree_create_child)(ctx, node, moves[i]);
        if (previous) SEARCH_NAME(tree_node_at)(ctx, previous)->next_sibling = k;
        else node->first_child = k;
        previous = k;
    }
    node->next_move = (uint8_t)count;
}

/* Assigns a leaf value (depth 0, finished game, or no legal move) in the
 * parent's frame, and notes whether the pass met its horizon. */
static void SEARCH_NAME(tree_assign_leaf)(search_context *ctx, TREE_NODE *node, const GAME_STATE *s,
                                     int depth, int parent_sign, bool has_moves)
{
    int value = has_moves || GAME(is_over)(s) ? (SEARCH_UNDO ? GAME(evaluate_carried)(s) : GAME(evaluate)(s)) : 0;
    if (depth == 0) ctx->pass_hit_horizon = true;
    else value = win_with_depth(value, depth);
    node->value = parent_sign * value;
    node->depth = (int16_t)ctx->pass;
    ctx->evals++;
}

/* One negamax call on `index`.  The window arrives in the parent's frame
 * and is flipped here when the mover changes.  In do-undo mode `s` is the
 * working position, already moved to this node; in copy mode it is unused. */
static void SEARCH_NAME(tree_negamax)(search_context *ctx, uint32_t index, GAME_STATE *s, int depth,
                                 int parent_sign, int alpha, int beta)
{
    count_node(ctx);
    TREE_NODE *node = SEARCH_NAME(tree_node_at)(ctx, index);
#if !SEARCH_UNDO
    s = &node->state;
#endif
    int sign = mover_sign(s);
    if (sign != parent_sign) {
        int t = alpha;
        alpha = -beta;
        beta = -t;
    }
    GAME_MOVE moves[GAME_MAX_MOVES];
    int move_count = node->move_count;
    bool need_moves = move_count == TREE_MOVES_UNKNOWN ||
                      (TREE_OPTION(generator) && node->next_move < move_count);
    if (depth > 0 && !GAME(is_over)(s) && need_moves) {
        move_count = GAME(generate_moves)(s, moves);
        node->move_count = (uint8_t)move_count;
    }
    if (depth == 0 || GAME(is_over)(s) || move_count == 0) {
        SEARCH_NAME(tree_assign_leaf)(ctx, node, s, depth, parent_sign, move_count != 0);
        return;
    }
    uint32_t kids[GAME_MAX_MOVES];
    int existing = SEARCH_NAME(tree_sort_children)(ctx, node, kids);
    if (!TREE_OPTION(generator) && existing == 0) {
        SEARCH_NAME(tree_create_all)(ctx, node, moves, move_count);
        existing = SEARCH_NAME(tree_sort_children)(ctx, node, kids);
    }
    int best = INT_MIN;
    GAME_MOVE best_move = 0;
    uint32_t last = existing ? kids[existing - 1] : 0;
    for (int i = 0;; i++) {
        uint32_t k;
        if (i < existing) k = kids[i];
        else if (node->next_move < move_count) {
            k = SEARCH_NAME(tree_create_child)(ctx, node, moves[node->next_move++]);
            if (last) SEARCH_NAME(tree_node_at)(ctx, last)->next_sibling = k;
            else node->first_child = k;
            last = k;
        } else break;
        TREE_NODE *child = SEARCH_NAME(tree_node_at)(ctx, k);
#if SEARCH_UNDO
        GAME_UNDO undo;
        GAME(do_move)(s, child->move, &undo);
        SEARCH_NAME(tree_negamax)(ctx, k, s, depth - 1, sign, alpha, beta);
        GAME(undo_move)(s, child->move, &undo);
#else
        SEARCH_NAME(tree_negamax)(ctx, k, NULL, depth - 1, sign, alpha, beta);
#endif
        if (best == INT_MIN || child->value > best) {
            best = win_for_chooser(child->value, depth, 1);
            best_move = child->move;
            if (TREE_OPTION(pruning)) {
                alpha = best > alpha ? best : alpha;
                if (alpha >= beta) break;
            }
        }
    }
    node->value = sign == parent_sign ? best : -best;
    node->depth = (int16_t)ctx->pass;
    if (index == 0) ctx->root_best = best_move;
}

/* Runs the passes (1..D with deepening, else D alone) on a fresh tree.
 * Deepening stops early after a pass that never met its horizon: the whole
 * game tree was searched, as the library's FULL_DEPTH exit does. */
static void SEARCH_NAME(tree_search)(search_context *ctx, GAME_STATE *root_state, int depth)
{
    uint32_t root = arena_new(&ctx->arena, ctx);
    TREE_NODE *node = SEARCH_NAME(tree_node_at)(ctx, root);
    *node = (TREE_NODE){.value = 0, .depth = -1, .move_count = TREE_MOVES_UNKNOWN};
#if !SEARCH_UNDO
    node->state = *root_state;
#endif
    int sign = mover_sign(root_state);
    for (int pass = TREE_OPTION(deepening) ? 1 : depth; pass <= depth; pass++) {
        ctx->pass = pass;
        ctx->passes++;
        ctx->pass_hit_horizon = false;
        SEARCH_NAME(tree_negamax)(ctx, root, root_state, pass, -sign, -SEARCH_INFINITY, SEARCH_INFINITY);
        if (!ctx->pass_hit_horizon) break;
    }
    /* The root's value is kept in its (absent) parent's frame. */
    ctx->root_value = -SEARCH_NAME(tree_node_at)(ctx, root)->value;
    ctx->node_size = sizeof(TREE_NODE);
}

#undef TREE_NODE
