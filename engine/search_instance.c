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
 *   move_order.h       every move ordering (negamax-ab's and the tree's)
 *   recursive_search.h minimax, alpha-beta, negamax (a template per state mode)
 *   ladder_search.h    negamax-ab with the technique ladder's options (TT, deepening,
 *                      killers, history, PVS, MTD(f), aspiration; a template per state mode)
 *   tree_search.h      the persistent-tree negamax, with tree_node.h (a
 *                      template per state mode and option set)
 *   ladder_run.h       a ladder request: its table, limits and counters
 *   position_tools.h   move lists, perft, show, random lines
 *   search_run.h       one search request, dispatch and early stops
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
#include "random.h"
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

#include "search_context.h"
#include "move_order.h" /* the ordering of negamax-ab; the tree part comes with tree_search.h */

/* The search templates, each instantiated per state mode (copy-make,
 * do-undo); the tree search also once more as tree-optimal, its options
 * the constants of TREE_OPTIMAL_OPTIONS, and the ladder twice more, as
 * negamax-ab and ladder-tt, their options the constants of
 * LADDER_NEGAMAX_AB_OPTIONS and LADDER_TT_OPTIONS (engine/config.h). */
#define LADDER_NEGAMAX_AB_CONSTANT(option, value) LADDER_NEGAMAX_AB_##option = (value),
enum { LADDER_NEGAMAX_AB_OPTIONS(LADDER_NEGAMAX_AB_CONSTANT) }; /* engine/config.h */
#define LADDER_TT_CONSTANT(option, value) LADDER_TT_##option = (value),
enum { LADDER_TT_OPTIONS(LADDER_TT_CONSTANT) }; /* engine/config.h */
#define SEARCH_UNDO 0
#define SEARCH_NAME(name) name##_copy
#include "recursive_search.h"
#include "ladder_search.h"
#define LADDER_NAME(name) SEARCH_NAME(negamax_ab_##name)
#define LADDER_OPTION(option) LADDER_NEGAMAX_AB_##option
#include "ladder_search.h"
#undef LADDER_NAME
#undef LADDER_OPTION
#define LADDER_NAME(name) SEARCH_NAME(ladder_tt_##name)
#define LADDER_OPTION(option) LADDER_TT_##option
#include "ladder_search.h"
#undef LADDER_NAME
#undef LADDER_OPTION
#define TREE_OPTION(option) (ctx->options.option)
#include "tree_search.h"
#undef SEARCH_NAME
#undef TREE_OPTION
#define SEARCH_NAME(name) name##_copy_optimal
#define TREE_OPTION(option) OPTIMAL_##option
#define OPTIMAL_CONSTANT(option, value) OPTIMAL_##option = (value),
enum { TREE_OPTIMAL_OPTIONS(OPTIMAL_CONSTANT) }; /* engine/config.h */
#include "tree_search.h"
#undef SEARCH_NAME
#undef TREE_OPTION
#undef SEARCH_UNDO

#define SEARCH_UNDO 1
#define SEARCH_NAME(name) name##_undo
#include "recursive_search.h"
#include "ladder_search.h"
#define LADDER_NAME(name) SEARCH_NAME(negamax_ab_##name)
#define LADDER_OPTION(option) LADDER_NEGAMAX_AB_##option
#include "ladder_search.h"
#undef LADDER_NAME
#undef LADDER_OPTION
#define LADDER_NAME(name) SEARCH_NAME(ladder_tt_##name)
#define LADDER_OPTION(option) LADDER_TT_##option
#include "ladder_search.h"
#undef LADDER_NAME
#undef LADDER_OPTION
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
#include "position_tools.h"
#include "search_run.h"

const game_entry ENTRY_NAME = {
    .name = GAME_CONSTANT(NAME),
    .description = GAME_CONSTANT(DESCRIPTION),
    .move_example = GAME_CONSTANT(MOVE_EXAMPLE),
    .max_depth = GAME_CONSTANT(MAX_DEPTH),
    .test_depth = GAME_CONSTANT(TEST_DEPTH),
    .win_score = GAME_WIN_SCORE,
    .search = search,
    .perft = perft,
    .show = show,
    .random_line = random_line,
};
