/*
 * gbench.h: a small C API over Google Benchmark (benchmarks/gbench_shim.cc
 * is its only C++ file).
 *
 * A benchmark is a C function and a context pointer, registered by name at
 * run time.  The function runs the timed loop itself:
 *
 *     static void run(gbench_state *state, void *context)
 *     {
 *         setup(context);                       // not timed
 *         while (gbench_keep_running(state))
 *             work(context);                    // timed, once per iteration
 *         gbench_set_counter(state, "nodes", nodes, GBENCH_COUNTER_PLAIN);
 *     }
 *
 *     gbench_initialize(&argc, argv);           // takes --benchmark_* flags
 *     gbench_benchmark *b = gbench_register("name", run, context);
 *     gbench_set_repetitions(b, 5);
 *     gbench_run_all();
 *
 * A function that finds something wrong calls gbench_skip_with_error and
 * leaves its loop: Google Benchmark then reports the benchmark as an error,
 * with the message, and no timing.
 */
#ifndef PRUNE_GBENCH_H
#define PRUNE_GBENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gbench_state gbench_state;         /* a benchmark::State */
typedef struct gbench_benchmark gbench_benchmark; /* a registered benchmark::internal::Benchmark */
typedef void (*gbench_function)(gbench_state *state, void *context);

/* Counter flags, as benchmark::Counter::Flags.  A counter's reported value is
 *   PLAIN                  the value as set (averaged over repetitions),
 *   RATE                   value / seconds,
 *   ITERATION_INVARIANT    value * iterations,
 *   ITERATION_RATE         value * iterations / seconds (a per-iteration
 *                          quantity as a rate: nodes per search -> nodes/s),
 *   AVG_ITERATIONS         value / iterations.
 * "seconds" is wall-clock time for benchmarks set to real time. */
enum {
    GBENCH_COUNTER_PLAIN = 0,
    GBENCH_COUNTER_RATE = 1 << 0,
    GBENCH_COUNTER_ITERATION_INVARIANT = 1 << 2,
    GBENCH_COUNTER_ITERATION_RATE = (1 << 0) | (1 << 2),
    GBENCH_COUNTER_AVG_ITERATIONS = 1 << 3,
};

typedef enum {
    GBENCH_NANOSECOND,
    GBENCH_MICROSECOND,
    GBENCH_MILLISECOND,
    GBENCH_SECOND,
} gbench_time_unit;

/* Takes the --benchmark_* flags out of argv (argc shrinks accordingly). */
void gbench_initialize(int *argc, char **argv);
/* True when argv still holds an argument nobody recognised (after the
 * caller has removed its own); prints it. */
bool gbench_report_unrecognized(int argc, char **argv);
/* A key and value for the "context" object of the JSON output. */
void gbench_add_context(const char *key, const char *value);

/* Registers a benchmark; name and context must outlive gbench_run_all. */
gbench_benchmark *gbench_register(const char *name, gbench_function run, void *context);
void gbench_set_repetitions(gbench_benchmark *b, int repetitions);
void gbench_set_min_time(gbench_benchmark *b, double seconds);
void gbench_set_iterations(gbench_benchmark *b, int64_t iterations);
void gbench_use_real_time(gbench_benchmark *b);
void gbench_set_time_unit(gbench_benchmark *b, gbench_time_unit unit);
/* With repetitions: report only the aggregates (mean, median, stddev, cv),
 * on the console only (display) or in every output (report). */
void gbench_display_aggregates_only(gbench_benchmark *b, bool only);
void gbench_report_aggregates_only(gbench_benchmark *b, bool only);

/* Runs every registered benchmark that passes --benchmark_filter; returns
 * how many ran. */
size_t gbench_run_all(void);
void gbench_shutdown(void);

/* Inside a benchmark function. */
bool gbench_keep_running(gbench_state *state);
void gbench_pause_timing(gbench_state *state);
void gbench_resume_timing(gbench_state *state);
int64_t gbench_iterations(const gbench_state *state);
void gbench_set_counter(gbench_state *state, const char *name, double value, int flags);
void gbench_set_label(gbench_state *state, const char *label);
void gbench_skip_with_error(gbench_state *state, const char *message);
bool gbench_error_occurred(const gbench_state *state);

#ifdef __cplusplus
}
#endif

#endif
