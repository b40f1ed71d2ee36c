/*
 * solve_output.h: what `prune solve` prints (cli/solve_output.c): the
 * progress line on a terminal, a position's line, --analyze's columns and
 * a test set's summary, as text or JSON lines, and the command's two ways
 * of failing (bad input or a budget, and a wrong score).  cli/solve.c
 * reads the options and runs the solves; the output's formats are
 * docs/cli.md's and docs/connect4.md's.
 */
#ifndef PRUNE_SOLVE_OUTPUT_H
#define PRUNE_SOLVE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "solve.h"
#include "solve_positions.h"

/* The command's options, as cli/solve.c read them. */
typedef struct {
    const char *moves, *positions, *set, *data_dir;
    bool weak, json, analyze;
    bool sized;            /* --size given: the size is printed, and the move on which the game ends */
    bool threaded;         /* --threads given: the threads are printed */
    int threads;           /* --threads (1 without it) */
    solve_size size;
    bool budget;           /* --max-nodes or --time-ms given */
    solve_limits limits;   /* shared by every solve of the command */
} solve_arguments;

/* The progress line on stderr (a terminal), solve_limits.progress: written
 * over itself, erased before anything else is printed. */
void solve_progress_print(const solve_progress *p, void *data);
void solve_progress_erase(void);

/* cli_fail, after erasing the progress line. */
_Noreturn void solve_fail(const char *message);

/* A score that disagrees with the test file (FILE:LINE), exit CLI_FAILED. */
_Noreturn void solve_wrong_score(const char *path, size_t line, const char *config, int score, int expected);

/* One position's line; `line` is NULL for --moves. */
void solve_print_result(const solve_arguments *a, const solve_config *config, const char *moves,
                        const solve_result *r, const solve_line *line);

/* --analyze: every column's score. */
void solve_print_analysis(const solve_arguments *a, const solve_config *config, const char *moves,
                          const solve_analysis *r);

/* The last line of a test-set run; `table`: the table's counters summed
 * over the set. */
void solve_print_summary(const solve_arguments *a, const solve_config *config, const solve_line_set *set,
                         uint64_t total_nodes, double total_seconds, const solve_result *table);

#endif
