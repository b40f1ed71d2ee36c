/* config.c: the named search configurations (the names docs/ and the studies use). */
#include <string.h>

#include "config.h"

#define DESIGNATED(option, value) .option = value,

/* The Monte Carlo family's parameters, each with the text its description
 * quotes (docs/mcts.md says where each value comes from). */
#define MCTS_C 0.7
#define MCTS_C_TEXT "0.7"
#define MCTS_MR_DEPTH 2
#define MCTS_MR_TEXT "2"
#define MCTS_MS_DEPTH 2
#define MCTS_MS_TEXT "2"
#define MCTS_MS_VISITS 1
#define MCTS_MS_VISITS_TEXT "1"
#define MCTS_MB_DEPTH 2
#define MCTS_MB_TEXT "2"
#define MCTS_ALPHA 0.4
#define MCTS_ALPHA_TEXT "0.4"

/* Order matters only for `prune configs`: recursive family, then tree family
 * from the baseline up, as the studies present them. */
static const search_config configs[] = {
    {"minimax", "plain minimax: a max function and a min function calling each other",
     ALGORITHM_MINIMAX, {0}, {0}, {0}},
    {"alphabeta", "minimax with fail-soft alpha-beta, max/min pair, first strictly better move",
     ALGORITHM_ALPHABETA, {0}, {0}, {0}},
    {"alphabeta-scala", "the Scala post's alpha-beta as published: fresh window per root child, "
     "minimize clamps with the beta it was called with", ALGORITHM_ALPHABETA_SCALA, {0}, {0}, {0}},
    {"negamax", "plain negamax, values from the side to move", ALGORITHM_NEGAMAX, {0}, {0}, {0}},
    {"negamax-ab", "negamax with alpha-beta; moves ordered by the value after the move "
     "(seeded shuffle, then stable sort)", ALGORITHM_NEGAMAX_AB, {0},
     {LADDER_NEGAMAX_AB_OPTIONS(DESIGNATED) .instance = LADDER_INSTANCE_NEGAMAX_AB}, {0}},
    {"tree-standard", "Minimaxer tree: persistent nodes, deepening 1..D, no pruning",
     ALGORITHM_TREE, {.deepening = true}, {0}, {0}},
    {"tree-ab", "Minimaxer tree: deepening, alpha-beta, children in move order",
     ALGORITHM_TREE, {.pruning = true, .deepening = true}, {0}, {0}},
    {"tree-ab-presort", "Minimaxer tree: deepening, alpha-beta, children stable-sorted before each revisit",
     ALGORITHM_TREE, {.pruning = true, .presort = true, .deepening = true}, {0}, {0}},
    {"tree-ab-presort-gen", "as tree-ab-presort, children created lazily (generator)",
     ALGORITHM_TREE, {.pruning = true, .presort = true, .generator = true, .deepening = true}, {0}, {0}},
    {"tree-ab-presort-gen-bubble", "as tree-ab-presort-gen, with the early-exit bubble sort",
     ALGORITHM_TREE,
     {.pruning = true, .presort = true, .generator = true, .bubble = true, .deepening = true}, {0}, {0}},
    {"tree-optimal", "one specialised function: alpha-beta, deepening, lazy children, "
     "early-exit bubble sort, no option checks", ALGORITHM_TREE,
     {TREE_OPTIMAL_OPTIONS(DESIGNATED) .optimal = true}, {0}, {0}},
    {"tree-ab-depth", "Minimaxer tree: alpha-beta, a single pass at depth D (no deepening)",
     ALGORITHM_TREE, {.pruning = true}, {0}, {0}},
    /* The technique ladder: negamax-ab, then one technique more per rung. */
    {"ladder-tt", "negamax-ab with a transposition table (--tt-mb, --tt-replace)",
     ALGORITHM_LADDER, {0}, {LADDER_TT_OPTIONS(DESIGNATED) .instance = LADDER_INSTANCE_TT}, {0}},
    {"ladder-id", "ladder-tt with iterative deepening 1..D, the table's move first (--time-ms)",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true}, {0}},
    {"ladder-killers", "ladder-id with two killer moves per ply",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true}, {0}},
    /* A variant beside the ladder, not a rung: where the killers go (issue 48). */
    {"ladder-killers-late", "ladder-killers with the killers after the moves that gain by the evaluation "
     "(captures, box completions)",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .killers_late = true}, {0}},
    {"ladder-history", "ladder-killers with the history heuristic",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .history = true}, {0}},
    {"ladder-pvs", "ladder-history with principal variation search (null windows, re-search)",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .history = true, .pvs = true}, {0}},
    {"ladder-mtdf", "ladder-history with MTD(f): null-window passes over the table per iteration",
     ALGORITHM_LADDER, {0}, {.tt = true, .deepening = true, .killers = true, .history = true, .mtdf = true}, {0}},
    {"ladder-aspiration", "ladder-pvs with an aspiration window around the previous iteration's value",
     ALGORITHM_LADDER, {0},
     {.tt = true, .deepening = true, .killers = true, .history = true, .pvs = true, .aspiration = true}, {0}},
    /* The Monte Carlo family (docs/mcts.md): UCT, then one step more per config; searched to a budget
     * (iterations, nodes or time), never a depth. */
    {"mcts-uct", "UCT: UCB1 selection (C " MCTS_C_TEXT "), one node per iteration, uniformly random playouts "
     "to the end", ALGORITHM_MCTS, {0}, {0}, {.exploration = MCTS_C}},
    {"mcts-solver", "mcts-uct with MCTS-Solver: proven wins and losses (and draws) backed up",
     ALGORITHM_MCTS, {0}, {0}, {.exploration = MCTS_C, .solver = true}},
    {"mcts-mr", "mcts-solver with minimax in the playouts (MR): a depth-" MCTS_MR_TEXT " search before each move",
     ALGORITHM_MCTS, {0}, {0}, {.exploration = MCTS_C, .solver = true, .rollout_depth = MCTS_MR_DEPTH}},
    {"mcts-ms", "mcts-solver with minimax in selection (MS): a depth-" MCTS_MS_TEXT " search from a node at "
     MCTS_MS_VISITS_TEXT " visits",
     ALGORITHM_MCTS, {0}, {0}, {.exploration = MCTS_C, .solver = true, .selection_depth = MCTS_MS_DEPTH,
                                .selection_visits = MCTS_MS_VISITS}},
    {"mcts-mb", "mcts-solver with minimax in backpropagation (MB): a depth-" MCTS_MB_TEXT " search from the "
     "parent of a node proven lost", ALGORITHM_MCTS, {0}, {0},
     {.exploration = MCTS_C, .solver = true, .backup_depth = MCTS_MB_DEPTH}},
    {"mcts-implicit", "mcts-solver with implicit minimax backups of the evaluation (alpha " MCTS_ALPHA_TEXT ")",
     ALGORITHM_MCTS, {0}, {0}, {.exploration = MCTS_C, .solver = true, .implicit_weight = MCTS_ALPHA}},
    {"mcts-reuse", "mcts-solver keeping its tree between a game's moves: a search starts from the node of its root",
     ALGORITHM_MCTS, {0}, {0}, {.exploration = MCTS_C, .solver = true, .reuse = true}},
};

const char *config_family(const search_config *config)
{
    if (config->algorithm == ALGORITHM_TREE) return "tree";
    return config->algorithm == ALGORITHM_MCTS ? "mcts" : "recursive";
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
    return (config->algorithm == ALGORITHM_LADDER && config->ladder.tt) || config->algorithm == ALGORITHM_MCTS;
}
