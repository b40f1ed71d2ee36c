/*
 * search_context.h: what every search of one game shares: the search
 * context, how a search stops early (search_stop), tree-node allocation,
 * and the value conventions of both families.  Part of the per-game
 * engine: included once by engine/search_instance.c, after the GAME
 * macros and before the search templates.
 */
#ifndef GAME_STATE
#error "search_context.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

#define TREE_MOVES_UNKNOWN 255
#define TREE_GAME_OVER 254
#define SEARCH_INFINITY INT_MAX

_Static_assert(GAME_MAX_MOVES < TREE_GAME_OVER, "tree nodes count moves in a byte");

/* Games whose whole move list takes at most 16 bytes keep it in the node
 * (for Kalah it fills what would be padding), so creating a child later
 * needs no regeneration; other games regenerate when they create. */
#define TREE_KEEPS_MOVES (GAME_MAX_MOVES * sizeof(GAME_MOVE) <= 16)

/* Forces inlining where a body must be compiled once per call site, with
 * that site's constants; and keeps a body out of its caller where inlining
 * it would make a small hot caller pay a large frame (GCC and Clang;
 * elsewhere a hint, and nothing). */
#if defined(__GNUC__)
#define TREE_ALWAYS_INLINE inline __attribute__((always_inline))
#define SEARCH_NOINLINE __attribute__((noinline))
#else
#define TREE_ALWAYS_INLINE inline
#define SEARCH_NOINLINE
#endif

/* Why a search ended before its result: passed through longjmp, so
 * STOP_NONE (0, what setjmp returns first) is never a reason given. */
typedef enum {
    STOP_NONE = 0,
    STOP_NODE_BUDGET,    /* more nodes than --max-nodes */
    STOP_TREE_MEMORY,    /* a tree larger than the memory bound (search_request.max_memory_mb) */
    STOP_OUT_OF_MEMORY,  /* malloc failed */
} search_stop;

/* How far a tree node's search has come (engine/tree_node.h): four
 * bytes, so that a new leaf's is copied in with one store. */
typedef struct {
    int16_t depth;         /* the pass that set the node's value, -1 never */
    uint8_t next_move;     /* the index of the next move to create a child from */
    uint8_t move_count;    /* TREE_MOVES_UNKNOWN until first expanded, TREE_GAME_OVER for a finished game */
} tree_progress;

typedef struct {
    uint64_t nodes, created, evals; /* tree family: nodes counts expansions above depth 1 until the end */
    /* The node count past which count_node looks at the limits: the hard
     * budget, or sooner when soft limits are set (search_schedule_check).
     * One compare per node whatever the limits, so a search without soft
     * limits runs exactly the instructions it ran before they existed. */
    uint64_t max_nodes;
    uint64_t budget;         /* the hard budget (--max-nodes): past it the search fails */
    /* Soft limits (search_request): past one, the deepening under way
     * answers with its deepest completed iteration (longjmp to soft_stop).
     * The node limit holds from the first node; the deadline and the stop
     * flag once soft_armed (after the first completed iteration), so a
     * search under a time limit always answers. */
    uint64_t node_limit;
    double deadline;
    const atomic_int *stop;
    bool soft_armed;
    jmp_buf soft_stop;
    uint64_t rng;            /* splitmix64 state (engine/random.h), seeded once per search */
    jmp_buf budget_exceeded; /* longjmp'd to with a search_stop */
    arena arena;             /* tree family */
    tree_options options;    /* tree family, configurable search */
    int pass, passes;
    tree_progress leaf_progress;  /* tree family: a new leaf's in this pass */
    uint64_t frontier_expansions; /* tree family: expansions at depth 1 (other expansions count in nodes) */
    GAME_MOVE root_best;
    int root_value;
} search_context;

#define SEARCH_CHECK_INTERVAL 256 /* nodes between two looks at the clock and the stop flag: tens of microseconds */

/* Sets the next node count at which count_node calls search_check: the
 * hard budget, the node limit, or SEARCH_CHECK_INTERVAL nodes on while a
 * deadline or a stop flag is armed. */
static void search_schedule_check(search_context *ctx)
{
    uint64_t next = ctx->budget;
    if (ctx->node_limit && ctx->node_limit < next) next = ctx->node_limit;
    if (ctx->soft_armed && (ctx->deadline > 0 || ctx->stop) && ctx->nodes + SEARCH_CHECK_INTERVAL < next)
        next = ctx->nodes + SEARCH_CHECK_INTERVAL;
    ctx->max_nodes = next;
}

/* Arms the deadline and the stop flag: called once the first iteration is
 * done.  They are looked at on the next node already. */
static void search_arm_soft_limits(search_context *ctx)
{
    ctx->soft_armed = true;
    search_schedule_check(ctx);
    if ((ctx->deadline > 0 || ctx->stop) && ctx->nodes < ctx->max_nodes) ctx->max_nodes = ctx->nodes;
}

/* Node ctx->nodes has passed max_nodes: the hard budget fails the search;
 * a soft limit ends the iteration under way, uncounting the node that
 * tripped it (it is never searched), so a node limit N visits at most N. */
#if defined(__GNUC__)
__attribute__((cold, noinline))
#endif
static void search_check(search_context *ctx)
{
    if (ctx->nodes > ctx->budget) longjmp(ctx->budget_exceeded, STOP_NODE_BUDGET);
    bool over = ctx->node_limit && ctx->nodes > ctx->node_limit;
    if (!over && ctx->soft_armed)
        over = (ctx->deadline > 0 && clock_seconds() >= ctx->deadline) ||
               (ctx->stop && atomic_load_explicit(ctx->stop, memory_order_relaxed));
    if (over) {
        ctx->nodes--;
        longjmp(ctx->soft_stop, 1);
    }
    search_schedule_check(ctx);
}

static inline void count_node(search_context *ctx)
{
    if (++ctx->nodes > ctx->max_nodes) search_check(ctx);
}

/* Makes room for the next tree node; at the arena's limit or out of memory
 * the search ends (see report_budget).  The arena's limit is the smaller
 * of the node budget and the memory limit, so which one was met is told
 * here.  Marked cold: it runs once per 16384 nodes, and the searches that
 * take nodes then set nothing up for it on their fast path. */
#if defined(__GNUC__)
__attribute__((cold))
#endif
static void refill_tree_arena(search_context *ctx)
{
    int out_of_memory;
    if (arena_refill(&ctx->arena, &out_of_memory)) return;
    search_stop why = out_of_memory                          ? STOP_OUT_OF_MEMORY
                      : ctx->arena.limit <= ctx->budget ? STOP_TREE_MEMORY
                                                           : STOP_NODE_BUDGET;
    longjmp(ctx->budget_exceeded, why);
}

/* A tree node of `size` bytes (the arena's node size, a constant at every
 * call) from the arena. */
static inline void *new_tree_node(search_context *ctx, size_t size)
{
    if (!arena_has_room(&ctx->arena)) refill_tree_arena(ctx);
    return arena_take(&ctx->arena, size);
}

/* Tree nodes created so far: every node taken from the arena but the root.
 * Reads the arena's cursor: call before arena_trim. */
static inline uint64_t tree_created(const search_context *ctx)
{
    uint64_t taken = arena_count(&ctx->arena);
    return taken ? taken - 1 : 0;
}

static inline int mover_sign(const GAME_STATE *s) { return GAME(max_to_move)(s) ? 1 : -1; }

/* The win-depth convention of games with a win score W (see
 * recursive_search.h); compiled away for games with W = 0.  A finished
 * game found with `depth` plies left scores +-(W + depth). */
static inline int win_with_depth(int value, int depth)
{
    if (GAME_WIN_SCORE && value == GAME_WIN_SCORE) return value + depth;
    if (GAME_WIN_SCORE && value == -GAME_WIN_SCORE) return value - depth;
    return value;
}

/* A new best child value of exactly W for the side choosing (sign +1 for
 * the maximiser or a negamax mover, -1 for the minimiser) is a win seen at
 * the horizon: it counts as W + depth.  A loss of exactly W is kept. */
static inline int win_for_chooser(int value, int depth, int sign)
{
    if (GAME_WIN_SCORE && value == sign * GAME_WIN_SCORE) return value + sign * depth;
    return value;
}
