/*
 * solve.h: the Connect Four solver, Pascal Pons' series step by step
 * (docs/connect4.md).
 *
 * Each step of parts 3 to 12 is one row of solve_config (engine/solve.c):
 * the same search (engine/solve_search.h, instantiated per board in
 * engine/solve_bitboard.c and engine/solve_grid.c) with the techniques
 * switched on by the row's flags.  Node counts are exact: every call of the
 * recursive search counts once, root included, summed over the null-window
 * iterations of one position; every step with a table starts each position
 * with an empty table.  The rows after part 12 are prune's own steps beyond
 * the series (part 0): their scores are exact, their counts are prune's.
 */
#ifndef PRUNE_SOLVE_H
#define PRUNE_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search.h"
#include "solve_kinds.h"


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
} solve_config;

const solve_config *solve_config_find(const char *name);
size_t solve_config_count(void);
const solve_config *solve_config_at(size_t index);

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

/* Whether `size` fits the bitboard: width and height from 4, width * (height
 * + 1) at most 64 (7x7, 8x7 and 9x6 do; 8x8 does not). */
bool solve_size_fits(solve_size size);

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

/* moves: a string of columns "4453" (may be empty; on a board of another
 * size, characters of CONNECT4_SIZED_COLUMNS); weak: win/draw/loss only;
 * size: the board's (SOLVE_SIZE_STANDARD: the series'); limits: NULL for
 * none.  Returns SEARCH_OK, SEARCH_BAD_INPUT with a one-line message (also
 * for a step or board that cannot run at that size), or
 * SEARCH_BUDGET_EXCEEDED with one when a budget of `limits` ran out
 * (nothing of the solve is kept) or the table cannot be allocated. */
search_status solve_position(const char *moves, const solve_config *config, bool weak, solve_board board,
                             solve_size size, const solve_limits *limits, solve_result *result, char *message,
                             size_t message_size);

/* True, with the message a solve stopped by the time budget gives, when
 * `limits` has a deadline and it has passed (for callers between solves). */
bool solve_past_deadline(const solve_limits *limits, char *message, size_t message_size);

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

search_status solve_analyze(const char *moves, const solve_config *config, bool weak, solve_board board,
                            solve_size size, const solve_limits *limits, solve_analysis *result, char *message,
                            size_t message_size);

/* Allocates the table `config` needs (once per process), so that a caller
 * can fail before printing anything; solve_position calls it too.
 * SEARCH_BUDGET_EXCEEDED with a one-line message when memory is short. */
search_status solve_prepare(const solve_config *config, char *message, size_t message_size);

/* Sizes the table of every later solve at `megabytes` MiB (1 to
 * SOLVE_TABLE_MAX_MEGABYTES; the caller checks the machine's memory): a
 * table already allocated at another size is freed. */
void solve_set_table_megabytes(size_t megabytes);

/* Threads (`prune solve --threads`): every later solve of a step from
 * part 9 on (solve_threads_run) runs each null-window search on `threads`
 * threads (1 to cores_max_threads(), engine/cores.h) over the one table: the caller and
 * threads - 1 helpers search the same window, keeping apart near the root
 * by ABDADA's deferral, and the first to finish gives the window's
 * result.  The score is the one thread's; the nodes (every
 * thread's, summed) and which positions are visited vary from run to run.
 * The node budget counts every thread's nodes. */
void solve_set_threads(int threads);

/* Whether a solve of `config` runs on the threads solve_set_threads gave:
 * parts 3 to 8 search on one thread whatever it says. */
bool solve_threads_run(const solve_config *config);

/* The last step of the table, the fastest on long solves such as the
 * empty board (what `prune solve` runs when no --config is given;
 * docs/connect4.md times it against the steps before it on every set). */
const solve_config *solve_config_fastest(void);

/* Checks a string of columns on the 7x6 board: every character 1..7, no
 * full column, no move that completes four.  On failure writes one line
 * naming the move. */
bool solve_check_moves(const char *moves, char *message, size_t message_size);

/* The same on a board of `size` (solve_size_fits): columns written with
 * CONNECT4_SIZED_COLUMNS. */
bool solve_check_moves_sized(const char *moves, solve_size size, char *message, size_t message_size);

/* The move on which the game ends under perfect play, from the score of
 * the position after `stones` stones on a board of `cells` cells (the
 * side to move's view, Pons' scale): the winner's stone, or the last cell
 * when the score is 0 (a draw fills the board). */
int solve_last_move(int score, int stones, int cells);

#endif
