/*
 * bench_cases.h: the benchmarks of studies_bench, one per (study row, state
 * mode), with the reference counts each must match.
 *
 * A case is registered with Google Benchmark under a name that is only an
 * identifier (study/game/moves/config/state/depth, "start" for the start
 * position, usable in --benchmark_filter); everything a script needs about
 * a case (its fields and its result: best move, value, counts, checks) is
 * written as columns by cases_write_tidy, never packed into the name.
 */
#ifndef PRUNE_BENCH_CASES_H
#define PRUNE_BENCH_CASES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "search.h"

typedef struct {
    bool has_nodes, has_created, has_evals, has_best;
    uint64_t nodes, created, evals;
    char best[32];
} expectation;

typedef struct bench_case {
    char name[320];
    char study[48];
    char moves[200];
    char position[48];         /* label of studies/positions.csv, or the moves, or "start" */
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

/* Reads studies/published.csv (reference counts) and studies/positions.csv
 * (position labels); 0, or -1 with a message. */
int cases_load_data(const char *published_path, const char *positions_path, char *message, size_t message_size);

/* The case of this search, added if new (a search named twice is one case). */
bench_case *cases_add(const char *study, const game_entry *game, const search_config *config, const char *moves,
                      int depth, state_mode state, double min_time);
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
