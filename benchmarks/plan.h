/*
 * plan.h: the plan studies_bench measures, as scripts/studies.py writes it
 * (`studies.py plan`, the one reader of the studies' lists): a header line
 * naming the columns, then one case a line, fields separated by tabs.
 *
 *   case study game position moves config depth state twin repetitions
 *   min_time quick nodes created evals best
 *
 * case is the case's key, kept as the benchmark's name and the tidy row's
 * `benchmark` so that the report joins on it; twin, an undo case's copy
 * case (its key, on an earlier line); repetitions and min_time, the study's
 * caps (empty: the run's); quick, yes or no: whether a quick run keeps it;
 * nodes, created, evals and best, the reference the search must match
 * (empty: none).  The C side reads no other list: what a case is, and what
 * it must find, arrive here.
 */
#ifndef PRUNE_PLAN_H
#define PRUNE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search.h"

/* The header line, exactly (scripts/studies.py's PLAN_COLUMNS). */
#define PLAN_HEADER                                                                                                    \
    "case\tstudy\tgame\tposition\tmoves\tconfig\tdepth\tstate\ttwin\trepetitions\tmin_time\tquick\tnodes\tcreated\t" \
    "evals\tbest"

typedef struct {
    bool has_nodes, has_created, has_evals, has_best;
    uint64_t nodes, created, evals;
    char best[32];
} expectation;

typedef struct {
    char key[320];
    char study[48];
    char game[48];
    char position[48];
    char moves[200];
    char config[64];
    char twin[320];          /* "" unless an undo case with a copy twin */
    int depth;               /* 1 to 1000; the game's own bound is the caller's to check */
    state_mode state;
    int repetitions;         /* 0: the run's */
    double min_time;         /* 0: the run's */
    bool in_quick;
    expectation expected;
} plan_case;

typedef struct {
    plan_case *cases;
    size_t count;
} plan;

/* Reads the plan at `path` (a readable regular file); 0, or -1 with one
 * line in `message` ("PATH:LINE: what is wrong" for a bad line). */
int plan_read(const char *path, plan *out, char *message, size_t message_size);
void plan_free(plan *p);

#endif
