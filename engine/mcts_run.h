/*
 * mcts_run.h: one MCTS request, from the root to the result
 * (engine/mcts_search.h is the iteration it repeats): the root's choice
 * over the threads' trees, root parallelism's helper threads, tree reuse
 * from the caller's kept tree, the run under the request's limits and the
 * report.  Part of the per-game engine: included once by
 * engine/search_instance.c, after mcts_search.h.
 */
#ifndef GAME_STATE
#error "mcts_run.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

/* The root's children as the search's threads left them: a move's
 * visits and points summed over the threads' trees, its proof any
 * thread's (proofs are the game's, so they agree).  One thread: its own
 * children, in their order. */
typedef struct {
    GAME_MOVE move;
    uint64_t visits, points;
    int proven; /* MCTS_UNPROVEN, or the value for the root's mover */
} mcts_root_stat;

static mcts_root_stat mcts_root[GAME_MAX_MOVES];
static int mcts_root_count;
static int mcts_root_proven; /* the root's proof for its mover (any thread's), MCTS_UNPROVEN none */

/* Adds the current thread's root children to mcts_root. */
static void mcts_root_add(void)
{
    const mcts_node *r = &mcts.nodes[0];
    if (r->proven != MCTS_UNPROVEN) mcts_root_proven = r->proven * (r->by_max == r->max_to_move ? 1 : -1);
    for (uint32_t i = r->first_child; i != MCTS_NO_NODE; i = mcts.nodes[i].next_sibling) {
        const mcts_node *c = &mcts.nodes[i];
        int k = 0;
        while (k < mcts_root_count && mcts_root[k].move != c->move) k++;
        if (k == mcts_root_count) {
            if (mcts_root_count == GAME_MAX_MOVES) continue;
            mcts_root[mcts_root_count++] = (mcts_root_stat){.move = c->move, .proven = MCTS_UNPROVEN};
        }
        mcts_root[k].visits += c->visits;
        mcts_root[k].points += c->points;
        if (c->proven != MCTS_UNPROVEN) mcts_root[k].proven = c->proven;
    }
}

static int mcts_rank(int proven) { return proven == 1 ? 2 : proven == -1 ? -1 : 0; }

/* The root's choice: a child proven a win for the mover; else the most
 * visited child not proven lost (ties: more points, then the earlier),
 * or the most visited of all when every child is lost; -1 none. */
static int mcts_best_child(void)
{
    int best = -1;
    for (int i = 0; i < mcts_root_count; i++) {
        const mcts_root_stat *c = &mcts_root[i];
        if (best < 0) {
            best = i;
            continue;
        }
        const mcts_root_stat *b = &mcts_root[best];
        if (mcts_rank(c->proven) != mcts_rank(b->proven)) {
            if (mcts_rank(c->proven) > mcts_rank(b->proven)) best = i;
            continue;
        }
        if (c->visits > b->visits || (c->visits == b->visits && c->points > b->points)) best = i;
    }
    return best;
}

/* The search's value for the root's mover: its proof as -1000, 0 or
 * 1000, else the chosen child's mean result mapped to -1000..1000. */
static int mcts_root_value(int best)
{
    if (mcts_root_proven != MCTS_UNPROVEN) return mcts_root_proven * MCTS_VALUE_SCALE;
    if (best < 0 || mcts_root[best].visits == 0) return 0;
    const mcts_root_stat *c = &mcts_root[best];
    return (int)(((int64_t)c->points - (int64_t)c->visits) * MCTS_VALUE_SCALE / (int64_t)c->visits);
}

/* Root parallelism: each helper thread searches the same root in a tree
 * of its own, its seed its own, until the calling thread's search ends
 * (mcts_helpers_stop); their root children are then added up.  Helpers'
 * pools are their own, freed when they end; the caller's memory bound is
 * shared out among the threads. */
typedef struct {
    pthread_t thread;
    const search_request *request;
    const GAME_STATE *root;
    uint64_t seed;
    uint32_t limit;
    uint64_t nodes, iterations, playouts, minimax_searches;
    mcts_node *pool;
    uint32_t capacity;
    bool started;
} mcts_helper;

static mcts_helper mcts_helpers[CORES_MAX_THREADS];
static int mcts_helper_count;
static atomic_int mcts_helpers_stop;

static void *mcts_helper_main(void *argument)
{
    mcts_helper *h = argument;
    static _Thread_local search_context hctx;
    hctx = (search_context){.budget = UINT64_MAX, .stop = &mcts_helpers_stop, .rng = h->seed};
    search_arm_soft_limits(&hctx);
    mcts = (mcts_search){.ctx = &hctx, .options = h->request->config->mcts, .pending_parent = MCTS_NO_NODE,
                         .limit = h->limit, .owner_nodes = (void **)&h->pool, .owner_capacity = &h->capacity};
    if (!mcts_pool_ready()) { /* no tree: nothing to add up */
        free(h->pool);
        h->pool = NULL;
        return NULL;
    }
    mcts.count = 1;
    mcts_init_node(&mcts.nodes[0], h->root, 0, !GAME(max_to_move)(h->root));
    if (!setjmp(hctx.soft_stop))
        while (!atomic_load_explicit(&mcts_helpers_stop, memory_order_relaxed) &&
               mcts.nodes[0].proven == MCTS_UNPROVEN && mcts.count < mcts.limit && mcts_iterate(h->root)) {}
    mcts_undo_pending();
    h->nodes = hctx.nodes;
    h->iterations = mcts.iterations;
    h->playouts = mcts.playouts;
    h->minimax_searches = mcts.minimax_searches;
    return NULL;
}

/* Starts request->threads - 1 helpers on the root (each limit the
 * calling thread's share); a thread that cannot start is left out. */
static void mcts_helpers_start(const search_request *request, const GAME_STATE *root, uint32_t limit)
{
    mcts_helper_count = request->threads > 1 ? request->threads - 1 : 0;
    atomic_store(&mcts_helpers_stop, 0);
    for (int i = 0; i < mcts_helper_count; i++) {
        mcts_helpers[i] = (mcts_helper){.request = request, .root = root, .limit = limit,
                                        .seed = request->seed + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1)};
        mcts_helpers[i].started = pthread_create(&mcts_helpers[i].thread, NULL, mcts_helper_main, &mcts_helpers[i]) == 0;
    }
}

/* Stops and joins the helpers, adds their root children to mcts_root
 * (their trees are read after the join, so no lock is needed), and
 * frees their pools; returns their nodes. */
static uint64_t mcts_helpers_join(void)
{
    atomic_store(&mcts_helpers_stop, 1);
    uint64_t nodes = 0;
    mcts_search own = mcts;
    for (int i = 0; i < mcts_helper_count; i++) {
        mcts_helper *h = &mcts_helpers[i];
        if (!h->started) continue;
        pthread_join(h->thread, NULL);
        nodes += h->nodes;
        own.playouts += h->playouts;
        own.minimax_searches += h->minimax_searches;
        if (h->pool && h->capacity) {
            mcts.nodes = h->pool; /* mcts_root_add reads the current thread's mcts */
            mcts_root_add();
        }
        free(h->pool);
        h->pool = NULL;
    }
    mcts = own;
    mcts_helper_count = 0;
    return nodes;
}

/* Whether the request gives the search an end: MCTS has no depth. */
static bool mcts_request_bounded(const search_request *request, char *message, size_t message_size)
{
    if (request->config->algorithm == ALGORITHM_MCTS && request->threads > 1 && request->smp != SEARCH_SMP_LAZY) {
        snprintf(message, message_size, "%s's threads search trees of their own (root parallelism): ABDADA goes with "
                 "the ladder", request->config->name);
        return false;
    }
    if (request->config->algorithm != ALGORITHM_MCTS) {
        if (!request->iterations) return true;
        snprintf(message, message_size, "an iteration limit goes with an MCTS config (prune configs, family mcts), "
                 "not %s", request->config->name);
        return false;
    }
    if (request->iterations || request->node_limit || request->time_us || request->stop) return true;
    snprintf(message, message_size, "%s searches to a budget, not a depth: give it iterations, a node limit "
             "or a time limit", request->config->name);
    return false;
}

/* Tree reuse: the node of the kept tree whose position is the request's
 * root, found by the moves played since the kept root (the request's
 * move list is the kept one's and more, from the same position: how a
 * match asks for a game's moves); MCTS_NO_NODE when there is none. */
static uint32_t mcts_kept_node(const search_tree *kept, const search_request *request)
{
    const char *position = request->position ? request->position : "", *moves = request->moves ? request->moves : "";
    size_t used = kept->moves ? strlen(kept->moves) : 0;
    if (strcmp(kept->position, position) != 0 || strncmp(moves, kept->moves ? kept->moves : "", used) != 0)
        return MCTS_NO_NODE;
    const char *next = moves + used;
    if (used && *next != ',') return MCTS_NO_NODE; /* the same start, not the same moves */
    if (used) next++;
    if (!*next) return MCTS_NO_NODE; /* the same root: a search again, not a move on */
    uint32_t at = 0;
    while (*next) {
        char text[64];
        size_t length = strcspn(next, ",");
        GAME_MOVE move;
        if (length >= sizeof text) return MCTS_NO_NODE;
        memcpy(text, next, length);
        text[length] = '\0';
        if (!GAME(parse_move)(text, &move)) return MCTS_NO_NODE;
        uint32_t child = mcts.nodes[at].first_child;
        while (child != MCTS_NO_NODE && mcts.nodes[child].move != move) child = mcts.nodes[child].next_sibling;
        if (child == MCTS_NO_NODE) return MCTS_NO_NODE;
        at = child;
        next += length + (next[length] == ',');
    }
    return at;
}

/* Makes node `at`'s subtree the whole tree, its root at index 0, in a
 * fresh pool (breadth first: each node's children keep their order, so
 * the search goes on as it would have); false when there is no memory
 * for the copy (the search then starts afresh). */
static bool mcts_reroot(uint32_t at)
{
    mcts_node *fresh = malloc((size_t)mcts.capacity * sizeof *fresh);
    if (!fresh) return false;
    uint32_t count = 1;
    fresh[0] = mcts.nodes[at];
    for (uint32_t i = 0; i < count; i++) { /* fresh[i].first_child is still the old index until here */
        uint32_t old = fresh[i].first_child, previous = MCTS_NO_NODE;
        fresh[i].first_child = MCTS_NO_NODE;
        for (; old != MCTS_NO_NODE; old = mcts.nodes[old].next_sibling) {
            uint32_t j = count++;
            fresh[j] = mcts.nodes[old];
            fresh[j].next_sibling = MCTS_NO_NODE;
            if (previous == MCTS_NO_NODE) fresh[i].first_child = j;
            else fresh[previous].next_sibling = j;
            previous = j;
        }
    }
    free(mcts.nodes);
    mcts.nodes = fresh;
    *mcts.owner_nodes = fresh;
    mcts.count = count;
    fresh[0].next_sibling = MCTS_NO_NODE;
    fresh[0].by_max = !fresh[0].max_to_move; /* the root's "mover" is its opponent */
    return true;
}

/* Starts the tree: from the caller's kept tree where the config reuses
 * trees and the root is below the kept one, else a lone root. */
static void mcts_start_tree(const search_request *request, const GAME_STATE *root)
{
    search_tree *kept = request->tree;
    bool reusable = mcts.options.reuse && kept && request->keep_tt && kept->count > 0 && kept->game &&
                    strcmp(kept->game, GAME_CONSTANT(NAME)) == 0 && kept->count <= mcts.limit;
    if (kept) kept->game = NULL; /* not a tree to reuse until this search ends well */
    if (reusable) {
        mcts.count = kept->count;
        uint32_t at = mcts_kept_node(kept, request);
        if (at != MCTS_NO_NODE && mcts_reroot(at)) {
            mcts.reused = mcts.count - 1;
            return;
        }
    }
    mcts.count = 1; /* the root, index 0 */
    mcts_init_node(&mcts.nodes[0], root, 0, !GAME(max_to_move)(root)); /* the root's "mover" is its opponent */
}

/* Keeps the tree in the caller's search_tree for its next search. */
static void mcts_keep_tree(const search_request *request)
{
    search_tree *kept = request->tree;
    if (!kept) return;
    const char *moves = request->moves ? request->moves : "";
    char *copy = realloc(kept->moves, strlen(moves) + 1);
    if (!copy) return; /* left empty (game NULL): the next search starts afresh */
    strcpy(copy, moves);
    kept->moves = copy;
    snprintf(kept->position, sizeof kept->position, "%s", request->position ? request->position : "");
    kept->count = mcts.count;
    kept->game = GAME_CONSTANT(NAME);
}

/* The search: iterations from the root until a limit, the memory bound or
 * a proof of the root ends it. */
static void mcts_run(search_context *ctx, const search_request *request, const GAME_STATE *root, GAME_MOVE *best_move,
                     int *value, bool *completed)
{
    size_t memory_mb = search_memory_mb(request);
    uint64_t bound = ((uint64_t)memory_mb << 20) / sizeof(mcts_node);
    search_tree *kept = request->tree;
    mcts_root_count = 0;
    mcts_root_proven = MCTS_UNPROVEN;
    mcts = (mcts_search){.ctx = ctx, .options = request->config->mcts, .pending_parent = MCTS_NO_NODE, .request = request,
                         .limit = bound > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)bound,
                         .owner_nodes = kept ? &kept->nodes : &mcts_nodes_kept,
                         .owner_capacity = kept ? &kept->capacity : &mcts_capacity_kept};
    if (!mcts_pool_ready()) { /* no room for the root */
        mcts.memory_full = true;
        *completed = false;
        return;
    }
    mcts_start_tree(request, root);
    count_node(ctx);
    int threads = request->threads > 1 ? request->threads : 1;
    if (threads > 1) mcts.limit /= (uint32_t)threads; /* the threads' trees share the bound */
    mcts_helpers_start(request, root, mcts.limit);
    if (!setjmp(ctx->soft_stop)) {
        for (;;) {
            if (request->iterations && mcts.iterations >= request->iterations) break;
            if (mcts.nodes[0].proven != MCTS_UNPROVEN) break;
            if (!mcts_iterate(root)) break;
            if (!ctx->soft_armed) search_arm_soft_limits(ctx);
            if (mcts.count >= mcts.limit) break;
        }
    }
    mcts_undo_pending();
    mcts_root_add();
    mcts.helper_nodes = mcts_helpers_join();
    int best = mcts_best_child();
    *completed = best >= 0;
    if (*completed) *best_move = mcts_root[best].move;
    *value = mcts_root_value(best);
    mcts_keep_tree(request);
}

/* The counters of the search just run, into the engine's result (after
 * search() has filled its common part). */
static void mcts_report_tree(const search_request *request, search_result *result);

/* The engine's own pool gives back what a large search took (a caller's
 * tree keeps its memory: it is the tree to reuse). */
static void mcts_trim_pool(const search_request *request)
{
    if (request->tree || mcts_capacity_kept <= MCTS_KEEP_CAPACITY) return;
    free(mcts_nodes_kept);
    mcts_nodes_kept = NULL;
    mcts_capacity_kept = 0;
}

static void mcts_report(const search_request *request, search_result *result)
{
    mcts_report_tree(request, result);
    mcts_trim_pool(request);
}

static void mcts_report_tree(const search_request *request, search_result *result)
{
    result->iterations = (int)(mcts.iterations > INT32_MAX ? INT32_MAX : mcts.iterations);
    result->mcts_iterations = mcts.iterations;
    result->playouts = mcts.playouts;
    result->minimax_searches = mcts.minimax_searches;
    result->created = mcts.count ? mcts.count - 1 : 0;
    result->tree_bytes = (uint64_t)mcts.count * sizeof(mcts_node);
    result->memory_full = mcts.memory_full;
    result->reused = mcts.reused;
    result->playouts_sampled = mcts.sampled;
    result->proven = mcts.count == 0 || mcts_root_proven == MCTS_UNPROVEN ? SEARCH_UNPROVEN : mcts_root_proven;
    result->nodes += mcts.helper_nodes;
    if (!request->root_children || mcts.count == 0) return;
    int k = 0;
    for (; k < mcts_root_count && k < request->root_children_size; k++) {
        const mcts_root_stat *c = &mcts_root[k];
        search_root_child *out = &request->root_children[k];
        GAME(format_move)(c->move, out->move, sizeof out->move);
        out->visits = c->visits > UINT32_MAX ? UINT32_MAX : (uint32_t)c->visits;
        out->points = c->points > UINT32_MAX ? UINT32_MAX : (uint32_t)c->points;
        out->proven = c->proven == MCTS_UNPROVEN ? SEARCH_UNPROVEN : c->proven;
    }
    result->root_children = k;
}
