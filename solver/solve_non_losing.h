/*
 * solve_non_losing.h: the Connect Four solver's search of parts 9 to 12
 * and prune's own steps after them, on a board with the bitboard's
 * operations (SOLVE_HAS_BITS): negamax over the non-losing moves, one
 * compiled search per table (solve_non_losing_*, each with its team's
 * twin, solve_non_losing_*_shared).
 *
 * A part of the template solver/solve_search.h, which alone includes it,
 * inside its instance and with its names (SOLVE_BOARD_TYPE, SOLVE_BOARD,
 * the board's size, solve_get and solve_put): the parts of the series
 * before part 9 (negamax_columns), the driver that picks a search
 * (solve_search) and part 8's iteration stay there, for every board.  It
 * undefines its own macros at its end.
 */
#if !defined(SOLVE_BOARD_TYPE) || !defined(SOLVE_BOARD) || !defined(SOLVE_MIN_SCORE) || !SOLVE_HAS_BITS
#error "solve_non_losing.h: a part of solve_search.h, included by it on a board with the bitboard's operations"
#endif
#include "move_sorter.h"

/* Part 12: a stored bound narrows the window; returns true with *result
 * when the window is empty.  Values above MAX - MIN + 1 are lower bounds. */
static inline bool solve_stored_bounds(solve_context *ctx, solve_table_kind kind, uint64_t key, uint64_t mirrored,
                                       bool shared, int *alpha, int *beta, int *result)
{
    int value = solve_get(ctx, kind, key, mirrored, shared);
    if (!value) return false;
    if (value > SOLVE_MAX_SCORE - SOLVE_MIN_SCORE + 1) {
        int min = value + 2 * SOLVE_MIN_SCORE - SOLVE_MAX_SCORE - 2;
        if (*alpha < min) {
            *alpha = min;
            if (*alpha >= *beta) return *result = *alpha, true;
        }
    } else {
        int max = value + SOLVE_MIN_SCORE - 1;
        if (*beta > max) {
            *beta = max;
            if (*alpha >= *beta) return *result = *beta, true;
        }
    }
    return false;
}

/* How a step scores its moves: part 10's winning cells, solve-threats'
 * ties broken by threats playable soon, solve-weights' weighted useful
 * threats (games/connect4.h). */
typedef enum { SOLVE_ORDER_WINNING, SOLVE_ORDER_THREATS, SOLVE_ORDER_WEIGHTS } solve_order;

/* `opponent`: the opponent's winning cells, which only solve-weights reads
 * (found once a node by solve_order_moves). */
static inline int solve_move_score(const SOLVE_BOARD_TYPE *b, uint64_t move, solve_order order, uint64_t opponent)
{
    switch (order) {
    case SOLVE_ORDER_THREATS: return SOLVE_BOARD(move_score_threats)(b, move);
    case SOLVE_ORDER_WEIGHTS: return SOLVE_BOARD(move_score_weights)(b, move, opponent);
    default: return SOLVE_BOARD(move_score)(b, move);
    }
}

/* The playable non-losing moves in search order: part 9 centre first;
 * part 10 (sorted) highest score first, ties centre first.  Unsorted
 * moves all score 0, and equal scores leave the sorter in centre-first
 * order (see solver/move_sorter.h for why the adding order). */
static inline void solve_order_moves(const SOLVE_BOARD_TYPE *b, uint64_t next, bool sorted, solve_order order,
                                     move_sorter *sorter)
{
    sorter->size = 0;
    uint64_t opponent = sorted && order == SOLVE_ORDER_WEIGHTS ? SOLVE_BOARD(opponent_cells)(b) : 0;
    for (int i = SOLVE_WIDTH; i--;) {
        uint64_t move = next & SOLVE_COLUMN_MASK(SOLVE_CENTRE_FIRST(i));
        if (move) move_sorter_add(sorter, move, sorted ? solve_move_score(b, move, order, opponent) : 0);
    }
}

/* prune's own step solve-mirror: a position and its mirror image have the
 * same score, so both are stored under the smaller of their two keys.  The
 * key (current + mask) keeps each column in its own 7 bits with no carry
 * between columns, so mirroring the key is reversing its columns. */
static inline uint64_t solve_mirror_key(uint64_t key)
{
    const int bits = SOLVE_COLUMN_BITS;
    const uint64_t column = (UINT64_C(1) << bits) - 1;
    uint64_t mirrored = 0;
    for (int c = 0; c < SOLVE_WIDTH; c++)
        mirrored |= (key >> (c * bits) & column) << ((SOLVE_WIDTH - 1 - c) * bits);
    return mirrored;
}

/* The key the table files b under; *mirrored says whether it is b's mirror
 * image's (SOLVE_TABLE_MIRRORED) or b's own (0). */
static inline uint64_t solve_key(const SOLVE_BOARD_TYPE *b, bool mirror, uint64_t *mirrored)
{
    uint64_t key = SOLVE_BOARD(key)(b);
    *mirrored = 0;
    if (!mirror) return key;
    uint64_t image = solve_mirror_key(key);
    if (image >= key) return key;
    *mirrored = SOLVE_TABLE_MIRRORED;
    return image;
}

/* Not a step of the series, and no node count changes: every child's table
 * entry is asked of memory at once, so that their cache misses overlap
 * instead of coming one child at a time.  Worth (solve-lowerbound,
 * Middle-Easy strong, 1000 positions, medians of 6 alternating runs, EPYC VM):
 * 65 -> 48 us a position (x1.35); the one-word table entries
 * (solve_table.h) and the inline bit count (connect4_count) then 48 -> 43
 * us.  The children are asked for before the node reads its own entry, not
 * after it: a profile (perf, Begin-Medium weak) put 55% of the time on a
 * node's read of its own entry, which its parent had asked for too late to
 * arrive; now the parent's own miss hides the children's.  Worth (whole
 * processes, 6 alternating pairs on the idle EPYC VM, median and range of
 * the pairs): Middle-Medium x1.17 (1.12-1.20) strong, x1.19 (1.12-1.23)
 * weak; Begin-Easy x1.16 (1.08-1.41), x1.22 (1.14-1.33); Begin-Medium,
 * first 100, x1.24 (1.18-1.30), x1.19 (1.13-1.24); Middle-Easy strong
 * x1.08 (0.52-1.13, one slow pair).  When the node's own
 * entry cuts it off, the asks were wasted: cheaper than the miss they
 * hide.  Each child is played here and again when searched: a bitboard
 * move is a few operations, cheaper than keeping seven children for the
 * loop. */
static inline uint64_t solve_child_key(const SOLVE_BOARD_TYPE *b, uint64_t move, bool mirror, uint64_t *mirrored)
{
    SOLVE_BOARD_TYPE child = *b;
    SOLVE_BOARD(play_cell)(&child, move);
    return solve_key(&child, mirror, mirrored);
}

static inline void solve_prefetch_children(solve_context *ctx, solve_table_kind kind, bool mirror,
                                           const SOLVE_BOARD_TYPE *b, uint64_t next)
{
    for (int col = 0; col < SOLVE_WIDTH; col++) {
        uint64_t move = next & SOLVE_COLUMN_MASK(col), mirrored;
        if (!move) continue;
        if (kind == SOLVE_TABLE_BUCKETS) SOLVE_BUCKET_PREFETCH(ctx->table, solve_child_key(b, move, mirror, &mirrored));
        else solve_table_prefetch_key32(ctx->table, solve_child_key(b, move, mirror, &mirrored));
    }
}

typedef int (*solve_recurse)(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta);

/* prune's own step solve-etc: enhanced transposition cutoffs (Plaat,
 * Schaeffer, Pijls and de Bruin, 1996; c4 does them too).  Before
 * searching any child, each child's entry is read (solve_prefetch_children
 * asked memory for it already): a stored upper bound U on a child's score
 * bounds the node's from below by -U, and where -U >= beta the node fails
 * high unsearched.  Only while more than SOLVE_ETC_EMPTY cells are empty,
 * where a subtree is large enough to pay for the probes.  Returns the
 * cutoff's score, or SOLVE_ETC_NONE. */
#define SOLVE_ETC_EMPTY 20
#define SOLVE_ETC_NONE INT32_MIN
static inline int solve_etc_cutoff(solve_context *ctx, const SOLVE_BOARD_TYPE *b, uint64_t next, int beta,
                                   solve_table_kind kind, bool mirror, bool shared)
{
    for (int col = 0; col < SOLVE_WIDTH; col++) {
        uint64_t move = next & SOLVE_COLUMN_MASK(col), mirrored;
        if (!move) continue;
        uint64_t key = solve_child_key(b, move, mirror, &mirrored);  /* before mirrored is read */
        int value = solve_get(ctx, kind, key, mirrored, shared);
        if (!value || value > SOLVE_MAX_SCORE - SOLVE_MIN_SCORE + 1) continue;  /* none, or a lower bound */
        int score = -(value + SOLVE_MIN_SCORE - 1);
        if (score >= beta) return score;
    }
    return SOLVE_ETC_NONE;
}

/* prune's own step solve-claimeven at a node of the second player (an odd
 * number of stones): a child, where the first player is to move, whose
 * claimeven bound is B scores at most B, so the node at least -B (0 up to
 * H/2 on a board of height H: 3 on 7x6).  Raises *alpha to the best such
 * bound and returns true when it reaches beta.  A node whose alpha is
 * already H/2 has nothing to learn here (SOLVE_CLAIMEVEN_MAX).  Worth
 * (position 4444, exact nodes, solve-threats' order): the bound at the
 * first player's nodes 135,082,618 -> 96,976,546 strong and 81,534,625 ->
 * 53,132,088 weak; this at the second player's too, 84,182,369 and
 * 44,028,130. */
#define SOLVE_CLAIMEVEN_MAX ((SOLVE_COLUMN_BITS - 1) / 2)
static inline bool solve_claimeven_children(const SOLVE_BOARD_TYPE *b, uint64_t next, int *alpha, int beta)
{
    for (uint64_t moves = next; moves; moves &= moves - 1) {
        SOLVE_BOARD_TYPE child = *b;
        SOLVE_BOARD(play_cell)(&child, moves & (~moves + 1));
        int bound = SOLVE_BOARD(claimeven_bound)(&child);
        if (bound <= 0 && -bound > *alpha) {
            *alpha = -bound;
            if (*alpha >= beta) return true;
        }
    }
    return false;
}

/* The children's loop of a team's node near the root (solve_instance.h:
 * ABDADA's deferral): the node is marked busy while it runs, and a child
 * another thread has marked, but the first, waits until the others are
 * searched.  Returns the node's value with its bound stored, as the loop
 * of solve_non_losing_node does.  Worth (2 threads on the 2-core EPYC VM,
 * one run each, no other work): position 4444 strong, 11.7 s on one
 * thread; the threads in one order and no deferral (each duplicates the
 * other) 12.1 s; helpers jittering their order for 4 plies below the root
 * (the idea is c4's; the scheme of 0003e0f) 9.4 to 10.0 s, 300 M nodes
 * against one thread's 184 M; deferral 12 plies deep 7.1 s, 20 deep 6.6
 * and 6.7 s (208 M nodes), 26 deep 7.8 s; deferral with the jitter too 12.3
 * s.  At 20 plies: 444 12.1 -> 7.1 s, 44444 7.8 -> 5.4 and 4.5 s (two
 * builds).  These runs had the caller miss its helpers' claims after the
 * first, fixed since: docs/connect4.md, "Threads", has the figures after
 * the fix. */
static inline int solve_deferring_children(solve_context *ctx, const SOLVE_BOARD_TYPE *b, move_sorter *sorter,
                                           int alpha, int beta, solve_table_kind kind, bool mirror, uint64_t key,
                                           uint64_t mirrored, int n, solve_recurse child_search)
{
    bool bounds = kind >= SOLVE_TABLE_BOUNDS_KEY32;
    uint64_t deferred[MOVE_SORTER_CAPACITY];
    int deferred_count = 0, deferred_next = 0;
    bool searched = false;
    busy_mark_enter(ctx->busy, key);
    for (;;) {
        uint64_t move = move_sorter_next(sorter);
        bool late = !move;
        if (late) {
            if (deferred_next == deferred_count) break;
            move = deferred[deferred_next++];
        }
        SOLVE_BOARD_TYPE child = *b;
        SOLVE_BOARD(play_cell)(&child, move);
        if (!late && searched) {
            uint64_t child_mirrored;
            if (busy_mark_is(ctx->busy, solve_key(&child, mirror, &child_mirrored))) {
                deferred[deferred_count++] = move;
                continue;
            }
        }
        searched = true;
        int score = -child_search(ctx, &child, -beta, -alpha);
        if (score >= beta) {
            if (bounds) solve_put(ctx, kind, key, score + SOLVE_MAX_SCORE - 2 * SOLVE_MIN_SCORE + 2, n, mirrored, true);
            busy_mark_leave(ctx->busy, key);
            return score;
        }
        if (score > alpha) alpha = score;
    }
    solve_put(ctx, kind, key, alpha - SOLVE_MIN_SCORE + 1, n, mirrored, true);
    busy_mark_leave(ctx->busy, key);
    return alpha;
}

/* Parts 9 to 12.  Part 9: the side to move cannot win at once (the driver
 * answers that), so it only plays non-losing moves and scores at least
 * -(40 - n)/2; 92.8 (part 7) -> 70.7 (x1.3), counting part 8's iteration.
 * One node, inlined into two searches per table (below), where `kind`,
 * `mirror`, `shared` and `recurse` are constants: one thread's (plain
 * accesses to the table) and the team's (`shared`: atomic ones, and
 * deferral near the root, solve_deferring_children). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int solve_non_losing_node(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta,
                                        solve_table_kind kind, bool mirror, bool etc, solve_order order,
                                        bool claimeven, bool shared, solve_recurse recurse)
{
    const solve_config *c = ctx->config;
    solve_count_node(ctx);
    uint64_t next = SOLVE_BOARD(non_losing_moves)(b);
    int n = SOLVE_BOARD(moves)(b);
    if (next == 0) return -(SOLVE_CELLS - n) / 2;
    if (n >= SOLVE_CELLS - 2) return 0;
    int min = -(SOLVE_CELLS - 2 - n) / 2;
    if (alpha < min) {
        alpha = min;
        if (alpha >= beta) return alpha;
    }
    /* prune's own step solve-claimeven: the first player to move scores at
     * most what the second's claimeven leaves it (games/connect4.h), before
     * any memory is asked for; the second player's nodes, below. */
    if (claimeven && n % 2 == 0) {
        int bound = SOLVE_BOARD(claimeven_bound)(b);
        if (beta > bound) {
            beta = bound;
            if (alpha >= beta) return beta;
        }
    }
    if (kind > SOLVE_TABLE_UPPER) solve_prefetch_children(ctx, kind, mirror, b, next);
    int max = (SOLVE_CELLS - 1 - n) / 2;
    uint64_t mirrored;
    uint64_t key = solve_key(b, mirror, &mirrored);
    bool bounds = kind >= SOLVE_TABLE_BOUNDS_KEY32;
    if (!bounds) {
        int value = solve_get(ctx, kind, key, mirrored, shared);
        if (value) max = value + SOLVE_MIN_SCORE - 1;
    }
    if (beta > max) {
        beta = max;
        if (alpha >= beta) return beta;
    }
    int result;
    /* Part 12: lower bounds stored too, read after the static bounds; 54.9 -> 51.3 (x1.07). */
    if (bounds && solve_stored_bounds(ctx, kind, key, mirrored, shared, &alpha, &beta, &result)) return result;
    if (claimeven && n % 2 == 1 && alpha < SOLVE_CLAIMEVEN_MAX && solve_claimeven_children(b, next, &alpha, beta)) {
        solve_put(ctx, kind, key, alpha + SOLVE_MAX_SCORE - 2 * SOLVE_MIN_SCORE + 2, n, mirrored, shared);
        return alpha;
    }
    if (etc && SOLVE_CELLS - n > SOLVE_ETC_EMPTY) {
        int score = solve_etc_cutoff(ctx, b, next, beta, kind, mirror, shared);
        if (score != SOLVE_ETC_NONE) {
            solve_put(ctx, kind, key, score + SOLVE_MAX_SCORE - 2 * SOLVE_MIN_SCORE + 2, n, mirrored, shared);
            return score;
        }
    }
    move_sorter sorter;
    /* Part 10: sorted by winning cells created; 70.7 -> 54.9 (x1.3).  prune's
     * solve-weights orders by weighted useful threats instead (position 4444
     * after solve-claimeven: 84,182,369 -> 67,211,384 nodes strong,
     * 44,028,130 -> 34,956,912 weak; dearer on Begin-Easy, docs/connect4.md). */
    solve_order_moves(b, next, c->sorted, order, &sorter);
    if (shared && n < ctx->defer_until)
        return solve_deferring_children(ctx, b, &sorter, alpha, beta, kind, mirror, key, mirrored, n, recurse);
    for (uint64_t move; (move = move_sorter_next(&sorter));) {
        SOLVE_BOARD_TYPE child = *b;
        SOLVE_BOARD(play_cell)(&child, move);
        int score = -recurse(ctx, &child, -beta, -alpha);
        if (score >= beta) {
            if (bounds)
                solve_put(ctx, kind, key, score + SOLVE_MAX_SCORE - 2 * SOLVE_MIN_SCORE + 2, n, mirrored, shared);
            return score;
        }
        if (score > alpha) alpha = score;
    }
    solve_put(ctx, kind, key, alpha - SOLVE_MIN_SCORE + 1, n, mirrored, shared);
    return alpha;
}

/* One search per table: parts 9 and 10, part 11, part 12, and prune's
 * own; each with the team's twin, name_shared (--threads). */
#define SOLVE_NON_LOSING(name, kind, mirror, etc, order, claimeven)                                    \
    static int name(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta)                 \
    {                                                                                                    \
        return solve_non_losing_node(ctx, b, alpha, beta, kind, mirror, etc, order, claimeven, false,   \
                                     name);                                                              \
    }                                                                                                    \
    static int name##_shared(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta)        \
    {                                                                                                    \
        return solve_non_losing_node(ctx, b, alpha, beta, kind, mirror, etc, order, claimeven, true,    \
                                     name##_shared);                                                     \
    }
SOLVE_NON_LOSING(solve_non_losing_upper, SOLVE_TABLE_UPPER, false, false, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_key32, SOLVE_TABLE_UPPER_KEY32, false, false, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_bounds, SOLVE_TABLE_BOUNDS_KEY32, false, false, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_mirror, SOLVE_TABLE_BOUNDS_KEY32, true, false, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_buckets, SOLVE_TABLE_BUCKETS, false, false, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_buckets_mirror, SOLVE_TABLE_BUCKETS, true, false, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_etc, SOLVE_TABLE_BUCKETS, true, true, SOLVE_ORDER_WINNING, false)
SOLVE_NON_LOSING(solve_non_losing_threats, SOLVE_TABLE_BUCKETS, true, true, SOLVE_ORDER_THREATS, false)
SOLVE_NON_LOSING(solve_non_losing_claimeven, SOLVE_TABLE_BUCKETS, true, true, SOLVE_ORDER_THREATS, true)
SOLVE_NON_LOSING(solve_non_losing_weights, SOLVE_TABLE_BUCKETS, true, true, SOLVE_ORDER_WEIGHTS, true)
#undef SOLVE_NON_LOSING

/* name on one thread, name_shared on a team. */
#define SOLVE_PICK(ctx, name) ((ctx)->team ? name##_shared : name)

static int negamax_non_losing(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta)
{
    const solve_config *c = ctx->config;
    solve_recurse search;
    switch (c->table) {
    case SOLVE_TABLE_UPPER: search = SOLVE_PICK(ctx, solve_non_losing_upper); break;
    case SOLVE_TABLE_UPPER_KEY32: search = SOLVE_PICK(ctx, solve_non_losing_key32); break;
    case SOLVE_TABLE_BUCKETS:
        search = c->weights     ? SOLVE_PICK(ctx, solve_non_losing_weights)
                 : c->claimeven ? SOLVE_PICK(ctx, solve_non_losing_claimeven)
                 : c->threats   ? SOLVE_PICK(ctx, solve_non_losing_threats)
                 : c->etc       ? SOLVE_PICK(ctx, solve_non_losing_etc)
                 : c->mirror    ? SOLVE_PICK(ctx, solve_non_losing_buckets_mirror)
                                : SOLVE_PICK(ctx, solve_non_losing_buckets);
        break;
    default:
        search = c->mirror ? SOLVE_PICK(ctx, solve_non_losing_mirror) : SOLVE_PICK(ctx, solve_non_losing_bounds);
    }
    return search(ctx, b, alpha, beta);
}
#undef SOLVE_PICK

/* negamax_non_losing as the team calls it (solve_window_search). */
static int solve_team_window(solve_context *ctx, const void *board, int alpha, int beta)
{
    return negamax_non_losing(ctx, (const SOLVE_BOARD_TYPE *)board, alpha, beta);
}

#undef SOLVE_ETC_EMPTY
#undef SOLVE_ETC_NONE
#undef SOLVE_CLAIMEVEN_MAX
