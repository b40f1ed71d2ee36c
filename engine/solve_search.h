/*
 * solve_search.h: the Connect Four solver's search, written once and
 * compiled once per board (docs/connect4.md).  The including file defines
 *   SOLVE_BOARD_TYPE   the board type (connect4_bits, connect4_grid)
 *   SOLVE_BOARD(op)    its operations (connect4_bits_play_column, ...)
 *   SOLVE_RUN          the name of the entry point (solve_bitboard_run)
 *   SOLVE_HAS_BITS     1 when the board offers the bitboard operations that
 *                      parts 9 to 12 need (non-losing moves, move scores)
 * and includes this file once (the template convention of
 * engine/search_mode.h: it stops if a name is missing and undefines them
 * at its end).
 *
 * Two recursive functions, because part 9 rewrites the head of the search:
 * negamax_columns is parts 3 to 8 (every playable column, a win at once
 * tested first), negamax_non_losing parts 9 to 12.  The step's flags
 * (solve_config) switch each technique on; a comment at each says what it
 * adds and its measured worth (End-Easy, 1000 positions, strong: mean
 * nodes before -> after).  Every early return sits exactly where the
 * series has it: the node counts depend on it.  That is also why their
 * loops over children are their own and not the engine's negamax (the
 * ladder): the solver must reproduce Pons' node counts position by
 * position, so its tests, bounds and table writes stay in his order, on
 * his score scale, over a board the game-independent engine does not use.
 */
#if !defined(SOLVE_BOARD_TYPE) || !defined(SOLVE_BOARD) || !defined(SOLVE_RUN) || !defined(SOLVE_HAS_BITS)
#error "solve_search.h: define SOLVE_BOARD_TYPE, SOLVE_BOARD(op), SOLVE_RUN and SOLVE_HAS_BITS first"
#endif
#include "connect4.h"
#include "move_sorter.h"
#include "solve_instance.h"

/* The board's size and what follows from it.  An instance of another size
 * (engine/solve_sized.c, whose size is read at run time) defines all of
 *   SOLVE_CELLS, SOLVE_WIDTH   cells and columns
 *   SOLVE_COLUMN_BITS          bits a column takes in the key (height + 1)
 *   SOLVE_COLUMN_MASK(col)     a column's playable cells
 *   SOLVE_CENTRE_FIRST(i)      the i-th column of part 5's order
 *   SOLVE_COLUMN_OF(c)         the column a move character names
 *   SOLVE_BUCKET_FIND(t, key, shared), SOLVE_BUCKET_PUT(t, key, value, moves, mirrored, shared),
 *   SOLVE_BUCKET_PREFETCH(t, key)   the buckets' operations (its keys may pass 49 bits)
 * and the fixed 7x6 boards take these, the series' constants. */
#ifndef SOLVE_CELLS
#define SOLVE_CELLS CONNECT4_CELLS
#define SOLVE_WIDTH CONNECT4_WIDTH
#define SOLVE_COLUMN_BITS (CONNECT4_HEIGHT + 1)
#define SOLVE_COLUMN_MASK(col) connect4_column_mask(col)
#define SOLVE_CENTRE_FIRST(i) solve_centre_first[i]
#define SOLVE_COLUMN_OF(c) ((c) - '1')
#define SOLVE_BUCKET_FIND(t, key, shared) solve_table_find_bucket(t, key, shared)
#define SOLVE_BUCKET_PUT(t, key, value, moves, mirrored, shared) \
    solve_table_put_bucket(t, key, value, moves, mirrored, shared)
#define SOLVE_BUCKET_PREFETCH(t, key) solve_table_prefetch_bucket(t, key)
/* Part 5: columns centre first, 0-based 3 + (1 - 2(i%2))(i+1)/2. */
static const int solve_centre_first[CONNECT4_WIDTH] = {3, 2, 4, 1, 5, 0, 6};
#endif

#define SOLVE_WIN_NOW(n) ((SOLVE_CELLS + 1 - (n)) / 2)  /* the side to move wins with its next stone */
/* The series' score bounds with a table (parts 7 on): a position that is
 * not over and cannot be won at once scores within [MIN, MAX]; on 7x6,
 * -18 and 18. */
#define SOLVE_MIN_SCORE (-(SOLVE_CELLS) / 2 + 3)
#define SOLVE_MAX_SCORE ((SOLVE_CELLS + 1) / 2 - 3)

/* The table's operations for a table of `kind`: in parts 9 to 12 and after,
 * each kind has its own compiled search (solve_non_losing_* below), so
 * `kind` and `mirror` are constants there and these switches compile away.
 * `mirrored` (SOLVE_TABLE_MIRRORED or 0): the key is the position's mirror
 * image's; the buckets keep it, to count the hits on an entry that the
 * mirror image stored (ctx->mirror_hits); the other tables ignore it.
 * `shared`: threads share the table (engine/solve_table.h, Threads). */
static inline uint8_t solve_get(solve_context *ctx, solve_table_kind kind, uint64_t key, uint64_t mirrored,
                                bool shared)
{
    uint8_t value;
    ctx->probes++;
    switch (kind) {
    case SOLVE_TABLE_UPPER: value = solve_table_get_full(ctx->table, key, shared); break;
    case SOLVE_TABLE_BUCKETS: {
        uint64_t entry = SOLVE_BUCKET_FIND(ctx->table, key, shared);
        ctx->mirror_hits += entry && (entry & SOLVE_TABLE_MIRRORED) != mirrored;
        value = solve_bucket_value(entry);
        break;
    }
    default: value = solve_table_get_key32(ctx->table, key, shared);
    }
    ctx->hits += value != 0;
    return value;
}

/* `moves`: the stones on the board, which the buckets keep to choose what
 * to replace; the series' tables ignore it. */
static inline void solve_put(solve_context *ctx, solve_table_kind kind, uint64_t key, int value, int moves,
                             uint64_t mirrored, bool shared)
{
    /* the series passes an int to a uint8_t parameter: values wrap mod 256 */
    switch (kind) {
    case SOLVE_TABLE_UPPER: solve_table_put_full(ctx->table, key, (uint8_t)value, shared); break;
    case SOLVE_TABLE_BUCKETS: SOLVE_BUCKET_PUT(ctx->table, key, (uint8_t)value, moves, mirrored, shared); break;
    default: solve_table_put_key32(ctx->table, key, (uint8_t)value, shared);
    }
}

/* Parts 3 to 8.  Part 3 (no alphabeta flag) is plain negamax: every child,
 * the best score, alpha only carrying the best so far. */
static int negamax_columns(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta)
{
    const solve_config *c = ctx->config;
    solve_count_node(ctx);
    int n = SOLVE_BOARD(moves)(b);
    if (n == SOLVE_CELLS) return 0;
    for (int col = 0; col < SOLVE_WIDTH; col++)  /* always left to right: only the score matters */
        if (SOLVE_BOARD(can_play)(b, col) && SOLVE_BOARD(is_winning_move)(b, col)) return SOLVE_WIN_NOW(n);
    if (c->alphabeta) {
        /* Part 4: no win at once, so at best a win with the stone after next;
         * 283.6 nodes against part 3's 11,024.5 (x39). */
        int max = (SOLVE_CELLS - 1 - n) / 2;
        /* Part 7: a stored upper bound lowers beta; 139.7 -> 92.8 (x1.5). */
        if (c->table != SOLVE_TABLE_NONE) {
            int value = solve_get(ctx, c->table, SOLVE_BOARD(key)(b), 0, false);
            if (value) max = value + SOLVE_MIN_SCORE - 1;
        }
        if (beta > max) {
            beta = max;
            if (alpha >= beta) return beta;
        }
    }
    for (int i = 0; i < SOLVE_WIDTH; i++) {
        /* Part 5: centre first; 283.6 -> 139.7 (x2.0). */
        int col = c->centre_first ? SOLVE_CENTRE_FIRST(i) : i;
        if (!SOLVE_BOARD(can_play)(b, col)) continue;
        SOLVE_BOARD_TYPE child = *b;
        SOLVE_BOARD(play_column)(&child, col);
        int score = -negamax_columns(ctx, &child, -beta, -alpha);
        if (c->alphabeta && score >= beta) return score;
        if (score > alpha) alpha = score;
    }
    if (c->table != SOLVE_TABLE_NONE)
        solve_put(ctx, c->table, SOLVE_BOARD(key)(b), alpha - SOLVE_MIN_SCORE + 1, n, 0, false);
    return alpha;
}

#if SOLVE_HAS_BITS
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
 * order (see engine/move_sorter.h for why the adding order). */
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
#endif

static int solve_search(solve_context *ctx, const SOLVE_BOARD_TYPE *b, int alpha, int beta)
{
#if SOLVE_HAS_BITS
    if (ctx->config->non_losing) {
        if (ctx->team) return solve_team_search(ctx, b, SOLVE_BOARD(moves)(b), alpha, beta, solve_team_window);
        return negamax_non_losing(ctx, b, alpha, beta);
    }
#endif
    return negamax_columns(ctx, b, alpha, beta);
}

/* prune's own step solve-aspiration, a strong solve's probes after part
 * 8's first two (which, at half of each extreme, settle scores far from 0
 * cheaply): while the score may still be the guess, the window at the guess
 * is searched, then once the window next to the bound it returned, and part
 * 8's halving does the rest.  The guess is the narrowest result for the
 * first player: 0 (does the side to move win?) when the first player is to
 * move, -1 (does it at least draw?) when the second is; 7x6 is a win for the
 * first player, so positions near the start lean that way (a guess, not a
 * rule: on Begin-Medium it costs nodes, docs/connect4.md).  c4 probes [0, 1]
 * and then walks from bound to bound; walking on from the second window cost
 * more on the test sets.  Returns the probe to search, part 8's `med` unless
 * this step chooses; *stage counts the step's probes. */
static inline int solve_aspiration_probe(int med, int min, int max, int n, int probes, bool last_high,
                                         int *stage)
{
    int guess = n % 2 ? -1 : 0;
    if (*stage == 0 && probes >= 2 && min <= guess && guess < max) return *stage = 1, guess;
    if (*stage == 1) return *stage = 2, last_high ? min : max - 1;
    return med;
}

/* Part 8: null-window searches narrow [min, max]; each probe is the middle
 * of [min, max], moved out to half of the bound on its side of 0 when that
 * lies farther from 0 (C division truncates toward zero): from the empty
 * board's [-21, 21] the first probes are -10 and 10.  The weak solver
 * starts from [-1, 1] and may end on a fail-soft bound beyond it.  92.8 ->
 * 131.6 on End-Easy (worse there), 207,942 -> 9,472 on Middle-Easy (x22). */
static int solve_iterate(solve_context *ctx, const SOLVE_BOARD_TYPE *b, bool weak)
{
    int n = SOLVE_BOARD(moves)(b);
    int min = -(SOLVE_CELLS - n) / 2, max = SOLVE_WIN_NOW(n);
    if (weak) min = -1, max = 1;
    bool aspiration = ctx->config->aspiration && !weak, last_high = false;
    int probes = 0, stage = 0;
    while (min < max) {
        ctx->lower = min, ctx->upper = max;
        int med = min + (max - min) / 2;
        if (med <= 0 && min / 2 < med) med = min / 2;
        else if (med >= 0 && max / 2 > med) med = max / 2;
        if (aspiration) med = solve_aspiration_probe(med, min, max, n, probes++, last_high, &stage);
        int r = solve_search(ctx, b, med, med + 1);
        last_high = r > med;
        if (r <= med) max = r;
        else min = r;
    }
    return min;
}

int SOLVE_RUN(solve_context *ctx, const char *moves, bool weak)
{
    const solve_config *c = ctx->config;
    SOLVE_BOARD_TYPE b;
    SOLVE_BOARD(start)(&b);
    for (const char *p = moves; *p; p++) SOLVE_BOARD(play_column)(&b, SOLVE_COLUMN_OF(*p));
#if SOLVE_HAS_BITS
    /* Part 9: a win at once is answered here, at no node. */
    if (c->non_losing && SOLVE_BOARD(can_win_next)(&b)) return SOLVE_WIN_NOW(SOLVE_BOARD(moves)(&b));
#endif
    if (c->null_window_iteration) return solve_iterate(ctx, &b, weak);
    ctx->lower = -SOLVE_CELLS / 2, ctx->upper = SOLVE_CELLS / 2;
    if (!c->alphabeta) return negamax_columns(ctx, &b, -SOLVE_CELLS, SOLVE_CELLS);
    int bound = weak ? 1 : SOLVE_CELLS / 2;
    ctx->lower = -bound, ctx->upper = bound;
    return solve_search(ctx, &b, -bound, bound);
}

#undef SOLVE_WIN_NOW
#undef SOLVE_CLAIMEVEN_MAX
#undef SOLVE_MIN_SCORE
#undef SOLVE_MAX_SCORE
#undef SOLVE_CELLS
#undef SOLVE_WIDTH
#undef SOLVE_COLUMN_BITS
#undef SOLVE_COLUMN_MASK
#undef SOLVE_CENTRE_FIRST
#undef SOLVE_COLUMN_OF
#undef SOLVE_BUCKET_FIND
#undef SOLVE_BUCKET_PUT
#undef SOLVE_BUCKET_PREFETCH
#undef SOLVE_BOARD_TYPE
#undef SOLVE_BOARD
#undef SOLVE_RUN
#undef SOLVE_HAS_BITS
