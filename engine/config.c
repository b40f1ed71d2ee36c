/* config.c: the named search configurations (the names docs/ and the studies use). */
#include <string.h>

#include "config.h"

#define DESIGNATED(option, value) .option = value,

/* Order matters only for `prune configs`: recursive family, then tree family
 * from the baseline up, as the studies present them. */
static const search_config configs[] = {
    {"minimax", "plain minimax: a max function and a min function calling each other",
     ALGORITHM_MINIMAX, {0}, {0}},
    {"alphabeta", "minimax with fail-soft alpha-beta, max/min pair, first strictly better move",
     ALGORITHM_ALPHABETA, {0}, {0}},
    {"alphabeta-scala", "the Scala post's alpha-beta as published: fresh window per root child, "
     "minimize clamps with the beta it was called with", ALGORITHM_ALPHABETA_SCALA, {0}, {0}},
    {"negamax", "plain negamax, values from the side to move", ALGORITHM_NEGAMAX, {0}, {0}},
    {"negamax-ab", "negamax with alpha-beta; moves ordered by the value after the move "
     "(seeded shuffle, then stable sort)", ALGORITHM_NEGAMAX_AB, {0},
     {LADDER_NEGAMAX_AB_OPTIONS(DESIGNATED) .instance = LADDER_INSTANCE_NEGAMAX_AB}},
    {"tree-standard", "Minimaxer tree: persistent nodes, deepening 1..D, no pruning",
     ALGORITHM_TREE, {.deepening = true}, {0}},
    {"tree-ab", "Minimaxer tree: deepening, alpha-beta, children in move order",
     ALGORITHM_TREE, {.pruning = true, .deepening = true}, {0}},
    {"tree-ab-presort", "Minimaxer tree: deepening, alpha-beta, children stable-sorted before each revisit",
     ALGORITHM_TREE, {.pruning = true, .presort = true, .deepening = true}, {0}},
    {"tree-ab-presort-gen", "as tree-ab-presort, children created lazily (generator)",
     ALGORITHM_TREE, {.pruning = true, .presort = true, .generator = true, .deepening = true}, {0}},
    {"tree-ab-presort-gen-bubble", "as tree-ab-presort-gen, with the early-exit bubble sort",
     ALGORITHM_TREE,
     {.pruning = true, .presort = true, .generator = true, .bubble = true, .deepening = true}, {0}},
    {"tree-optimal", "one specialised function: alpha-beta, deepening, lazy children, "
     "early-exit bubble sort, no option checks", ALGORITHM_TREE,
     {TREE_OPTIMAL_OPTIONS(DESIGNATED) .optimal = true}, {0}},
    {"tree-ab-depth", "Minimaxer tree: alpha-beta, a single pass at depth D (no deepening)",
     ALGORITHM_TREE, {.pruning = true}, {0}},
    /* The technique ladder: negamax-ab, then one technique more per rung. */
    {"ladder-tt", "negamax-ab with a transposition table (--tt-mb, --tt-replace)",
     ALGORITHM_LADDER, {0}, {LADDER_TT_OPTIONS(DESIGNATED) .instance = LADDER_INSTANCE_TT}},
    {"ladder-id", "ladder-tt with iterative deepening 1..D, the table's move first (--time-ms)",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true}},
    {"ladder-killers", "ladder-id with two killer moves per ply",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true}},
    /* A variant beside the ladder, not a rung: where the killers go (issue 48). */
    {"ladder-killers-late", "ladder-killers with the killers after the moves that gain by the evaluation "
     "(captures, box completions)",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .killers_late = true}},
    {"ladder-history", "ladder-killers with the history heuristic",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .history = true}},
    {"ladder-pvs", "ladder-history with principal variation search (null windows, re-search)",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .history = true, .pvs = true}},
    {"ladder-mtdf", "ladder-history with MTD(f): null-window passes over the table per iteration",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .history = true, .mtdf = true}},
    {"ladder-aspiration", "ladder-pvs with an aspiration window around the previous iteration's value",
     ALGORITHM_LADDER, {0},
     {.tt = true, .deepening = true, .killers = true, .history = true, .pvs = true, .aspiration = true}},
};

const char *config_family(const search_config *config)
{
    return config->algorithm == ALGORITHM_TREE ? "tree" : "recursive";
}

size_t config_count(void) { return sizeof configs / sizeof configs[0]; }

const search_config *config_at(size_t index)
{
    return index < config_count() ? &configs[index] : NULL;
}

const search_config *config_find(const char *name)
{
    for (size_t i = 0; i < config_count(); i++)
        if (strcmp(configs[i].name, name) == 0) return &configs[i];
    return NULL;
}

bool config_threads(const search_config *config)
{
    return config->algorithm == ALGORITHM_LADDER && config->ladder.tt;
}
