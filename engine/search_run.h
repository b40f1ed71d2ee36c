/*
 * search_run.h: one search request, from the position to the result: the
 * dispatch to the configured search function, the early stop (search_stop
 * through longjmp) and its message, the tree's memory between searches.
 * Part of the per-game engine: included once by engine/search_instance.c,
 * after the search templates.
 */
#ifndef GAME_STATE
#error "search_run.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

#define ARENA_KEEP_BLOCKS 4 /* kept between searches: ~64k nodes */

/* The three families of search() (engine/config.h): the ladder (its
 * configs and negamax-ab, the ladder with every option off), the tree, and
 * the recursive searches (minimax, alpha-beta, the Scala pair, negamax). */
static bool ladder_family(const search_config *config)
{
    return config->algorithm == ALGORITHM_LADDER || config->algorithm == ALGORITHM_NEGAMAX_AB;
}

/* A search of the recursive family on s to `depth`; its value, as the
 * family's functions give it (the max/min pair from the first player's
 * side, turned to the mover's). */
static int run_recursive(search_context *ctx, const search_config *config, const search_mode *mode, GAME_STATE *s,
                         int depth, GAME_MOVE *best)
{
    assert(!ladder_family(config) && config->algorithm != ALGORITHM_TREE);
    if (config->algorithm == ALGORITHM_ALPHABETA_SCALA) return mode->scala_root(ctx, s, depth, best);
    if (config->algorithm == ALGORITHM_NEGAMAX) return mode->negamax(ctx, s, depth, best);
    int sign = mover_sign(s); /* minimax and alpha-beta: the max/min pair */
    return sign * mode->maxmin(ctx, s, depth, config->algorithm == ALGORITHM_ALPHABETA, best);
}

/* Worth: "kalah 6 tree-optimal/copy vs tree-ab-presort-gen-bubble/copy" -- 1.08x fewer instructions (CI, valgrind). */
/* Worth: "kalah 5 tree-optimal/copy vs tree-ab-presort-gen-bubble/copy" -- 1.07x fewer instructions (CI, valgrind). */
/* (the specialised function against the same options read at run time.) */
static void run_tree(search_context *ctx, GAME_STATE *s, int depth, const search_mode *mode)
{
    if (ctx->options.optimal) mode->tree_optimal(ctx, s, depth);
    else mode->tree(ctx, s, depth);
}

/* A plain deepening's answer so far: its deepest completed depth (static
 * in search(), so that it survives a soft limit's longjmp). */
typedef struct {
    GAME_MOVE best;
    int value;
    int iterations;
    uint64_t iteration_nodes[SEARCH_MAX_ITERATIONS];
} plain_deepening;

/* Plain deepening, for a config that does not deepen itself under a soft
 * limit (search_request): depth 1, 2, ... up to the request's, each
 * searched afresh as a search of its own would be (the move-ordering
 * generator reseeded, a ladder table kept), until a soft limit stops the
 * one under way; the deepest completed depth answers.  This is what a
 * match did between searches before the limits moved into the engine, so
 * ladder-id's worth is still what it adds beyond this. */
static void deepen_plainly(search_context *ctx, const search_request *request, const GAME_STATE *root,
                           const search_mode *mode, plain_deepening *out)
{
    static GAME_STATE s;
    const search_config *config = request->config;
    bool deepens_ladder = ladder_family(config);
    bool has_moves = !GAME(is_over)(root) && GAME(generate_moves)(root, (GAME_MOVE[GAME_MAX_MOVES]){0}) > 0;
    if (deepens_ladder) ladder_begin(ctx, request), ladder_helpers_start(request, root, mode, true);
    if (setjmp(ctx->soft_stop)) return;
    for (int depth = 1; depth <= request->depth; depth++) {
        uint64_t before = ctx->nodes;
        GAME_MOVE best = 0;
        int value = 0;
        ctx->rng = request->seed;
        s = *root;
        if (deepens_ladder) {
            ladder_iterate(&s, depth, mode);
            best = ladder.best;
            value = ladder.value;
        } else {
            value = run_recursive(ctx, config, mode, &s, depth, &best);
        }
        out->best = best;
        out->value = value;
        out->iteration_nodes[out->iterations++] = ctx->nodes - before;
        if (!ctx->soft_armed) search_arm_soft_limits(ctx);
        if (!has_moves) return; /* a finished game: every depth answers alike */
    }
}

/* The message of a search that stopped early (memory_mb: its memory
 * bound); reads the arena, so it runs before arena_trim frees its blocks. */
static search_status report_budget(search_stop why, const search_context *ctx, size_t memory_mb, char *message,
                                   size_t size)
{
    assert(why != STOP_NONE);
    if (why == STOP_OUT_OF_MEMORY)
        snprintf(message, size, "out of memory after creating %llu tree nodes",
                 (unsigned long long)tree_created(ctx));
    else if (why == STOP_TREE_MEMORY)
        snprintf(message, size, "search stopped: its tree would take more than %zu MiB (raise --max-memory-mb)",
                 memory_mb);
    else
        snprintf(message, size, "search stopped: it would exceed the node budget of %llu (raise --max-nodes)",
                 (unsigned long long)ctx->budget);
    return SEARCH_BUDGET_EXCEEDED;
}

/* The soft limits need a search that counts every node with count_node:
 * the recursive family and the ladder, not the tree family. */
static bool soft_limits_allowed(const search_request *request, char *message, size_t message_size)
{
    bool soft = request->time_us || request->node_limit || request->stop;
    if (!soft || request->config->algorithm != ALGORITHM_TREE) return true;
    snprintf(message, message_size, "a time or node limit needs a config of the recursive family or the ladder, "
             "and %s is a tree config", request->config->name);
    return false;
}

static search_status search(const search_request *request, search_result *result, char *message,
                            size_t message_size)
{
    GAME_STATE s;
    if (!check_depth(request->depth, 1, message, message_size)) return SEARCH_BAD_INPUT;
    if (!play_moves(request->position, request->moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    const search_config *config = request->config;
    const search_mode *mode = request->state == STATE_UNDO ? &search_mode_undo : &search_mode_copy; /* picked once */
    bool ladder_config = config->algorithm == ALGORITHM_LADDER; /* reports the ladder's counters */
    if (!soft_limits_allowed(request, message, message_size)) return SEARCH_BAD_INPUT;
    if (!mcts_request_bounded(request, message, message_size)) return SEARCH_BAD_INPUT;
    if (!ladder_prepare(request, message, message_size)) return SEARCH_BAD_INPUT;
    static search_context ctx;  /* one search at a time; jmp_buf is large */
    arena kept = ctx.arena;     /* blocks reused from the last search */
    uint64_t budget = request->max_nodes ? request->max_nodes : SEARCH_DEFAULT_MAX_NODES;
    ctx = (search_context){.arena = kept, .budget = budget, .node_limit = request->node_limit, .stop = request->stop,
                           .rng = request->seed, .options = config->tree};
    bool tree = config->algorithm == ALGORITHM_TREE;
    size_t memory_mb = search_memory_mb(request);
    uint64_t memory_bytes = memory_mb > UINT64_MAX >> 20 ? UINT64_MAX : (uint64_t)memory_mb << 20; /* no wrap */
    uint64_t memory_nodes = memory_bytes / mode->tree_node_size;
    arena_reset(&ctx.arena, mode->tree_node_size, budget + 1 < memory_nodes ? budget + 1 : memory_nodes);
    GAME_MOVE best = 0;
    int value = 0;
    bool completed = true;
    static plain_deepening plain;
    plain = (plain_deepening){0};
    double start = request->untimed ? 0 : clock_seconds();
    if (request->time_us) ctx.deadline = clock_seconds() + (double)request->time_us / 1e6;
    search_schedule_check(&ctx);
    search_stop why = (search_stop)setjmp(ctx.budget_exceeded);
    if (why != STOP_NONE) {
        ladder_helpers_join();
        search_status status = report_budget(why, &ctx, memory_mb, message, message_size);
        arena_trim(&ctx.arena, ARENA_KEEP_BLOCKS);
        return status;
    }
    bool soft = request->time_us || request->node_limit || request->stop;
    bool self_deepening = ladder_config && config->ladder.deepening;
    bool mcts_config = config->algorithm == ALGORITHM_MCTS;
    if (tree) {
        run_tree(&ctx, &s, request->depth, mode);
        best = ctx.root_best;
        value = ctx.root_value;
    } else if (mcts_config) {
        mcts_run(&ctx, request, &s, &best, &value, &completed);
    } else if (soft && !self_deepening) {
        deepen_plainly(&ctx, request, &s, mode, &plain);
        best = plain.best;
        value = plain.value;
        completed = plain.iterations > 0;
    } else if (ladder_family(config)) {
        ladder_run(&ctx, request, &s, mode, &best, &value, &completed);
    } else {
        value = run_recursive(&ctx, config, mode, &s, request->depth, &best);
    }
    uint64_t helper_nodes = ladder_helpers_join();
    double seconds = request->untimed ? 0 : clock_seconds() - start;
    GAME_MOVE legal[GAME_MAX_MOVES];
    int legal_count = GAME(is_over)(&s) ? 0 : GAME(generate_moves)(&s, legal);
    if (!completed && legal_count > 0) best = legal[0]; /* stopped before depth 1 was done: the first legal move */
    *result = (search_result){.value = value, .root_max = GAME(max_to_move)(&s), .nodes = ctx.nodes + helper_nodes,
                              .threads = request->threads > 1 ? request->threads : 1, .created = ctx.created,
                              .evals = ctx.evals, .passes = ctx.passes, .seconds = seconds,
                              .tree_bytes = tree ? arena_count(&ctx.arena) * ctx.arena.node_size : 0};
    if (ladder_config) ladder_report(result);
    if (mcts_config) mcts_report(request, result);
    if (soft && !self_deepening && !mcts_config) {
        result->iterations = plain.iterations;
        memcpy(result->iteration_nodes, plain.iteration_nodes, sizeof result->iteration_nodes);
    }
    if (legal_count > 0) GAME(format_move)(best, result->best, sizeof result->best);
    else snprintf(result->best, sizeof result->best, "none");
    arena_trim(&ctx.arena, ARENA_KEEP_BLOCKS);
    return SEARCH_OK;
}
