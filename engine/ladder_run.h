/*
 * ladder_run.h: a ladder search from request to result (the ladder-*
 * configs and negamax-ab, the ladder with every option off), for the game
 * of this instance (included once by engine/search_instance.c, after both
 * state modes of engine/search_mode.h).
 */
#ifndef GAME_STATE
#error "ladder_run.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

/* Checks the ladder's part of a request and readies the table.  A table
 * that is too large or cannot be had is bad input with one line, never a
 * crash. */
static bool ladder_prepare(const search_request *request, char *message, size_t message_size)
{
    const ladder_options *options = &request->config->ladder;
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
    size_t megabytes = request->tt_mb ? request->tt_mb : TT_DEFAULT_MB;
    if (ladder_table.megabytes != megabytes) { /* searches in a row keep the table (and skip a system call) */
        size_t most = tt_max_megabytes();
        if (megabytes > most) {
            snprintf(message, message_size, "a table of %zu MiB is more than this machine allows (at most %zu MiB, "
                     "half its memory)", megabytes, most);
            return false;
        }
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
    mode->ladder_deepen[ladder.options.instance](&ladder, s, depth); /* the instance: engine/config.h */
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
    memcpy(result->iteration_nodes, ladder.iteration_nodes, sizeof result->iteration_nodes);
}
