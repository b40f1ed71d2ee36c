// gbench_shim.cc: the C API of gbench.h over Google Benchmark (1.7).  The
// only C++ in prune: everything else talks to Google Benchmark through here.
#include "gbench.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

namespace {

benchmark::State &S(gbench_state *state) { return *reinterpret_cast<benchmark::State *>(state); }
const benchmark::State &S(const gbench_state *state)
{
    return *reinterpret_cast<const benchmark::State *>(state);
}
benchmark::internal::Benchmark *B(gbench_benchmark *b)
{
    return reinterpret_cast<benchmark::internal::Benchmark *>(b);
}

}  // namespace

extern "C" {

void gbench_initialize(int *argc, char **argv) { benchmark::Initialize(argc, argv); }

bool gbench_report_unrecognized(int argc, char **argv)
{
    return benchmark::ReportUnrecognizedArguments(argc, argv);
}

void gbench_add_context(const char *key, const char *value) { benchmark::AddCustomContext(key, value); }

gbench_benchmark *gbench_register(const char *name, gbench_function run, void *context)
{
    benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(
        name, [run, context](benchmark::State &state) {
            run(reinterpret_cast<gbench_state *>(&state), context);
        });
    return reinterpret_cast<gbench_benchmark *>(b);
}

void gbench_set_repetitions(gbench_benchmark *b, int repetitions) { B(b)->Repetitions(repetitions); }
void gbench_set_min_time(gbench_benchmark *b, double seconds) { B(b)->MinTime(seconds); }
void gbench_set_iterations(gbench_benchmark *b, int64_t iterations)
{
    B(b)->Iterations(static_cast<benchmark::IterationCount>(iterations));
}
void gbench_use_real_time(gbench_benchmark *b) { B(b)->UseRealTime(); }

void gbench_set_time_unit(gbench_benchmark *b, gbench_time_unit unit)
{
    static const benchmark::TimeUnit units[] = {benchmark::kNanosecond, benchmark::kMicrosecond,
                                                benchmark::kMillisecond, benchmark::kSecond};
    B(b)->Unit(units[unit]);
}

void gbench_display_aggregates_only(gbench_benchmark *b, bool only) { B(b)->DisplayAggregatesOnly(only); }
void gbench_report_aggregates_only(gbench_benchmark *b, bool only) { B(b)->ReportAggregatesOnly(only); }

size_t gbench_run_all(void) { return benchmark::RunSpecifiedBenchmarks(); }
void gbench_shutdown(void) { benchmark::Shutdown(); }

bool gbench_keep_running(gbench_state *state) { return S(state).KeepRunning(); }
void gbench_pause_timing(gbench_state *state) { S(state).PauseTiming(); }
void gbench_resume_timing(gbench_state *state) { S(state).ResumeTiming(); }
int64_t gbench_iterations(const gbench_state *state) { return static_cast<int64_t>(S(state).iterations()); }

void gbench_set_counter(gbench_state *state, const char *name, double value, int flags)
{
    S(state).counters[name] = benchmark::Counter(value, static_cast<benchmark::Counter::Flags>(flags));
}

void gbench_set_label(gbench_state *state, const char *label) { S(state).SetLabel(label); }
void gbench_skip_with_error(gbench_state *state, const char *message) { S(state).SkipWithError(message); }
bool gbench_error_occurred(const gbench_state *state) { return S(state).error_occurred(); }

}  // extern "C"
