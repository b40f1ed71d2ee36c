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
 * tested first), here; negamax_non_losing parts 9 to 12 and prune's own
 * steps, in solver/solve_non_losing.h, which this file includes where the
 * board has the bitboard's operations.  The step's flags
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
#include "solve_instance.h"

/* The board's size and what follows from it.  An instance of another size
 * (solver/solve_sized.c, whose size is read at run time) defines all of
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
 * `shared`: threads share the table (solver/solve_table.h, Threads). */
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
/* Parts 9 to 12 and prune's own steps after them: negamax_non_losing. */
#include "solve_non_losing.h"
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
