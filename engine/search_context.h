/*
 * search_context.h: what every search of one game shares: the search
 * context, how a search stops early (search_stop), tree-node allocation,
 * and the value conventions of both families.  Part of the per-game
 * engine: included once by engine/search_instance.c, after the GAME
 * macros and before the search templates.
 */

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
    STOP_TREE_MEMORY,    /* a tree larger than SEARCH_TREE_MEMORY_LIMIT */
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
    uint64_t max_nodes;
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

static inline void count_node(search_context *ctx)
{
    if (++ctx->nodes > ctx->max_nodes) longjmp(ctx->budget_exceeded, STOP_NODE_BUDGET);
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
                      : ctx->arena.limit <= ctx->max_nodes ? STOP_TREE_MEMORY
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
