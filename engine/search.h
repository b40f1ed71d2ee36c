/*
 * search.h: the game-independent face of prune's search engine.
 *
 * A search is described by a search_request (game, position, config, depth,
 * state mode, limits) and answered by a search_result (best move, value,
 * counters, time).  Each game is compiled together with the engine into one
 * game_entry (see engine/search_instance.c), so the search code is written
 * once and instantiated per game, with the game's functions inlined.
 */
#ifndef PRUNE_SEARCH_H
#define PRUNE_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "ttable.h"

/* How children are produced: copy-make clones the parent and plays the move
 * on the clone; do-undo changes one position in place and restores it. */
typedef enum { STATE_COPY, STATE_UNDO } state_mode;

#define SEARCH_POSITION_TEXT 512 /* room for any game's position string, with its terminator */

/* Limits that keep a search from running away.  A search that would visit
 * (recursive family) or create (tree family) more nodes than max_nodes
 * stops and reports SEARCH_BUDGET_EXCEEDED instead of exhausting memory. */
#define SEARCH_DEFAULT_MAX_NODES 200000000ULL
#define SEARCH_DEFAULT_SEED 20240501ULL

/* How a search's threads share the work (search_request.smp,
 * engine/ladder_run.h): Lazy SMP (every thread searches the whole tree,
 * apart only by the table and their orders) or ABDADA (a thread defers a
 * child another thread is searching, engine/busy_marks.h). */
typedef enum { SEARCH_SMP_LAZY = 0, SEARCH_SMP_ABDADA } search_smp;

typedef struct {
    const search_config *config;
    const char *position; /* the game's position string (game_entry.position_text's form) of the root
                            before `moves`; NULL or "" for the start position */
    const char *moves;   /* comma-separated moves from `position`, or "" */
    int depth;           /* plies below the root; 1 looks at the children */
    state_mode state;
    uint64_t max_nodes;  /* 0 means SEARCH_DEFAULT_MAX_NODES */
    /* The memory bound in MiB (--max-memory-mb; 0 means memory_default_mb(), engine/table_memory.h): a tree
     * config stops with SEARCH_BUDGET_EXCEEDED before its nodes would take more, whatever max_nodes says,
     * and a ladder table (the instance's, sized by tt_mb) larger than it is refused as bad input.  Far below
     * the node budget on purpose: the budget's 200,000,000 kalah tree nodes are 9 GiB, and reaching them
     * took 41 s, 38 of them the kernel's page faults (2-core EPYC VM; docs/cli.md, "Memory"). */
    size_t max_memory_mb;
    uint64_t seed;       /* move-ordering shuffle of negamax-ab */
    bool untimed;        /* leave the clock alone (seconds is 0): the caller times the search itself */
    /* ladder configs (engine/ladder_search.h) */
    size_t tt_mb;        /* transposition table size in MiB; 0 means TT_DEFAULT_MB */
    int tt_replace;      /* a tt_replace (engine/ttable.h): 0 always, 1 depth-preferred */
    bool keep_tt;        /* search with the table the last search of this game left (and an MCTS config with tree
                            reuse, from the caller's kept tree: `tree` below) */
    ttable *table;       /* the caller's own table, sized by it (a match keeps one per side across a
                            game's moves); NULL: the instance's, sized by tt_mb */
    /* Soft limits (engine/search_context.h, "soft limits"): with any of
     * them a search answers with its deepest completed iteration.  A config
     * that does not deepen itself (negamax-ab, ladder-tt, the recursive
     * family) is then deepened plainly by the engine: depth 1, 2, ... up
     * to `depth`, each depth searched afresh (the table kept), so that
     * ladder-id's worth stays what it adds beyond plain deepening.  The
     * limits are checked inside the search, every SEARCH_CHECK_INTERVAL
     * nodes, so a deadline is kept to tens of microseconds. */
    uint64_t time_us;    /* the deadline in microseconds from the search's start (a clock's share is kept to
                            the microsecond: a tc=10+0.1 move has about 400); armed after the first completed
                            iteration */
    uint64_t node_limit; /* at most this many nodes, whole search (deterministic); armed from the first node:
                            a search stopped before its first iteration completes answers the root move it
                            was searching (or the first legal move), with iterations 0 */
    const atomic_int *stop; /* set non-zero by another thread: stop (armed after the first completed iteration) */
    /* Threads (engine/ladder_run.h, Lazy SMP): 0 or 1 searches on the calling thread alone; N > 1 adds
     * N - 1 helpers that search the same root over the one table, for a config config_threads accepts,
     * up to cores_max_threads() (engine/cores.h).  The value is the single thread's; the nodes are
     * every thread's and vary from run to run; max_nodes and node_limit count the calling thread's. */
    int threads;
    search_smp smp;      /* how the threads share the work (SEARCH_SMP_LAZY by default) */
    /* The Monte Carlo family (engine/mcts_search.h) searches to a budget, not a depth (depth is not read):
     * iterations, node_limit, time_us or stop, one at least.  iterations: at most this many (0: no such
     * limit; refused for a config of another family).  root_children: where the root's children's
     * statistics go, room for root_children_size of them (NULL: not wanted). */
    uint64_t iterations;
    struct search_root_child *root_children;
    int root_children_size;
    /* The caller's own MCTS tree (a match keeps one per side across a game's moves; NULL: the engine's,
     * never reused).  A config with tree reuse (mcts_options.reuse) and keep_tt set starts from the kept
     * tree's node for this root when the root is one to four plies below the kept one. */
    struct search_tree *tree;
    /* MCTS: where the first playout_sample_count iterations' lines go, one a line, "MOVES END" (the moves
     * from the root, comma-separated; END is over, no-move, cap or proven, docs/mcts.md), in at most
     * playout_sample_size bytes with the terminator (NULL: none wanted) */
    char *playout_sample;
    size_t playout_sample_size;
    int playout_sample_count;
} search_request;

/* An MCTS tree kept between searches (tree reuse): zeroed, it is empty; the engine fills it, and
 * search_tree_free gives its memory back. */
typedef struct search_tree {
    void *nodes;                     /* the game's own node type (engine/mcts_search.h) */
    uint32_t count, capacity;        /* nodes in the tree, nodes the memory holds */
    const char *game;                /* the game the nodes are of (game_entry.name), NULL when empty */
    char position[SEARCH_POSITION_TEXT]; /* the root: the request's position ("" the start) ... */
    char *moves;                     /* ... and its moves (the engine's copy) */
} search_tree;

void search_tree_free(search_tree *tree);

/* One child of an MCTS search's root, as the search left it. */
typedef struct search_root_child {
    char move[32];       /* the move in the game's notation */
    uint32_t visits;     /* iterations through it */
    uint32_t points;     /* their results for the root's mover in half points: 2 a win, 1 a draw */
    int proven;          /* the game's value after it for the root's mover (1, 0, -1), or SEARCH_UNPROVEN */
} search_root_child;

#define SEARCH_UNPROVEN (-2)

/* The request's memory bound in MiB: its own, or the default. */
static inline size_t search_memory_mb(const search_request *request)
{
    return request->max_memory_mb ? request->max_memory_mb : memory_default_mb();
}

#define SEARCH_MAX_ITERATIONS 64

typedef struct {
    char best[32];       /* the chosen root move in the game's notation, or "none" */
    int value;           /* from the point of view of the side to move at the root */
    bool root_max;       /* the maximiser is to move at the root */
    uint64_t nodes;      /* every search call (tree family: every negamax call), root included */
    uint64_t created;    /* tree family: child nodes created over all passes */
    uint64_t evals;      /* tree family: leaf values assigned over all passes */
    uint64_t tree_bytes; /* tree family: bytes held by the tree at the end */
    int passes;          /* tree family: deepening passes run */
    double seconds;      /* wall-clock time of the search alone; 0 when the request is untimed */
    /* ladder configs: table use, re-searches (PVS, aspiration, MTD(f) passes
     * beyond the first), and the deepening's completed iterations */
    uint64_t tt_probes, tt_hits, tt_cutoffs, researches;
    /* ladder configs: beta cutoffs, and those by the first move searched
     * (first_move_cutoffs / cutoffs: the first-move cut rate) */
    uint64_t cutoffs, first_move_cutoffs;
    int iterations;      /* completed iterations (1 without deepening); the answer is the last one's */
    bool ended;          /* ladder deepening: the last iteration's lines all ended in finished games, so the
                          * answer is the one at every greater depth (engine/ladder_search.h, ladder_deepen) */
    int threads;         /* the threads that searched (1, or the request's) */
    uint64_t iteration_nodes[SEARCH_MAX_ITERATIONS]; /* nodes of each completed iteration */
    /* MCTS configs (iterations and created are theirs too: iterations run, capped at INT_MAX, and tree
     * nodes created): */
    uint64_t mcts_iterations; /* iterations run */
    uint64_t playouts;        /* random playouts (an iteration that reaches a finished game or a proof plays none) */
    uint64_t minimax_searches; /* the hybrids' minimax searches */
    int proven;               /* the root's proven value for its mover (1, 0, -1), or SEARCH_UNPROVEN */
    bool memory_full;         /* the tree reached the memory bound, which ended the search */
    int root_children;        /* entries written to request.root_children */
    uint64_t reused;          /* the nodes of the kept tree this search started from (tree reuse) */
    int playouts_sampled;     /* lines written to request.playout_sample */
} search_result;

typedef struct {
    uint64_t nodes;      /* positions in the tree to the given depth, root included */
    uint64_t leaves;     /* positions at the depth limit or with the game over */
    uint64_t finished;   /* positions with the game over */
} perft_result;

typedef enum {
    SEARCH_OK = 0,
    SEARCH_BAD_INPUT = 2,          /* message says what was wrong */
    SEARCH_BUDGET_EXCEEDED = 3,    /* message says which limit */
} search_status;

/* One search of prune bench's suite (engine/bench.c): a game's NAME_BENCH entry. */
typedef struct {
    const char *moves; /* from the start */
    int depth;         /* recursive family */
    int tree_depth;    /* tree family */
} game_bench_position;

/* Everything the command line, the tests and the benchmarks need from one
 * game.  Every function writes a one-line message on failure. */
typedef struct {
    const char *name;
    const char *description;
    const char *move_example;      /* notation hint for error messages */
    int max_depth;                 /* deepest search the game accepts */
    int max_moves;                 /* most legal moves a position can have (NAME_MAX_MOVES) */
    int test_depth;                /* deepest depth where minimax is cheap enough for tests */
    int win_score;                 /* the game's win score W (games/README.md), 0 for none */
    /* prune bench's searches of this game (NAME_BENCH, engine/bench.c): from the position after each
     * one's moves, to its depth (recursive family) or tree depth (tree family) */
    const game_bench_position *bench;
    int bench_count;
    int match_max_plies;           /* a match's ply cap: reached, the game is a draw (NAME_MATCH_MAX_PLIES) */
    /* a match's adjudication (NAME_ADJUDICATION_MARGIN, _PLIES; match/match_play.c): won by the side the
     * one-ply value favours by margin or more for plies plies in a row; margin 0: none */
    int adjudication_margin, adjudication_plies;
    search_status (*search)(const search_request *request, search_result *result,
                            char *message, size_t message_size);
    /* Counts the tree below the position after `moves` played from
     * `position` (NULL or "" the start).  Stops with SEARCH_BUDGET_EXCEEDED
     * rather than count more than max_nodes positions (0 means
     * SEARCH_DEFAULT_MAX_NODES). */
    search_status (*perft)(const char *position, const char *moves, int depth, uint64_t max_nodes,
                           perft_result *result, char *message, size_t message_size);
    /* Prints the position after `moves` played from `position` (NULL or ""
     * the start): board, side to move, value, legal moves and its position
     * string; returns SEARCH_BAD_INPUT on a bad position string or move list. */
    search_status (*show)(const char *position, const char *moves, FILE *out, char *message, size_t message_size);
    /* Writes the moves of a seeded random line of at most `plies` plies from
     * the start (stopping where the game ends) as a comma-separated list. */
    void (*random_line)(uint64_t seed, int plies, char *moves, size_t moves_size);
    /* Writes the game's position string (docs/cli.md#position-strings: one
     * line, no spaces, everything the position needs) of the position after
     * `moves` played from `position` (NULL or "" the start) into `out`;
     * SEARCH_BAD_INPUT with a message on a bad position string or move. */
    search_status (*position_text)(const char *position, const char *moves, char *out, size_t out_size,
                                   char *message, size_t message_size);
} game_entry;


/* The registry of compiled games (engine/game_registry.c). */
const game_entry *game_find(const char *name);
size_t game_count(void);
const game_entry *game_at(size_t index);

#endif
