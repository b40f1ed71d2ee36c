/*
 * config.h: a search configuration is an algorithm plus its options.  The
 * table of named configurations is data (engine/config.c); the search code
 * reads the options; tree-optimal is the tree search compiled with its
 * options as constants, and negamax-ab and ladder-tt are the ladder
 * compiled so (the option lists below; engine/search_mode.h).
 */
#ifndef PRUNE_CONFIG_H
#define PRUNE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    ALGORITHM_MINIMAX,         /* max/min pair, no pruning */
    ALGORITHM_ALPHABETA,       /* max/min pair, fail-soft alpha-beta */
    ALGORITHM_ALPHABETA_SCALA, /* the Scala post's alpha-beta, slip included */
    ALGORITHM_NEGAMAX,         /* plain negamax */
    ALGORITHM_NEGAMAX_AB,      /* negamax, alpha-beta, seeded shuffle-then-sort ordering: the ladder, every option off */
    ALGORITHM_TREE,            /* Minimaxer's persistent tree (options below) */
    ALGORITHM_LADDER,          /* negamax-ab plus the ladder's techniques (engine/ladder_search.h) */
    ALGORITHM_MCTS,            /* Monte Carlo tree search and its hybrids (engine/mcts_search.h) */
} search_algorithm;

typedef struct {
    bool pruning;     /* alpha-beta */
    bool presort;     /* re-sort existing children before each revisit */
    bool generator;   /* create children lazily */
    bool bubble;      /* early-exit bubble sort instead of the stable sort */
    bool deepening;   /* passes 1..D instead of the single pass D */
    bool optimal;     /* the specialised function with no option checks */
} tree_options;

/* The options tree-optimal is compiled with, written once: X(option,
 * value) for every option of tree_options but `optimal`.  engine/config.c
 * makes tree-optimal's row from it and engine/search_instance.c the
 * constants of the specialised function, so the two cannot drift; an
 * option missing here is a compile error in the specialised function. */
#define TREE_OPTIMAL_OPTIONS(X) \
    X(pruning, true)            \
    X(presort, true)            \
    X(generator, true)          \
    X(bubble, true)             \
    X(deepening, true)

/* The ladder's compiled instances (see LADDER_NEGAMAX_AB_OPTIONS below). */
typedef enum {
    LADDER_INSTANCE_CONFIGURABLE, /* the options read at run time */
    LADDER_INSTANCE_NEGAMAX_AB,   /* LADDER_NEGAMAX_AB_OPTIONS as constants */
    LADDER_INSTANCE_TT,           /* LADDER_TT_OPTIONS as constants */
} ladder_instance;

/* The technique ladder: each rung adds one option to the one before. */
typedef struct {
    bool tt;          /* transposition table */
    bool deepening;   /* iterative deepening 1..D, the previous best move first */
    bool killers;     /* two killer moves per ply */
    bool killers_late; /* with killers: placed after the moves that gain by the evaluation (captures, box
                          completions), not in front of them (issue 48's placement variant) */
    bool history;     /* history heuristic */
    bool pvs;         /* principal variation search */
    bool mtdf;        /* MTD(f) null-window passes per iteration */
    bool aspiration;  /* aspiration window around the previous iteration's value */
    ladder_instance instance; /* which compiled instance searches (below) */
} ladder_options;

/* The ladder's source (engine/ladder_search.h) is compiled into three
 * instances per state mode: one that reads the options at run time (the
 * rungs from ladder-id up), and two with their options compiled in as
 * constants, so that each checks no option at all: negamax-ab, the ladder
 * with every option off, and ladder-tt, the table alone.  Each constant
 * instance's options are written once, as TREE_OPTIMAL_OPTIONS is: X(option,
 * value) for every technique of ladder_options; engine/config.c makes the
 * config's row from it and engine/search_instance.c the constants, so the
 * two cannot drift (an option missing from a list is a compile error in its
 * instance).  Why ladder-tt has one: the table's cost is read against
 * negamax-ab, and ladder-tt's run-time checks of the options that are off
 * (deepening, killers, history, PVS, MTD(f), aspiration) cost it 3-4% of its
 * instructions on the cheapest-node games (callgrind: Kalah 14, ttt 9). */
#define LADDER_NEGAMAX_AB_OPTIONS(X) X(tt, false) LADDER_AFTER_TT_OFF(X)
#define LADDER_TT_OPTIONS(X) X(tt, true) LADDER_AFTER_TT_OFF(X)
/* Every technique after the table, off (in both instances). */
#define LADDER_AFTER_TT_OFF(X) \
    X(deepening, false)        \
    X(killers, false)          \
    X(killers_late, false)     \
    X(history, false)          \
    X(pvs, false)              \
    X(mtdf, false)             \
    X(aspiration, false)

/* The Monte Carlo family (engine/mcts_search.h, docs/mcts.md): UCT, then
 * one step more per config.  A depth of 0 turns its hybrid off. */
typedef struct {
    bool solver;         /* MCTS-Solver: proven wins, losses (and draws, all children proven) backed up */
    double exploration;  /* UCB1's constant C: mean + C * sqrt(ln N / n), results in [0, 1] */
    int rollout_depth;   /* MCTS-MR: a minimax search of this depth before each playout move */
    int selection_depth; /* MCTS-MS: a minimax search of this depth from a tree node at selection_visits visits */
    int selection_visits;
    int backup_depth;    /* MCTS-MB: a minimax search of this depth from the parent of a node proven a loss */
    double implicit_weight; /* implicit minimax backups' alpha: the evaluation's minimax share of a child's value */
    bool reuse;          /* tree reuse: a search starts from the node of the caller's kept tree for its root */
} mcts_options;

typedef struct {
    const char *name;
    const char *description;
    search_algorithm algorithm;
    tree_options tree;
    ladder_options ladder;
    mcts_options mcts;
} search_config;

const search_config *config_find(const char *name);
/* The config's family, as listings and the tidy CSV name it: "tree" (the
 * persistent-tree search), "mcts" (Monte Carlo tree search) or "recursive"
 * (minimax to negamax-ab, and the technique ladder, which is negamax-ab
 * with options). */
const char *config_family(const search_config *config);
size_t config_count(void);
const search_config *config_at(size_t index);
/* Whether the config searches on threads (search_request.threads): the
 * ladder's rungs, whose threads share their table (Lazy SMP), and the
 * Monte Carlo family, whose threads search trees of their own (root
 * parallelism). */
bool config_threads(const search_config *config);

#endif
