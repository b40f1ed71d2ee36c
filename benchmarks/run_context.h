/*
 * run_context.h: what studies_bench records about the run beside its
 * results (Google Benchmark's JSON context): the commit, the compiler and
 * flags, the CPU model, the OS, the settings and the games compiled in.
 *
 * The commit is given (--commit or PRUNE_COMMIT; scripts/reproduce.sh
 * knows it): studies_bench never asks git, so it runs the same outside a
 * checkout.
 */
#ifndef PRUNE_RUN_CONTEXT_H
#define PRUNE_RUN_CONTEXT_H

#include <stddef.h>

typedef struct {
    const char *commit;        /* "unknown" when not given */
    const char *plan_path;         /* the plan studies_bench measured */
    int repetitions;
    double min_time;
} run_settings;

/* Adds the context entries (before gbench_run_all). */
void run_context_add(const run_settings *settings);
/* The JSON of a run with nothing to run, so that the converter sees why;
 * 0, or -1 with a message. */
int run_context_write_empty(const char *path, const run_settings *settings, const char *reason, char *message,
                            size_t message_size);

#endif
