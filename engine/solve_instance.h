/*
 * solve_instance.h: what engine/solve.c shares with the solver's instances
 * (engine/solve_search.h compiled once per board: the fixed 7x6 bitboard
 * and grid, and the bitboard of any size).
 */
#ifndef PRUNE_SOLVE_INSTANCE_H
#define PRUNE_SOLVE_INSTANCE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "solve.h"
#include "solve_table.h"

typedef struct {
    const solve_config *config;
    solve_table *table;
    uint64_t nodes;
    /* Table look-ups, those that found an entry, and (solve-buckets) those
     * whose entry was stored by the position's mirror image: one add each
     * on a look-up, none on the steps without a table. */
    uint64_t probes, hits, mirror_hits;
    uint64_t check_at;           /* nodes at which solve_checkpoint runs next; UINT64_MAX: never */
    int lower, upper;            /* the window being narrowed, for progress reports */
    const solve_limits *limits;  /* NULL: none (check_at is then UINT64_MAX) */
    double last_report;          /* clock_seconds() of the last progress report */
    jmp_buf *stop;               /* longjmp'd to with a solve_stop when a budget runs out */
} solve_context;

/* Why a solve stopped early, through longjmp (0 is setjmp's first return). */
typedef enum { SOLVE_STOP_NONE = 0, SOLVE_STOP_NODES, SOLVE_STOP_TIME } solve_stop;

/* The budgets' and progress' slow path (engine/solve.c), run when
 * ctx->nodes reaches ctx->check_at: it may longjmp to *ctx->stop, and
 * moves check_at on. */
void solve_checkpoint(solve_context *ctx);

/* Counts one node: a compare per node, the checkpoint once in a while. */
static inline void solve_count_node(solve_context *ctx)
{
    if (++ctx->nodes == ctx->check_at) solve_checkpoint(ctx);
}

/* Solves the position after `moves` (already checked by solve_check_moves)
 * with ctx->config; the table must be ready and empty. */
int solve_bitboard_run(solve_context *ctx, const char *moves, bool weak);
int solve_grid_run(solve_context *ctx, const char *moves, bool weak);
/* The same on a board of `size` (engine/solve_sized.c); its moves are
 * characters of CONNECT4_SIZED_COLUMNS. */
int solve_sized_run(solve_context *ctx, const char *moves, bool weak, solve_size size);

#endif
