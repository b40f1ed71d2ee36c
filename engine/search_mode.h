/*
 * search_mode.h: the engine's searches in one state mode, the one
 * instantiation block: engine/search_instance.c includes it once with
 * copy-make and once with do-undo.  Each time it ends with the mode's
 * table of entry points (search_mode_copy, search_mode_undo; the type is
 * search_instance.c's), so that a request picks its mode once.
 *
 * The template convention, which every template of engine/ follows: the
 * file that includes a template defines its names (listed at the
 * template's head) just before the #include; the template stops with
 * #error if one is missing and undefines all of them at its end, so that
 * no instance leaks into the next.  Templates nest: this one's names,
 *   SEARCH_UNDO          0 copy-make (a child is a played copy), 1 do-undo
 *                        (one position, moved down and back);
 *   SEARCH_NAME(name)    the name of this mode's function `name`;
 * are read by the templates it includes, ladder_search.h (LADDER_NAME,
 * LADDER_OPTION, LADDER_DEFERS) and tree_search.h (TREE_NAME, TREE_OPTION), which
 * undefine only their own.  A part of a template (recursive_search.h of
 * this one; tree_node.h and tree_order.h of tree_search.h) is included by
 * that template alone and reads its names.  (The Connect Four solver's
 * template, solver/solve_search.h, lives in solver/.)  Six headers are neither
 * templates nor include-once: search_context.h, ladder_run.h,
 * mcts_search.h, mcts_run.h, position_tools.h and search_run.h are parts of
 * the per-game engine that
 * engine/search_instance.c alone includes, once each, after the GAME
 * macros (each stops with #error without them; so does ladder_context.h,
 * include-once but per game).  Every other header is plain include-once.
 *
 * The names the templates make (ladder_tt_negamax_copy, tree_node_undo,
 * the ones a backtrace shows) are indexed with the line that defines each
 * in engine/names.txt (scripts/engine_names.py writes it; a test checks
 * it is current): grep the name there.
 */
#if !defined(SEARCH_UNDO) || !defined(SEARCH_NAME)
#error "search_mode.h: define SEARCH_UNDO and SEARCH_NAME(name) first"
#endif

/* minimax, alphabeta, alphabeta-scala, negamax; how a child is reached */
#include "recursive_search.h"

/* The ladder (engine/config.h): negamax-ab and ladder-tt with their
 * options as constants, then the configurable instance of the rungs. */
#define LADDER_NAME(name) SEARCH_NAME(negamax_ab_##name)
#define LADDER_OPTION(option) LADDER_NEGAMAX_AB_##option
#define LADDER_DEFERS 0
#include "ladder_search.h"
#define LADDER_NAME(name) SEARCH_NAME(ladder_tt_##name)
#define LADDER_OPTION(option) LADDER_TT_##option
#define LADDER_DEFERS 0
#include "ladder_search.h"
#define LADDER_NAME(name) SEARCH_NAME(ladder_##name)
#define LADDER_OPTION(option) (lc->options.option)
#define LADDER_DEFERS 0
#include "ladder_search.h"
/* The configurable ladder again, with ABDADA's deferral: threads only. */
#define LADDER_NAME(name) SEARCH_NAME(ladder_deferring_##name)
#define LADDER_OPTION(option) (lc->options.option)
#define LADDER_DEFERS 1
#include "ladder_search.h"

/* The persistent tree: configurable, then tree-optimal, its options the
 * constants of TREE_OPTIMAL_OPTIONS (engine/config.h). */
#define TREE_NAME(name) SEARCH_NAME(tree_##name)
#define TREE_OPTION(option) (ctx->options.option)
#include "tree_search.h"
#define TREE_NAME(name) SEARCH_NAME(tree_optimal_##name)
#define TREE_OPTION(option) TREE_OPTIMAL_##option
#include "tree_search.h"

/* This mode's entry points (search_instance.c's search_mode): the one place
 * that names a mode's functions for the request's dispatch. */
static const search_mode SEARCH_NAME(search_mode) = {
    .maxmin = SEARCH_NAME(maxmin),
    .scala_root = SEARCH_NAME(scala_root),
    .negamax = SEARCH_NAME(negamax),
    .ladder_deepen = {[LADDER_INSTANCE_CONFIGURABLE] = SEARCH_NAME(ladder_deepen),
                      [LADDER_INSTANCE_NEGAMAX_AB] = SEARCH_NAME(negamax_ab_deepen),
                      [LADDER_INSTANCE_TT] = SEARCH_NAME(ladder_tt_deepen)},
    .ladder_deepen_deferring = SEARCH_NAME(ladder_deferring_deepen),
    .tree = SEARCH_NAME(tree_search),
    .tree_optimal = SEARCH_NAME(tree_optimal_search),
    .tree_node_size = sizeof(SEARCH_NAME(tree_node)),
};

#undef SEARCH_UNDO
#undef SEARCH_NAME
