/*
 * recursive_search.h: the recursive family (minimax, alphabeta,
 * alphabeta-scala, negamax), written once, and the state mode's ways of
 * reaching a child (enter, leave, evaluate, order_moves) that the ladder
 * uses too.
 *
 * A part of the state-mode template: only engine/search_mode.h includes
 * it, and it reads that template's names, SEARCH_UNDO (0 copy-make, 1
 * do-undo) and SEARCH_NAME (a suffix per mode).  Both modes visit the same
 * positions in the same order, so every count, value and best move is the
 * same; only the cost of reaching a child differs.
 *
 * Conventions shared by every function here (docs/conventions.md):
 * - one node is counted per call, root included;
 * - the side to move decides max or min (and negamax's colour); values
 *   handed around are from the maximiser's view unless a name says "mover";
 * - depth 0 returns the evaluation, a finished game its terminal value,
 *   a side with no legal move scores 0;
 * - with a game win score W (GAME_WIN_SCORE), a finished game found with d
 *   plies left scores +-(W + d), and a child value that is exactly a win W
 *   for the side choosing (a win seen at the horizon) becomes W + d when it
 *   becomes the best (the Ard Ri engine's rule; W = 0 switches it off);
 * - the best root move is the first child with a strictly better value.
 */

#if !defined(SEARCH_UNDO) || !defined(SEARCH_NAME)
#error "recursive_search.h is a part of engine/search_mode.h"
#endif

/* Worth: "minichess 4 negamax/undo vs negamax/copy" -- 1.77x fewer instructions (CI, valgrind). */
/* Reaches a child of *s by move m: copy-make plays on a clone in *scratch,
 * do-undo plays on *s itself.  Returns the child position. */
static inline GAME_STATE *SEARCH_NAME(enter)(GAME_STATE *s, GAME_STATE *scratch, GAME_MOVE m,
                                             GAME_UNDO *undo)
{
    if (SEARCH_UNDO) {
        GAME(do_move)(s, m, undo);
        return s;
    }
    (void)undo;
    *scratch = *s;
    GAME(play)(scratch, m);
    return scratch;
}

static inline void SEARCH_NAME(leave)(GAME_STATE *s, GAME_MOVE m, const GAME_UNDO *undo)
{
    if (SEARCH_UNDO) GAME(undo_move)(s, m, undo);
    else { (void)s; (void)m; (void)undo; }
}

/* Copy-make recounts the evaluation; do-undo reads what the moves carried. */
static inline int SEARCH_NAME(evaluate)(const GAME_STATE *s)
{
    return SEARCH_UNDO ? GAME(evaluate_carried)(s) : GAME(evaluate)(s);
}

/* The value of a position where the recursion stops, or INT_MIN when it
 * goes on.  Counts the node first, as every search function here does. */
static inline int SEARCH_NAME(stop_value)(search_context *ctx, const GAME_STATE *s, int depth)
{
    count_node(ctx);
    if (depth == 0) return SEARCH_NAME(evaluate)(s);
    if (GAME(is_over)(s)) return win_with_depth(SEARCH_NAME(evaluate)(s), depth);
    return INT_MIN;
}

/* Each search below is split in two: the node is counted and tested for
 * a stop (stop_value) by the caller, inline, and only a position that goes
 * on is expanded by a call.  Leaves, about half of every tree, then cost no
 * call at all. */
static int SEARCH_NAME(minimax_expand)(search_context *ctx, GAME_STATE *s, int depth, int alpha, int beta,
                                       GAME_MOVE *best_move);
static int SEARCH_NAME(alphabeta_expand)(search_context *ctx, GAME_STATE *s, int depth, int alpha, int beta,
                                         GAME_MOVE *best_move);

/* Worth: "ttt 9 alphabeta/copy vs minimax/copy" -- 23.72x fewer instructions (CI, valgrind). */
/* Worth: "ardri 5 alphabeta/copy vs minimax/copy" -- 26.59x fewer instructions (CI, valgrind). */
/* Worth: "ardri c3c2 5 alphabeta/undo vs minimax/undo" -- 55.49x fewer instructions (CI, valgrind). */
/* Worth: "dots 4 alphabeta/copy vs minimax/copy" -- 97.12x fewer instructions (CI, valgrind). */
/* The max/min pair's one loop over children, minimax's and alpha-beta's:
 * compiled into each with `pruning` a constant, so minimax carries no
 * window.  Alpha-beta is fail-soft, in the Ard Ri engine's shape: alpha
 * (beta) moves to the new best, and a child value reaching beta (alpha) is
 * returned as is. */
static TREE_ALWAYS_INLINE int SEARCH_NAME(maxmin_walk)(search_context *ctx, GAME_STATE *s, int depth, int alpha,
                                                      int beta, GAME_MOVE *best_move, bool pruning)
{
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = GAME(generate_moves)(s, moves);
    if (count == 0) return 0;
    bool maximising = GAME(max_to_move)(s);
    int best = maximising ? INT_MIN : INT_MAX;
    for (int i = 0; i < count; i++) {
        GAME_STATE scratch;
        GAME_UNDO undo;
        GAME_STATE *child = SEARCH_NAME(enter)(s, &scratch, moves[i], &undo);
        int v = SEARCH_NAME(stop_value)(ctx, child, depth - 1);
        if (v == INT_MIN)
            v = pruning ? SEARCH_NAME(alphabeta_expand)(ctx, child, depth - 1, alpha, beta, NULL)
                        : SEARCH_NAME(minimax_expand)(ctx, child, depth - 1, alpha, beta, NULL);
        SEARCH_NAME(leave)(s, moves[i], &undo);
        if (maximising) {
            if (v > best) {
                best = win_for_chooser(v, depth, 1);
                if (best_move) *best_move = moves[i];
                if (pruning && v > alpha) alpha = best;
            }
            if (pruning && v >= beta) return v;
        } else {
            if (v < best) {
                best = win_for_chooser(v, depth, -1);
                if (best_move) *best_move = moves[i];
                if (pruning && v < beta) beta = best;
            }
            if (pruning && v <= alpha) return v;
        }
    }
    return best;
}

/* Each compiled twice: at depth 1, where every child is a leaf, the walk
 * has the constant depth, so its children's stop test and recursion fold
 * away (callgrind, ardri alphabeta depth 8: 152.7 -> 144.2 instructions a
 * node). */
static int SEARCH_NAME(minimax_expand)(search_context *ctx, GAME_STATE *s, int depth, int alpha, int beta,
                                       GAME_MOVE *best_move)
{
    if (depth == 1) return SEARCH_NAME(maxmin_walk)(ctx, s, 1, alpha, beta, best_move, false);
    return SEARCH_NAME(maxmin_walk)(ctx, s, depth, alpha, beta, best_move, false);
}

static int SEARCH_NAME(alphabeta_expand)(search_context *ctx, GAME_STATE *s, int depth, int alpha, int beta,
                                         GAME_MOVE *best_move)
{
    if (depth == 1) return SEARCH_NAME(maxmin_walk)(ctx, s, 1, alpha, beta, best_move, true);
    return SEARCH_NAME(maxmin_walk)(ctx, s, depth, alpha, beta, best_move, true);
}

/* minimax (pruning false) or alpha-beta from the root: values from the
 * maximiser's view. */
static int SEARCH_NAME(maxmin)(search_context *ctx, GAME_STATE *s, int depth, bool pruning, GAME_MOVE *best_move)
{
    int stop = SEARCH_NAME(stop_value)(ctx, s, depth);
    if (stop != INT_MIN) return stop;
    return pruning ? SEARCH_NAME(alphabeta_expand)(ctx, s, depth, INT_MIN, INT_MAX, best_move)
                   : SEARCH_NAME(minimax_expand)(ctx, s, depth, INT_MIN, INT_MAX, best_move);
}

/* Worth: "dots 4 alphabeta-scala/copy vs minimax/copy" -- 13.67x fewer instructions (CI, valgrind). */
/* (alpha-beta as published, slip included: about 7x dearer than alphabeta above.) */
/* A loop of its own (with scala_root's): the published code's shape,
 * functions alternating by ply whoever moves and the slip kept, is what
 * it reproduces, and it shares neither with the max/min pair. */
/* The Scala post's functions: minimize and maximize alternate strictly by
 * ply whoever moves, return the mover's heuristic at a finished game or
 * depth 0, and keep the published slip (minimize clamps with the beta it
 * was called with).  `maximizing` is the function, not the side. */
static int SEARCH_NAME(scala)(search_context *ctx, GAME_STATE *s, int depth, int alpha, int beta,
                              bool maximizing)
{
    count_node(ctx);
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = depth == 0 || GAME(is_over)(s) ? 0 : GAME(generate_moves)(s, moves);
    if (count == 0) return mover_sign(s) * SEARCH_NAME(evaluate)(s);
    int running = maximizing ? alpha : beta;
    for (int i = 0; i < count; i++) {
        GAME_STATE scratch;
        GAME_UNDO undo;
        GAME_STATE *child = SEARCH_NAME(enter)(s, &scratch, moves[i], &undo);
        if (maximizing) {
            int v = SEARCH_NAME(scala)(ctx, child, depth - 1, running, beta, false);
            SEARCH_NAME(leave)(s, moves[i], &undo);
            running = v > running ? v : running;
            if (running >= beta) return beta;
        } else {
            int v = SEARCH_NAME(scala)(ctx, child, depth - 1, alpha, running, true);
            SEARCH_NAME(leave)(s, moves[i], &undo);
            running = v < beta ? v : beta;
            if (alpha >= running) return alpha;
        }
    }
    return running;
}

/* The Scala root: every move gets minimize with a fresh full window, and
 * the first smallest value wins (as published). */
static int SEARCH_NAME(scala_root)(search_context *ctx, GAME_STATE *s, int depth, GAME_MOVE *best_move)
{
    count_node(ctx);
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = depth == 0 || GAME(is_over)(s) ? 0 : GAME(generate_moves)(s, moves);
    if (count == 0) return mover_sign(s) * SEARCH_NAME(evaluate)(s);
    int best = INT_MAX;
    for (int i = 0; i < count; i++) {
        GAME_STATE scratch;
        GAME_UNDO undo;
        GAME_STATE *child = SEARCH_NAME(enter)(s, &scratch, moves[i], &undo);
        int v = SEARCH_NAME(scala)(ctx, child, depth - 1, INT_MIN, INT_MAX, false);
        SEARCH_NAME(leave)(s, moves[i], &undo);
        if (v < best) {
            best = v;
            *best_move = moves[i];
        }
    }
    return best;
}

/* The value after each move from the mover's view, for negamax-ab's
 * ordering (order_shuffle_and_sort, engine/move_order.h: shuffled with
 * the search's generator, then stably sorted best first).  Both state
 * modes compute equal values, so they order alike.  Returns how many
 * moves lead with a value above `floor` (INT_MAX: none, and nothing more
 * is computed): the ladder's late killers go after them. */
static int SEARCH_NAME(order_moves)(search_context *ctx, GAME_STATE *s, GAME_MOVE *moves, int count, int floor)
{
    int sign = mover_sign(s);
    scored_move scored[GAME_MAX_MOVES];
    for (int i = 0; i < count; i++) {
        GAME_STATE scratch;
        GAME_UNDO undo;
        GAME_STATE *child = SEARCH_NAME(enter)(s, &scratch, moves[i], &undo);
        scored[i].value = sign * SEARCH_NAME(evaluate)(child);
        SEARCH_NAME(leave)(s, moves[i], &undo);
        scored[i].move = moves[i];
    }
    order_shuffle_and_sort(&ctx->rng, scored, count);
    for (int i = 0; i < count; i++) moves[i] = scored[i].move;
    int above = 0; /* sorted best first: those above the floor lead */
    if (floor != INT_MAX)
        while (above < count && scored[above].value > floor) above++;
    return above;
}

/* Plain negamax, values from the mover's view: every child is searched,
 * with no window and no ordering.  A child with the same mover (an extra
 * turn) keeps the sign; otherwise it flips.  A loop of its own, as the
 * do-undo study's baseline: the ladder's loop (engine/ladder_search.h,
 * whose every-option-off instance is negamax-ab) always orders and cuts. */
static int SEARCH_NAME(negamax)(search_context *ctx, GAME_STATE *s, int depth, GAME_MOVE *best_move)
{
    int stop = SEARCH_NAME(stop_value)(ctx, s, depth);
    if (stop != INT_MIN) return mover_sign(s) * stop;
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = GAME(generate_moves)(s, moves);
    if (count == 0) return 0;
    bool mover = GAME(max_to_move)(s);
    int best = INT_MIN;
    for (int i = 0; i < count; i++) {
        GAME_STATE scratch;
        GAME_UNDO undo;
        GAME_STATE *child = SEARCH_NAME(enter)(s, &scratch, moves[i], &undo);
        int v = SEARCH_NAME(negamax)(ctx, child, depth - 1, NULL);
        if (GAME(max_to_move)(child) != mover) v = -v;
        SEARCH_NAME(leave)(s, moves[i], &undo);
        if (v > best) {
            best = win_for_chooser(v, depth, 1);
            if (best_move) *best_move = moves[i];
        }
    }
    return best;
}
