/*
 * studies_bench.c: the cases of a plan (plan.h: every search of the
 * studies' lists, as scripts/studies.py plan writes them) as Google
 * Benchmark benchmarks (through the C API of gbench.h).  It reads no list
 * of studies/: the plan carries everything a case needs.
 *
 *   studies_bench [--plan PATH] [--study NAME[,NAME...]] [--repetitions N] [--min-time SECONDS]
 *                 [--tidy-out PATH] [--games-out PATH] [--commit ID]
 *                 [--no-rounds] [--quick] [--list] [--benchmark_* flags of Google Benchmark]
 *
 * --plan defaults to the one meson writes into the build directory
 * (benchmarks/studies.plan).  One benchmark per case of the plan, in its
 * order, of the studies --study names (every study without it); each is
 * repeated (default 10 of at least 0.1 s) and Google Benchmark adds the
 * mean, median, stddev and cv aggregates to its JSON (--benchmark_out).
 * The repetitions of all benchmarks run in one random order
 * (--benchmark_enable_random_interleaving=true is the default here; the
 * flag given as false turns it off): repetition i of one config and
 * repetition i of another are then taken at about the same point of the
 * run, so scripts/gbench_to_csv.py keeps each repetition's time and a ratio
 * between two rows is computed from pairs (scripts/measure_stats.py).  Six
 * repetitions at least give a 95% interval.  A case whose plan line caps
 * its repetitions and min time (its study's timing, scripts/studies.py)
 * runs with at most those: a study of many quick cases whose figure is
 * node counts need not cost what the few timed studies do.  In a quick
 * run (--quick, or PRUNE_BENCH_QUICK=1: scripts/reproduce.sh --quick) only
 * the cases the plan marks quick run.  --tidy-out writes one
 * CSV row per benchmark with its fields and result (game, position, config,
 * family, state, depth, best move, value, nodes, created, evals, checks,
 * error) and one row per skipped study; scripts/gbench_to_csv.py adds the
 * timings of the JSON to it.  --list prints the benchmarks as JSON lines.
 *
 * A search whose counts differ from its plan's reference (the published
 * nodes, created, evals or best move), or whose undo counts differ from its
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
#include "gbench.h"
#include "name_list.h"
#include "numbers.h"
#include "plan.h"
#include "run_context.h"
#include "search.h"
#include "ttt_rounds.h"

/* The plan meson writes (benchmarks/meson.build). */
#ifndef PRUNE_PLAN_PATH
#define PRUNE_PLAN_PATH "studies.plan"
#endif

#define EXIT_SKIPPED 77
#define PATH_SIZE 4096

typedef struct {
    char plan_path[PATH_SIZE];
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
    snprintf(o->plan_path, sizeof o->plan_path, "%s", PRUNE_PLAN_PATH);
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
    else if (strcmp(arg, "--plan") == 0) copy_path(o->plan_path, value);
    else if (strcmp(arg, "--repetitions") == 0) o->run.repetitions = parse_repetitions(value, arg);
    else if (strcmp(arg, "--min-time") == 0) o->run.min_time = parse_seconds(value, arg);
    else if (strcmp(arg, "--games-out") == 0) o->games_out = value;
    else if (strcmp(arg, "--tidy-out") == 0) o->tidy_out = value;
    else if (strcmp(arg, "--commit") == 0) o->run.commit = value;
    else return false;
    return true;
}

static const char usage[] =
    "usage: studies_bench [--plan PATH] [--study NAME[,NAME...]] [--repetitions N] [--min-time SECONDS]\n"
    "                     [--tidy-out PATH] [--games-out PATH] [--commit ID]\n"
    "                     [--no-rounds] [--quick] [--list] [--benchmark_* flags]\n"
    "\n"
    "The cases of a plan (scripts/studies.py plan -o PATH writes it; default\n"
    PRUNE_PLAN_PATH ")\n"
    "as Google Benchmark benchmarks (benchmarks/README.md); the --benchmark_*\n"
    "flags are Google Benchmark's own.\n";

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

static void check_study_names(const options *o, const plan *p)
{
    if (!o->wanted) return;
    char names[1024];
    snprintf(names, sizeof names, "%s", o->wanted);
    for (char *name = strtok(names, ","); name; name = strtok(NULL, ",")) {
        bool known = false;
        for (size_t i = 0; i < p->count && !known; i++) known = strcmp(p->cases[i].study, name) == 0;
        if (!known) die(2, "no study '%s' in the plan %s", name, o->plan_path);
    }
}

/* One case of the plan, run with the run's repetitions and min time or
 * its own caps where smaller.  Returns its game, or NULL when the game is
 * not compiled in. */
static const game_entry *add_case(const options *o, const plan_case *p)
{
    const game_entry *game = game_find(p->game);
    if (!game) {
        char reason[200];
        snprintf(reason, sizeof reason, "game '%s' is not compiled in", p->game);
        fprintf(stderr, "studies_bench: SKIPPED study %s: %s (add it to prune_games in meson.build)\n", p->study, reason);
        cases_skip_study(p->study, p->game, reason);
        return NULL;
    }
    const search_config *config = config_find(p->config);
    if (!config) die(2, "%s: case %s: config '%s' is not known", o->plan_path, p->key, p->config);
    if (p->depth > game->max_depth)
        die(2, "%s: case %s: depth %d is past %s's %d", o->plan_path, p->key, p->depth, game->name, game->max_depth);
    if (cases_find(p->key)) die(2, "%s: case %s is planned twice", o->plan_path, p->key);
    if (o->quick && !p->in_quick) return game;
    int repetitions = p->repetitions && p->repetitions < o->run.repetitions ? p->repetitions : o->run.repetitions;
    double min_time = p->min_time > 0 && p->min_time < o->run.min_time ? p->min_time : o->run.min_time;
    bench_case *c = cases_add(p, game, config, min_time, repetitions);
    if (*p->twin) {
        c->twin = cases_find(p->twin);
        if (!c->twin) die(2, "%s: case %s: its twin %s is not an earlier case", o->plan_path, p->key, p->twin);
    }
    return game;
}

/* The cases of the selected studies, in the plan's order; the tictactoe rounds. */
static void add_studies(const options *o)
{
    plan p;
    char message[512];
    if (plan_read(o->plan_path, &p, message, sizeof message)) die(2, "%s", message);
    check_study_names(o, &p);
    const game_entry *ttt = NULL;
    for (size_t i = 0; i < p.count; i++) {
        if (!wanted(o, p.cases[i].study)) continue;
        const game_entry *game = add_case(o, &p.cases[i]);
        /* The scripted games are tic-tac-toe's, played when asked for (--games-out). */
        if (game && o->games_out && strcmp(game->name, "ttt") == 0) ttt = game;
    }
    if (o->rounds && ttt) {
        cases_use_plan(&p);
        if (ttt_rounds_play(ttt, o->run.min_time / 2, message, sizeof message)) die(1, "ttt rounds: %s", message);
        cases_use_plan(NULL);
        if (o->games_out && ttt_rounds_write(o->games_out, message, sizeof message)) die(1, "%s", message);
    }
    plan_free(&p);
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
    o.run.plan_path = o.plan_path;

    char message[512];
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
