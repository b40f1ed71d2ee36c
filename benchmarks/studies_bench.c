/*
 * studies_bench.c: every study of studies/studies.csv as Google Benchmark
 * benchmarks (through the C API of gbench.h).
 *
 *   studies_bench [--study NAME[,NAME...]] [--studies PATH] [--published PATH]
 *                 [--positions PATH] [--timing PATH] [--repetitions N] [--min-time SECONDS]
 *                 [--tidy-out PATH] [--games-out PATH] [--commit ID]
 *                 [--no-rounds] [--quick] [--list] [--benchmark_* flags of Google Benchmark]
 *
 * One benchmark per (study row, state mode) (bench_cases.h); each is
 * repeated (default 10 of at least 0.1 s) and Google Benchmark adds the
 * mean, median, stddev and cv aggregates to its JSON (--benchmark_out).
 * The repetitions of all benchmarks run in one random order
 * (--benchmark_enable_random_interleaving=true is the default here; the
 * flag given as false turns it off): repetition i of one config and
 * repetition i of another are then taken at about the same point of the
 * run, so scripts/gbench_to_csv.py keeps each repetition's time and a ratio
 * between two rows is computed from pairs (scripts/measure_stats.py).  Six
 * repetitions at least give a 95% interval.  A study listed in
 * studies/timing.csv (--timing) runs with at most its repetitions and min
 * time there: a study of many quick cases whose figure is node counts
 * need not cost what the few timed studies do.  In a quick run (--quick,
 * or PRUNE_BENCH_QUICK=1: scripts/reproduce.sh --quick) a study whose
 * `quick` there is "start" keeps only its start-position rows.  --tidy-out writes one
 * CSV row per benchmark with its fields and result (game, position, config,
 * family, state, depth, best move, value, nodes, created, evals, checks,
 * error) and one row per skipped study; scripts/gbench_to_csv.py adds the
 * timings of the JSON to it.  --list prints the benchmarks as JSON lines.
 *
 * A search whose counts differ from the reference (studies/published.csv:
 * nodes, created, evals, best move), or whose undo counts differ from its
 * copy counts, is reported as an error (SkipWithError: no timing), and the
 * program exits 1.
 *
 * With --games-out, a selection with tic-tac-toe rows also plays scripted
 * games (ttt_rounds.h; --no-rounds turns that off), written there
 * (studies/studies_meta.csv's outputs: the tictactoe study's).
 *
 * A study whose game is not compiled in is skipped with a message; when
 * nothing is left to run, the program writes an empty result to
 * --benchmark_out and exits 77, which meson shows as SKIP.
 *
 * Environment: PRUNE_BENCH_REPETITIONS and PRUNE_BENCH_MIN_TIME give the
 * defaults of --repetitions and --min-time; PRUNE_COMMIT that of --commit
 * (the commit recorded with the results; "unknown" if neither is given).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench_cases.h"
#include "csv.h"
#include "gbench.h"
#include "name_list.h"
#include "numbers.h"
#include "run_context.h"
#include "solve.h"
#include "search.h"
#include "ttt_rounds.h"

#ifndef PRUNE_SOURCE_DIR
#define PRUNE_SOURCE_DIR "."
#endif

#define EXIT_SKIPPED 77
#define PATH_SIZE 4096

typedef struct {
    char studies[PATH_SIZE], published[PATH_SIZE], positions[PATH_SIZE], timing[PATH_SIZE];
    const char *games_out, *tidy_out, *benchmark_out;
    char *wanted;              /* --study: comma-separated names, NULL for every study */
    bool rounds, list_only, quick;
    run_settings run;
} options;

static _Noreturn void die(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("studies_bench: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

static int parse_repetitions(const char *text, const char *what)
{
    long long n;
    if (!parse_whole_number(text, 1, 1000, &n)) die(2, "%s must be a whole number from 1 to 1000, not '%s'", what, text);
    return (int)n;
}

static double parse_seconds(const char *text, const char *what)
{
    double s;
    if (!parse_decimal_number(text, 0, 3600, &s) || !(s > 0))
        die(2, "%s must be a positive number of seconds, not '%s'", what, text);
    return s;
}

static void set_defaults(options *o)
{
    snprintf(o->studies, sizeof o->studies, "%s/studies/studies.csv", PRUNE_SOURCE_DIR);
    snprintf(o->published, sizeof o->published, "%s/studies/published.csv", PRUNE_SOURCE_DIR);
    snprintf(o->positions, sizeof o->positions, "%s/studies/positions.csv", PRUNE_SOURCE_DIR);
    snprintf(o->timing, sizeof o->timing, "%s/studies/timing.csv", PRUNE_SOURCE_DIR);
    o->rounds = true;
    const char *env = getenv("PRUNE_BENCH_REPETITIONS");
    o->run.repetitions = env && *env ? parse_repetitions(env, "PRUNE_BENCH_REPETITIONS") : 10;
    env = getenv("PRUNE_BENCH_MIN_TIME");
    o->run.min_time = env && *env ? parse_seconds(env, "PRUNE_BENCH_MIN_TIME") : 0.1;
    env = getenv("PRUNE_BENCH_QUICK");
    o->quick = env && strcmp(env, "1") == 0;
    env = getenv("PRUNE_COMMIT");
    o->run.commit = env && *env ? env : "unknown";
}

static void copy_path(char *to, const char *from)
{
    if (snprintf(to, PATH_SIZE, "%s", from) >= PATH_SIZE) die(2, "path too long: %.80s...", from);
}

/* Takes one option and its value; false when `arg` is not one of ours. */
static bool take_option(options *o, const char *arg, const char *value)
{
    if (strcmp(arg, "--study") == 0) o->wanted = (char *)value;
    else if (strcmp(arg, "--studies") == 0) copy_path(o->studies, value);
    else if (strcmp(arg, "--published") == 0) copy_path(o->published, value);
    else if (strcmp(arg, "--positions") == 0) copy_path(o->positions, value);
    else if (strcmp(arg, "--timing") == 0) copy_path(o->timing, value);
    else if (strcmp(arg, "--repetitions") == 0) o->run.repetitions = parse_repetitions(value, arg);
    else if (strcmp(arg, "--min-time") == 0) o->run.min_time = parse_seconds(value, arg);
    else if (strcmp(arg, "--games-out") == 0) o->games_out = value;
    else if (strcmp(arg, "--tidy-out") == 0) o->tidy_out = value;
    else if (strcmp(arg, "--commit") == 0) o->run.commit = value;
    else return false;
    return true;
}

static const char usage[] =
    "usage: studies_bench [--study NAME[,NAME...]] [--studies PATH] [--published PATH]\n"
    "                     [--positions PATH] [--timing PATH] [--repetitions N] [--min-time SECONDS]\n"
    "                     [--tidy-out PATH] [--games-out PATH] [--commit ID]\n"
    "                     [--no-rounds] [--quick] [--list] [--benchmark_* flags]\n"
    "\n"
    "The studies of studies/studies.csv as Google Benchmark benchmarks\n"
    "(benchmarks/README.md); the --benchmark_* flags are Google Benchmark's own.\n";

/* Our options out of argv, Google Benchmark's left in (argc shrinks). */
static void parse_options(int *argc, char **argv, options *o)
{
    int kept = 1;
    for (int i = 1; i < *argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--no-rounds") == 0) o->rounds = false;
        else if (strcmp(arg, "--quick") == 0) o->quick = true;
        else if (strcmp(arg, "--list") == 0) o->list_only = true;
        else if (strncmp(arg, "--benchmark_", 12) == 0 || strncmp(arg, "--", 2) != 0) {
            argv[kept++] = argv[i];
        } else {
            if (i + 1 >= *argc) die(2, "%s needs a value (or is not an option: see --help)", arg);
            if (!take_option(o, arg, argv[i + 1])) die(2, "unknown option '%s' (see --help)", arg);
            i++;
        }
    }
    *argc = kept;
}

static bool wanted(const options *o, const char *study) { return name_listed(o->wanted, study); }

static void check_study_names(const options *o, const csv_table *studies)
{
    if (!o->wanted) return;
    char names[1024];
    snprintf(names, sizeof names, "%s", o->wanted);
    for (char *name = strtok(names, ","); name; name = strtok(NULL, ",")) {
        bool known = false;
        for (size_t r = 0; r < studies->rows && !known; r++) known = strcmp(csv_get(studies, r, "study"), name) == 0;
        if (!known) die(2, "no study '%s' in %s", name, o->studies);
    }
}

typedef struct {
    int repetitions;
    double min_time;
    bool start_only;   /* a quick run keeps the start-position rows only */
} study_timing;

/* A study's timing: the run's, capped by its row of timing.csv if any. */
static study_timing timing_of(const options *o, const csv_table *timing, const char *study)
{
    study_timing t = {.repetitions = o->run.repetitions, .min_time = o->run.min_time};
    for (size_t r = 0; r < timing->rows; r++) {
        if (strcmp(csv_get(timing, r, "study"), study) != 0) continue;
        long long n;
        double s;
        const char *quick = csv_get(timing, r, "quick");
        if (!parse_whole_number(csv_get(timing, r, "repetitions"), 1, 1000, &n) ||
            !parse_decimal_number(csv_get(timing, r, "min_time"), 0, 3600, &s) || !(s > 0) ||
            (strcmp(quick, "all") != 0 && strcmp(quick, "start") != 0))
            die(2, "%s: study %s needs repetitions from 1 to 1000, a positive min_time and quick all or start",
                o->timing, study);
        if (n < t.repetitions) t.repetitions = (int)n;
        if (s < t.min_time) t.min_time = s;
        t.start_only = strcmp(quick, "start") == 0;
    }
    return t;
}

/* One row of studies.csv: a copy case and, where the game has do-undo, an
 * undo case checked against it.  Returns the row's game, or NULL when it is
 * not compiled in. */
static const game_entry *add_row(const options *o, const csv_table *studies, const csv_table *timing, size_t r)
{
    const char *study = csv_get(studies, r, "study"), *game_name = csv_get(studies, r, "game");
    const game_entry *game = game_find(game_name);
    if (!game) {
        char reason[200];
        snprintf(reason, sizeof reason, "game '%s' is not compiled in", game_name);
        fprintf(stderr, "studies_bench: SKIPPED study %s: %s (add it to prune_games in meson.build)\n", study, reason);
        cases_skip_study(study, game_name, reason);
        return NULL;
    }
    const char *config_name = csv_get(studies, r, "config"), *moves = csv_get(studies, r, "moves");
    const search_config *config = config_find(config_name);
    if (!config) die(2, "%s: study %s names config '%s', which is not known", o->studies, study, config_name);
    long long depth = 0;
    if (!parse_whole_number(csv_get(studies, r, "depth"), 1, game->max_depth, &depth))
        die(2, "%s: study %s: depth '%s' is out of range", o->studies, study, csv_get(studies, r, "depth"));
    const char *states = csv_get(studies, r, "states");
    study_timing t = timing_of(o, timing, study);
    if (o->quick && t.start_only && *moves) return game;
    bench_case *copy_case = NULL, *undo_case = NULL;
    if (strstr(states, "copy")) copy_case = cases_add(study, game, config, moves, (int)depth, STATE_COPY, t.min_time);
    if (strstr(states, "undo")) undo_case = cases_add(study, game, config, moves, (int)depth, STATE_UNDO, t.min_time);
    if (undo_case) undo_case->twin = copy_case;
    if (copy_case) copy_case->repetitions = t.repetitions;
    if (undo_case) undo_case->repetitions = t.repetitions;
    return game;
}

/* The rows of the selected studies, in file order; the tictactoe rounds. */
static void add_studies(const options *o)
{
    csv_table studies, timing;
    char message[512];
    if (csv_read(o->studies, &studies, message, sizeof message)) die(2, "%s", message);
    if (csv_read(o->timing, &timing, message, sizeof message)) die(2, "%s", message);
    static const char *const timing_needed[] = {"study", "repetitions", "min_time", "quick"};
    for (size_t k = 0; k < sizeof timing_needed / sizeof timing_needed[0]; k++)
        if (csv_column(&timing, timing_needed[k]) < 0) die(2, "%s has no column '%s'", o->timing, timing_needed[k]);
    static const char *const needed[] = {"study", "game", "moves", "config", "depth", "states"};
    for (size_t k = 0; k < sizeof needed / sizeof needed[0]; k++)
        if (csv_column(&studies, needed[k]) < 0) die(2, "%s has no column '%s'", o->studies, needed[k]);
    check_study_names(o, &studies);
    const game_entry *ttt = NULL;
    for (size_t r = 0; r < studies.rows; r++) {
        if (!wanted(o, csv_get(&studies, r, "study"))) continue;
        /* A row whose config is a step of the Connect Four solver is the
         * pons study's, which scripts/pons_study.py runs. */
        if (solve_config_find(csv_get(&studies, r, "config"))) continue;
        const game_entry *game = add_row(o, &studies, &timing, r);
        /* The scripted games are tic-tac-toe's, played when asked for (--games-out). */
        if (game && o->games_out && strcmp(game->name, "ttt") == 0) ttt = game;
    }
    csv_free(&studies);
    csv_free(&timing);
    if (o->rounds && ttt) {
        if (ttt_rounds_play(ttt, o->run.min_time / 2, message, sizeof message)) die(1, "ttt rounds: %s", message);
        if (o->games_out && ttt_rounds_write(o->games_out, message, sizeof message)) die(1, "%s", message);
    }
}

/* Google Benchmark 1.7 shuffles the (benchmark, repetition) pairs of the
 * whole run into one random order with this flag.  Put first in argv, so a
 * later --benchmark_enable_random_interleaving=false still wins. */
static char interleave_flag[] = "--benchmark_enable_random_interleaving=true";

/* argv with interleave_flag after the program's name (argc grows by one);
 * kept in a static so that it lives, reachable, to the end. */
static char **interleaved_argv;
static char **with_interleaving(int *argc, char **argv)
{
    char **out = interleaved_argv = malloc((size_t)(*argc + 2) * sizeof *out);
    if (!out) die(1, "out of memory");
    out[0] = argv[0];
    out[1] = interleave_flag;
    for (int i = 1; i <= *argc; i++) out[i + 1] = argv[i]; /* argv[argc] is NULL */
    (*argc)++;
    return out;
}

/* Whether the repetitions run interleaved: the last flag given wins. */
static bool interleaving(int argc, char **argv)
{
    static const char name[] = "--benchmark_enable_random_interleaving";
    bool on = false;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], name, sizeof name - 1) != 0) continue;
        const char *value = argv[i] + sizeof name - 1;
        if (*value != '\0' && *value != '=') continue; /* another flag */
        /* As Google Benchmark reads a boolean: false, no, off, or a first letter 0 f n. */
        on = *value == '\0' || !(strchr("0fFnN", value[1]) || strcasecmp(value + 1, "off") == 0);
    }
    return on;
}

int main(int argc, char **argv)
{
    options o = {0};
    set_defaults(&o);
    argv = with_interleaving(&argc, argv);
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--benchmark_out=", 16) == 0) o.benchmark_out = argv[i] + 16;
    bool interleaved = interleaving(argc, argv);
    /* Ours before Google Benchmark's, which answers --help with its own flags. */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
        }
    gbench_initialize(&argc, argv);
    parse_options(&argc, argv, &o);
    if (gbench_report_unrecognized(argc, argv)) return 2;
    o.run.studies_path = o.studies;

    char message[512];
    if (cases_load_data(o.published, o.positions, message, sizeof message)) die(2, "%s", message);
    add_studies(&o);
    if (o.list_only) {
        cases_list(stdout);
        cases_free();
        return 0;
    }
    if (cases_count() == 0) {
        if (o.tidy_out && cases_write_tidy(o.tidy_out, message, sizeof message)) die(1, "%s", message);
        fprintf(stderr, "studies_bench: nothing to run (no study selected has its game compiled in)\n");
        if (o.benchmark_out &&
            run_context_write_empty(o.benchmark_out, &o.run, "no selected study has its game compiled in", message,
                                    sizeof message))
            die(1, "%s", message);
        cases_free();
        return EXIT_SKIPPED;
    }
    run_context_add(&o.run);
    gbench_add_context("prune_interleaving", interleaved ? "random" : "off");
    cases_register(o.run.repetitions);
    cases_warm_up();
    gbench_run_all();
    gbench_shutdown();

    int failures = cases_report_failures();
    if (o.tidy_out && cases_write_tidy(o.tidy_out, message, sizeof message)) die(1, "%s", message);
    cases_free();
    return failures ? 1 : 0;
}
