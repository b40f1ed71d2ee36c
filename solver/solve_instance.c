/*
 * solve_instance.c: what the solver's instances call back
 * (solver/solve_instance.h declares it): the team of threads that searches
 * one window together (--threads), and the checkpoint that keeps a solve's
 * budgets and reports its progress.  solver/solve.c runs a solve and
 * starts the team; the search (solver/solve_search.h) calls these.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cores.h"
#include "solve_instance.h"

/* ---- Threads: the team (--threads) ----
 *
 * Lazy SMP with ABDADA's deferral, one window at a time.  For each
 * null-window search of parts 9 on, the caller starts threads - 1 helpers
 * on the same board and window and searches it itself; all share the one
 * table (solve_table.h says why no lock is needed), and near the root a
 * thread searches last the children another is searching
 * (solve_instance.h, SOLVE_DEFER_PLIES), so that the threads spread over
 * the tree rather than search it in step.  The first thread to return
 * claims the window
 * (team.outcome, from SOLVE_TEAM_SEARCHING to its result, one
 * compare-and-swap); every other one sees the claim at its next
 * checkpoint, at most SOLVE_TEAM_CHECK_NODES nodes later, and leaves its
 * search by longjmp with SOLVE_STOP_DONE.  The caller joins the helpers
 * before the next window, so a window's threads never outlive it.  Every
 * thread's result is a bound proved from bounds, so the claimed one
 * narrows the window as the one thread's would, and the score is exact.
 *
 * Why windows and not whole solves: a helper still in a window the caller
 * has finished would spend its time on a question already answered.
 * Threads are started per window (a solve has a handful): a cost not
 * measured alone, small against seconds of search, but light positions
 * pay it (docs/connect4.md, "Threads"). */
#define SOLVE_TEAM_SEARCHING INT_MIN       /* team.outcome while nobody has finished */
#define SOLVE_TEAM_STOPPED (INT_MIN + 1)   /* the caller ran out of a budget: everybody stops */
#define SOLVE_TEAM_CHECK_NODES (UINT64_C(1) << 14)

typedef struct {
    solve_context ctx;
    solve_table view;         /* the shared words, its own counters (solve_table_view) */
    uint32_t *touched;        /* its touched list, SOLVE_TABLE_TOUCHED_MAX indices (NULL: none) */
    const void *board;
    int alpha, beta;
    solve_window_search search;
    pthread_t thread;
    bool started;
} solve_helper;

typedef struct solve_team {
    int threads;
    atomic_int outcome;               /* SOLVE_TEAM_SEARCHING, SOLVE_TEAM_STOPPED or the window's result */
    atomic_uint_fast64_t helper_nodes;  /* nodes the helpers have published in this window */
    solve_helper helpers[CORES_MAX_THREADS - 1];
    uint64_t busy[BUSY_MARK_SLOTS];  /* the positions being searched near the root (solve_instance.h) */
} solve_team;

static solve_team process_team;  /* one solve at a time, as the table */

solve_team *solve_team_of(int threads)
{
    process_team.threads = threads;
    return threads > 1 ? &process_team : NULL;
}

/* The first thread to finish claims the window with its result. */
static void team_claim(solve_team *t, int result)
{
    int searching = SOLVE_TEAM_SEARCHING;
    atomic_compare_exchange_strong(&t->outcome, &searching, result);
}

static void *helper_run(void *data)
{
    solve_helper *h = data;
    jmp_buf stop;
    h->ctx.stop = &stop;
    if (setjmp(stop) == SOLVE_STOP_NONE) team_claim(h->ctx.team, h->search(&h->ctx, h->board, h->alpha, h->beta));
    atomic_fetch_add(&h->ctx.team->helper_nodes, h->ctx.nodes - h->ctx.published);
    h->ctx.published = h->ctx.nodes;
    return NULL;
}

/* Starts the helpers of one window; a helper whose thread cannot be
 * started is left out (fewer threads, the same score). */
static void team_start(solve_context *ctx, solve_team *t, const void *board, int alpha, int beta,
                       solve_window_search search)
{
    for (int i = 0; i < t->threads - 1; i++) {
        solve_helper *h = &t->helpers[i];
        if (!h->touched) h->touched = malloc(SOLVE_TABLE_TOUCHED_MAX * sizeof *h->touched);  /* kept for later solves */
        h->view = solve_table_view(ctx->table, h->touched);
        h->ctx = (solve_context){.config = ctx->config, .table = &h->view, .check_at = SOLVE_TEAM_CHECK_NODES,
                                 .lower = alpha, .upper = beta, .team = t, .worker = i + 1, .busy = t->busy,
                                 .defer_until = ctx->defer_until};
        h->board = board;
        h->alpha = alpha, h->beta = beta;
        h->search = search;
        h->started = pthread_create(&h->thread, NULL, helper_run, h) == 0;
    }
}

/* Joins the helpers and adds their counters to the caller's. */
static void team_join(solve_context *ctx, solve_team *t)
{
    for (int i = 0; i < t->threads - 1; i++) {
        solve_helper *h = &t->helpers[i];
        if (!h->started) continue;
        pthread_join(h->thread, NULL);
        h->started = false;
        ctx->helper_nodes += h->ctx.nodes;
        if (h->view.touched_all) ctx->table->touched_all = true;
        for (uint32_t k = 0; k < h->view.touched_count && !ctx->table->touched_all; k++)
            solve_table_touch(ctx->table, h->view.touched[k]);
        ctx->probes += h->ctx.probes;
        ctx->hits += h->ctx.hits;
        ctx->mirror_hits += h->ctx.mirror_hits;
    }
    atomic_store(&t->helper_nodes, 0);
}

int solve_team_search(solve_context *ctx, const void *board, int stones, int alpha, int beta,
                      solve_window_search search)
{
    solve_team *t = ctx->team;
    atomic_store(&t->outcome, SOLVE_TEAM_SEARCHING);
    atomic_store(&t->helper_nodes, 0);
    memset(t->busy, 0, sizeof t->busy);  /* the marks that threads left by longjmp */
    ctx->busy = t->busy;
    ctx->defer_until = stones + SOLVE_DEFER_PLIES;
    team_start(ctx, t, board, alpha, beta, search);
    if (ctx->check_at > ctx->nodes + SOLVE_TEAM_CHECK_NODES) ctx->check_at = ctx->nodes + SOLVE_TEAM_CHECK_NODES;
    jmp_buf window;
    jmp_buf *outer = ctx->stop;
    ctx->stop = &window;
    solve_stop why = (solve_stop)setjmp(window);
    if (why == SOLVE_STOP_NONE) team_claim(t, search(ctx, board, alpha, beta));
    else if (why != SOLVE_STOP_DONE) team_claim(t, SOLVE_TEAM_STOPPED);
    ctx->stop = outer;
    team_join(ctx, t);
    if (why == SOLVE_STOP_NODES || why == SOLVE_STOP_TIME) longjmp(*outer, why);
    return atomic_load(&t->outcome);
}

/* ---- Budgets and progress ---- */

/* The first node count at which the checkpoint must run: the node budget's
 * end (one node past it), or the next clock reading, whichever is first;
 * on a team, at most SOLVE_TEAM_CHECK_NODES on, to see another thread's
 * claim (and the node budget is read at each check, the helpers' nodes
 * being in it). */
uint64_t solve_next_check(const solve_context *ctx)
{
    const solve_limits *l = ctx->limits;
    uint64_t at = UINT64_MAX;
    if (ctx->team) at = ctx->nodes + SOLVE_TEAM_CHECK_NODES;
    if (!l) return at;
    if ((l->deadline > 0 || l->progress) && ctx->nodes + SOLVE_CHECK_NODES < at) at = ctx->nodes + SOLVE_CHECK_NODES;
    if (l->max_nodes && !ctx->team) {
        uint64_t end = l->max_nodes - l->nodes_before + 1;  /* the caller keeps nodes_before <= max_nodes */
        if (end < at) at = end;
    }
    return at;
}

/* A helper's checkpoint: publish its nodes, leave if the window is claimed. */
static void helper_checkpoint(solve_context *ctx)
{
    atomic_fetch_add(&ctx->team->helper_nodes, ctx->nodes - ctx->published);
    ctx->published = ctx->nodes;
    if (atomic_load_explicit(&ctx->team->outcome, memory_order_relaxed) != SOLVE_TEAM_SEARCHING)
        longjmp(*ctx->stop, SOLVE_STOP_DONE);
    ctx->check_at = ctx->nodes + SOLVE_TEAM_CHECK_NODES;
}

void solve_checkpoint(solve_context *ctx)
{
    if (ctx->worker > 0) {
        helper_checkpoint(ctx);
        return;
    }
    /* The next check is set first: a longjmp below leaves the count past this
     * one, and `==` in solve_count_node would never meet it again. */
    ctx->check_at = solve_next_check(ctx);
    if (ctx->team && atomic_load_explicit(&ctx->team->outcome, memory_order_relaxed) != SOLVE_TEAM_SEARCHING)
        longjmp(*ctx->stop, SOLVE_STOP_DONE);
    const solve_limits *l = ctx->limits;
    if (l) {
        uint64_t nodes = l->nodes_before + ctx->nodes + ctx->helper_nodes;
        if (ctx->team) nodes += atomic_load(&ctx->team->helper_nodes);
        if (l->max_nodes && nodes > l->max_nodes) longjmp(*ctx->stop, SOLVE_STOP_NODES);
        double now = clock_seconds();
        if (l->deadline > 0 && now > l->deadline) longjmp(*ctx->stop, SOLVE_STOP_TIME);
        if (l->progress && now - l->started >= l->progress_after && now - ctx->last_report >= 0.5) {
            solve_progress p = {.nodes = nodes, .seconds = now - l->started, .lower = ctx->lower,
                                .upper = ctx->upper};
            l->progress(&p, l->progress_data);
            ctx->last_report = now;
        }
    }
}
