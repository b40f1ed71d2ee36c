/*
 * solve.c: the steps of the Connect Four solver as data, and the entry
 * point that checks a position, readies the table and times one solve
 * (docs/connect4.md).  The search itself is engine/solve_search.h.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "connect4.h"
#include "connect4_sized.h"
#include "solve.h"
#include "solve_instance.h"

/* One row per step of the series; each adds one flag to the row above
 * (part 6 is the bitboard: `--board grid` against the default).  Part 3
 * has no weak solver (its code ignores -w): weak solve-minmax is the same
 * search as strong. */
static const solve_config steps[] = {
    {"solve-minmax", "Pons part 3: plain negamax over columns 1..7, a win at once scored first",
     3, false, false, SOLVE_TABLE_NONE, false, false, false, false, false, false},
    {"solve-alphabeta", "Pons part 4: alpha-beta, beta lowered to the best score still reachable",
     4, true, false, SOLVE_TABLE_NONE, false, false, false, false, false, false},
    {"solve-order", "Pons part 5: columns centre first (4,3,5,2,6,1,7)",
     5, true, true, SOLVE_TABLE_NONE, false, false, false, false, false, false},
    {"solve-tt", "Pons part 7: transposition table of upper bounds (8,388,593 entries)",
     7, true, true, SOLVE_TABLE_UPPER, false, false, false, false, false, false},
    {"solve-id", "Pons part 8: iterative null-window search narrowing [min, max]",
     8, true, true, SOLVE_TABLE_UPPER, true, false, false, false, false, false},
    {"solve-nonlosing", "Pons part 9: wins at once answered without search; non-losing moves only",
     9, true, true, SOLVE_TABLE_UPPER, true, true, false, false, false, false},
    {"solve-sorted", "Pons part 10: moves sorted by the winning cells they create",
     10, true, true, SOLVE_TABLE_UPPER, true, true, true, false, false, false},
    {"solve-tt32", "Pons part 11: table of 32-bit truncated keys, 8,388,617 entries",
     11, true, true, SOLVE_TABLE_UPPER_KEY32, true, true, true, false, false, false},
    {"solve-lowerbound", "Pons part 12: lower bounds stored in the table too",
     12, true, true, SOLVE_TABLE_BOUNDS_KEY32, true, true, true, false, false, false},
    /* prune's own steps beyond the series (part 0); docs/connect4.md measures each. */
    {"solve-mirror", "prune: part 12 with a position and its mirror image sharing one table entry",
     0, true, true, SOLVE_TABLE_BOUNDS_KEY32, true, true, true, true, false, false},
    {"solve-buckets", "prune: two entries a bucket, full keys, the shallower position kept first",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, false, false},
    {"solve-etc", "prune: a child's stored bound that already cuts the node off ends it unsearched",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, false},
    {"solve-threats", "prune: among moves making as many threats, first those playable soon",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, true},
};

size_t solve_config_count(void) { return sizeof steps / sizeof steps[0]; }

const solve_config *solve_config_at(size_t index)
{
    return index < solve_config_count() ? &steps[index] : NULL;
}

const solve_config *solve_config_fastest(void) { return &steps[solve_config_count() - 1]; }

const solve_config *solve_config_find(const char *name)
{
    for (size_t i = 0; i < solve_config_count(); i++)
        if (strcmp(steps[i].name, name) == 0) return &steps[i];
    return NULL;
}

bool solve_size_fits(solve_size size) { return connect4_shape_fits(size.width, size.height); }

bool solve_check_moves(const char *moves, char *message, size_t message_size)
{
    return solve_check_moves_sized(moves, SOLVE_SIZE_STANDARD, message, message_size);
}

/* The 7x6 board's bits are the sized board's at 7x6 (7 bits a column), so
 * one checker serves every size. */
bool solve_check_moves_sized(const char *moves, solve_size size, char *message, size_t message_size)
{
    connect4_shape shape = connect4_shape_of(size.width, size.height);
    char columns[48];
    if (size.width <= 9) snprintf(columns, sizeof columns, "is not a column 1..%d", size.width);
    else snprintf(columns, sizeof columns, "is not a column 1..9, A..%c", CONNECT4_SIZED_COLUMNS[size.width - 1]);
    connect4_sized b;
    connect4_sized_start(&b);
    for (size_t i = 0; moves[i]; i++) {
        char c = moves[i];
        int col = connect4_sized_column_of(c, size.width);
        const char *why = col < 0                                              ? columns
                          : !connect4_sized_can_play(&shape, &b, col)          ? "is a full column"
                          : connect4_sized_is_winning_move(&shape, &b, col) ? "completes four (the game would be over)"
                                                                               : NULL;
        if (why) {
            snprintf(message, message_size, "move %zu ('%c') of '%.50s' %s", i + 1, c, moves, why);
            return false;
        }
        connect4_sized_play_column(&shape, &b, col);
    }
    return true;
}

/* A win with the m-th stone scores (cells + 2 - m) / 2 (SOLVE_WIN_NOW with
 * m - 1 stones before it): two move numbers give each score, and the
 * winner's parity picks one. */
int solve_last_move(int score, int stones, int cells)
{
    if (score == 0) return cells;
    int magnitude = score > 0 ? score : -score;
    int winner_parity = score > 0 ? (stones + 1) % 2 : stones % 2;  /* of the winner's move numbers */
    int m = cells + 2 - 2 * magnitude;
    return m % 2 == winner_parity ? m : m - 1;
}

/* One table for the whole process: allocated at its first use, emptied
 * after every position (engine/solve_table.h says how, cheaply). */
static solve_table table;

void solve_set_table_megabytes(size_t megabytes)
{
    if (megabytes == (table.megabytes ? table.megabytes : SOLVE_TABLE_DEFAULT_MEGABYTES)) return;
    free(table.full);  /* table_memory_zeroed's memory */
    free(table.key32);
    free(table.buckets);
    table.full = table.key32 = table.buckets = NULL;
    table.size_full = table.size_key32 = table.bucket_count = 0;
    table.touched_count = 0;
    table.touched_all = false;
    table.used = 0;
    table.megabytes = megabytes;
}

search_status solve_prepare(const solve_config *config, char *message, size_t message_size)
{
    if (config->table == SOLVE_TABLE_NONE || solve_table_ready(&table, config->table)) return SEARCH_OK;
    snprintf(message, message_size, "cannot allocate the %s transposition table (%zu MiB)", config->name,
                 table.megabytes ? table.megabytes : (size_t)SOLVE_TABLE_DEFAULT_MEGABYTES);
    return SEARCH_BUDGET_EXCEEDED;
}

/* ---- Threads: the team (solve_set_threads) ----
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
    solve_helper helpers[SOLVE_MAX_THREADS - 1];
    uint64_t busy[SOLVE_BUSY_SLOTS];  /* the positions being searched near the root (solve_instance.h) */
} solve_team;

static int solve_threads = 1;
static solve_team team;  /* one solve at a time, as the table */

void solve_set_threads(int threads) { solve_threads = threads; }

bool solve_threads_run(const solve_config *config) { return config->non_losing && config->table != SOLVE_TABLE_NONE; }

/* The first thread to finish claims the window with its result. */
static void team_claim(solve_team *t, int result)
{
    int searching = SOLVE_TEAM_SEARCHING;
    atomic_compare_exchange_strong(&t->outcome, &searching, result);
}

/* A helper's table: the caller's words, with counters and a touched list
 * of its own (team_join adds it to the caller's), so that its puts write
 * no word but the table's.  Without a list (`touched` NULL: no memory for
 * one) it says touched_all, and the caller's clear empties everything. */
static solve_table solve_table_view(const solve_table *shared, uint32_t *touched)
{
    solve_table view = *shared;
    view.touched = touched;
    view.touched_count = touched ? 0 : SOLVE_TABLE_TOUCHED_MAX;
    view.touched_all = !touched;
    view.used = 0;
    return view;
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
static uint64_t next_check(const solve_context *ctx)
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
    ctx->check_at = next_check(ctx);
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

/* The message of a solve a budget stopped, worded as `prune search` words its own. */
static search_status report_stop(solve_stop why, const solve_limits *limits, char *message, size_t size)
{
    if (why == SOLVE_STOP_NODES)
        snprintf(message, size, "solve stopped: it would exceed the node budget of %llu (raise --max-nodes)",
                 (unsigned long long)limits->max_nodes);
    else
        snprintf(message, size, "solve stopped: it would exceed the time budget of %.0f ms (raise --time-ms)",
                 (limits->deadline - limits->started) * 1000);
    return SEARCH_BUDGET_EXCEEDED;
}

bool solve_past_deadline(const solve_limits *limits, char *message, size_t message_size)
{
    if (!limits || limits->deadline <= 0 || clock_seconds() <= limits->deadline) return false;
    report_stop(SOLVE_STOP_TIME, limits, message, message_size);
    return true;
}

/* Runs one solve of checked moves with `limits`; the table is empty again
 * afterwards, whether the solve finished or a budget stopped it. */
static search_status run_solve(const char *moves, const solve_config *config, bool weak, solve_board board,
                               solve_size size, const solve_limits *limits, solve_result *result, char *message,
                               size_t message_size)
{
    jmp_buf stop;
    int threads = solve_threads_run(config) ? solve_threads : 1;
    team.threads = threads;
    solve_context ctx = {.config = config, .table = &table, .nodes = 0, .limits = limits, .stop = &stop,
                         .team = threads > 1 ? &team : NULL};
    ctx.check_at = next_check(&ctx);
    double start = clock_seconds();
    ctx.last_report = start;
    solve_stop why = (solve_stop)setjmp(stop);
    if (why != SOLVE_STOP_NONE) {  /* only ctx's fields, through its address, are read after the jump */
        if (config->table != SOLVE_TABLE_NONE) solve_table_clear(&table);
        return report_stop(why, limits, message, message_size);
    }
    int score = board == SOLVE_SIZED || !solve_size_is_standard(size) ? solve_sized_run(&ctx, moves, weak, size)
                : board == SOLVE_GRID                                   ? solve_grid_run(&ctx, moves, weak)
                                                                        : solve_bitboard_run(&ctx, moves, weak);
    double seconds = clock_seconds() - start;
    /* On a team `used` raced: the entries are counted as the table is emptied. */
    uint64_t entries = 0;
    if (config->table != SOLVE_TABLE_NONE && ctx.team) entries = solve_table_clear_counting(&table, config->table);
    else if (config->table != SOLVE_TABLE_NONE) entries = table.used, solve_table_clear(&table);
    *result = (solve_result){.score = score, .nodes = ctx.nodes + ctx.helper_nodes, .seconds = seconds,
                             .table_probes = ctx.probes, .table_hits = ctx.hits, .mirror_hits = ctx.mirror_hits,
                             .table_entries = entries, .table_slots = solve_table_slots(&table, config->table),
                             .threads = threads};
    return SEARCH_OK;
}

/* Whether the step and board run at `size`: the grid is 7x6 only, and
 * every table but the buckets keeps at most 49 bits of a key (the 7x6
 * key's), so on a board whose keys take more (W(H+1) bits) only the
 * buckets tell positions apart. */
static bool solve_size_runs(const solve_config *config, solve_board board, solve_size size, char *message,
                            size_t message_size)
{
    if (!solve_size_fits(size)) {
        snprintf(message, message_size, "a %dx%d board does not fit the bitboard (width and height from 4, "
                 "width x (height + 1) at most 64)", size.width, size.height);
        return false;
    }
    if (solve_size_is_standard(size)) return true;
    if (board == SOLVE_GRID) {
        snprintf(message, message_size, "the grid is 7x6 only: a %dx%d board runs on the bitboard", size.width,
                 size.height);
        return false;
    }
    int key_bits = size.width * (size.height + 1);
    if (config->table != SOLVE_TABLE_NONE && config->table != SOLVE_TABLE_BUCKETS && key_bits > 49) {
        snprintf(message, message_size, "%s's table keeps 49 bits of a key, and a %dx%d board's keys take %d: "
                 "use solve-buckets", config->name, size.width, size.height, key_bits);
        return false;
    }
    return true;
}

/* What every solve checks first: the step runs on this board and size,
 * the moves are legal, its table is there. */
static search_status solve_ready(const char *moves, const solve_config *config, solve_board board, solve_size size,
                                 char *message, size_t message_size)
{
    if (!solve_size_runs(config, board, size, message, message_size)) return SEARCH_BAD_INPUT;
    if (!solve_check_moves_sized(moves, size, message, message_size)) return SEARCH_BAD_INPUT;
    if (board == SOLVE_GRID && config->non_losing) {
        snprintf(message, message_size, "%s needs the bitboard: the grid runs parts 3 to 8 only", config->name);
        return SEARCH_BAD_INPUT;
    }
    return solve_prepare(config, message, message_size);
}

search_status solve_position(const char *moves, const solve_config *config, bool weak, solve_board board,
                             solve_size size, const solve_limits *limits, solve_result *result, char *message,
                             size_t message_size)
{
    search_status status = solve_ready(moves, config, board, size, message, message_size);
    return status != SEARCH_OK ? status
                               : run_solve(moves, config, weak, board, size, limits, result, message, message_size);
}

search_status solve_analyze(const char *moves, const solve_config *config, bool weak, solve_board board,
                            solve_size size, const solve_limits *limits, solve_analysis *result, char *message,
                            size_t message_size)
{
    search_status status = solve_ready(moves, config, board, size, message, message_size);
    if (status != SEARCH_OK) return status;
    connect4_shape shape = connect4_shape_of(size.width, size.height);  /* at 7x6, the fixed board's bits */
    connect4_sized b;
    connect4_sized_start(&b);
    for (const char *p = moves; *p; p++) connect4_sized_play_column(&shape, &b, connect4_sized_column_of(*p, size.width));
    size_t length = strlen(moves);
    char child[64 + 2];  /* checked moves: at most cells - 1 <= 63 */
    memcpy(child, moves, length);
    solve_limits shared = limits ? *limits : (solve_limits){0};
    *result = (solve_analysis){.width = size.width, .score = 0};
    bool any = false;
    for (int col = 0; col < size.width; col++) {
        int score;
        if (!connect4_sized_can_play(&shape, &b, col)) {
            result->scores[col] = SOLVE_COLUMN_FULL;
            continue;
        }
        if (connect4_sized_is_winning_move(&shape, &b, col)) {
            score = (shape.cells + 1 - (int)length) / 2;  /* the series' score of a win with this stone */
        } else {
            child[length] = CONNECT4_SIZED_COLUMNS[col];
            child[length + 1] = '\0';
            solve_result r;
            status = run_solve(child, config, weak, board, size, limits ? &shared : NULL, &r, message, message_size);
            if (status != SEARCH_OK) return status;
            score = -r.score;
            shared.nodes_before += r.nodes;
            result->nodes += r.nodes;
            result->seconds += r.seconds;
        }
        result->scores[col] = score;
        if (!any || score > result->score) result->score = score;
        any = true;
    }
    return SEARCH_OK;
}
