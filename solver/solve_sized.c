/*
 * solve_sized.c: the solver's search on a board of any size the bitboard
 * holds (games/connect4_sized.h), for `prune solve --size WxH`.
 *
 * The same template as the fixed 7x6 boards (solver/solve_search.h), with
 * the size read from one shape per process instead of constants: set by
 * solve_sized_run before each solve and only read while it runs.  The
 * buckets keep quotients (solver/solve_table.h), since keys may pass 49
 * bits; solver/solve.c refuses the series' tables on such boards.
 */
#include "connect4_sized.h"
#include "solve_types.h"

#define MOVE_SORTER_CAPACITY SOLVE_MAX_WIDTH  /* before solver/move_sorter.h: up to 12 columns */
#include "solve_instance.h"

static connect4_shape solve_shape;

static inline void solve_sized_start(connect4_sized *b) { connect4_sized_start(b); }
static inline int solve_sized_moves(const connect4_sized *b) { return connect4_sized_moves(b); }
static inline uint64_t solve_sized_key(const connect4_sized *b) { return connect4_sized_key(b); }
static inline void solve_sized_play_cell(connect4_sized *b, uint64_t move) { connect4_sized_play_cell(b, move); }
static inline bool solve_sized_can_play(const connect4_sized *b, int col)
{
    return connect4_sized_can_play(&solve_shape, b, col);
}
static inline void solve_sized_play_column(connect4_sized *b, int col)
{
    connect4_sized_play_column(&solve_shape, b, col);
}
static inline bool solve_sized_is_winning_move(const connect4_sized *b, int col)
{
    return connect4_sized_is_winning_move(&solve_shape, b, col);
}
static inline bool solve_sized_can_win_next(const connect4_sized *b)
{
    return connect4_sized_can_win_next(&solve_shape, b);
}
static inline uint64_t solve_sized_non_losing_moves(const connect4_sized *b)
{
    return connect4_sized_non_losing_moves(&solve_shape, b);
}
static inline int solve_sized_move_score(const connect4_sized *b, uint64_t move)
{
    return connect4_sized_move_score(&solve_shape, b, move);
}
static inline int solve_sized_move_score_threats(const connect4_sized *b, uint64_t move)
{
    return connect4_sized_move_score_threats(&solve_shape, b, move);
}
static inline uint64_t solve_sized_opponent_cells(const connect4_sized *b)
{
    return connect4_sized_opponent_cells(&solve_shape, b);
}
static inline int solve_sized_move_score_weights(const connect4_sized *b, uint64_t move, uint64_t opponent)
{
    return connect4_sized_move_score_weights(&solve_shape, b, move, opponent);
}
static inline int solve_sized_claimeven_bound(const connect4_sized *b)
{
    return connect4_sized_claimeven_bound(&solve_shape, b);
}

#define SOLVE_BOARD_TYPE connect4_sized
#define SOLVE_BOARD(op) solve_sized_##op
#define SOLVE_RUN solve_sized_search
#define SOLVE_HAS_BITS 1
#define SOLVE_CELLS (solve_shape.cells)
#define SOLVE_WIDTH (solve_shape.width)
#define SOLVE_COLUMN_BITS (solve_shape.column_bits)
#define SOLVE_COLUMN_MASK(col) connect4_sized_column_mask(&solve_shape, col)
#define SOLVE_CENTRE_FIRST(i) (solve_shape.centre_first[i])
#define SOLVE_COLUMN_OF(c) connect4_sized_column_of(c, solve_shape.width)
#define SOLVE_BUCKET_FIND(t, key, shared) solve_table_find_bucket_quotient(t, key, shared)
#define SOLVE_BUCKET_PUT(t, key, value, moves, mirrored, shared) \
    solve_table_put_bucket_quotient(t, key, value, moves, mirrored, shared)
#define SOLVE_BUCKET_PREFETCH(t, key) solve_table_prefetch_bucket_quotient(t, key)
int solve_sized_search(solve_context *ctx, const char *moves, bool weak);
#include "solve_search.h"

int solve_sized_run(solve_context *ctx, const char *moves, bool weak, solve_size size)
{
    solve_shape = connect4_shape_of(size.width, size.height);
    return solve_sized_search(ctx, moves, weak);
}
