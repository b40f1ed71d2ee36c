/*
 * mcts_search.h: Monte Carlo tree search and its hybrids with minimax
 * (engine/config.h, mcts_options; docs/mcts.md): the tree, its nodes and
 * one iteration; engine/mcts_run.h runs a request with them.  Part of the
 * per-game engine: included once by engine/search_instance.c, after
 * search_context.h.
 *
 * One iteration: from the root, descend through nodes whose moves all
 * have children by UCB1 (selection); at the first node with a move
 * without a child, create that child (expansion, one node per
 * iteration); from the new node, play uniformly random moves to the end
 * of the game (the playout); add its result to every node of the path
 * (backpropagation).  The steps of docs/mcts.md add to it: proven values
 * (MCTS-Solver), minimax in the playouts (MR), in selection (MS) and in
 * backpropagation (MB), and the evaluation's minimax value beside the
 * win rate (implicit minimax backups).
 *
 * Conventions, which every function below keeps:
 *   - A result is in half points for the maximiser: 2 a win, 1 a draw,
 *     0 a loss.  A game's result is the sign of its end-of-game value
 *     (GAME(evaluate), the maximiser's view), as a match decides it; a
 *     side with no move in an unfinished game, and a playout longer
 *     than the game's match ply cap, are draws, as in a match.
 *   - A node's statistics (points, proven, implicit) are from the view
 *     of the side that moved into it, the parent's mover: so a parent
 *     compares its children's figures as they are, whether or not the
 *     game alternates.
 *   - Nodes counts every position the search reaches by a move: each
 *     step down the tree, each created node, each playout ply and each
 *     node of the hybrids' minimax searches, and the root once.  The
 *     node limit stops the search within an iteration, which is then
 *     undone (its new node removed, nothing backed up), so a limit of N
 *     visits at most N; an iteration limit and the clock stop it between
 *     iterations.
 *   - Exact under a node or iteration limit: the seed decides every
 *     random draw, and the floating point below is contracted nowhere
 *     (the pragma), so every build gives the same tree.
 */
#ifndef GAME_STATE
#error "mcts_search.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

/* No fused multiply-add anywhere below: Clang contracts by default, GCC
 * not under -std=c11 (meson's c_std), and an FMA would round otherwise. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#define MCTS_NO_NODE 0u      /* index 0 is the root, never a child: "no child", "no sibling" */
#define MCTS_UNPROVEN INT8_MIN
#define MCTS_VALUE_SCALE 1000 /* search_result.value of a proven win; a mean result maps to -1000..1000 */
#define MCTS_FIRST_CAPACITY 4096u
#define MCTS_MAX_PATH (GAME_MATCH_MAX_PLIES + 2) /* the deepest path an iteration follows, root included */

typedef struct {
    uint32_t first_child, next_sibling; /* the children, newest first */
    uint32_t visits;
    uint32_t points;   /* half points of the results through this node, for the side that moved into it */
    float implicit;    /* implicit minimax backups: the evaluation's minimax value, that side's view, -1..1 */
    GAME_MOVE move;    /* the move into this node */
    uint8_t move_count; /* TREE_MOVES_UNKNOWN until the node's moves are counted */
    uint8_t created;   /* children created, in the order of mcts_untried's draws */
    int8_t proven;     /* MCTS_UNPROVEN, or the game's value for the side that moved into it: 1, 0, -1 */
    bool by_max;       /* the side that moved into this node is the maximiser */
    bool max_to_move;  /* the maximiser moves at this node */
} mcts_node;

/* The search under way, static so that a soft limit's longjmp leaves it
 * readable (one search at a time, as search_context). */
typedef struct {
    search_context *ctx;
    mcts_options options;
    mcts_node *nodes;
    uint32_t count, capacity, limit;   /* limit: the memory bound's count */
    uint32_t pending_parent;           /* the node whose child this iteration created, MCTS_NO_NODE none yet */
    uint64_t iterations, playouts, minimax_searches, reused;
    bool memory_full;
    uint64_t helper_nodes;             /* the helper threads' nodes (root parallelism) */
    const search_request *request;     /* for its playout sample (search_request.playout_sample) */
    int sampled;                       /* playouts written to the sample so far */
    size_t sample_used;
    void **owner_nodes;                /* where the pool's address is kept: the caller's tree, or the engine's */
    uint32_t *owner_capacity;
} mcts_search;

/* Each thread's search (root parallelism: helper threads search trees
 * of their own, engine/mcts_search.h's mcts_helper_main). */
static _Thread_local mcts_search mcts;
static void *mcts_nodes_kept; /* the engine's node pool (a request without a tree of its own), kept between searches */
static uint32_t mcts_capacity_kept;
#define MCTS_KEEP_CAPACITY 65536u /* the engine's pool keeps at most this many nodes' memory after a search */

/* The game's result at s for the maximiser, in half points: 2, 1 or 0. */
static inline uint32_t mcts_result_of(const GAME_STATE *s)
{
    int value = GAME(evaluate)(s);
    return value > 0 ? 2u : value < 0 ? 0u : 1u;
}

/* A node's points turned to the view of the maximiser (by_max) or not. */
static inline uint32_t mcts_points_for(uint32_t max_points, bool by_max) { return by_max ? max_points : 2u - max_points; }

/* The game's value at s for the side to move: 1, 0 or -1. */
static inline int mcts_outcome_for_mover(const GAME_STATE *s) { return ((int)mcts_result_of(s) - 1) * mover_sign(s); }

/* A uniform draw from 0..n-1 (n > 0): the high half of a 64-bit draw
 * scaled, no division. */
static inline int mcts_random_index(uint64_t *rng, int n)
{
    return (int)(((splitmix64_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* A node taken from the pool; MCTS_NO_NODE when the memory bound or the
 * allocator refuses (the search then stops after this iteration). */
static uint32_t mcts_new_node(void)
{
    if (mcts.count >= mcts.limit) return mcts.memory_full = true, MCTS_NO_NODE;
    if (mcts.count == mcts.capacity) {
        uint32_t grown = mcts.capacity > mcts.limit / 2 ? mcts.limit : mcts.capacity * 2;
        mcts_node *more = realloc(mcts.nodes, (size_t)grown * sizeof *more);
        if (!more) return mcts.memory_full = true, MCTS_NO_NODE;
        mcts.nodes = more;
        mcts.capacity = grown;
        *mcts.owner_nodes = more; /* at once: a failed search's longjmp must not leave the owner a freed pool */
        *mcts.owner_capacity = grown;
    }
    return mcts.count++;
}

/* Readies the pool the search's owner holds (mcts.owner_nodes and
 * owner_capacity, set by the caller): the owner's memory, or a first
 * block; false when there is no room for the root (no memory, or a
 * memory bound below one node). */
static bool mcts_pool_ready(void)
{
    mcts.nodes = *mcts.owner_nodes;
    mcts.capacity = *mcts.owner_capacity;
    if (mcts.capacity == 0) {
        mcts.nodes = *mcts.owner_nodes = malloc(MCTS_FIRST_CAPACITY * sizeof *mcts.nodes);
        mcts.capacity = *mcts.owner_capacity = mcts.nodes ? MCTS_FIRST_CAPACITY : 0;
    }
    return mcts.capacity > 0 && mcts.limit > 0;
}

/* Fills a node's fields that depend on its position. */
static void mcts_init_node(mcts_node *n, const GAME_STATE *s, GAME_MOVE move, bool by_max)
{
    *n = (mcts_node){.move = move, .move_count = TREE_MOVES_UNKNOWN, .proven = MCTS_UNPROVEN, .by_max = by_max,
                     .max_to_move = GAME(max_to_move)(s)};
}

/* Counts a node's moves the first time the search stands on it; a
 * finished game or a side without a move has none, and is proven at once
 * where the solver is on (its value is the game's). */
static void mcts_count_moves(mcts_node *n, const GAME_STATE *s)
{
    if (n->move_count != TREE_MOVES_UNKNOWN) return;
    bool over = GAME(is_over)(s);
    n->move_count = over ? 0 : (uint8_t)GAME(generate_moves)(s, (GAME_MOVE[GAME_MAX_MOVES]){0});
    if (n->move_count == 0 && mcts.options.solver)
        n->proven = (int8_t)(over ? ((int)mcts_points_for(mcts_result_of(s), n->by_max) - 1) : 0);
}

/* The evaluation's value for the side that moved into a node at s, in
 * -1..1 (implicit minimax backups): a finished game is its result, any
 * other position its evaluation squashed by the game's scale.  Implicit
 * backups cost instructions at the same iterations (recorded the other way
 * round): */
/* Worth: "connect4 2000 mcts-solver/copy vs mcts-implicit/copy" -- 1.16x fewer instructions (CI, valgrind). */
static float mcts_heuristic(const GAME_STATE *s, bool by_max)
{
    double value = GAME(is_over)(s) ? ((double)mcts_result_of(s) - 1) : tanh(GAME(evaluate)(s) / (double)GAME_EVAL_SCALE);
    return (float)(by_max ? value : -value);
}

/* A knowledge-free minimax search of the hybrids (Baier and Winands): the
 * value for the side to move at s, 1 when it wins by force within `depth`
 * plies, -1 when it loses by force, 0 when neither is proven (a draw
 * counts as 0 too: the hybrids act on wins and losses alone).  Alpha-beta
 * over -1..1; a side that moves again keeps its sign. */
static int mcts_minimax(const GAME_STATE *s, int depth, int alpha, int beta)
{
    if (GAME(is_over)(s)) return mcts_outcome_for_mover(s);
    if (depth == 0) return 0;
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = GAME(generate_moves)(s, moves);
    if (count == 0) return 0;
    bool max = GAME(max_to_move)(s);
    int best = -2;
    for (int i = 0; i < count && alpha < beta; i++) {
        GAME_STATE child = *s;
        GAME(play)(&child, moves[i]);
        count_node(mcts.ctx);
        bool same = GAME(max_to_move)(&child) == max;
        int value = same ? mcts_minimax(&child, depth - 1, alpha, beta) : -mcts_minimax(&child, depth - 1, -beta, -alpha);
        if (value > best) best = value;
        if (value > alpha) alpha = value;
    }
    return best;
}

/* One playout move under MCTS-MR: a move that wins within the search's
 * depth if there is one; else a random move among those not proven lost;
 * else (every move lost) a random move.  The moves are drawn in a random
 * order and each searched as it is drawn, so the first win found is a
 * random one of the wins. */
static GAME_MOVE mcts_rollout_move(const GAME_STATE *s, GAME_MOVE *moves, int count)
{
    mcts.minimax_searches++;
    bool max = GAME(max_to_move)(s);
    GAME_MOVE safe[GAME_MAX_MOVES];
    int safe_count = 0, depth = mcts.options.rollout_depth - 1;
    for (int i = count - 1; i >= 0; i--) { /* Fisher-Yates: moves[i] is the next drawn */
        int j = mcts_random_index(&mcts.ctx->rng, i + 1);
        GAME_MOVE move = moves[j];
        moves[j] = moves[i];
        moves[i] = move;
        GAME_STATE child = *s;
        GAME(play)(&child, move);
        count_node(mcts.ctx);
        int value = GAME(max_to_move)(&child) == max ? mcts_minimax(&child, depth, -1, 1)
                                                      : -mcts_minimax(&child, depth, -1, 1);
        if (value > 0) return move;
        if (value == 0) safe[safe_count++] = move;
    }
    if (safe_count == 0) return moves[mcts_random_index(&mcts.ctx->rng, count)];
    return safe[mcts_random_index(&mcts.ctx->rng, safe_count)];
}

/* The playout sample (search_request.playout_sample): the moves of the
 * iteration under way, from the root, and how it ended. */
#define MCTS_LINE_MOVES (MCTS_MAX_PATH + GAME_MATCH_MAX_PLIES)
static _Thread_local GAME_MOVE mcts_line[MCTS_LINE_MOVES];
static _Thread_local int mcts_line_length;
static _Thread_local const char *mcts_line_end;

static inline void mcts_line_add(GAME_MOVE move)
{
    if (mcts.request && mcts.request->playout_sample && mcts_line_length < MCTS_LINE_MOVES) mcts_line[mcts_line_length++] = move;
}

/* Writes the iteration's line, "MOVES END\n", while the sample wants more
 * and has room (a line that does not fit ends the sample). */
static void mcts_sample_line(void)
{
    const search_request *q = mcts.request;
    if (!q || !q->playout_sample || mcts.sampled >= q->playout_sample_count) return;
    char *out = q->playout_sample + mcts.sample_used;
    size_t room = q->playout_sample_size - mcts.sample_used, used = 0;
    for (int i = 0; i < mcts_line_length; i++) {
        char text[64];
        GAME(format_move)(mcts_line[i], text, sizeof text);
        int n = snprintf(out + used, room > used ? room - used : 0, "%s%s", i ? "," : "", text);
        used += (size_t)(n > 0 ? n : 0);
    }
    int n = snprintf(out + used, room > used ? room - used : 0, " %s\n", mcts_line_end);
    used += (size_t)(n > 0 ? n : 0);
    if (used >= room) { /* no room: the sample ends here, whole lines only */
        out[0] = '\0';
        mcts.sampled = q->playout_sample_count;
        return;
    }
    mcts.sample_used += used;
    mcts.sampled++;
}

/* The playout from s to the end of the game (or the ply cap, a draw):
 * its result in half points for the maximiser. */
static uint32_t mcts_playout(GAME_STATE *s)
{
    mcts.playouts++;
    for (int ply = 0; ply < GAME_MATCH_MAX_PLIES; ply++) {
        if (GAME(is_over)(s)) return mcts_line_end = "over", mcts_result_of(s);
        GAME_MOVE moves[GAME_MAX_MOVES];
        int count = GAME(generate_moves)(s, moves);
        if (count == 0) return mcts_line_end = "no-move", 1;
        GAME_MOVE move = mcts.options.rollout_depth > 0 ? mcts_rollout_move(s, moves, count)
                                                        : moves[mcts_random_index(&mcts.ctx->rng, count)];
        GAME(play)(s, move);
        mcts_line_add(move);
        count_node(mcts.ctx);
    }
    if (GAME(is_over)(s)) return mcts_line_end = "over", mcts_result_of(s);
    return mcts_line_end = "cap", 1;
}

/* A move of the node at s that has no child yet, drawn uniformly: its
 * index in the game's move order (`moves` receives the list). */
static int mcts_untried(const mcts_node *n, const GAME_STATE *s, GAME_MOVE *moves)
{
    int count = GAME(generate_moves)(s, moves);
    bool taken[GAME_MAX_MOVES] = {false};
    for (uint32_t c = n->first_child; c != MCTS_NO_NODE; c = mcts.nodes[c].next_sibling)
        for (int i = 0; i < count; i++)
            if (moves[i] == mcts.nodes[c].move) taken[i] = true;
    int pick = mcts_random_index(&mcts.ctx->rng, count - n->created);
    for (int i = 0; i < count; i++)
        if (!taken[i] && pick-- == 0) return i;
    assert(false && "a node with created < move_count has an untried move");
    return 0;
}

/* The child that selection follows: UCB1 over the children's mean
 * results (mixed with their implicit minimax values by alpha), from the
 * mover's view.  Under the solver a child proven lost is never followed
 * (its parent is proven once all are). */
static uint32_t mcts_select(const mcts_node *n)
{
    double log_visits = log((double)n->visits), c = mcts.options.exploration, alpha = mcts.options.implicit_weight;
    uint32_t best = MCTS_NO_NODE;
    double best_score = -1e300;
    for (uint32_t i = n->first_child; i != MCTS_NO_NODE; i = mcts.nodes[i].next_sibling) {
        const mcts_node *child = &mcts.nodes[i];
        if (child->proven == -1) continue;
        double mean = (double)child->points / (2.0 * (double)child->visits);
        if (alpha > 0) mean = (1 - alpha) * mean + alpha * ((double)child->implicit + 1) / 2;
        double score = mean + c * sqrt(log_visits / (double)child->visits);
        if (score > best_score) best_score = score, best = i;
    }
    return best;
}

/* The proven value of node n (the view of the side that moved into it)
 * from its children, or MCTS_UNPROVEN: a child that wins for n's mover
 * proves n a win for it; children for every move, all proven, prove n
 * their best.  n's mover sees its children's values as they are.  A
 * proven root ends the search: after 1,5 on tic-tac-toe the win is proved
 * in 114 iterations (prune search --json's iterations), where mcts-uct
 * runs all 5,000. */
/* Worth: "ttt 1,5 5000 mcts-solver/copy vs mcts-uct/copy" -- 42.04x fewer instructions (CI, valgrind). */
static int mcts_prove_from_children(const mcts_node *n)
{
    int best = -2;
    bool all = n->created == n->move_count;
    for (uint32_t i = n->first_child; i != MCTS_NO_NODE; i = mcts.nodes[i].next_sibling) {
        int proven = mcts.nodes[i].proven;
        if (proven == MCTS_UNPROVEN) {
            all = false;
            continue;
        }
        if (proven > best) best = proven;
    }
    if (best != 1 && !all) return MCTS_UNPROVEN;
    return n->by_max == n->max_to_move ? best : -best;
}

/* MCTS-MS and MCTS-MB: a minimax search from node n at s; a win or loss
 * it proves is n's proven value.  The searches cost (MS at the same
 * iterations, recorded the other way round): */
/* Worth: "kalah 2000 mcts-solver/copy vs mcts-ms/copy" -- 1.09x fewer instructions (CI, valgrind). */
static void mcts_prove_by_search(mcts_node *n, const GAME_STATE *s, int depth)
{
    if (n->proven != MCTS_UNPROVEN || n->move_count == 0) return;
    mcts.minimax_searches++;
    int value = mcts_minimax(s, depth, -1, 1); /* n's mover's view */
    if (value != 0) n->proven = (int8_t)(n->by_max == n->max_to_move ? value : -value);
}

/* The implicit minimax value of n from its children (the best for n's
 * mover, in the view of the side that moved into n). */
static void mcts_back_up_implicit(mcts_node *n)
{
    float best = -2;
    for (uint32_t i = n->first_child; i != MCTS_NO_NODE; i = mcts.nodes[i].next_sibling)
        if (mcts.nodes[i].implicit > best) best = mcts.nodes[i].implicit;
    if (best > -2) n->implicit = n->by_max == n->max_to_move ? best : -best;
}

static _Thread_local GAME_STATE mcts_path_states[MCTS_MAX_PATH]; /* MB: the positions of the iteration's path */

/* One iteration from the root state; returns false when the pool is full
 * (no node could be created: the search ends). */
static bool mcts_iterate(const GAME_STATE *root)
{
    static _Thread_local GAME_STATE s;
    uint32_t path[MCTS_MAX_PATH];
    int length = 0;
    s = *root;
    uint32_t at = 0;
    path[length++] = at;
    mcts_line_length = 0;
    uint32_t result = 1;
    bool decided = false; /* the result is the game's (a finished game or a proof), no playout */
    for (;;) {
        mcts_node *n = &mcts.nodes[at];
        if (mcts.options.backup_depth > 0) mcts_path_states[length - 1] = s; /* MB searches from these */
        mcts_count_moves(n, &s);
        if (n->proven != MCTS_UNPROVEN) { /* solver: the proven value is the result */
            result = mcts_points_for((uint32_t)(n->proven + 1), n->by_max);
            decided = true;
            break;
        }
        if (n->move_count == 0) {
            result = GAME(is_over)(&s) ? mcts_result_of(&s) : 1;
            decided = true;
            break;
        }
        if (length == MCTS_MAX_PATH - 1) break; /* a tree this deep (a long forced line): a playout from here */
        /* MS: one search from a node, when its visits reach the threshold.  Never from the root: a win
         * it proved there would end the search with no child known to win (MB's rule too). */
        if (mcts.options.selection_depth > 0 && n->visits == (uint32_t)mcts.options.selection_visits && at != 0) {
            mcts_prove_by_search(n, &s, mcts.options.selection_depth);
            if (n->proven != MCTS_UNPROVEN) continue;
        }
        if (n->created < n->move_count) { /* expansion: one new node */
            GAME_MOVE moves[GAME_MAX_MOVES];
            int index = mcts_untried(n, &s, moves);
            uint32_t child = mcts_new_node();
            if (child == MCTS_NO_NODE) return false;
            n = &mcts.nodes[at]; /* the pool may have moved */
            bool by_max = n->max_to_move;
            GAME(play)(&s, moves[index]);
            mcts_line_add(moves[index]);
            mcts_init_node(&mcts.nodes[child], &s, moves[index], by_max);
            mcts.nodes[child].next_sibling = n->first_child;
            n->first_child = child;
            n->created++;
            mcts.pending_parent = at;
            if (mcts.options.implicit_weight > 0) mcts.nodes[child].implicit = mcts_heuristic(&s, by_max);
            count_node(mcts.ctx);
            path[length++] = child;
            mcts_count_moves(&mcts.nodes[child], &s);
            at = child;
            if (mcts.nodes[child].proven != MCTS_UNPROVEN) {
                result = mcts_points_for((uint32_t)(mcts.nodes[child].proven + 1), by_max);
                decided = true;
            }
            break;
        }
        uint32_t child = mcts_select(n);
        if (child == MCTS_NO_NODE) { /* every child proven lost: the node is proven (backed up below) */
            result = mcts_points_for(0, n->max_to_move);
            decided = true;
            break;
        }
        GAME(play)(&s, mcts.nodes[child].move);
        mcts_line_add(mcts.nodes[child].move);
        count_node(mcts.ctx);
        path[length++] = at = child;
    }
    if (!decided) result = mcts_playout(&s);
    else if (mcts.request && mcts.request->playout_sample)
        mcts_line_end = GAME(is_over)(&s) ? "over"
                        : GAME(generate_moves)(&s, (GAME_MOVE[GAME_MAX_MOVES]){0}) == 0 ? "no-move" : "proven";
    mcts.pending_parent = MCTS_NO_NODE; /* from here on the iteration is not undone */
    for (int i = length - 1; i >= 0; i--) {
        mcts_node *n = &mcts.nodes[path[i]];
        n->visits++;
        n->points += mcts_points_for(result, n->by_max);
        if (i < length - 1 && mcts.options.implicit_weight > 0) mcts_back_up_implicit(n);
    }
    /* The proofs after the statistics: MB's searches count nodes, and a
     * limit that stops one leaves the statistics whole (a proof missed is
     * only a proof not yet made). */
    for (int i = length - 2; i >= 0 && mcts.options.solver; i--) {
        mcts_node *n = &mcts.nodes[path[i]];
        if (n->proven != MCTS_UNPROVEN) continue; /* proven by MS on the way down */
        int proven = mcts_prove_from_children(n);
        if (proven != MCTS_UNPROVEN) {
            n->proven = (int8_t)proven;
            continue;
        }
        if (mcts.options.backup_depth > 0 && i > 0 && mcts.nodes[path[i + 1]].proven == -1) /* MB: a move just proven lost */
            mcts_prove_by_search(n, &mcts_path_states[i], mcts.options.backup_depth);
        if (n->proven == MCTS_UNPROVEN) break; /* nothing above can be proven by this iteration */
    }
    mcts_sample_line();
    mcts.iterations++;
    return true;
}

/* Undoes the node an iteration that a limit stopped had created: it is
 * the newest node and its parent's first child, nothing backed up yet. */
static void mcts_undo_pending(void)
{
    if (mcts.pending_parent == MCTS_NO_NODE) return;
    mcts_node *parent = &mcts.nodes[mcts.pending_parent];
    uint32_t child = parent->first_child;
    assert(child == mcts.count - 1);
    parent->first_child = mcts.nodes[child].next_sibling;
    parent->created--;
    mcts.count--;
    mcts.pending_parent = MCTS_NO_NODE;
}
