/*
 * solve.h: the Connect Four solver, Pascal Pons' series step by step
 * (docs/connect4.md).
 *
 * Each step of parts 3 to 12 is one row of solve_config (solver/solve.c):
 * the same search (solver/solve_search.h, instantiated per board in
 * solver/solve_bitboard.c and solver/solve_grid.c) with the techniques
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
#include "solve_types.h"

/* The steps (solve_config, solver/solve_types.h), one row per step. */
const solve_config *solve_config_find(const char *name);
size_t solve_config_count(void);
const solve_config *solve_config_at(size_t index);

/* Whether `size` fits the bitboard: width and height from 4, width * (height
 * + 1) at most 64 (7x7, 8x7 and 9x6 do; 8x8 does not). */
bool solve_size_fits(solve_size size);

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

/* --analyze: the score of every column of the position after `moves`
 * (solve_analysis, solver/solve_types.h says how each is found); returns
 * as solve_position does. */
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
