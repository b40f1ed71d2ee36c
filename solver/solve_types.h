/*
 * solve_types.h: the Connect Four solver's types: a step's row, the table
 * it uses, the board and its size, the budgets and what a solve gives.
 * Below solver/solve.h (the solver's entry points, which solver/solve.c
 * defines) and solver/solve_table.h, so that the instances and the table
 * need no part of the entry points.
 */
#ifndef PRUNE_SOLVE_TYPES_H
#define PRUNE_SOLVE_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Which transposition table a step uses (solver/solve_table.h). */
typedef enum {
    SOLVE_TABLE_NONE,
    SOLVE_TABLE_UPPER,        /* part 7: upper bounds, 56-bit keys, 8,388,593 entries */
    SOLVE_TABLE_UPPER_KEY32,  /* part 11: upper bounds, 32-bit truncated keys, 8,388,617 entries */
    SOLVE_TABLE_BOUNDS_KEY32, /* part 12: upper and lower bounds, 32-bit keys, 8,388,617 entries */
    SOLVE_TABLE_BUCKETS,      /* prune's own: both bounds, full keys, two entries a bucket, same memory */
} solve_table_kind;

/* The tables' size (solver/solve_table.h): the series' 64 MiB unless
 * solve_set_table_megabytes says otherwise; at most SOLVE_TABLE_MAX_MEGABYTES
 * (2^31 words: every index fits 32 bits). */
#define SOLVE_TABLE_DEFAULT_MEGABYTES 64
#define SOLVE_TABLE_MAX_MEGABYTES 16384

typedef struct {
    const char *name;
    const char *description;
    int part;                      /* the part of the series (and git tag partN) it reproduces;
                                      0 for prune's own steps after the series */
    bool alphabeta;                /* part 4: negamax alpha-beta with the score bounds */
    bool centre_first;             /* part 5: columns 4,3,5,2,6,1,7 */
    solve_table_kind table;        /* parts 7, 11, 12 */
    bool null_window_iteration;    /* part 8: the driver narrows [min, max] with null windows */
    bool non_losing;               /* part 9: wins at once answered by the driver; non-losing moves only */
    bool sorted;                   /* part 10: moves sorted by the winning cells they make */
    bool mirror;                   /* prune's own: a position and its mirror image share one entry */
    bool etc;                      /* prune's own: enhanced transposition cutoffs (a child's stored bound) */
    bool threats;                  /* prune's own: ties in the order broken by threats playable soon */
    bool claimeven;                /* prune's own: the first player's score bounded by the second's claimeven */
    bool weights;                  /* prune's own: moves ordered by useful threats, weighed by how soon playable */
    bool aspiration;               /* prune's own: strong solves probe a guess near 0, then one step, before halving */
} solve_config;


typedef struct {
    int score;
    uint64_t nodes;
    double seconds;  /* the search alone, without clearing the table */
    /* The table (all 0 for a step without one): look-ups, those that found
     * an entry, and (solve-buckets only) those whose entry the position's
     * mirror image stored; the entries in use when the solve ended, of
     * table_slots. */
    uint64_t table_probes, table_hits, mirror_hits, table_entries, table_slots;
    int threads;     /* the threads that searched (solve_set_threads; 1 for parts 3 to 8) */
} solve_result;

/* The board a solve runs on: the fixed 7x6 bitboard (games/connect4.h),
 * the grid (parts 3 to 8), or the bitboard whose size is read at run time
 * (games/connect4_sized.h: every size but 7x6 runs there; at 7x6 it visits
 * the fixed bitboard's nodes, and the difference in time is the constants'). */
typedef enum { SOLVE_BITBOARD, SOLVE_GRID, SOLVE_SIZED } solve_board;

/* The board's size: width columns of height cells.  The series' 7x6 runs
 * on the fixed boards; any other size that solve_size_fits runs on the
 * bitboard of games/connect4_sized.h, its moves written with
 * CONNECT4_SIZED_COLUMNS (1..9, then A, B, C). */
typedef struct {
    int width, height;
} solve_size;

#define SOLVE_SIZE_STANDARD ((solve_size){7, 6})
#define SOLVE_MAX_WIDTH 12

static inline bool solve_size_is_standard(solve_size size) { return size.width == 7 && size.height == 6; }


/* What a progress report says while a solve runs (solve_limits.progress). */
typedef struct {
    uint64_t nodes;       /* limits->nodes_before plus this solve's nodes so far */
    double seconds;       /* since limits->started */
    int lower, upper;     /* the window [lower, upper] the score is known to lie in */
} solve_progress;

/* Budgets and progress for a solve, or for several solves that share them
 * (a test set, the columns of --analyze): the caller adds each solve's
 * nodes to nodes_before.  The clock is read every SOLVE_CHECK_NODES nodes
 * only, and no check changes what the search visits. */
typedef struct {
    uint64_t max_nodes;     /* 0: no node budget; else nodes_before + nodes may not pass it */
    uint64_t nodes_before;  /* the nodes of earlier solves sharing these limits */
    double started;         /* clock_seconds() when the first of them started */
    double deadline;        /* clock_seconds() to stop at; 0: no time budget */
    double progress_after;  /* seconds after `started` before the first report */
    void (*progress)(const solve_progress *, void *);  /* NULL: no reports; else about twice a second */
    void *progress_data;
} solve_limits;

#define SOLVE_CHECK_NODES (UINT64_C(1) << 20)

/* --analyze: the score of every column of the position after `moves`,
 * from the side to move there (Pons' `-a`): a column that wins at once
 * scores without a search, any other is minus the solve of the position
 * after it.  The best column's score is the position's. */
#define SOLVE_COLUMN_FULL INT32_MIN
typedef struct {
    int width;                      /* the board's columns: scores[0 .. width-1] */
    int scores[SOLVE_MAX_WIDTH];    /* per column; SOLVE_COLUMN_FULL when it cannot be played */
    int score;          /* the maximum over the playable columns (0 when the board is full) */
    uint64_t nodes;     /* summed over the columns' solves */
    double seconds;
} solve_analysis;

#endif
