/*
 * ladder_search.h: the technique ladder, negamax-ab plus options, written
 * once.
 *
 * A template like recursive_search.h (included after it, with the same
 * SEARCH_UNDO and SEARCH_NAME, per state mode): one negamax whose
 * techniques are switched by LADDER_OPTION(name), which reads the config's
 * ladder_options; engine/search_instance.c includes it once more per
 * mode as ladder-tt's instance, giving LADDER_OPTION as constants and
 * LADDER_NAME its own names.  With every option off it is negamax-ab node for node:
 * the same counting (one node per call, root included), the same ordering
 * (seeded shuffle, then stable sort by the value after the move), the same
 * win-depth rule and the same treatment of an extra turn (Dots and Boxes:
 * the child keeps the sign and the window).  Each technique is in one
 * place:
 *   - transposition table: ladder_probe, ladder_store (engine/ttable.h);
 *   - iterative deepening, time and node limits: ladder_deepen;
 *   - killers, history: ladder_order, ladder_cutoff (engine/history.h);
 *   - principal variation search: ladder_child;
 *   - MTD(f): ladder_mtdf;  aspiration windows: ladder_aspiration.
 * Values are from the mover's view, fail-soft, as in negamax-ab.
 */

#ifndef PRUNE_LADDER_ONCE
#define PRUNE_LADDER_ONCE
#include "history.h"
#include "random.h"
#include "ttable.h"

_Static_assert(sizeof(GAME_MOVE) <= 2, "table entries keep 16-bit moves");
_Static_assert(GAME_CONSTANT(MAX_DEPTH) <= TT_MAX_DRAFT && GAME_CONSTANT(MAX_DEPTH) < LADDER_MAX_PLY,
               "drafts and plies fit the table and the killers");

#define LADDER_ZOBRIST_SEED 0x7072756E655A6F62ULL /* fixed: keys, and so counts, are the same in every run */
#define LADDER_CHECK_INTERVAL 1024 /* nodes between two looks at the clock */
#define LADDER_ASPIRATION_DELTA 2  /* half-width of the first window around the previous value */
/* The table serves nodes with at least this many plies left.  A node with
 * one ply left only saves the evaluation of its leaf children when its
 * entry cuts, and a probe costs a cache miss, ~100 ns on the EPYC VM: more
 * than a whole node of Kalah or tic-tac-toe.  Worth, ladder-tt against
 * negamax-ab in time over the techniques study's positions (studies_bench,
 * medians, EPYC VM): serving one-ply nodes too took 0.91x / 2.30x / 0.75x /
 * 0.89x / 0.76x / 1.05x of negamax-ab's time on ttt / kalah / dots /
 * minichess / ardri / connect4; from two plies 0.93x / 1.65x / 0.72x /
 * 0.76x / 0.81x / 0.73x (before the prefetch in ladder_expand).  Exactness
 * does not depend on it (see ladder_probe). */
#define LADDER_TT_MIN_DRAFT 2
#define LADDER_TABLED(depth) (LADDER_OPTION(tt) && (depth) >= LADDER_TT_MIN_DRAFT)

typedef struct {
    search_context *base;  /* node counts, the hard budget, the ordering's generator */
    ladder_options options;
    ttable *table;         /* NULL for a config without one */
    ladder_history *history; /* killers and history scores: 33 KB, cleared only for the rungs that use them */
    /* The iteration's depth.  Every child is searched one ply deeper with
     * one less depth (an extra turn too), so a node's ply is root_depth -
     * depth, and the root is the node with depth == root_depth: the
     * recursion passes neither a ply nor a best-move pointer, and its six
     * arguments fit in registers on x86-64 (about 1% of ladder-tt's
     * instructions on every game but connect4, callgrind). */
    int root_depth;
    GAME_MOVE root_move;   /* the root's best move so far in the pass under way */
    uint64_t probes, hits, cutoffs, researches;
    uint64_t node_limit;   /* soft limits of the deepening, armed after iteration 1 */
    double deadline;
    bool limited;
    uint64_t next_check;
    jmp_buf stopped;       /* a soft limit ends the iteration under way */
    /* the deepest completed iteration, kept here to survive the longjmp */
    int value, iterations;
    GAME_MOVE best;
    uint64_t iteration_nodes[SEARCH_MAX_ITERATIONS];
} ladder_context;

/* A game's hashing (games/README.md) is NAME_hash, plus NAME_HASH_KEYS
 * when it uses the engine's Zobrist keys and NAME_hash_step when it steps
 * keys in do-undo (NAME_HASH_STEPPED 1); without them the keys table is a
 * dummy and do-undo recomputes.  (An undefined name is 0 in #if.) */
#if GAME_CONSTANT(HASH_KEYS) > 0
#define LADDER_KEY_COUNT GAME_CONSTANT(HASH_KEYS)
#else
#define LADDER_KEY_COUNT 1
#endif
#if GAME_CONSTANT(HASH_STEPPED)
#define LADDER_HASH_STEP(key, child, m, undo) GAME(hash_step)(key, child, m, undo, ladder_keys)
#else
#define LADDER_HASH_STEP(key, child, m, undo) ((void)(key), (void)(m), (void)(undo), GAME(hash)(child, ladder_keys))
#endif

static uint64_t ladder_keys[LADDER_KEY_COUNT];
static ttable ladder_table;
static ladder_context ladder;  /* one search at a time, as search_context */
static ladder_history ladder_history_tables;

/* The game's Zobrist keys: splitmix64 from a fixed seed, filled once. */
static void ladder_init_keys(void)
{
    static bool ready;
    if (ready) return;
    uint64_t state = LADDER_ZOBRIST_SEED;
    for (size_t i = 0; i < sizeof ladder_keys / sizeof ladder_keys[0]; i++) ladder_keys[i] = splitmix64_next(&state);
    ready = true;
}

#if defined(__GNUC__)
__attribute__((cold))
#endif
static void ladder_check_limits(ladder_context *lc)
{
    uint64_t nodes = lc->base->nodes;
    if (lc->node_limit && nodes > lc->node_limit) longjmp(lc->stopped, 1);
    if (lc->deadline > 0 && clock_seconds() >= lc->deadline) longjmp(lc->stopped, 1);
    lc->next_check = nodes + LADDER_CHECK_INTERVAL;
    if (lc->node_limit && lc->next_check > lc->node_limit + 1) lc->next_check = lc->node_limit + 1;
}

/* Brings move m, if it is among moves[front..count), to moves[front],
 * keeping the order of the rest; returns 1 when it was there. */
static inline int ladder_bring(GAME_MOVE *moves, int count, int front, unsigned m)
{
    for (int i = front; i < count; i++) {
        if (moves[i] != m) continue;
        GAME_MOVE found = moves[i];
        memmove(moves + front + 1, moves + front, (size_t)(i - front) * sizeof *moves);
        moves[front] = found;
        return 1;
    }
    return 0;
}

/* The table's rule, the crux of exactness: an entry decides a node only
 * when its draft EQUALS the remaining depth.  In a depth-limited search a
 * position's value depends on the depth left (the heuristic values at the
 * horizon, the win-depth rule's W + d), so an entry searched deeper holds
 * the value of another function; using it would return a value plain
 * minimax at this depth never gives (tests/oracle_test.c's kept-table test
 * fails if deeper drafts are used).  Any entry's move still orders the
 * children.  Never at the root, which must name its best move. */
static inline bool ladder_probe(ladder_context *lc, uint64_t key, int depth, int alpha, int beta, unsigned *hint,
                                int *value)
{
    lc->probes++;
    const tt_entry *e = tt_probe(lc->table, key);
    if (!e) return false;
    lc->hits++;
    *hint = e->move;
    if (depth == lc->root_depth || tt_draft(e) != depth) return false;
    tt_bound bound = tt_bound_of(e);
    if (bound == TT_EXACT || (bound == TT_LOWER && e->value >= beta) || (bound == TT_UPPER && e->value <= alpha)) {
        lc->cutoffs++;
        *value = e->value;
        return true;
    }
    return false;
}

/* A fail-soft result's bound: at most alpha is an upper bound, at least
 * beta a lower one, in between exact. */
static inline void ladder_store(ladder_context *lc, uint64_t key, int value, int alpha, int beta, int depth,
                                unsigned move)
{
    tt_bound bound = value <= alpha ? TT_UPPER : value >= beta ? TT_LOWER : TT_EXACT;
    tt_store(lc->table, key, value, bound, depth, move);
}
#endif /* PRUNE_LADDER_ONCE */

#ifndef LADDER_NAME /* a fixed-options instance names its functions itself */
#define LADDER_NAME(name) SEARCH_NAME(ladder_##name)
#define LADDER_NAME_LOCAL
#endif
#ifndef LADDER_OPTION /* the configurable instance reads the config's options */
#define LADDER_OPTION(option) (lc->options.option)
#define LADDER_OPTION_LOCAL
#endif

/* Counts a node against the hard budget and, once armed, the soft limits:
 * a node limit N stops the deepening at node N + 1 exactly.  The limits
 * need deepening (ladder_prepare refuses them otherwise), so an instance
 * without it has no check. */
static inline void LADDER_NAME(count)(ladder_context *lc)
{
    count_node(lc->base);
    if (LADDER_OPTION(deepening) && lc->limited && lc->base->nodes >= lc->next_check) ladder_check_limits(lc);
}

/* The key of the child just entered: recomputed in copy-make (as its
 * evaluation is), stepped from the parent's in do-undo. */
static inline uint64_t LADDER_NAME(child_key)(uint64_t key, const GAME_STATE *child, GAME_MOVE m,
                                              const GAME_UNDO *undo)
{
    if (SEARCH_UNDO) return LADDER_HASH_STEP(key, child, m, undo);
    (void)key, (void)m, (void)undo;
    return GAME(hash)(child, ladder_keys);
}

/* Move ordering, composed: negamax-ab's order; with history, stably
 * re-sorted by history score; then the killers of this ply, then the hint
 * (the table's move, or at the root the previous iteration's) in front. */
static void LADDER_NAME(order)(ladder_context *lc, GAME_STATE *s, GAME_MOVE *moves, int count, int ply,
                               unsigned hint)
{
    SEARCH_NAME(order_moves)(lc->base, s, moves, count);
    if (LADDER_OPTION(history)) {
        int side = !GAME(max_to_move)(s);
        uint32_t score[GAME_MAX_MOVES];
        for (int i = 0; i < count; i++) score[i] = history_score(lc->history, side, moves[i]);
        for (int i = 1; i < count; i++) {
            GAME_MOVE m = moves[i];
            uint32_t v = score[i];
            int j = i;
            for (; j > 0 && score[j - 1] < v; j--) { moves[j] = moves[j - 1]; score[j] = score[j - 1]; }
            moves[j] = m;
            score[j] = v;
        }
    }
    if (LADDER_OPTION(killers))
        for (int k = 1; k >= 0; k--)
            if (lc->history->killers[ply][k] != LADDER_NO_KILLER)
                ladder_bring(moves, count, 0, lc->history->killers[ply][k]);
    if (hint != TT_NO_MOVE) ladder_bring(moves, count, 0, hint);
}

static int LADDER_NAME(negamax)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int alpha, int beta);

/* One child's value from the mover's view.  Principal variation search:
 * after the first move a child is first searched with the null window
 * (alpha, alpha + 1), which only asks "better than alpha?"; a child that
 * answers yes inside the window is searched again with the full one. */
static inline int LADDER_NAME(child)(ladder_context *lc, GAME_STATE *child, uint64_t key, bool same, int depth,
                                     int alpha, int beta, bool null_first)
{
    if (null_first && beta > alpha + 1) {
        int v = same ? LADDER_NAME(negamax)(lc, child, key, depth, alpha, alpha + 1)
                     : -LADDER_NAME(negamax)(lc, child, key, depth, -alpha - 1, -alpha);
        if (v <= alpha || v >= beta) return v;
        lc->researches++;
    }
    return same ? LADDER_NAME(negamax)(lc, child, key, depth, alpha, beta)
                : -LADDER_NAME(negamax)(lc, child, key, depth, -beta, -alpha);
}

/* A cutoff: the killers and the history learn the move. */
static inline void LADDER_NAME(cutoff)(ladder_context *lc, const GAME_STATE *s, int ply, int depth, GAME_MOVE m)
{
    if (LADDER_OPTION(killers) || LADDER_OPTION(history))
        history_cutoff(lc->history, !GAME(max_to_move)(s), ply, depth, m, LADDER_OPTION(killers),
                       LADDER_OPTION(history));
}

/* The child of move m, entered, with its key (0 when it will not use the
 * table), its table slot asked of memory at once. */
static inline GAME_STATE *LADDER_NAME(enter)(const ladder_context *lc, GAME_STATE *s, GAME_STATE *scratch,
                                             GAME_MOVE m, GAME_UNDO *undo, uint64_t key, bool keyed,
                                             uint64_t *child_key)
{
    GAME_STATE *child = SEARCH_NAME(enter)(s, scratch, m, undo);
    *child_key = keyed ? LADDER_NAME(child_key)(key, child, m, undo) : 0;
    if (keyed) tt_prefetch(lc->table, *child_key);
    return child;
}

static int LADDER_NAME(expand)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int alpha, int beta,
                               unsigned hint)
{
    int ply = lc->root_depth - depth;
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = GAME(generate_moves)(s, moves);
    if (count == 0) return 0;
    LADDER_NAME(order)(lc, s, moves, count, ply, hint);
    bool mover = GAME(max_to_move)(s), keyed = LADDER_TABLED(depth - 1);
    /* Copy-make with the table: a probe is a cache miss (~100 ns here, more than
     * a Kalah node), so the children are made one ahead, in turns in made[], and
     * the next child's slot is fetched while this one is searched.  Do-undo has
     * one state, and makes each child in its turn. */
    bool ahead = !SEARCH_UNDO && keyed;
    GAME_STATE made[2];
    uint64_t made_key[2];
    GAME_UNDO unused;
    if (ahead) LADDER_NAME(enter)(lc, s, &made[0], moves[0], &unused, key, true, &made_key[0]);
    int alpha0 = alpha, best = INT_MIN;
    GAME_MOVE best_here = moves[0];
    for (int i = 0; i < count; i++) {
        GAME_STATE scratch, *child;
        GAME_UNDO undo;
        uint64_t child_key;
        if (ahead) {
            child = &made[i & 1];
            child_key = made_key[i & 1];
            if (i + 1 < count)
                LADDER_NAME(enter)(lc, s, &made[(i + 1) & 1], moves[i + 1], &unused, key, true, &made_key[(i + 1) & 1]);
        } else {
            child = LADDER_NAME(enter)(lc, s, &scratch, moves[i], &undo, key, keyed, &child_key);
        }
        int v = LADDER_NAME(child)(lc, child, child_key, GAME(max_to_move)(child) == mover, depth - 1, alpha, beta,
                                   LADDER_OPTION(pvs) && i > 0);
        SEARCH_NAME(leave)(s, moves[i], &undo);
        if (v > best) {
            best = win_for_chooser(v, depth, 1);
            best_here = moves[i];
            if (ply == 0) lc->root_move = moves[i];
            if (v > alpha) alpha = best;
        }
        if (v >= beta) {
            LADDER_NAME(cutoff)(lc, s, ply, depth, moves[i]);
            if (LADDER_TABLED(depth)) ladder_store(lc, key, v, alpha0, beta, depth, moves[i]);
            return v;
        }
    }
    if (LADDER_TABLED(depth)) ladder_store(lc, key, best, alpha0, beta, depth, best_here);
    return best;
}

/* Negamax-ab with the options: a node is counted, stopped (horizon or
 * finished game: no table, the value is cheaper than a probe), answered by
 * the table, or expanded. */
static int LADDER_NAME(negamax)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int alpha, int beta)
{
    LADDER_NAME(count)(lc);
#ifndef NDEBUG
    if (LADDER_TABLED(depth)) assert(key == GAME(hash)(s, ladder_keys)); /* stepped keys equal recomputed ones */
#endif
    if (depth == 0) return mover_sign(s) * SEARCH_NAME(evaluate)(s);
    if (GAME(is_over)(s)) return mover_sign(s) * win_with_depth(SEARCH_NAME(evaluate)(s), depth);
    unsigned table_move = TT_NO_MOVE;
    int value;
    if (LADDER_TABLED(depth) && ladder_probe(lc, key, depth, alpha, beta, &table_move, &value)) return value;
    /* At the root the previous iteration's best move goes first. */
    unsigned hint = LADDER_OPTION(deepening) && depth == lc->root_depth && lc->iterations > 0 ? lc->best : table_move;
    return LADDER_NAME(expand)(lc, s, key, depth, alpha, beta, hint);
}

/* MTD(f) (Plaat et al., 1996): null-window passes (beta - 1, beta) from a
 * guess narrow [lower, upper] until they meet, the table keeping repeated
 * passes cheap.  A pass failing high proves its root move reaches beta:
 * the last such move is a best move (lower is only raised by them). */
static int LADDER_NAME(mtdf)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int guess)
{
    int lower = -SEARCH_INFINITY, upper = SEARCH_INFINITY, g = guess;
    GAME_MOVE best = lc->root_move;
    for (int pass = 0; lower < upper; pass++) {
        int beta = g == lower ? g + 1 : g;
        if (pass > 0) lc->researches++;
        g = LADDER_NAME(negamax)(lc, s, key, depth, beta - 1, beta);
        if (g < beta) upper = g;
        else { lower = g; best = lc->root_move; }
    }
    lc->root_move = best;
    return g;
}

/* Aspiration: the iteration first searches a narrow window around the
 * previous iteration's value; a value outside it is only a bound, and the
 * iteration is searched again with the full window. */
static int LADDER_NAME(aspiration)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int guess)
{
    int alpha = guess - LADDER_ASPIRATION_DELTA, beta = guess + LADDER_ASPIRATION_DELTA;
    int v = LADDER_NAME(negamax)(lc, s, key, depth, alpha, beta);
    if (v > alpha && v < beta) return v;
    lc->researches++;
    return LADDER_NAME(negamax)(lc, s, key, depth, -SEARCH_INFINITY, SEARCH_INFINITY);
}

/* One iteration at `depth`: its value, its best move in lc->root_move. */
static int LADDER_NAME(iteration)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int guess, bool first)
{
    lc->root_depth = depth;
    lc->root_move = lc->best;
    if (LADDER_OPTION(mtdf)) return LADDER_NAME(mtdf)(lc, s, key, depth, guess);
    if (LADDER_OPTION(aspiration) && !first) return LADDER_NAME(aspiration)(lc, s, key, depth, guess);
    return LADDER_NAME(negamax)(lc, s, key, depth, -SEARCH_INFINITY, SEARCH_INFINITY);
}

/* Iterative deepening 1..D (or the single iteration D): each completed
 * iteration becomes the answer, so a soft limit (time, nodes) stopping the
 * next one mid-way answers with the deepest completed iteration, as
 * Minimaxer's TIME method does.  The limits are armed after the first
 * iteration: a search always answers. */
static void LADDER_NAME(deepen)(ladder_context *lc, GAME_STATE *s, int depth)
{
    uint64_t key = LADDER_OPTION(tt) ? GAME(hash)(s, ladder_keys) : 0;
    int first = LADDER_OPTION(deepening) ? 1 : depth;
    for (int d = first; d <= depth; d++) {
        uint64_t before = lc->base->nodes;
        int value = LADDER_NAME(iteration)(lc, s, key, d, lc->value, d == first);
        lc->value = value;
        lc->best = lc->root_move;
        lc->iteration_nodes[lc->iterations++] = lc->base->nodes - before;
        if (!lc->limited && (lc->node_limit || lc->deadline > 0)) {
            lc->limited = true;
            lc->next_check = lc->base->nodes;
        }
    }
}

#ifdef LADDER_NAME_LOCAL
#undef LADDER_NAME
#undef LADDER_NAME_LOCAL
#endif
#ifdef LADDER_OPTION_LOCAL
#undef LADDER_OPTION
#undef LADDER_OPTION_LOCAL
#endif
