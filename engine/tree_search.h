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
 * form a singly linked list in walking order; sorting relinks it.  Links are
 * pointers (arena blocks never move) so walking costs no index arithmetic.
 */

/* Games whose whole move list takes at most 16 bytes keep it in the node
 * (for Kalah it fills what would be padding), so creating a child later
 * needs no regeneration; other games regenerate when they create. */
#ifndef TREE_KEEPS_MOVES
#define TREE_KEEPS_MOVES (GAME_MAX_MOVES * sizeof(GAME_MOVE) <= 16)
#endif

typedef struct SEARCH_NAME(tree_node_s) {
    struct SEARCH_NAME(tree_node_s) *first_child, *next_sibling;
    int32_t value;
    int16_t depth;
    uint8_t next_move;
    uint8_t move_count;    /* TREE_MOVES_UNKNOWN until first expanded */
    GAME_MOVE move;        /* the move from the parent */
    GAME_MOVE moves[TREE_KEEPS_MOVES ? GAME_MAX_MOVES : 1];
#if !SEARCH_UNDO
    GAME_STATE state;
#endif
} SEARCH_NAME(tree_node);

#define TREE_NODE SEARCH_NAME(tree_node)

static inline TREE_NODE *SEARCH_NAME(tree_new_node)(search_context *ctx, GAME_MOVE move)
{
    TREE_NODE *node = new_tree_node(ctx);
    node->first_child = node->next_sibling = NULL;
    node->value = 0;
    node->depth = -1;
    node->next_move = 0;
    node->move_count = TREE_MOVES_UNKNOWN;
    node->move = move;
    return node;
}

/* Creates the child of `parent` reached by `move`, counted in `created`. */
static inline TREE_NODE *SEARCH_NAME(tree_create_child)(search_context *ctx, TREE_NODE *parent,
                                                        GAME_MOVE move)
{
    TREE_NODE *child = SEARCH_NAME(tree_new_node)(ctx, move);
#if !SEARCH_UNDO
    child->state = parent->state;
    GAME(play)(&child->state, move);
#else
    (void)parent;
#endif
    ctx->created++;
    return child;
}

/* The library's "a before b" of its default (stable) sort: deeper pass
 * first, then higher value; never-evaluated children compare equal. */
static inline bool SEARCH_NAME(tree_sorts_before)(const TREE_NODE *a, const TREE_NODE *b)
{
    if (a->depth != b->depth) return a->depth > b->depth;
    return a->depth >= 0 && a->value > b->value;
}

/* Returns whether anything moved. */
static bool SEARCH_NAME(tree_stable_sort)(TREE_NODE **kids, int count)
{
    bool moved = false;
    for (int i = 1; i < count; i++) {
        TREE_NODE *moving = kids[i];
        int j = i;
        for (; j > 0 && SEARCH_NAME(tree_sorts_before)(moving, kids[j - 1]); j--) kids[j] = kids[j - 1];
        kids[j] = moving;
        moved |= j != i;
    }
    return moved;
}

/* The early-exit bubble sort of Minimaxer 3.2.x: a pass stops at the first
 * child evaluated in a later pass than its predecessor; passes repeat until
 * one swaps nothing.  A never-evaluated child is never swapped forward.
 * Returns whether anything moved. */
static bool SEARCH_NAME(tree_bubble_sort)(TREE_NODE **kids, int count)
{
    bool moved = false;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 1; i < count; i++) {
            const TREE_NODE *a = kids[i - 1], *b = kids[i];
            if (b->depth > a->depth) break;
            if (b->depth >= 0 && b->value > a->value) {
                kids[i - 1] = kids[i];
                kids[i] = (TREE_NODE *)a;
                changed = true;
            }
        }
        moved |= changed;
    }
    return moved;
}

/* Collects the existing children in list order, sorts them if the options
 * say so, and relinks the list when the order changed.  Returns how many
 * there are. */
static int SEARCH_NAME(tree_sort_children)(search_context *ctx, TREE_NODE *node, TREE_NODE **kids)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    int count = 0;
    for (TREE_NODE *k = node->first_child; k; k = k->next_sibling) kids[count++] = k;
    if (!TREE_OPTION(presort) || count < 2) return count;
    bool moved = TREE_OPTION(bubble) ? SEARCH_NAME(tree_bubble_sort)(kids, count)
                                     : SEARCH_NAME(tree_stable_sort)(kids, count);
    if (moved) {
        node->first_child = kids[0];
        for (int i = 0; i + 1 < count; i++) kids[i]->next_sibling = kids[i + 1];
        kids[count - 1]->next_sibling = NULL;
    }
    return count;
}

/* Eager expansion: every move gets a child on the first visit. */
static int SEARCH_NAME(tree_create_all)(search_context *ctx, TREE_NODE *node, const GAME_MOVE *moves,
                                        int count, TREE_NODE **kids)
{
    for (int i = 0; i < count; i++) {
        kids[i] = SEARCH_NAME(tree_create_child)(ctx, node, moves[i]);
        if (i) kids[i - 1]->next_sibling = kids[i];
    }
    node->first_child = kids[0];
    node->next_move = (uint8_t)count;
    return count;
}

/* Assigns a leaf value (depth 0, finished game, or no legal move) in the
 * parent's frame, and notes whether the pass met its horizon. */
static void SEARCH_NAME(tree_assign_leaf)(search_context *ctx, TREE_NODE *node, const GAME_STATE *s,
                                          int depth, int parent_sign, bool has_moves)
{
    int value = has_moves ? (SEARCH_UNDO ? GAME(evaluate_carried)(s) : GAME(evaluate)(s)) : 0;
    if (depth == 0) ctx->pass_hit_horizon = true;
    else value = win_with_depth(value, depth);
    node->value = parent_sign * value;
    node->depth = (int16_t)ctx->pass;
    ctx->evals++;
}

static void SEARCH_NAME(tree_negamax)(search_context *ctx, TREE_NODE *node, GAME_STATE *s, int depth,
                                      int parent_sign, int alpha, int beta);

/* A child's negamax call, with the commonest case inline: a child at the
 * horizon or with the game over is a leaf, and about half of all visits
 * then cost no function call.  Counts exactly as a call would. */
static inline void SEARCH_NAME(tree_visit)(search_context *ctx, TREE_NODE *child, GAME_STATE *s,
                                           int depth, int parent_sign, int alpha, int beta)
{
    if (depth == 0 || GAME(is_over)(s)) {
        count_node(ctx);
        SEARCH_NAME(tree_assign_leaf)(ctx, child, s, depth, parent_sign, true);
    } else {
        SEARCH_NAME(tree_negamax)(ctx, child, s, depth, parent_sign, alpha, beta);
    }
}

/* One negamax call on `node`.  The window arrives in the parent's frame
 * and is flipped here when the mover changes.  In do-undo mode `s` is the
 * working position, already moved to this node; in copy mode it is unused.
 * Moves are generated on the first expansion (to know whether there are
 * any) and afterwards only when a new child must be created. */
static void SEARCH_NAME(tree_negamax)(search_context *ctx, TREE_NODE *node, GAME_STATE *s, int depth,
                                      int parent_sign, int alpha, int beta)
{
    count_node(ctx);
#if !SEARCH_UNDO
    s = &node->state;
#endif
    bool over = GAME(is_over)(s);
    GAME_MOVE local_moves[TREE_KEEPS_MOVES ? 1 : GAME_MAX_MOVES];
    GAME_MOVE *moves = TREE_KEEPS_MOVES ? node->moves : local_moves;
    bool have_moves = TREE_KEEPS_MOVES;
    int move_count = node->move_count;
    if (depth > 0 && !over && move_count == TREE_MOVES_UNKNOWN) {
        move_count = GAME(generate_moves)(s, moves);
        node->move_count = (uint8_t)move_count;
        have_moves = true;
    }
    if (depth == 0 || over || move_count == 0) {
        SEARCH_NAME(tree_assign_leaf)(ctx, node, s, depth, parent_sign, over || move_count != 0);
        return;
    }
    int sign = mover_sign(s);
    if (sign != parent_sign) {
        int t = alpha;
        alpha = -beta;
        beta = -t;
    }
    TREE_NODE *kids[GAME_MAX_MOVES];
    int existing = SEARCH_NAME(tree_sort_children)(ctx, node, kids);
    if (!TREE_OPTION(generator) && existing == 0)
        existing = SEARCH_NAME(tree_create_all)(ctx, node, moves, move_count, kids);
    int best = INT_MIN;
    TREE_NODE *best_child = NULL;
    TREE_NODE *last = existing ? kids[existing - 1] : NULL;
    for (int i = 0;; i++) {
        TREE_NODE *child;
        if (i < existing) child = kids[i];
        else if (node->next_move < move_count) {
            if (!have_moves) GAME(generate_moves)(s, moves), have_moves = true;
            child = SEARCH_NAME(tree_create_child)(ctx, node, moves[node->next_move++]);
            if (last) last->next_sibling = child;
            else node->first_child = child;
            last = child;
        } else break;
#if SEARCH_UNDO
        GAME_UNDO undo;
        GAME(do_move)(s, child->move, &undo);
        SEARCH_NAME(tree_visit)(ctx, child, s, depth - 1, sign, alpha, beta);
        GAME(undo_move)(s, child->move, &undo);
#else
        SEARCH_NAME(tree_visit)(ctx, child, &child->state, depth - 1, sign, alpha, beta);
#endif
        if (!best_child || child->value > best) {
            best = win_for_chooser(child->value, depth, 1);
            best_child = child;
            if (TREE_OPTION(pruning)) {
                alpha = best > alpha ? best : alpha;
                if (alpha >= beta) break;
            }
        }
    }
    node->value = sign == parent_sign ? best : -best;
    node->depth = (int16_t)ctx->pass;
    if (depth == ctx->pass) ctx->root_best = best_child->move;
}

/* Runs the passes (1..D with deepening, else D alone) on a fresh tree.
 * Deepening stops early after a pass that never met its horizon: the whole
 * game tree was searched, as the library's FULL_DEPTH exit does. */
static void SEARCH_NAME(tree_search)(search_context *ctx, GAME_STATE *root_state, int depth)
{
    TREE_NODE *root = SEARCH_NAME(tree_new_node)(ctx, 0);
#if !SEARCH_UNDO
    root->state = *root_state;
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
    ctx->root_value = -root->value;
}

#undef TREE_NODE
