/*
 * ladder_context.h: what every instance of the ladder (engine/ladder_search.h)
 * shares, for the game of this per-game engine: the search's context, the
 * game's Zobrist keys, the table's rule (probe and store) and the soft
 * limits.  Plain include-once; engine/search_instance.c includes it before
 * the state modes.
 */
#ifndef PRUNE_LADDER_CONTEXT_H
#define PRUNE_LADDER_CONTEXT_H
#ifndef GAME_STATE
#error "ladder_context.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

#include "history.h"
#include "random.h"
#include "ttable.h"

_Static_assert(sizeof(GAME_MOVE) <= 2, "table entries keep 16-bit moves");
_Static_assert(GAME_CONSTANT(MAX_DEPTH) <= TT_MAX_DRAFT && GAME_CONSTANT(MAX_DEPTH) < LADDER_MAX_PLY,
               "drafts and plies fit the table and the killers");

#define LADDER_ZOBRIST_SEED 0x7072756E655A6F62ULL /* fixed: keys, and so counts, are the same in every run */
#define LADDER_ASPIRATION_DELTA 2  /* half-width of the first window around the previous value */
/* The table serves nodes with at least this many plies left.  A node with
 * one ply left only saves the evaluation of its leaf children when its
 * entry cuts, and a probe usually misses the L2 (0.8-0.9 times a probe in
 * callgrind's simulation); that such a miss costs more than a whole Kalah
 * or tic-tac-toe node is the hypothesis, and times in an earlier run its
 * evidence (docs/techniques.md, "The table is exact", names the run).
 * Exactness does not depend on it (see ladder_probe). */
#define LADDER_TT_MIN_DRAFT 2

typedef struct {
    search_context *base;  /* node counts, the hard budget, the ordering's generator */
    ladder_options options;
    ttable *table;         /* NULL for a config without one */
    ladder_history *history; /* killers and history scores: 33 KB, cleared only for the rungs that use them */
    /* The iteration's depth.  Every child is searched one ply deeper with
     * one less depth (an extra turn too), so a node's ply is root_depth -
     * depth, and the root is the node with depth == root_depth: the
     * recursion passes neither a ply nor a best-move pointer, and its six
     * arguments fit in registers on x86-64 (about 1% of ladder-tt's
     * instructions on every game but connect4, callgrind). */
    int root_depth;
    GAME_MOVE root_move;   /* the root's best move so far in the pass under way */
    uint64_t probes, hits, cutoffs, researches;  /* the table's (cutoffs: entries that decided a node) */
    /* Beta cutoffs (step 6 of ladder_search.h) and those by the first move
     * searched, the standard measure of move ordering: counted on the
     * cutoff path only, never per node. */
    uint64_t beta_cutoffs, first_move_cutoffs;
    /* the deepest completed iteration, kept here to survive a soft limit's
     * longjmp (search_context's soft_stop) */
    int value, iterations;
    GAME_MOVE best;
    /* Lines that may go on past the horizon: nodes stopped there with the
     * game not known to be over (depth 0), and table cutoffs by an entry
     * whose search had such lines.  A search during which it does not grow
     * saw every line end in a finished game (ladder_search.h, "the tree
     * ended"); only its changes are read. */
    uint64_t horizon;
    bool ended;            /* the last completed iteration's tree ended: deeper ones would repeat it */
    uint64_t iteration_nodes[SEARCH_MAX_ITERATIONS];
    bool deferring;        /* threads under ABDADA: the deferring instance searches (engine/ladder_run.h) */
} ladder_context;

/* A game's hashing (games/README.md) is NAME_hash, plus NAME_HASH_KEYS
 * when it uses the engine's Zobrist keys and NAME_hash_step when it steps
 * keys in do-undo (NAME_HASH_STEPPED 1); without them the keys table is a
 * dummy and do-undo recomputes.  (An undefined name is 0 in #if.) */
#if GAME_CONSTANT(HASH_KEYS) > 0
#define LADDER_KEY_COUNT GAME_CONSTANT(HASH_KEYS)
#else
#define LADDER_KEY_COUNT 1
#endif
#if GAME_CONSTANT(HASH_STEPPED)
#define LADDER_HASH_STEP(key, child, m, undo) GAME(hash_step)(key, child, m, undo, ladder_keys)
#else
#define LADDER_HASH_STEP(key, child, m, undo) ((void)(key), (void)(m), (void)(undo), GAME(hash)(child, ladder_keys))
#endif

/* The children of a node being expanded (ladder_search.h, steps 2 and 4):
 * copy-make plays each child on a copy in state[] (made one ahead with the
 * table: the child searched and the next, in turns, with their keys);
 * do-undo plays it on the node's own position, and `undo` takes it back. */
typedef struct {
    GAME_STATE state[2];
    uint64_t key[2];
    GAME_UNDO undo;
} ladder_children;

/* ABDADA (search_request.smp, engine/busy_marks.h): the positions the
 * threads are searching, cleared before each threaded search; a node
 * marks itself only with at least this many plies left below it, where a
 * deferred child saves more than the marks cost (not measured per depth). */
static uint64_t ladder_busy[BUSY_MARK_SLOTS];
#define LADDER_DEFER_MIN_DEPTH 3

static uint64_t ladder_keys[LADDER_KEY_COUNT];
static ttable ladder_table;
static ladder_context ladder;  /* one search at a time, as search_context */
static ladder_history ladder_history_tables;

/* The game's Zobrist keys: splitmix64 from a fixed seed, filled once. */
static void ladder_init_keys(void)
{
    static bool ready;
    if (ready) return;
    uint64_t state = LADDER_ZOBRIST_SEED;
    for (size_t i = 0; i < sizeof ladder_keys / sizeof ladder_keys[0]; i++) ladder_keys[i] = splitmix64_next(&state);
    ready = true;
}

/* The table's rule, the crux of exactness: an entry decides a node only
 * when its draft EQUALS the remaining depth.  In a depth-limited search a
 * position's value depends on the depth left (the heuristic values at the
 * horizon, the win-depth rule's W + d), so an entry searched deeper holds
 * the value of another function; using it would return a value plain
 * minimax at this depth never gives (tests/oracle_test.c's kept-table test
 * fails if deeper drafts are used).  Any entry's move still orders the
 * children.  Never at the root, which must name its best move.
 *
 * One exception keeps the rule's reason: an entry whose search ended every
 * line in a finished game within its draft (e.ended, stored only where
 * finished games score the same at any depth: LADDER_ENDS) ends them
 * within any larger draft too, so the same lines give the same bound, and
 * it decides a node with more depth left.  That is what lets a deepening
 * search of an endgame pay once for the lines that have ended and search
 * again, iteration after iteration, only those that reach the horizon. */
static inline bool ladder_probe(ladder_context *lc, uint64_t key, int depth, int alpha, int beta, unsigned *hint,
                                int *value)
{
    lc->probes++;
    tt_entry e;
    if (!tt_probe(lc->table, key, &e)) return false;
    lc->hits++;
    *hint = e.move;
    if (depth == lc->root_depth || (tt_draft(&e) != depth && !(e.ended && depth > tt_draft(&e)))) return false;
    tt_bound bound = tt_bound_of(&e);
    if (bound == TT_EXACT || (bound == TT_LOWER && e.value >= beta) || (bound == TT_UPPER && e.value <= alpha)) {
        lc->cutoffs++;
        lc->horizon += !e.ended;
        *value = e.value;
        return true;
    }
    return false;
}

/* A fail-soft result's bound: at most alpha is an upper bound, at least
 * beta a lower one, in between exact.  `ended`: every line below ended in
 * a finished game, so the bound holds at any depth. */
static inline void ladder_store(ladder_context *lc, uint64_t key, int value, int alpha, int beta, int depth,
                                unsigned move, bool ended)
{
    tt_bound bound = value <= alpha ? TT_UPPER : value >= beta ? TT_LOWER : TT_EXACT;
    tt_store(lc->table, key, value, bound, depth, move, ended);
}

#endif /* PRUNE_LADDER_CONTEXT_H */
