/*
 * bench_cases.h: the benchmarks of studies_bench, one per case of the plan
 * (plan.h: one per study row and state mode), with the reference counts
 * each must match.
 *
 * A case is registered with Google Benchmark under its key from the plan
 * (study/game/moves/config/state/depth, "start" for the start position,
 * usable in --benchmark_filter), which its tidy row carries as
 * `benchmark`; everything a script needs about a case (its fields and its
 * result: best move, value, counts, checks) is written as columns by
 * cases_write_tidy, never parsed out of the name.
 */
#ifndef PRUNE_BENCH_CASES_H
#define PRUNE_BENCH_CASES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "plan.h"
#include "search.h"

typedef struct bench_case {
    char name[320];
    char study[48];
    char moves[200];
    char position[48];         /* the position's label (from the plan) */
    const game_entry *game;
    const search_config *config;
    int depth;
    state_mode state;
    double min_time;
    int repetitions;           /* 0: the run's (cases_register) */
    expectation expected;
    struct bench_case *twin;   /* for an undo case: the copy case of the same search */
    bool ran;                  /* a search completed (result holds it) */
    search_result result;
    bool failed;
    char failure[400];
} bench_case;

/* Adds the plan's case `p` (its game and config found by the caller), run
 * with at least `min_time` seconds a repetition and `repetitions` times (0:
 * the run's). */
bench_case *cases_add(const plan_case *p, const game_entry *game, const search_config *config, double min_time,
                      int repetitions);
/* The case of that key, or NULL. */
bench_case *cases_find(const char *name);
/* A case of the tic-tac-toe rounds (ttt_rounds.h), which the plan does not
 * list: added if new, copy-make, with the reference and the position's
 * label of a planned search of the same game, moves, config and depth
 * (cases_use_plan), as the plan would have given them. */
bench_case *cases_add_round(const char *study, const game_entry *game, const search_config *config, const char *moves,
                            int depth, double min_time);
/* The plan cases_add_round borrows from (NULL: none); it must outlive those calls. */
void cases_use_plan(const plan *p);
/* A study left out (its game is not compiled in): one tidy row says why. */
void cases_skip_study(const char *study, const char *game_name, const char *reason);

size_t cases_count(void);
bool cases_has_reference(const bench_case *c);
/* Registers every case with Google Benchmark, each repeated its own
 * repetitions or else `repetitions` times. */
void cases_register(int repetitions);
/* Readies what a case's first search would otherwise set up while timed
 * (the ladder's tables); call before gbench_run_all. */
void cases_warm_up(void);
/* One JSON object per line per case: what --list prints. */
void cases_list(FILE *out);
/* The tidy CSV of every case and skipped study (atomically); 0 or -1. */
int cases_write_tidy(const char *path, char *message, size_t message_size);
/* Prints the failed cases on stderr; returns how many failed. */
int cases_report_failures(void);
void cases_free(void);

#endif
