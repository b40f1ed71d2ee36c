/* bench.h: the fixed search suite whose total node count is prune's
 * search-behaviour signature (see engine/bench.c). */
#ifndef PRUNE_BENCH_H
#define PRUNE_BENCH_H

#include <stdbool.h>
#include <stdio.h>

/* Runs the suite, prints per-config totals and `signature: N`; returns 0,
 * or -1 if a search failed (the failure is printed). */
int bench_run(FILE *out, bool verbose);

#endif
