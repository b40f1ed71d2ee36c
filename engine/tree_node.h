/*
 * tree_node.h: the persistent tree's nodes, and every way one is created.
 * A part of the tree template: only engine/tree_search.h includes it, and
 * it reads that template's names (SEARCH_UNDO, TREE_NAME, TREE_OPTION,
 * TREE_NODE).
 *
 * Node fields keep the Minimaxer library's meaning: `value` is the
 * inherited value from the parent's mover's view, `progress.depth` the
 * pass that set it (-1 never), `progress.next_move` the index of the next
 * move to create a child from (tree_progress, engine/search_context.h).
 * Children form a singly linked list in walking order; sorting relinks it
 * (engine/move_order.h).  Links are pointers (arena blocks never move) so
 * walking costs no index arithmetic.
 *
 * Children are created here and nowhere else, in one of two ways:
 * - eagerly (tree-standard, tree-ab, tree-ab-presort): a child for every
 *   move on the node's first expansion, tree_create_eagerly;
 * - lazily (the generator option): the child of move next_move only when
 *   a walk has visited every existing child and its window is still open,
 *   tree_create_next; at depth 1, where every child is a new leaf, the
 *   leaves are laid out side by side in the arena's block
 *   (tree_lay_out_begin, tree_lay_out_leaf, tree_lay_out_end).
 */

#if !defined(SEARCH_UNDO) || !defined(TREE_NAME) || !defined(TREE_OPTION) || !defined(TREE_NODE)
#error "tree_node.h is a part of engine/tree_search.h"
#endif

typedef struct TREE_NAME(node_s) {
    struct TREE_NAME(node_s) *first_child, *next_sibling;
    int32_t value;
    tree_progress progress;
    GAME_MOVE move;        /* the move from the parent */
    GAME_MOVE moves[TREE_KEEPS_MOVES ? GAME_MAX_MOVES : 1];
#if !SEARCH_UNDO
    GAME_STATE state;
#endif
} TREE_NODE;

static inline TREE_NODE *TREE_NAME(new_node)(search_context *ctx, GAME_MOVE move)
{
    TREE_NODE *node = new_tree_node(ctx, sizeof *node);
    node->first_child = node->next_sibling = NULL;
    node->progress.depth = -1; /* no value yet: the sorts never read the value of such a node */
    node->progress.next_move = 0;
    node->progress.move_count = TREE_MOVES_UNKNOWN;
    node->move = move;
    return node;
}

/* Creates the child of `parent` reached by `move`.  (Every node but the
 * root is a created child: `created` is counted from the arena.) */
static inline TREE_NODE *TREE_NAME(create_child)(search_context *ctx, TREE_NODE *parent,
                                                        GAME_MOVE move)
{
    TREE_NODE *child = TREE_NAME(new_node)(ctx, move);
#if !SEARCH_UNDO
    GAME_STATE played = parent->state;
    GAME(play)(&played, move);
    child->state = played;
#else
    (void)parent;
#endif
    return child;
}

/* Eager creation: on a node's first expansion (it has no child yet) every
 * move gets a child, in move order.  Does nothing with lazy creation. */
static inline void TREE_NAME(create_eagerly)(search_context *ctx, TREE_NODE *node, const GAME_MOVE *moves,
                                                    int count)
{
    if (TREE_OPTION(generator) || node->first_child) return;
    TREE_NODE **link = &node->first_child;
    for (int i = 0; i < count; i++) {
        *link = TREE_NAME(create_child)(ctx, node, moves[i]);
        link = &(*link)->next_sibling;
    }
    node->progress.next_move = (uint8_t)count;
}

/* Worth: "kalah 6 tree-ab-presort-gen/copy vs tree-ab-presort/copy" -- 1.61x fewer instructions (CI, valgrind). */
/* Lazy creation: the child of moves[next], where next is the node's
 * next_move (the caller's copy, kept in a register), linked at *link (the
 * end of the node's list); only while next < the node's move count. */
static inline TREE_NODE *TREE_NAME(create_next)(search_context *ctx, TREE_NODE *node, TREE_NODE **link,
                                                       const GAME_MOVE *moves, int next)
{
    assert(next == node->progress.next_move);
    TREE_NODE *child = *link = TREE_NAME(create_child)(ctx, node, moves[next]);
    node->progress.next_move = (uint8_t)(next + 1);
    return child;
}

/* A leaf's value (at depth 0, or a finished game at `depth`) in the
 * parent's frame.  When turns alternate the parent's mover is the other
 * side: the compiler can then fold the game's own sign into the
 * evaluation. */
static TREE_ALWAYS_INLINE int TREE_NAME(leaf_value)(const GAME_STATE *s, int depth, int parent_sign)
{
    int value = SEARCH_UNDO ? GAME(evaluate_carried)(s) : GAME(evaluate)(s);
    if (depth != 0) value = win_with_depth(value, depth);
    assert(!GAME_ALTERNATES || mover_sign(s) == -parent_sign);
    return (GAME_ALTERNATES ? -mover_sign(s) : parent_sign) * value;
}

/* Assigns a leaf value (depth 0, finished game, or no legal move: 0) in
 * the parent's frame. */
static void TREE_NAME(assign_leaf)(search_context *ctx, TREE_NODE *node, const GAME_STATE *s,
                                          int depth, int parent_sign, bool has_moves)
{
    node->value = has_moves ? TREE_NAME(leaf_value)(s, depth, parent_sign) : 0;
    node->progress.depth = (int16_t)ctx->pass;
    ctx->evals++;
}

/* Whether the arena's block has room for any node's children, laid out
 * side by side.  (A block ends at the node budget too, so room here is
 * within --max-nodes.) */
static inline bool TREE_NAME(block_has_room)(const search_context *ctx)
{
    return (uintptr_t)ctx->arena.next + GAME_MAX_MOVES * sizeof(TREE_NODE) <= (uintptr_t)ctx->arena.end;
}

/* Lazy creation at depth 1 when tree_block_has_room: the node's children
 * are the block's next nodes, one after another, each linked to the next
 * as it is laid out.  Returns the first. */
static TREE_ALWAYS_INLINE TREE_NODE *TREE_NAME(lay_out_begin)(search_context *ctx, TREE_NODE *node)
{
    return node->first_child = (TREE_NODE *)(void *)ctx->arena.next;
}

/* Lays out the leaf reached by `move` at `child` and returns its value in
 * the parent's frame: `s` is the working position (do-undo: moved to the
 * leaf and back) or the parent's position (copy-make: played on a copy the
 * leaf keeps).  `leaf` is the pass's progress of a new leaf, copied with
 * one store (an assignment takes three). */
static TREE_ALWAYS_INLINE int TREE_NAME(lay_out_leaf)(TREE_NODE *child, GAME_STATE *s, GAME_MOVE move,
                                                             int sign, tree_progress leaf)
{
    child->first_child = NULL;
    child->next_sibling = child + 1;
    child->move = move;
#if SEARCH_UNDO
    GAME_UNDO undo;
    GAME(do_move)(s, move, &undo);
    int value = TREE_NAME(leaf_value)(s, 0, sign);
    GAME(undo_move)(s, move, &undo);
#else
    GAME_STATE played = *s;
    GAME(play)(&played, move);
    child->state = played;
    int value = TREE_NAME(leaf_value)(&played, 0, sign);
#endif
    child->value = value;
    memcpy(&child->progress, &leaf, sizeof leaf);
    return value;
}

/* Ends a lay-out at `last`, the last child laid out: the list ends there
 * and the arena's cursor moves past it. */
static TREE_ALWAYS_INLINE void TREE_NAME(lay_out_end)(search_context *ctx, TREE_NODE *last)
{
    last->next_sibling = NULL;
    ctx->arena.next = (unsigned char *)(last + 1);
}

/* The moves of a node on its first expansion, or TREE_GAME_OVER for a
 * finished game (the position is asked once per node); kept in the node. */
static inline int TREE_NAME(first_moves)(TREE_NODE *node, const GAME_STATE *s, GAME_MOVE *moves)
{
    int count = GAME(is_over)(s) ? TREE_GAME_OVER : GAME(generate_moves)(s, moves);
    node->progress.move_count = (uint8_t)count;
    return count;
}

/* Whether a move count makes the node a leaf: a finished game is evaluated,
 * a side with no move scores 0.  (One unsigned comparison catches both 0
 * and TREE_GAME_OVER, the largest count a node holds once expanded.) */
static inline bool TREE_NAME(has_no_children)(int move_count)
{
    return (unsigned)move_count - 1 >= TREE_GAME_OVER - 1;
}
