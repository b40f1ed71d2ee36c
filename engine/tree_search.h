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

/* Forces inlining where a body must be compiled once per call site, with
 * that site's constants (GCC and Clang; elsewhere a hint). */
#ifndef TREE_ALWAYS_INLINE
#if defined(__GNUC__)
#define TREE_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TREE_ALWAYS_INLINE inline
#endif
#endif

typedef struct SEARCH_NAME(tree_node_s) {
    struct SEARCH_NAME(tree_node_s) *first_child, *next_sibling;
    int32_t value;
    int16_t depth;
    uint8_t next_move;
    uint8_t move_count;    /* TREE_MOVES_UNKNOWN until first expanded, TREE_GAME_OVER for a finished game */
    GAME_MOVE move;        /* the move from the parent */
    GAME_MOVE moves[TREE_KEEPS_MOVES ? GAME_MAX_MOVES : 1];
#if !SEARCH_UNDO
    GAME_STATE state;
#endif
} SEARCH_NAME(tree_node);

#define TREE_NODE SEARCH_NAME(tree_node)

static inline TREE_NODE *SEARCH_NAME(tree_new_node)(search_context *ctx, GAME_MOVE move)
{
    TREE_NODE *node = new_tree_node(ctx, sizeof *node);
    node->first_child = node->next_sibling = NULL;
    node->depth = -1; /* no value yet: the sorts never read the value of such a node */
    node->next_move = 0;
    node->move_count = TREE_MOVES_UNKNOWN;
    node->move = move;
    return node;
}

/* Creates the child of `parent` reached by `move`.  (Every node but the
 * root is a created child: `created` is counted from the arena.) */
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
    return child;
}

/* The library's "a before b" of its default (stable) sort: deeper pass
 * first, then higher value; never-evaluated children compare equal. */
static inline bool SEARCH_NAME(tree_sorts_before)(const TREE_NODE *a, const TREE_NODE *b)
{
    if (a->depth != b->depth) return a->depth > b->depth;
    return a->depth >= 0 && a->value > b->value;
}

/* Stable insertion sort of the list at *head.  The order is a strict weak
 * one (by depth, then by value for evaluated children), so the sorted
 * prefix's children that `moving` sorts before form a suffix: inserting at
 * the first of them, found from the front, is where the array insertion
 * sort from the back would put it.  A child that sorts after the prefix's
 * last (the usual case) costs one comparison. */
static void SEARCH_NAME(tree_stable_sort)(TREE_NODE **head)
{
    TREE_NODE *tail = *head;
    if (!tail) return;
    for (TREE_NODE *moving = tail->next_sibling; moving; moving = tail->next_sibling) {
        if (!SEARCH_NAME(tree_sorts_before)(moving, tail)) {
            tail = moving;
            continue;
        }
        tail->next_sibling = moving->next_sibling;
        TREE_NODE **link = head;
        while (!SEARCH_NAME(tree_sorts_before)(moving, *link)) link = &(*link)->next_sibling;
        moving->next_sibling = *link;
        *link = moving;
    }
}

/* The early-exit bubble sort of Minimaxer 3.2.x on the list at *head: a
 * pass stops at the first child evaluated in a later pass than its
 * predecessor; passes repeat until one swaps nothing.  A never-evaluated
 * child is never swapped forward.  `a` is the child at position i-1 and
 * `link` the pointer to it; a swap leaves `a` at position i. */
static void SEARCH_NAME(tree_bubble_sort)(TREE_NODE **head)
{
    for (bool changed = true; changed;) {
        changed = false;
        TREE_NODE **link = head, *a = *head;
        for (TREE_NODE *b = a->next_sibling; b; b = a->next_sibling) {
            if (b->depth > a->depth) break;
            if (b->depth >= 0 && b->value > a->value) {
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

/* Sorts the existing children before a revisit, if the options say so.
 * Children are created in move order, so next_move is how many there are. */
static inline void SEARCH_NAME(tree_sort_children)(search_context *ctx, TREE_NODE *node)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    if (!TREE_OPTION(presort) || node->next_move < 2) return;
    if (TREE_OPTION(bubble)) SEARCH_NAME(tree_bubble_sort)(&node->first_child);
    else SEARCH_NAME(tree_stable_sort)(&node->first_child);
}

/* Eager expansion: every move gets a child on the first visit. */
static void SEARCH_NAME(tree_create_all)(search_context *ctx, TREE_NODE *node, const GAME_MOVE *moves,
                                         int count)
{
    TREE_NODE **link = &node->first_child;
    for (int i = 0; i < count; i++) {
        *link = SEARCH_NAME(tree_create_child)(ctx, node, moves[i]);
        link = &(*link)->next_sibling;
    }
    node->next_move = (uint8_t)count;
}

/* Assigns a leaf value (depth 0, finished game, or no legal move) in the
 * parent's frame. */
static void SEARCH_NAME(tree_assign_leaf)(search_context *ctx, TREE_NODE *node, const GAME_STATE *s,
                                          int depth, int parent_sign, bool has_moves)
{
    int value = has_moves ? (SEARCH_UNDO ? GAME(evaluate_carried)(s) : GAME(evaluate)(s)) : 0;
    if (depth != 0) value = win_with_depth(value, depth);
    /* When turns alternate the parent's mover is the other side: the
     * compiler can then fold the game's own sign into the evaluation. */
    assert(!GAME_ALTERNATES || mover_sign(s) == -parent_sign);
    node->value = (GAME_ALTERNATES ? -mover_sign(s) : parent_sign) * value;
    node->depth = (int16_t)ctx->pass;
    ctx->evals++;
}

static void SEARCH_NAME(tree_negamax)(search_context *ctx, TREE_NODE *node, GAME_STATE *s, int depth,
                                      int parent_sign, int alpha, int beta);
static void SEARCH_NAME(tree_negamax_depth2)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta);
static void SEARCH_NAME(tree_negamax_depth3)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta);
static TREE_ALWAYS_INLINE void SEARCH_NAME(tree_negamax_frontier)(search_context *ctx, TREE_NODE *node,
                                                                    GAME_STATE *s, int parent_sign, int alpha,
                                                                    int beta);

/* Counts one expansion: a negamax call that is not a leaf.  Leaves are
 * counted by evals, one for each call that assigns a leaf value, and
 * tree_search adds them at the end: nodes = expansions + evals.  No call
 * tests a budget: what bounds a tree search is the arena, which hands out
 * at most max_nodes children. */
static inline void SEARCH_NAME(tree_count_expansion)(search_context *ctx)
{
    ctx->nodes++;
}

/* A negamax call on a child, with the commonest case inline: a child at
 * the horizon is a leaf, and about half of all visits then cost no
 * function call.  Counts exactly as a call would.  (A finished game is a
 * leaf too, found by tree_expand, which asks the position only once.) */
static inline void SEARCH_NAME(tree_visit)(search_context *ctx, TREE_NODE *child, GAME_STATE *s,
                                           int depth, int parent_sign, int alpha, int beta)
{
    if (depth == 0) {
        SEARCH_NAME(tree_assign_leaf)(ctx, child, s, depth, parent_sign, true);
    } else if (depth == 1) {
        SEARCH_NAME(tree_negamax_frontier)(ctx, child, s, parent_sign, alpha, beta);
    } else if (depth == 2) {
        SEARCH_NAME(tree_negamax_depth2)(ctx, child, s, parent_sign, alpha, beta);
    } else if (depth == 3) {
        SEARCH_NAME(tree_negamax_depth3)(ctx, child, s, parent_sign, alpha, beta);
    } else {
        SEARCH_NAME(tree_negamax)(ctx, child, s, depth, parent_sign, alpha, beta);
    }
}

/* One negamax call on `node` at depth > 0.  The window arrives in the parent's
 * frame and is flipped here when the mover changes.  In do-undo mode `s` is
 * the working position, already moved to this node; in copy mode it is
 * unused.  Moves are generated on the first expansion (to know whether
 * there are any) and afterwards only when a new child must be created.
 * `frontier` says that depth is 1: a constant in both callers, so that
 * each compiles only its own paths. */
static TREE_ALWAYS_INLINE void SEARCH_NAME(tree_expand)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                                         int depth, bool frontier, int parent_sign, int alpha,
                                                         int beta)
{
#if !SEARCH_UNDO
    s = &node->state;
#endif
    GAME_MOVE local_moves[TREE_KEEPS_MOVES ? 1 : GAME_MAX_MOVES];
    GAME_MOVE *moves = TREE_KEEPS_MOVES ? node->moves : local_moves;
    bool have_moves = TREE_KEEPS_MOVES;
    /* A node's depth grows by one each pass, and only nodes at depth 1 or
     * more are expanded: a node at depth 1 is met for the first time.
     * Saying so lets the depth-1 specialisation drop the revisit paths. */
    int move_count = frontier ? TREE_MOVES_UNKNOWN : node->move_count;
    if (move_count == TREE_MOVES_UNKNOWN) {
        move_count = GAME(is_over)(s) ? TREE_GAME_OVER : GAME(generate_moves)(s, moves);
        node->move_count = (uint8_t)move_count;
        have_moves = true;
    }
    /* A finished game is evaluated; a side with no move scores 0.  (One
     * unsigned comparison catches both 0 and TREE_GAME_OVER, the largest
     * count this line can see.) */
    if ((unsigned)move_count - 1 >= TREE_GAME_OVER - 1) {
        SEARCH_NAME(tree_assign_leaf)(ctx, node, s, depth, parent_sign, move_count != 0);
        return;
    }
    /* Leaves at depth 0 are the children of depth-1 nodes, which visit at
     * least one child: the pass meets its horizon here. */
    SEARCH_NAME(tree_count_expansion)(ctx);
    if (frontier) ctx->pass_hit_horizon = true;
    /* In a game where every move passes the turn the mover is known
     * without asking the position, and the window always flips. */
    assert(!GAME_ALTERNATES || mover_sign(s) == -parent_sign);
    int sign = GAME_ALTERNATES ? -parent_sign : mover_sign(s);
    bool flip = GAME_ALTERNATES || sign != parent_sign;
    int low = flip ? -beta : alpha, high = flip ? -alpha : beta;
    alpha = low;
    beta = high;
    if (!frontier) SEARCH_NAME(tree_sort_children)(ctx, node);
    if (!TREE_OPTION(generator) && (frontier || !node->first_child))
        SEARCH_NAME(tree_create_all)(ctx, node, moves, move_count);
    int best = INT_MIN;
    /* `link` points at the next child's slot: the walk yields the existing
     * children, then appends new ones there (lazy creation) from the move
     * `next`, stored back once at the end. */
    bool all_new = frontier && TREE_OPTION(generator); /* every child is created in this walk */
    int next = all_new ? 0 : node->next_move;
    TREE_NODE *child = all_new ? NULL : node->first_child;
    for (TREE_NODE **link = &node->first_child;;
         link = &child->next_sibling, child = all_new ? NULL : *link) {
        if (!child) {
            if (next >= move_count) break;
            if (!have_moves) GAME(generate_moves)(s, moves), have_moves = true;
            child = *link = SEARCH_NAME(tree_create_child)(ctx, node, moves[next++]);
        }
#if SEARCH_UNDO
        GAME_UNDO undo;
        GAME(do_move)(s, child->move, &undo);
        SEARCH_NAME(tree_visit)(ctx, child, s, depth - 1, sign, alpha, beta);
        GAME(undo_move)(s, child->move, &undo);
#else
        SEARCH_NAME(tree_visit)(ctx, child, &child->state, depth - 1, sign, alpha, beta);
#endif
        /* Game values lie within +-INT_MAX (negamax negates them), so the
         * first child always beats INT_MIN and becomes the best. */
        if (child->value > best) {
            best = win_for_chooser(child->value, depth, 1);
            if (TREE_OPTION(pruning)) {
                alpha = best > alpha ? best : alpha;
                if (alpha >= beta) break;
            }
        }
    }
    node->next_move = (uint8_t)next;
    node->value = flip ? -best : best;
    node->depth = (int16_t)ctx->pass;
}

/* tree_expand at depths 2 and 3, each compiled with its depth constant:
 * the depth-2 body has the depth-1 expansion inlined into its walk, and
 * neither tests its children's depth.  Most of the tree's interior is at
 * these depths, so this saves a call and a dispatch per child there. */
static void SEARCH_NAME(tree_negamax_depth2)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta)
{
    SEARCH_NAME(tree_expand)(ctx, node, s, 2, false, parent_sign, alpha, beta);
}

static void SEARCH_NAME(tree_negamax_depth3)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta)
{
    SEARCH_NAME(tree_expand)(ctx, node, s, 3, false, parent_sign, alpha, beta);
}

/* tree_expand at depth 4 or more. */
static void SEARCH_NAME(tree_negamax)(search_context *ctx, TREE_NODE *node, GAME_STATE *s, int depth,
                                      int parent_sign, int alpha, int beta)
{
    SEARCH_NAME(tree_expand)(ctx, node, s, depth, false, parent_sign, alpha, beta);
}

/* tree_expand at depth 1, where every child is a leaf: compiled with the
 * depth constant, it makes no calls, and most calls are at depth 1. */
static TREE_ALWAYS_INLINE void SEARCH_NAME(tree_negamax_frontier)(search_context *ctx, TREE_NODE *node,
                                                                    GAME_STATE *s, int parent_sign, int alpha,
                                                                    int beta)
{
    SEARCH_NAME(tree_expand)(ctx, node, s, 1, true, parent_sign, alpha, beta);
}

/* The root's best move after its last pass, found again from its children
 * rather than tracked in every expansion: the root's window never closes,
 * so the pass visited all its children in list order (sorting happens only
 * before a walk), and the same strict comparison over their final values
 * picks the same child.  The root must have children. */
static GAME_MOVE SEARCH_NAME(tree_root_best)(const TREE_NODE *root, int depth)
{
    int best = INT_MIN;
    GAME_MOVE move = 0;
    for (const TREE_NODE *child = root->first_child; child; child = child->next_sibling) {
        if (child->value > best) {
            best = win_for_chooser(child->value, depth, 1);
            move = child->move;
        }
    }
    return move;
}

/* Runs the passes (1..D with deepening, else D alone) on a fresh tree.
 * Deepening stops early after a pass that never met its horizon: the whole
 * game tree was searched, as the library's FULL_DEPTH exit does. */
static void SEARCH_NAME(tree_search)(search_context *ctx, GAME_STATE *root_state, int depth)
{
    TREE_NODE *root = SEARCH_NAME(tree_new_node)(ctx, 0);
#if SEARCH_UNDO
    GAME_STATE *s = root_state;
#else
    root->state = *root_state;
    GAME_STATE *s = &root->state;
#endif
    int sign = mover_sign(root_state);
    for (int pass = TREE_OPTION(deepening) ? 1 : depth; pass <= depth; pass++) {
        ctx->pass = pass;
        ctx->passes++;
        ctx->pass_hit_horizon = false;
        SEARCH_NAME(tree_visit)(ctx, root, s, pass, -sign, -SEARCH_INFINITY, SEARCH_INFINITY);
        if (!ctx->pass_hit_horizon) break;
    }
    if (root->first_child) ctx->root_best = SEARCH_NAME(tree_root_best)(root, ctx->pass);
    ctx->nodes += ctx->evals;
    ctx->created = tree_created(ctx);
    /* The root's value is kept in its (absent) parent's frame. */
    ctx->root_value = -root->value;
}

#undef TREE_NODE
