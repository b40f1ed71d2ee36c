/*
 * tree_search.h: the Minimaxer library's persistent-tree negamax
 * (docs/kalah.md), written once.
 *
 * A template (the convention is in engine/search_mode.h), included by
 * engine/search_mode.h once per option set, in each state mode:
 *   TREE_NAME(name)   the name of this instance's function `name`
 *                     (tree-optimal's are apart from the configurable one's);
 *   TREE_OPTION(x)    the option x of tree_options: `ctx->options.x` for the
 *                     configurable search, a constant for tree-optimal, so
 *                     that the specialised function has no option checks;
 * and it reads the state mode's SEARCH_UNDO (0: every node stores its
 * position, copy-make, as the library does; 1: nodes store only their move
 * and one working position is moved down and back, do-undo).  Its parts:
 * the nodes and their creation, eager or lazy, in engine/tree_node.h; the
 * orderings of children before a revisit in engine/tree_order.h.
 *
 * Why its loops over children are its own, not the recursive family's:
 * the tree persists across the deepening passes, so a walk visits the
 * children a node already has (in the order the last pass sorted them)
 * before it creates any, lays new leaves out in the arena, and keeps each
 * child's value in the node for the next pass's sort; the Minimaxer
 * library's counts (created, evals) depend on exactly that.
 *
 * A negamax call is one of three bodies: tree_negamax_frontier at depth 1,
 * where every child is a leaf (most calls are there, and it is compiled
 * into its callers), tree_expand at depth 2 or more, with the sorts and
 * revisits, and tree_assign_leaf for a finished game.  Calls are counted
 * by kind (evals, frontier_expansions, nodes) and summed at the end.
 */

#if !defined(SEARCH_UNDO) || !defined(TREE_NAME) || !defined(TREE_OPTION)
#error "tree_search.h: define TREE_NAME(name) and TREE_OPTION(option) (and the state mode's SEARCH_UNDO) first"
#endif

#define TREE_NODE TREE_NAME(node)
#include "tree_node.h"
#include "tree_order.h"

/* Counts one expansion at depth 2 or more.  Every negamax call is counted
 * once, by its kind: an expansion here or in frontier_expansions (depth
 * 1), a leaf value in evals; tree_search sums them into nodes.  No call
 * tests a budget: what bounds a tree search is the arena, which hands out
 * at most max_nodes children. */
static inline void TREE_NAME(count_expansion)(search_context *ctx)
{
    ctx->nodes++;
}

/* Worth: "kalah 6 tree-ab/copy vs tree-standard/copy" -- 3.99x fewer instructions (CI, valgrind). */
/* (the pruning of the tree family: the window test below.) */
/* Takes a child's value (in this node's mover's frame) into the best value
 * and the window; returns whether the window closed.  Game values lie
 * within +-INT_MAX (negamax negates them), so the first child always
 * beats INT_MIN. */
static inline bool TREE_NAME(take_value)(search_context *ctx, int value, int depth, int *best, int *alpha,
                                                int beta)
{
    (void)ctx; /* read by TREE_OPTION in the configurable instantiation */
    if (value <= *best) return false;
    *best = win_for_chooser(value, depth, 1);
    if (!TREE_OPTION(pruning)) return false;
    if (*best > *alpha) *alpha = *best;
    return *alpha >= beta;
}

/* The walk of a depth-1 node when children are created as they are visited
 * and the arena's block has room for all of them: every child is new, a
 * leaf, and laid out as the block's next node (tree_lay_out_leaf).  Written
 * apart from the general walk so that the arena cursor, the parent's
 * position and the new leaves' progress stay in registers (a store into a
 * node could otherwise alias them) and the counters are added once.
 * Returns the best value. */
static TREE_ALWAYS_INLINE int TREE_NAME(frontier_walk)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                                               const GAME_MOVE *moves, int count, int sign,
                                                               int alpha, int beta)
{
    const tree_progress leaf = ctx->leaf_progress;
    TREE_NODE *child = TREE_NAME(lay_out_begin)(ctx, node);
    int best = INT_MIN;
#if !SEARCH_UNDO
    GAME_STATE parent = *s; /* in registers: the children's stores cannot change it */
    s = &parent;
#endif
    const GAME_MOVE *move = moves;
    for (const GAME_MOVE *last = moves + count - 1;; move++, child++) {
        int value = TREE_NAME(lay_out_leaf)(child, s, *move, sign, leaf);
        if (TREE_NAME(take_value)(ctx, value, 1, &best, &alpha, beta) || move == last) break;
    }
    TREE_NAME(lay_out_end)(ctx, child);
    int visited = (int)(move - moves) + 1;
    ctx->evals += (uint64_t)visited;
    node->progress.next_move = (uint8_t)visited;
    return best;
}

/* The walk of a depth-1 node otherwise: children created all at once on
 * this first visit (eager creation), or one at a time from wherever the
 * arena has room.  Every child visited is a leaf. */
static int TREE_NAME(frontier_walk_general)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                                   const GAME_MOVE *moves, int count, int sign, int alpha,
                                                   int beta)
{
    TREE_NAME(create_eagerly)(ctx, node, moves, count);
    int best = INT_MIN;
    TREE_NODE **link = &node->first_child;
    for (TREE_NODE *child = *link;; link = &child->next_sibling, child = *link) {
        if (!child) {
            int next = node->progress.next_move;
            if (next >= count) break;
            child = TREE_NAME(create_next)(ctx, node, link, moves, next);
        }
#if SEARCH_UNDO
        GAME_UNDO undo;
        GAME(do_move)(s, child->move, &undo);
        TREE_NAME(assign_leaf)(ctx, child, s, 0, sign, true);
        GAME(undo_move)(s, child->move, &undo);
#else
        (void)s;
        TREE_NAME(assign_leaf)(ctx, child, &child->state, 0, sign, true);
#endif
        if (TREE_NAME(take_value)(ctx, child->value, 1, &best, &alpha, beta)) break;
    }
    return best;
}

/* The window arrives in the parent's frame and is flipped when the mover
 * changes; returns the mover's sign and sets *flip.  In a game where every
 * move passes the turn the mover is known without asking the position,
 * and the window always flips. */
static inline int TREE_NAME(enter)(const GAME_STATE *s, int parent_sign, bool *flip, int *alpha, int *beta)
{
    (void)s;
    assert(!GAME_ALTERNATES || mover_sign(s) == -parent_sign);
    int sign = GAME_ALTERNATES ? -parent_sign : mover_sign(s);
    *flip = GAME_ALTERNATES || sign != parent_sign;
    if (*flip) {
        int low = -*beta;
        *beta = -*alpha;
        *alpha = low;
    }
    return sign;
}

/* One negamax call on a node at depth 1.  A node's depth grows by one each
 * pass and only nodes at depth 1 or more are expanded, so a node at depth 1
 * is met for the first time: its moves are generated here and its
 * children, all leaves, are created in this walk.  In do-undo mode `s` is
 * the working position, already moved to this node; in copy mode it is
 * unused.  Compiled into each caller, with no calls on its usual path:
 * most negamax calls are at depth 1. */
static TREE_ALWAYS_INLINE void TREE_NAME(negamax_frontier)(search_context *ctx, TREE_NODE *node,
                                                                    GAME_STATE *s, int parent_sign, int alpha,
                                                                    int beta)
{
#if !SEARCH_UNDO
    s = &node->state;
#endif
    GAME_MOVE local_moves[TREE_KEEPS_MOVES ? 1 : GAME_MAX_MOVES];
    GAME_MOVE *moves = TREE_KEEPS_MOVES ? node->moves : local_moves;
    int move_count = TREE_NAME(first_moves)(node, s, moves);
    if (TREE_NAME(has_no_children)(move_count)) {
        TREE_NAME(assign_leaf)(ctx, node, s, 1, parent_sign, move_count != 0);
        return;
    }
    /* Leaves at depth 0 are the children of depth-1 nodes: a pass meets
     * its horizon where it expands one, so these expansions have a count
     * of their own. */
    ctx->frontier_expansions++;
    bool flip;
    int sign = TREE_NAME(enter)(s, parent_sign, &flip, &alpha, &beta);
    int best = TREE_OPTION(generator) && TREE_NAME(block_has_room)(ctx)
                   ? TREE_NAME(frontier_walk)(ctx, node, s, moves, move_count, sign, alpha, beta)
                   : TREE_NAME(frontier_walk_general)(ctx, node, s, moves, move_count, sign, alpha, beta);
    node->value = flip ? -best : best;
    node->progress.depth = (int16_t)ctx->pass;
}

static void TREE_NAME(negamax)(search_context *ctx, TREE_NODE *node, GAME_STATE *s, int depth,
                                      int parent_sign, int alpha, int beta);
static void TREE_NAME(negamax_depth2)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta);
static void TREE_NAME(negamax_depth3)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta);

/* A negamax call on a child at depth 1 or more, dispatched on the depth
 * left: a depth-1 node costs no function call, depths 2 and 3 have bodies
 * of their own.  (Leaves at depth 0 are met only by the frontier walks.) */
static TREE_ALWAYS_INLINE void TREE_NAME(visit)(search_context *ctx, TREE_NODE *child, GAME_STATE *s,
                                                       int depth, int parent_sign, int alpha, int beta)
{
    assert(depth >= 1);
    if (depth == 1) {
        TREE_NAME(negamax_frontier)(ctx, child, s, parent_sign, alpha, beta);
    } else if (depth == 2) {
        TREE_NAME(negamax_depth2)(ctx, child, s, parent_sign, alpha, beta);
    } else if (depth == 3) {
        TREE_NAME(negamax_depth3)(ctx, child, s, parent_sign, alpha, beta);
    } else {
        TREE_NAME(negamax)(ctx, child, s, depth, parent_sign, alpha, beta);
    }
}

/* Worth: "kalah 6 tree-optimal/copy vs tree-optimal/undo" -- 1.32x fewer instructions (CI, valgrind). */
/* (in the tree do-undo costs: each visit replays the moves that copy-make
 * nodes keep played; time is another matter, measured in the benchmarks.) */
/* tree_visit on a child of the node whose position is `s` (do-undo: the
 * working position, moved down to the child and back; copy-make: the
 * child's own). */
static TREE_ALWAYS_INLINE void TREE_NAME(visit_child)(search_context *ctx, TREE_NODE *child, GAME_STATE *s,
                                                             int depth, int sign, int alpha, int beta)
{
#if SEARCH_UNDO
    GAME_UNDO undo;
    GAME(do_move)(s, child->move, &undo);
    TREE_NAME(visit)(ctx, child, s, depth, sign, alpha, beta);
    GAME(undo_move)(s, child->move, &undo);
#else
    (void)s;
    TREE_NAME(visit)(ctx, child, &child->state, depth, sign, alpha, beta);
#endif
}

/* One negamax call on `node` at depth 2 or more.  In do-undo mode `s` is
 * the working position, already moved to this node; in copy mode it is
 * unused.  Moves are generated on the first expansion (to know whether
 * there are any) and afterwards only when a new child must be created. */
static TREE_ALWAYS_INLINE void TREE_NAME(expand)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                                         int depth, int parent_sign, int alpha, int beta)
{
#if !SEARCH_UNDO
    s = &node->state;
#endif
    GAME_MOVE local_moves[TREE_KEEPS_MOVES ? 1 : GAME_MAX_MOVES];
    GAME_MOVE *moves = TREE_KEEPS_MOVES ? node->moves : local_moves;
    bool have_moves = TREE_KEEPS_MOVES;
    int move_count = node->progress.move_count;
    if (move_count == TREE_MOVES_UNKNOWN) {
        move_count = TREE_NAME(first_moves)(node, s, moves);
        have_moves = true;
    }
    if (TREE_NAME(has_no_children)(move_count)) {
        TREE_NAME(assign_leaf)(ctx, node, s, depth, parent_sign, move_count != 0);
        return;
    }
    TREE_NAME(count_expansion)(ctx);
    bool flip;
    int sign = TREE_NAME(enter)(s, parent_sign, &flip, &alpha, &beta);
    TREE_NAME(order_children)(ctx, node);
    TREE_NAME(create_eagerly)(ctx, node, moves, move_count);
    int best = INT_MIN;
    bool closed = false;
    /* The existing children first, in list order; then new ones (lazy
     * creation) appended at `link`, from the move next_move on.  Two loops,
     * so that the first keeps only what it needs in registers. */
    TREE_NODE **link = &node->first_child;
    for (TREE_NODE *child = *link; child; link = &child->next_sibling, child = *link) {
        TREE_NAME(visit_child)(ctx, child, s, depth - 1, sign, alpha, beta);
        if ((closed = TREE_NAME(take_value)(ctx, child->value, depth, &best, &alpha, beta))) break;
    }
    if (!closed && node->progress.next_move < move_count) {
        if (!have_moves) GAME(generate_moves)(s, moves);
        for (int next = node->progress.next_move; next < move_count; next++) {
            TREE_NODE *child = TREE_NAME(create_next)(ctx, node, link, moves, next);
            TREE_NAME(visit_child)(ctx, child, s, depth - 1, sign, alpha, beta);
            if (TREE_NAME(take_value)(ctx, child->value, depth, &best, &alpha, beta)) break;
            link = &child->next_sibling;
        }
    }
    node->value = flip ? -best : best;
    node->progress.depth = (int16_t)ctx->pass;
}

/* tree_expand at depths 2 and 3, each compiled with its depth constant:
 * the depth-2 body has the depth-1 expansion inlined into its walk, and
 * neither tests its children's depth.  Most of the tree's interior is at
 * these depths, so this saves a call and a dispatch per child there. */
static void TREE_NAME(negamax_depth2)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta)
{
    TREE_NAME(expand)(ctx, node, s, 2, parent_sign, alpha, beta);
}

static void TREE_NAME(negamax_depth3)(search_context *ctx, TREE_NODE *node, GAME_STATE *s,
                                             int parent_sign, int alpha, int beta)
{
    TREE_NAME(expand)(ctx, node, s, 3, parent_sign, alpha, beta);
}

/* tree_expand at depth 4 or more. */
static void TREE_NAME(negamax)(search_context *ctx, TREE_NODE *node, GAME_STATE *s, int depth,
                                      int parent_sign, int alpha, int beta)
{
    TREE_NAME(expand)(ctx, node, s, depth, parent_sign, alpha, beta);
}

/* The root's best move after its last pass, found again from its children
 * rather than tracked in every expansion: the root's window never closes,
 * so the pass visited all its children in list order (sorting happens only
 * before a walk), and the same strict comparison over their final values
 * picks the same child.  The root must have children. */
static GAME_MOVE TREE_NAME(root_best)(const TREE_NODE *root, int depth)
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

/* Worth: "kalah 6 tree-ab-depth/copy vs tree-ab/copy" -- 1.16x fewer instructions (CI, valgrind). */
/* (a cost: deepening alone is dearer than one pass; it pays only with the
 * presort, whose order comes from the previous pass: see order_children.) */
/* Runs the passes (1..D with deepening, else D alone) on a fresh tree.
 * Deepening stops early after a pass that never met its horizon: the whole
 * game tree was searched, as the library's FULL_DEPTH exit does. */
static void TREE_NAME(search)(search_context *ctx, GAME_STATE *root_state, int depth)
{
    TREE_NODE *root = TREE_NAME(new_node)(ctx, 0);
#if SEARCH_UNDO
    GAME_STATE *s = root_state;
#else
    root->state = *root_state;
    GAME_STATE *s = &root->state;
#endif
    int sign = mover_sign(root_state);
    for (int pass = TREE_OPTION(deepening) ? 1 : depth; pass <= depth; pass++) {
        ctx->pass = pass;
        ctx->leaf_progress = (tree_progress){.depth = (int16_t)pass, .next_move = 0, .move_count = TREE_MOVES_UNKNOWN};
        ctx->passes++;
        uint64_t frontier_expansions = ctx->frontier_expansions;
        TREE_NAME(visit)(ctx, root, s, pass, -sign, -SEARCH_INFINITY, SEARCH_INFINITY);
        if (ctx->frontier_expansions == frontier_expansions) break;
    }
    if (root->first_child) ctx->root_best = TREE_NAME(root_best)(root, ctx->pass);
    ctx->nodes += ctx->frontier_expansions + ctx->evals;
    ctx->created = tree_created(ctx);
    /* The root's value is kept in its (absent) parent's frame. */
    ctx->root_value = -root->value;
}

#undef TREE_NODE
#undef TREE_NAME
#undef TREE_OPTION
