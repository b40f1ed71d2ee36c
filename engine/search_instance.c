/*
 * search_instance.c: the engine compiled for one game.
 *
 * meson builds this file once per game with
 *   -DPRUNE_GAME=ttt -DPRUNE_GAME_UPPER=TTT -DPRUNE_GAME_HEADER="ttt.h"
 * so that GAME(play) is ttt_play and the compiler inlines the game into
 * every search.  The result is one game_entry, prune_game_ttt, which the
 * registry lists.  The game contract is in games/README.md.
 */
#include <assert.h>
#include <limits.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "clock.h"
#include "search.h"
#include PRUNE_GAME_HEADER

#define PASTE3(a, b, c) a##b##c
#define EXPAND3(a, b, c) PASTE3(a, b, c)
#define GAME(name) EXPAND3(PRUNE_GAME, _, name)
#define GAME_CONSTANT(name) EXPAND3(PRUNE_GAME_UPPER, _, name)
#define GAME_STATE GAME(state)
#define GAME_MOVE GAME(move)
#define GAME_UNDO GAME(undo)
#define GAME_MAX_MOVES GAME_CONSTANT(MAX_MOVES)
#define GAME_WIN_SCORE GAME_CONSTANT(WIN_SCORE)
#define GAME_ALTERNATES GAME_CONSTANT(ALTERNATES)
#define ENTRY_NAME EXPAND3(prune_game_, PRUNE_GAME, )

#define TREE_MOVES_UNKNOWN 255
#define TREE_GAME_OVER 254
#define ARENA_KEEP_BLOCKS 4     /* kept between searches: ~64k nodes */
#define SEARCH_INFINITY INT_MAX
#define MOVE_TEXT 32

_Static_assert(GAME_MAX_MOVES < TREE_GAME_OVER, "tree nodes count moves in a byte");

typedef struct {
    GAME_MOVE move;
    int value;
} scored_move;

/* How far a tree node's search has come (engine/tree_search.h): four
 * bytes, so that a new leaf's is copied in with one store. */
typedef struct {
    int16_t depth;         /* the pass that set the node's value, -1 never */
    uint8_t next_move;     /* the index of the next move to create a child from */
    uint8_t move_count;    /* TREE_MOVES_UNKNOWN until first expanded, TREE_GAME_OVER for a finished game */
} tree_progress;

typedef struct {
    uint64_t nodes, created, evals; /* tree family: nodes counts expansions above depth 1 until the end */
    uint64_t max_nodes;
    uint64_t rng;            /* splitmix64 state, seeded once per search */
    jmp_buf budget_exceeded;
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
    if (++ctx->nodes > ctx->max_nodes) longjmp(ctx->budget_exceeded, 1);
}

/* Makes room for the next tree node; at the node budget or out of memory
 * the search ends (see report_budget).  Marked cold: it runs once per
 * 16384 nodes, and the searches that take nodes then set nothing up for it
 * on their fast path. */
#if defined(__GNUC__)
__attribute__((cold))
#endif
static void refill_tree_arena(search_context *ctx)
{
    int out_of_memory;
    if (!arena_refill(&ctx->arena, &out_of_memory)) longjmp(ctx->budget_exceeded, out_of_memory ? 3 : 2);
}

/* A tree node of `size` bytes (the arena's node size, a constant at every
 * call) from the arena. */
static inline void *new_tree_node(search_context *ctx, size_t size)
{
    if (!arena_has_room(&ctx->arena)) refill_tree_arena(ctx);
    return arena_take(&ctx->arena, size);
}

/* Tree nodes created so far: every node taken from the arena but the root. */
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

static inline uint64_t next_random(search_context *ctx)
{
    uint64_t z = (ctx->rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Fisher-Yates with the search's generator, then a stable insertion sort,
 * best value first: equal values keep their shuffled order. */
static void shuffle_and_sort(search_context *ctx, scored_move *list, int count)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(next_random(ctx) % (uint64_t)(i + 1));
        scored_move t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
    for (int i = 1; i < count; i++) {
        scored_move moving = list[i];
        int j = i;
        for (; j > 0 && list[j - 1].value < moving.value; j--) list[j] = list[j - 1];
        list[j] = moving;
    }
}

#define SEARCH_UNDO 0
#define SEARCH_NAME(name) name##_copy
#include "recursive_search.h"
#include "ladder_search.h"
#define TREE_OPTION(option) (ctx->options.option)
#include "tree_search.h"
#undef SEARCH_NAME
#undef TREE_OPTION
#define SEARCH_NAME(name) name##_copy_optimal
#define TREE_OPTION(option) OPTIMAL_##option
#define OPTIMAL_pruning 1
#define OPTIMAL_presort 1
#define OPTIMAL_generator 1
#define OPTIMAL_bubble 1
#define OPTIMAL_deepening 1
#include "tree_search.h"
#undef SEARCH_NAME
#undef TREE_OPTION
#undef SEARCH_UNDO

#define SEARCH_UNDO 1
#define SEARCH_NAME(name) name##_undo
#include "recursive_search.h"
#include "ladder_search.h"
#define TREE_OPTION(option) (ctx->options.option)
#include "tree_search.h"
#undef SEARCH_NAME
#undef TREE_OPTION
#define SEARCH_NAME(name) name##_undo_optimal
#define TREE_OPTION(option) OPTIMAL_##option
#include "tree_search.h"
#undef SEARCH_NAME
#undef TREE_OPTION
#undef SEARCH_UNDO
#include "ladder_run.h"

/* Parses and plays a comma-separated move list from the start.  On failure
 * writes one line naming the move and why, and returns false. */
static bool play_moves(const char *list, GAME_STATE *s, char *message, size_t message_size)
{
    GAME(start)(s);
    if (!list || !*list) return true;
    const char *p = list;
    for (int index = 1;; index++) {
        const char *end = strchr(p, ',');
        size_t length = end ? (size_t)(end - p) : strlen(p);
        char text[MOVE_TEXT];
        GAME_MOVE move, legal[GAME_MAX_MOVES];
        if (length == 0 || length >= sizeof text) {
            snprintf(message, message_size, "move %d of --moves is empty or too long (%s expects %s)",
                     index, GAME_CONSTANT(NAME), GAME_CONSTANT(MOVE_EXAMPLE));
            return false;
        }
        memcpy(text, p, length);
        text[length] = '\0';
        if (!GAME(parse_move)(text, &move)) {
            snprintf(message, message_size, "malformed move '%s' (move %d): %s expects %s", text,
                     index, GAME_CONSTANT(NAME), GAME_CONSTANT(MOVE_EXAMPLE));
            return false;
        }
        int count = GAME(is_over)(s) ? 0 : GAME(generate_moves)(s, legal);
        bool found = false;
        for (int i = 0; i < count && !found; i++) found = legal[i] == move;
        if (!found) {
            snprintf(message, message_size, "illegal move '%s' (move %d)%s", text, index,
                     GAME(is_over)(s) ? ": the game is already over" : " in this position");
            return false;
        }
        GAME(play)(s, move);
        if (!end) return true;
        p = end + 1;
    }
}

static bool check_depth(int depth, int minimum, char *message, size_t message_size)
{
    if (depth >= minimum && depth <= GAME_CONSTANT(MAX_DEPTH)) return true;
    snprintf(message, message_size, "depth %d is out of range for %s (%d..%d)", depth,
             GAME_CONSTANT(NAME), minimum, GAME_CONSTANT(MAX_DEPTH));
    return false;
}

static void run_recursive(search_context *ctx, const search_config *config, GAME_STATE *s,
                          int depth, bool undo, GAME_MOVE *best, int *value)
{
    int sign = mover_sign(s);
    switch (config->algorithm) {
    case ALGORITHM_MINIMAX:
        *value = sign * (undo ? minimax_undo(ctx, s, depth, best) : minimax_copy(ctx, s, depth, best));
        break;
    case ALGORITHM_ALPHABETA:
        *value = sign * (undo ? alphabeta_undo(ctx, s, depth, INT_MIN, INT_MAX, best)
                              : alphabeta_copy(ctx, s, depth, INT_MIN, INT_MAX, best));
        break;
    case ALGORITHM_ALPHABETA_SCALA:
        *value = undo ? scala_root_undo(ctx, s, depth, best) : scala_root_copy(ctx, s, depth, best);
        break;
    case ALGORITHM_NEGAMAX:
    case ALGORITHM_NEGAMAX_AB: {
        bool pruning = config->algorithm == ALGORITHM_NEGAMAX_AB;
        *value = undo ? negamax_undo(ctx, s, depth, -SEARCH_INFINITY, SEARCH_INFINITY, pruning, best)
                      : negamax_copy(ctx, s, depth, -SEARCH_INFINITY, SEARCH_INFINITY, pruning, best);
        break;
    }
    case ALGORITHM_TREE:
    case ALGORITHM_LADDER:
        break;
    }
}

static void run_tree(search_context *ctx, GAME_STATE *s, int depth, bool undo)
{
    if (ctx->options.optimal) {
        if (undo) tree_search_undo_optimal(ctx, s, depth);
        else tree_search_copy_optimal(ctx, s, depth);
    } else {
        if (undo) tree_search_undo(ctx, s, depth);
        else tree_search_copy(ctx, s, depth);
    }
}

static size_t tree_node_size(bool undo)
{
    return undo ? sizeof(tree_node_undo) : sizeof(tree_node_copy);
}

static search_status report_budget(int why, const search_context *ctx, char *message, size_t size)
{
    if (why == 3)
        snprintf(message, size, "out of memory after creating %llu tree nodes",
                 (unsigned long long)tree_created(ctx));
    else if (why == 2 && ctx->arena.limit <= ctx->max_nodes)
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
    if (!play_moves(request->moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    const search_config *config = request->config;
    bool undo = request->state == STATE_UNDO;
    bool ladder_config = config->algorithm == ALGORITHM_LADDER;
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
    int why = setjmp(ctx.budget_exceeded);
    if (why) {
        arena_trim(&ctx.arena, ARENA_KEEP_BLOCKS);
        return report_budget(why, &ctx, message, message_size);
    }
    if (tree) {
        run_tree(&ctx, &s, request->depth, undo);
        best = ctx.root_best;
        value = ctx.root_value;
    } else if (ladder_config) {
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

static void perft_walk(GAME_STATE *s, int depth, perft_result *r)
{
    r->nodes++;
    bool over = GAME(is_over)(s);
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = over || depth == 0 ? 0 : GAME(generate_moves)(s, moves);
    r->finished += over;
    if (count == 0) { r->leaves++; return; }
    for (int i = 0; i < count; i++) {
        GAME_UNDO undo;
        GAME(do_move)(s, moves[i], &undo);
        perft_walk(s, depth - 1, r);
        GAME(undo_move)(s, moves[i], &undo);
    }
}

static search_status perft(const char *moves, int depth, perft_result *result, char *message,
                           size_t message_size)
{
    GAME_STATE s;
    if (!check_depth(depth, 0, message, message_size)) return SEARCH_BAD_INPUT;
    if (!play_moves(moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    *result = (perft_result){0};
    perft_walk(&s, depth, result);
    return SEARCH_OK;
}

static search_status show(const char *moves, FILE *out, char *message, size_t message_size)
{
    GAME_STATE s;
    if (!play_moves(moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    GAME(print)(&s, out);
    fprintf(out, "value %d (maximiser's view)\nlegal moves:", GAME(evaluate)(&s));
    GAME_MOVE legal[GAME_MAX_MOVES];
    int count = GAME(is_over)(&s) ? 0 : GAME(generate_moves)(&s, legal);
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT];
        GAME(format_move)(legal[i], text, sizeof text);
        fprintf(out, "%s%s", i ? "," : " ", text);
    }
    fprintf(out, "%s\n", count ? "" : " none");
    return SEARCH_OK;
}

/* Seeded random lines give the tests many positions of every game without
 * anyone choosing them by hand. */
static void random_line(uint64_t seed, int plies, char *moves, size_t moves_size)
{
    search_context rng = {.rng = seed};
    GAME_STATE s;
    GAME(start)(&s);
    size_t used = 0;
    moves[0] = '\0';
    for (int ply = 0; ply < plies && !GAME(is_over)(&s); ply++) {
        GAME_MOVE legal[GAME_MAX_MOVES];
        int count = GAME(generate_moves)(&s, legal);
        if (count == 0) break;
        GAME_MOVE move = legal[next_random(&rng) % (uint64_t)count];
        char text[MOVE_TEXT];
        GAME(format_move)(move, text, sizeof text);
        size_t length = strlen(text);
        if (used + length + 2 > moves_size) break;
        if (used) moves[used++] = ',';
        memcpy(moves + used, text, length + 1);
        used += length;
        GAME(play)(&s, move);
    }
}

const game_entry ENTRY_NAME = {
    .name = GAME_CONSTANT(NAME),
    .description = GAME_CONSTANT(DESCRIPTION),
    .move_example = GAME_CONSTANT(MOVE_EXAMPLE),
    .max_depth = GAME_CONSTANT(MAX_DEPTH),
    .test_depth = GAME_CONSTANT(TEST_DEPTH),
    .win_score = GAME_WIN_SCORE,
    .has_undo = true,
    .search = search,
    .perft = perft,
    .show = show,
    .random_line = random_line,
};
