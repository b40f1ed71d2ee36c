/*
 * ladder_run.h: a ladder search from request to result (the ladder-*
 * configs and negamax-ab, the ladder with every option off), for the game
 * of this instance (included once by engine/search_instance.c, after both
 * state modes of engine/search_mode.h).
 */
#ifndef GAME_STATE
#error "ladder_run.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

/* ---- Threads (search_request.threads): Lazy SMP ----
 *
 * The calling thread searches as it does alone; each of threads - 1
 * helpers searches the same root at the same time, with a context, a
 * position, killers and history of its own, over the one table.  The
 * table's rule (ladder_probe: an entry decides a node only at its own
 * draft) makes every entry a helper stores a bound of the very function
 * the caller computes, so the caller's value is exactly its value alone;
 * what the helpers add is entries the caller finds before it would have
 * made them.  The table needs no lock: a torn slot reads as empty
 * (engine/ttable.h).  The caller's answer is the search's; its best move
 * may differ from the one thread's only between moves of equal value.
 *
 * Two schemes (search_request.smp), in the same loop so that they compare
 * on equal terms:
 *   - Lazy SMP (the default): the threads are kept apart only as Lazy SMP
 *     keeps them (Hyatt's and Stockfish's description): each orders ties
 *     by its own seed (negamax-ab's shuffle), and every other helper
 *     searches one ply deeper, so that its iterations run ahead of the
 *     caller's;
 *   - ABDADA (Weill, 1996): every thread searches the caller's depth with
 *     the deferring instance (ladder_search.h, expand's two passes), which
 *     searches last a child another thread is searching.
 * A helper that finishes stops; the caller raises `ladder_helpers_stop`
 * when it is done (or stopped), and each helper sees it within
 * SEARCH_CHECK_INTERVAL nodes, as a soft stop.
 *
 * The helpers' threads are a pool: started at the first search that needs
 * them and kept to the process's end, each waiting for the next search
 * between two.  A thread started and joined for each search cost a match
 * on 2 threads 80 to 105 us of the caller's time a move to start and 50 to
 * 70 us to join, and its helper began searching 130 to 170 us after the
 * caller asked, against moves of about 2 ms (the 2-core EPYC VM of CPU
 * family 26; docs/parallel.md, "What a move costs on threads"). */
typedef struct {
    search_context ctx;
    ladder_context lc;
    ladder_history history;
    GAME_STATE root, s;
    int depth;
    bool plainly;          /* deepen 1..depth as deepen_plainly does (search_run.h), for a config that does not */
    uint64_t seed;
    const search_mode *mode;
    uint64_t seen;         /* the pool's last search this helper's thread has seen (ladder_pool_search) */
} ladder_helper;

static ladder_helper *ladder_helpers;   /* CORES_MAX_THREADS - 1, allocated at the first threaded search */
static int ladder_helper_count;          /* helpers of the search under way: 0 to ladder_pool_threads */
static atomic_int ladder_helpers_stop;

/* The pool.  Helper i is served by thread i, which only reads its helper
 * after it has seen a new search under the lock, and the caller writes a
 * helper only while no search is under way (between join and start), so
 * the helpers need no lock of their own. */
static pthread_mutex_t ladder_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ladder_pool_begun = PTHREAD_COND_INITIALIZER;  /* a search began: the helpers wake */
static pthread_cond_t ladder_pool_ended = PTHREAD_COND_INITIALIZER;  /* the search's last helper finished */
static uint64_t ladder_pool_search;   /* threaded searches begun; each helper thread waits for the next */
static int ladder_pool_threads;       /* helper threads started, which live to the process's end */
static int ladder_pool_searching;     /* the search's helpers not yet finished */

/* The instance that searches for lc: the config's (engine/config.h), or
 * under ABDADA the configurable one that defers (search_mode.h). */
static void ladder_deepen_with(ladder_context *lc, GAME_STATE *s, int depth, const search_mode *mode)
{
    if (lc->deferring) mode->ladder_deepen_deferring(lc, s, depth);
    else mode->ladder_deepen[lc->options.instance](lc, s, depth);
}

static void ladder_helper_run(ladder_helper *h)
{
    if (setjmp(h->ctx.soft_stop)) return;
    for (int d = h->plainly ? 1 : h->depth; d <= h->depth; d++) {
        h->ctx.rng = h->seed;
        h->s = h->root;
        ladder_deepen_with(&h->lc, &h->s, d, h->mode);
    }
}

/* A pool thread: helper `data`, for every search that has it (index below
 * the search's ladder_helper_count), until the process ends. */
static void *ladder_pool_thread(void *data)
{
    ladder_helper *h = data;
    int index = (int)(h - ladder_helpers);
    pthread_mutex_lock(&ladder_pool_lock);
    for (;;) {
        while (h->seen == ladder_pool_search) pthread_cond_wait(&ladder_pool_begun, &ladder_pool_lock);
        h->seen = ladder_pool_search;
        if (index >= ladder_helper_count) continue;   /* this search has fewer helpers */
        pthread_mutex_unlock(&ladder_pool_lock);
        ladder_helper_run(h);
        pthread_mutex_lock(&ladder_pool_lock);
        if (--ladder_pool_searching == 0) pthread_cond_signal(&ladder_pool_ended);
    }
    return NULL;
}

/* Checks the request's threads, and has the helpers' memory ready. */
static bool ladder_threads_ready(const search_request *request, char *message, size_t message_size)
{
    if (request->threads > 1 && !config_threads(request->config)) {
        snprintf(message, message_size, "threads: %s searches on one thread (the ladder's configs from ladder-tt "
                 "share their table between threads; the MCTS configs search a tree each)", request->config->name);
        return false;
    }
    /* One thread (0 or 1) needs no check of the cores: cores_max_threads() asks the system (sysconf reads
     * /sys), about 5 us, and asked on every search it cost minimaxer's 1.7 us searches 4x their time. */
    if (request->threads == 0 || request->threads == 1) return true;
    if (request->threads < 0 || request->threads > cores_max_threads()) {
        snprintf(message, message_size, "threads: 1 to %d on this machine (its cores), not %d", cores_max_threads(),
                 request->threads);
        return false;
    }
    if (!ladder_helpers) ladder_helpers = calloc(CORES_MAX_THREADS - 1, sizeof *ladder_helpers);
    if (!ladder_helpers) {
        snprintf(message, message_size, "out of memory for %d threads", request->threads);
        return false;
    }
    return true;
}

/* Starts threads - 1 helpers on `root` once ladder_begin has readied the
 * caller's context (a helper copies its options and table).  `plainly`:
 * the caller deepens plainly (deepen_plainly), and so do they.  A helper
 * whose thread cannot start is left out, with those after it: fewer
 * threads, the same value. */
static void ladder_helpers_start(const search_request *request, const GAME_STATE *root, const search_mode *mode,
                                 bool plainly)
{
    /* ladder_helper_count is 0 here: the last search's join left it so */
    if (request->threads <= 1) return;
    atomic_store(&ladder_helpers_stop, 0);
    if (ladder.deferring) memset(ladder_busy, 0, sizeof ladder_busy);  /* the marks the last search left */
    pthread_mutex_lock(&ladder_pool_lock);
    int helpers = 0;
    for (int i = 0; i < request->threads - 1; i++) {
        ladder_helper *h = &ladder_helpers[i];
        /* Lazy SMP: helpers 1, 3, ... one ply deeper; ABDADA: every thread at the caller's depth */
        int depth = request->depth + (ladder.deferring ? 0 : (i + 1) % 2);
        h->ctx = (search_context){.budget = UINT64_MAX, .stop = &ladder_helpers_stop, .soft_armed = true};
        search_schedule_check(&h->ctx);
        h->lc = ladder;
        h->lc.base = &h->ctx;
        h->lc.history = &h->history;
        if (h->lc.options.killers || h->lc.options.history) history_clear(&h->history);
        h->root = *root;
        h->depth = depth <= GAME_CONSTANT(MAX_DEPTH) ? depth : GAME_CONSTANT(MAX_DEPTH);
        h->plainly = plainly;
        h->seed = request->seed + (uint64_t)i + 1;
        h->mode = mode;
        if (i == ladder_pool_threads) {   /* the pool grows to the most helpers a search has asked for */
            pthread_t thread;
            h->seen = ladder_pool_search;
            if (pthread_create(&thread, NULL, ladder_pool_thread, h) != 0) break;
            pthread_detach(thread);
            ladder_pool_threads++;
        }
        helpers = i + 1;
    }
    ladder_helper_count = helpers;
    ladder_pool_searching = helpers;
    ladder_pool_search++;
    pthread_cond_broadcast(&ladder_pool_begun);
    pthread_mutex_unlock(&ladder_pool_lock);
}

/* Stops the helpers and waits for them to finish; their nodes, added to
 * the caller's. */
static uint64_t ladder_helpers_join(void)
{
    if (ladder_helper_count == 0) return 0;
    atomic_store(&ladder_helpers_stop, 1);
    pthread_mutex_lock(&ladder_pool_lock);
    while (ladder_pool_searching > 0) pthread_cond_wait(&ladder_pool_ended, &ladder_pool_lock);
    uint64_t nodes = 0;
    for (int i = 0; i < ladder_helper_count; i++) nodes += ladder_helpers[i].ctx.nodes;
    ladder_helper_count = 0;   /* under the lock: a helper thread waking late reads it */
    pthread_mutex_unlock(&ladder_pool_lock);
    return nodes;
}

/* Checks the ladder's part of a request and readies the table.  A table
 * that is too large or cannot be had is bad input with one line, never a
 * crash. */
static bool ladder_prepare(const search_request *request, char *message, size_t message_size)
{
    const ladder_options *options = &request->config->ladder;
    if (!ladder_threads_ready(request, message, message_size)) return false;
    if (request->config->algorithm != ALGORITHM_LADDER) return true;
    if (request->tt_replace != TT_REPLACE_ALWAYS && request->tt_replace != TT_REPLACE_DEPTH) {
        snprintf(message, message_size, "unknown table replacement scheme %d", request->tt_replace);
        return false;
    }
    if (!options->tt) return true;
    ladder_init_keys();
    if (request->table) { /* the caller's own, sized by it */
        request->table->replace = (tt_replace)request->tt_replace;
        tt_new_search(request->table, request->keep_tt);
        return true;
    }
    size_t megabytes = request->tt_mb ? request->tt_mb : TT_DEFAULT_MB, bound = search_memory_mb(request);
    if (megabytes > bound) { /* on every search, not on a resize alone: the bound is each request's own */
        snprintf(message, message_size, "--tt-mb: a table of %zu MiB is more than the memory bound of %zu MiB "
                 "(raise --max-memory-mb)", megabytes, bound);
        return false;
    }
    if (ladder_table.megabytes != megabytes) { /* searches in a row keep the table (no new allocation) */
        if (!tt_resize(&ladder_table, megabytes)) {
            snprintf(message, message_size, "cannot allocate a table of %zu MiB", megabytes);
            return false;
        }
    }
    ladder_table.replace = (tt_replace)request->tt_replace;
    tt_new_search(&ladder_table, request->keep_tt);
    return true;
}

/* Readies the ladder's context for a search of `request` on the engine's
 * context ctx: its table, its options, its counters, cleared history. */
static void ladder_begin(search_context *ctx, const search_request *request)
{
    ladder = (ladder_context){.base = ctx, .options = request->config->ladder,
                              .history = &ladder_history_tables,
                              .deferring = request->threads > 1 && request->smp == SEARCH_SMP_ABDADA,
                              .table = !request->config->ladder.tt ? NULL
                                       : request->table ? request->table : &ladder_table};
    if (ladder.options.killers || ladder.options.history) history_clear(ladder.history);
}

/* Runs the config's instance (engine/config.h) on s to `depth`: one
 * iteration, or 1..depth for a deepening config.  Each completed
 * iteration is recorded in `ladder` (value, best, iterations), so a soft
 * limit's longjmp out of here leaves the deepest completed one there. */
static void ladder_iterate(GAME_STATE *s, int depth, const search_mode *mode)
{
    ladder_deepen_with(&ladder, s, depth, mode);
}

/* Searches a copy of the root (a soft limit may leave a do-undo search's
 * position half-played) and answers with the deepest completed iteration;
 * `completed` is false when a soft limit stopped the first one. */
static void ladder_run(search_context *ctx, const search_request *request, const GAME_STATE *root,
                       const search_mode *mode, GAME_MOVE *best, int *value, bool *completed)
{
    static GAME_STATE s;
    s = *root;
    ladder_begin(ctx, request);
    ladder_helpers_start(request, root, mode, false);
    if (!setjmp(ctx->soft_stop)) ladder_iterate(&s, request->depth, mode);
    *best = ladder.best;
    *value = ladder.value;
    *completed = ladder.iterations > 0;
}

static void ladder_report(search_result *result)
{
    result->tt_probes = ladder.probes;
    result->tt_hits = ladder.hits;
    result->tt_cutoffs = ladder.cutoffs;
    result->researches = ladder.researches;
    result->cutoffs = ladder.beta_cutoffs;
    result->first_move_cutoffs = ladder.first_move_cutoffs;
    result->iterations = ladder.iterations;
    result->ended = ladder.ended;
    memcpy(result->iteration_nodes, ladder.iteration_nodes, sizeof result->iteration_nodes);
}
