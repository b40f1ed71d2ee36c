/*
 * search_instance.c: the engine compiled for one game.
 *
 * meson builds this file once per game with
 *   -DPRUNE_GAME=ttt -DPRUNE_GAME_UPPER=TTT -DPRUNE_GAME_HEADER="ttt.h"
 * so that GAME(play) is ttt_play and the compiler inlines the game into
 * every search.  The result is one game_entry, prune_game_ttt, which the
 * registry lists.  The game contract is in games/README.md.
 *
 * The engine's parts, included in this order (each written once):
 *   search_context.h   the search context, stop reasons, value conventions
 *   move_order.h       the orderings of a move list (negamax-ab's, history's)
 *   ladder_context.h   what every ladder instance shares: context, keys, table rule
 *   search_mode.h      every search in one state mode, included twice
 *                      (copy-make, do-undo); its head states the template
 *                      convention.  It holds recursive_search.h (minimax,
 *                      alpha-beta, the Scala pair, negamax), ladder_search.h
 *                      (negamax-ab, ladder-tt and the configurable ladder)
 *                      and tree_search.h (the persistent tree, configurable
 *                      and tree-optimal)
 *   ladder_run.h       a ladder request: its table, limits and counters
 *   mcts_search.h      Monte Carlo tree search and its hybrids: one
 *                      iteration (once: it plays copies in both state modes)
 *   mcts_run.h         an MCTS request: threads, tree reuse, limits, report
 *   position_tools.h   position strings, move lists, perft, show, random lines
 *   search_run.h       one search request, dispatch and early stops
 */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "clock.h"
#include "cores.h"
#include "random.h"
#include "busy_marks.h"
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

/* A match's ply cap (NAME_MATCH_MAX_PLIES, optional): at most match/match_types.h's MATCH_MAX_PLIES (256). */
#if GAME_CONSTANT(MATCH_MAX_PLIES) > 0
#define GAME_MATCH_MAX_PLIES GAME_CONSTANT(MATCH_MAX_PLIES)
#else
#define GAME_MATCH_MAX_PLIES 200
#endif
_Static_assert(GAME_MATCH_MAX_PLIES <= 256, "NAME_MATCH_MAX_PLIES is above MATCH_MAX_PLIES (256)");

/* The scale of the game's evaluation for implicit minimax backups
 * (NAME_EVAL_SCALE, optional; engine/mcts_search.h): a position's value is
 * tanh(evaluation / scale), so the scale is an evaluation that counts as a
 * clear lead.  Without it: 1. */
#if GAME_CONSTANT(EVAL_SCALE) > 0
#define GAME_EVAL_SCALE GAME_CONSTANT(EVAL_SCALE)
#else
#define GAME_EVAL_SCALE 1
#endif

#include "search_context.h"
#include "move_order.h"
#include "ladder_context.h"

/* The constants of the instances compiled with fixed options
 * (engine/config.h): tree-optimal, negamax-ab, ladder-tt. */
#define TREE_OPTIMAL_CONSTANT(option, value) TREE_OPTIMAL_##option = (value),
enum { TREE_OPTIMAL_OPTIONS(TREE_OPTIMAL_CONSTANT) };
#define LADDER_NEGAMAX_AB_CONSTANT(option, value) LADDER_NEGAMAX_AB_##option = (value),
enum { LADDER_NEGAMAX_AB_OPTIONS(LADDER_NEGAMAX_AB_CONSTANT) };
#define LADDER_TT_CONSTANT(option, value) LADDER_TT_##option = (value),
enum { LADDER_TT_OPTIONS(LADDER_TT_CONSTANT) };

/* A state mode's entry points, one table per mode: search_mode.h fills
 * search_mode_copy and search_mode_undo, and a request picks its mode once
 * (search_run.h) and calls through the table. */
typedef struct {
    int (*maxmin)(search_context *ctx, GAME_STATE *s, int depth, bool pruning, GAME_MOVE *best);
    int (*scala_root)(search_context *ctx, GAME_STATE *s, int depth, GAME_MOVE *best);
    int (*negamax)(search_context *ctx, GAME_STATE *s, int depth, GAME_MOVE *best);
    /* indexed by ladder_instance (engine/config.h), whose last is LADDER_INSTANCE_TT */
    void (*ladder_deepen[LADDER_INSTANCE_TT + 1])(ladder_context *lc, GAME_STATE *s, int depth);
    /* the configurable ladder with ABDADA's deferral (threads, SEARCH_SMP_ABDADA) */
    void (*ladder_deepen_deferring)(ladder_context *lc, GAME_STATE *s, int depth);
    void (*tree)(search_context *ctx, GAME_STATE *root, int depth);
    void (*tree_optimal)(search_context *ctx, GAME_STATE *root, int depth);
    size_t tree_node_size;
} search_mode;

#define SEARCH_UNDO 0
#define SEARCH_NAME(name) name##_copy
#include "search_mode.h"
#define SEARCH_UNDO 1
#define SEARCH_NAME(name) name##_undo
#include "search_mode.h"

#include "ladder_run.h"
#include "mcts_search.h"
#include "mcts_run.h"
#include "position_tools.h"
#include "search_run.h"

/* The game's part of prune bench (NAME_BENCH(X): X(moves, depth, tree_depth) per search, and
 * NAME_BENCH_POSITIONS, their count); without them, the start position at NAME_TEST_DEPTH. */
#define BENCH_POSITION(moves, depth, tree_depth) {moves, depth, tree_depth},
#if GAME_CONSTANT(BENCH_POSITIONS) > 0
static const game_bench_position bench_positions[] = {GAME_CONSTANT(BENCH)(BENCH_POSITION)};
_Static_assert(sizeof bench_positions / sizeof bench_positions[0] == GAME_CONSTANT(BENCH_POSITIONS),
               "NAME_BENCH_POSITIONS must count the entries of NAME_BENCH");
#else
static const game_bench_position bench_positions[] = {
    BENCH_POSITION("", GAME_CONSTANT(TEST_DEPTH), GAME_CONSTANT(TEST_DEPTH))};
#endif
#undef BENCH_POSITION

/* A match's adjudication (NAME_ADJUDICATION_MARGIN and NAME_ADJUDICATION_PLIES, optional): none without. */
#if GAME_CONSTANT(ADJUDICATION_MARGIN) > 0
_Static_assert(GAME_CONSTANT(ADJUDICATION_PLIES) > 0, "NAME_ADJUDICATION_MARGIN needs NAME_ADJUDICATION_PLIES");
#define GAME_ADJUDICATION_MARGIN GAME_CONSTANT(ADJUDICATION_MARGIN)
#define GAME_ADJUDICATION_PLIES GAME_CONSTANT(ADJUDICATION_PLIES)
#else
#define GAME_ADJUDICATION_MARGIN 0
#define GAME_ADJUDICATION_PLIES 0
#endif

const game_entry ENTRY_NAME = {
    .name = GAME_CONSTANT(NAME),
    .description = GAME_CONSTANT(DESCRIPTION),
    .move_example = GAME_CONSTANT(MOVE_EXAMPLE),
    .max_depth = GAME_CONSTANT(MAX_DEPTH),
    .max_moves = GAME_MAX_MOVES,
    .test_depth = GAME_CONSTANT(TEST_DEPTH),
    .win_score = GAME_WIN_SCORE,
    .bench = bench_positions,
    .bench_count = (int)(sizeof bench_positions / sizeof bench_positions[0]),
    .match_max_plies = GAME_MATCH_MAX_PLIES,
    .adjudication_margin = GAME_ADJUDICATION_MARGIN,
    .adjudication_plies = GAME_ADJUDICATION_PLIES,
    .search = search,
    .perft = perft,
    .show = show,
    .random_line = random_line,
    .position_text = position_text,
};
