/*
 * search_run.h: one search request, from the position to the result: the
 * dispatch to the configured search function, the early stop (search_stop
 * through longjmp) and its message, the tree's memory between searches.
 * Part of the per-game engine: included once by engine/search_instance.c,
 * after the search templates.
 */

#define ARENA_KEEP_BLOCKS 4 /* kept between searches: ~64k nodes */

static void run_recursive(search_context *ctx, const search_config *config, GAME_STATE *s,
                          int depth, bool undo, GAME_MOVE *best, int *value)
{
    int sign = mover_sign(s);
    switch (config->algorithm) {
    case ALGORITHM_MINIMAX:
    case ALGORITHM_ALPHABETA: {
        bool pruning = config->algorithm == ALGORITHM_ALPHABETA;
        *value = sign * (undo ? maxmin_undo(ctx, s, depth, pruning, best) : maxmin_copy(ctx, s, depth, pruning, best));
        break;
    }
    case ALGORITHM_ALPHABETA_SCALA:
        *value = undo ? scala_root_undo(ctx, s, depth, best) : scala_root_copy(ctx, s, depth, best);
        break;
    case ALGORITHM_NEGAMAX:
        *value = undo ? negamax_undo(ctx, s, depth, best) : negamax_copy(ctx, s, depth, best);
        break;
    case ALGORITHM_NEGAMAX_AB: /* the ladder's instance with every option off: ladder_run */
    case ALGORITHM_TREE:
    case ALGORITHM_LADDER:
        break;
    }
}

/* Worth: "kalah 6 tree-optimal/copy vs tree-ab-presort-gen-bubble/copy" -- 1.08x fewer instructions (CI, valgrind). */
/* Worth: "kalah 5 tree-optimal/copy vs tree-ab-presort-gen-bubble/copy" -- 1.07x fewer instructions (CI, valgrind). */
/* (the specialised function against the same options read at run time.) */
static void run_tree(search_context *ctx, GAME_STATE *s, int depth, bool undo)
{
    if (ctx->options.optimal) {
        if (undo) tree_optimal_search_undo(ctx, s, depth);
        else tree_optimal_search_copy(ctx, s, depth);
    } else {
        if (undo) tree_search_undo(ctx, s, depth);
        else tree_search_copy(ctx, s, depth);
    }
}

static size_t tree_node_size(bool undo)
{
    return undo ? sizeof(tree_node_undo) : sizeof(tree_node_copy);
}

/* The message of a search that stopped early; reads the arena, so it runs
 * before arena_trim frees its blocks. */
static search_status report_budget(search_stop why, const search_context *ctx, char *message, size_t size)
{
    assert(why != STOP_NONE);
    if (why == STOP_OUT_OF_MEMORY)
        snprintf(message, size, "out of memory after creating %llu tree nodes",
                 (unsigned long long)tree_created(ctx));
    else if (why == STOP_TREE_MEMORY)
        snprintf(message, size, "search stopped: its tree would take more than %llu GiB (%llu nodes of %zu bytes)",
                 (unsigned long long)(SEARCH_TREE_MEMORY_LIMIT >> 30), (unsigned long long)ctx->arena.limit,
                 ctx->arena.node_size);
    else
        snprintf(message, size, "search stopped: it would exceed the node budget of %llu (raise --max-nodes)",
                 (unsigned long long)ctx->max_nodes);
    return SEARCH_BUDGET_EXCEEDED;
}

static search_status search(const search_request *request, search_result *result, char *message,
                            size_t message_size)
{
    GAME_STATE s;
    if (!check_depth(request->depth, 1, message, message_size)) return SEARCH_BAD_INPUT;
    if (!play_moves(request->position, request->moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    const search_config *config = request->config;
    bool undo = request->state == STATE_UNDO;
    bool ladder_config = config->algorithm == ALGORITHM_LADDER; /* reports the ladder's counters */
    if (!ladder_prepare(request, message, message_size)) return SEARCH_BAD_INPUT;
    static search_context ctx;  /* one search at a time; jmp_buf is large */
    arena kept = ctx.arena;     /* blocks reused from the last search */
    ctx = (search_context){.arena = kept, .max_nodes = request->max_nodes ? request->max_nodes : SEARCH_DEFAULT_MAX_NODES,
                           .rng = request->seed, .options = config->tree};
    bool tree = config->algorithm == ALGORITHM_TREE;
    uint64_t memory_nodes = SEARCH_TREE_MEMORY_LIMIT / tree_node_size(undo);
    arena_reset(&ctx.arena, tree_node_size(undo), ctx.max_nodes + 1 < memory_nodes ? ctx.max_nodes + 1 : memory_nodes);
    GAME_MOVE best = 0;
    int value = 0;
    double start = request->untimed ? 0 : clock_seconds();
    search_stop why = (search_stop)setjmp(ctx.budget_exceeded);
    if (why != STOP_NONE) {
        search_status status = report_budget(why, &ctx, message, message_size);
        arena_trim(&ctx.arena, ARENA_KEEP_BLOCKS);
        return status;
    }
    if (tree) {
        run_tree(&ctx, &s, request->depth, undo);
        best = ctx.root_best;
        value = ctx.root_value;
    } else if (ladder_config || config->algorithm == ALGORITHM_NEGAMAX_AB) {
        ladder_run(&ctx, request, &s, undo, &best, &value);
    } else {
        run_recursive(&ctx, config, &s, request->depth, undo, &best, &value);
    }
    double seconds = request->untimed ? 0 : clock_seconds() - start;
    bool has_moves = !GAME(is_over)(&s) && GAME(generate_moves)(&s, (GAME_MOVE[GAME_MAX_MOVES]){0}) > 0;
    *result = (search_result){.value = value, .root_max = GAME(max_to_move)(&s), .nodes = ctx.nodes, .created = ctx.created,
                              .evals = ctx.evals, .passes = ctx.passes, .seconds = seconds,
                              .tree_bytes = tree ? arena_count(&ctx.arena) * ctx.arena.node_size : 0};
    if (ladder_config) ladder_report(result);
    if (has_moves) GAME(format_move)(best, result->best, sizeof result->best);
    else snprintf(result->best, sizeof result->best, "none");
    arena_trim(&ctx.arena, ARENA_KEEP_BLOCKS);
    return SEARCH_OK;
}
