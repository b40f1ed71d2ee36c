/*
 * solve_instance.h: what the solver's instances (solver/solve_search.h
 * compiled once per board: the fixed 7x6 bitboard and grid, and the
 * bitboard of any size) share with solver/solve.c, which runs them, and
 * with solver/solve_instance.c, which they call back: the context of one
 * solve, the team of threads, the checkpoint.
 */
#ifndef PRUNE_SOLVE_INSTANCE_H
#define PRUNE_SOLVE_INSTANCE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "busy_marks.h"
#include "solve_table.h"
#include "solve_types.h"

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
    /* Threads (--threads, solver/solve_instance.c): NULL on one thread, else every
     * null-window search of parts 9 on runs on the whole team. */
    struct solve_team *team;
    int worker;                  /* 0: the thread that called the solve; 1 ..: its helpers */
    uint64_t published;          /* a helper's nodes already added to the team's count */
    uint64_t helper_nodes;       /* the caller's: its helpers' nodes in the windows finished */
    uint64_t *busy;              /* the team's positions being searched (busy_marks.h), NULL on one thread */
    int defer_until;             /* nodes of fewer stones than this mark themselves and defer busy children */
} solve_context;

/* Why a solve stopped early, through longjmp (0 is setjmp's first return);
 * SOLVE_STOP_DONE: another thread of the team finished the window. */
typedef enum { SOLVE_STOP_NONE = 0, SOLVE_STOP_NODES, SOLVE_STOP_TIME, SOLVE_STOP_DONE } solve_stop;

/* Threads: ABDADA's deferral (engine/busy_marks.h), near the root: nodes
 * of fewer than SOLVE_DEFER_PLIES stones more than the root's mark their
 * key busy while they search their children and defer busy children (never
 * their first: one child is searched at once, as ABDADA does).  The team
 * clears the marks before each window. */
#define SOLVE_DEFER_PLIES 12

/* One null-window search as the team runs it: `search` on `board` (the
 * instance's board type), from any thread.  solve_team_search runs it on
 * the caller and on every helper at once, over the one table, and returns
 * the result of whichever finishes first: every thread's result is a bound
 * proved from the table's bounds, so any of them serves
 * (solver/solve_instance.c). */
typedef int (*solve_window_search)(solve_context *ctx, const void *board, int alpha, int beta);
int solve_team_search(solve_context *ctx, const void *board, int stones, int alpha, int beta,
                      solve_window_search search);

/* The team for a solve on `threads` threads: NULL on one thread.  One
 * solve at a time, as the table. */
struct solve_team *solve_team_of(int threads);

/* The budgets' and progress' slow path, run when ctx->nodes reaches
 * ctx->check_at: it may longjmp to *ctx->stop, and moves check_at on.
 * solve_next_check is the node count of its first run, for a new ctx. */
void solve_checkpoint(solve_context *ctx);
uint64_t solve_next_check(const solve_context *ctx);

/* Counts one node: a compare per node, the checkpoint once in a while. */
static inline void solve_count_node(solve_context *ctx)
{
    if (++ctx->nodes == ctx->check_at) solve_checkpoint(ctx);
}

/* Solves the position after `moves` (already checked by solve_check_moves)
 * with ctx->config; the table must be ready and empty. */
int solve_bitboard_run(solve_context *ctx, const char *moves, bool weak);
int solve_grid_run(solve_context *ctx, const char *moves, bool weak);
/* The same on a board of `size` (solver/solve_sized.c); its moves are
 * characters of CONNECT4_SIZED_COLUMNS. */
int solve_sized_run(solve_context *ctx, const char *moves, bool weak, solve_size size);

#endif
