/*
 * pons_bench.c: the "pons" study (docs/connect4.md) as Google Benchmark
 * benchmarks, through the C API of gbench.h.
 *
 *   pons_bench [--slices PATH] [--sets-dir DIR] [--repetitions N]
 *              [--min-time SECONDS] [--benchmark_* flags of Google Benchmark]
 *
 * One benchmark per row of studies/connect4/bench_slices.csv (written by
 * scripts/pons_bench_slices.py from the study's cells in
 * studies/published.csv): a step (config and board), one of prune's own
 * test sets (studies/connect4/prune_L?_R?, committed, so the suite runs
 * without the series' files) and strong or weak.  One iteration solves the
 * first `lines` positions of the set, one after another, each from an
 * empty table, exactly as `prune solve --positions` does.
 *
 * Named pons/connect4/SET.MODE/CONFIG/BOARD/LINES (the study/game/moves/
 * config/state/depth shape of scripts/gbench_to_csv.py).
 * Counters: positions_per_second and nodes_per_second (rates over
 * wall-clock time), nodes (the slice's total), mean_nodes (per position)
 * and verified (1: the slice's
 * total node count equals the row's total_nodes and every score agrees
 * with the file, strong exactly, weak by sign).  A slice that differs is
 * reported as an error (no timing) and the program exits 1.  Without the
 * sets or the slices file it exits 77 (meson: SKIP).
 *
 * Environment: PRUNE_BENCH_REPETITIONS and PRUNE_BENCH_MIN_TIME give the
 * defaults of --repetitions (3) and --min-time (0.1).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "gbench.h"
#include "numbers.h"
#include "solve.h"

#ifndef PRUNE_SOURCE_DIR
#define PRUNE_SOURCE_DIR "."
#endif

#define EXIT_SKIPPED 77
#define MOVES_MAX 43

typedef struct {
    char moves[MOVES_MAX];
    int score;
} pons_position;

typedef struct {
    char name[160];
    const solve_config *config;
    solve_board board;
    bool weak;
    pons_position *positions;
    size_t count;
    uint64_t expected_nodes;
    bool failed;
} pons_case;

static _Noreturn void die(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("pons_bench: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

/* The first `count` positions of a `moves score` file; false when the file
 * is missing or shorter. */
static bool read_slice(const char *path, size_t count, pons_position *out)
{
    FILE *f = fopen(path, "r");
    if (!f) return false;
    size_t got = 0;
    while (got < count && fscanf(f, "%42s %d", out[got].moves, &out[got].score) == 2) got++;
    fclose(f);
    return got == count;
}

static bool same_sign(int a, int b)
{
    return (a > 0) - (a < 0) == (b > 0) - (b < 0);
}

/* Solves the slice once; the total node count, or UINT64_MAX after a wrong
 * score or a failed solve (the reason in why). */
static uint64_t solve_slice(const pons_case *c, char *why, size_t size)
{
    uint64_t total = 0;
    for (size_t i = 0; i < c->count; i++) {
        const pons_position *p = &c->positions[i];
        solve_result r;
        char message[200];
        if (solve_position(p->moves, c->config, c->weak, c->board, NULL, &r, message, sizeof message) != SEARCH_OK) {
            snprintf(why, size, "%s: %s", p->moves, message);
            return UINT64_MAX;
        }
        if (c->weak ? !same_sign(r.score, p->score) : r.score != p->score) {
            snprintf(why, size, "%s: score %d, the file says %d", p->moves, r.score, p->score);
            return UINT64_MAX;
        }
        total += r.nodes;
    }
    return total;
}

static void run(gbench_state *state, void *context)
{
    pons_case *c = context;
    char why[300];
    uint64_t nodes = solve_slice(c, why, sizeof why);  /* checked once, untimed */
    if (nodes == UINT64_MAX || nodes != c->expected_nodes) {
        if (nodes != UINT64_MAX)
            snprintf(why, sizeof why, "%" PRIu64 " nodes, expected %" PRIu64, nodes, c->expected_nodes);
        c->failed = true;
        gbench_skip_with_error(state, why);
        return;
    }
    while (gbench_keep_running(state)) solve_slice(c, why, sizeof why);
    gbench_set_counter(state, "positions_per_second", (double)c->count, GBENCH_COUNTER_ITERATION_RATE);
    gbench_set_counter(state, "nodes_per_second", (double)nodes, GBENCH_COUNTER_ITERATION_RATE);
    gbench_set_counter(state, "nodes", (double)nodes, GBENCH_COUNTER_PLAIN);
    gbench_set_counter(state, "mean_nodes", (double)nodes / (double)c->count, GBENCH_COUNTER_PLAIN);
    gbench_set_counter(state, "verified", 1.0, GBENCH_COUNTER_PLAIN);
}

/* prune_L3_R1 for Test_L3_R1. */
static void own_set_path(char *path, size_t size, const char *dir, const char *set)
{
    const char *tail = strchr(set, '_');
    snprintf(path, size, "%s/prune_%s", dir, tail ? tail + 1 : set);
}

static pons_case *make_case(const csv_table *t, size_t r, const char *sets_dir)
{
    pons_case *c = calloc(1, sizeof *c);
    if (!c) die(2, "out of memory");
    const char *config = csv_get(t, r, "config"), *board = csv_get(t, r, "board");
    const char *set = csv_get(t, r, "set"), *mode = csv_get(t, r, "mode");
    c->config = solve_config_find(config);
    if (!c->config) die(2, "bench slices: unknown config '%s'", config);
    c->board = strcmp(board, "grid") == 0 ? SOLVE_GRID : SOLVE_BITBOARD;
    c->weak = strcmp(mode, "weak") == 0;
    c->count = strtoul(csv_get(t, r, "lines"), NULL, 10);
    c->expected_nodes = strtoull(csv_get(t, r, "total_nodes"), NULL, 10);
    if (c->count == 0) die(2, "bench slices: row %zu has no lines", r + 1);
    c->positions = calloc(c->count, sizeof *c->positions);
    char path[4096 + 64];  /* room for the directory and the file name */
    own_set_path(path, sizeof path, sets_dir, set);
    if (!c->positions || !read_slice(path, c->count, c->positions)) {
        fprintf(stderr, "pons_bench: SKIPPED: %s lacks %zu positions\n", path, c->count);
        exit(EXIT_SKIPPED);
    }
    /* study/game/moves/config/state/depth, as scripts/gbench_to_csv.py reads
     * names: the set and mode stand for the moves, the board for the state,
     * the slice's length for the depth. */
    snprintf(c->name, sizeof c->name, "pons/connect4/%s.%s/%s/%s/%zu", csv_get(t, r, "set_name"), mode, config,
             board, c->count);
    return c;
}

/* Numbers go through the one checked parser (cli/numbers.h). */
static int count_of(const char *text, const char *what)
{
    long long n;
    if (!parse_whole_number(text, 1, 1000, &n)) die(2, "%s must be a whole number from 1 to 1000, not '%s'", what, text);
    return (int)n;
}

static double seconds_of(const char *text, const char *what)
{
    double s;
    if (!parse_decimal_number(text, 0, 3600, &s) || !(s > 0))
        die(2, "%s must be a positive number of seconds, not '%s'", what, text);
    return s;
}

int main(int argc, char **argv)
{
    gbench_initialize(&argc, argv);
    char slices[4096], sets_dir[4096];
    snprintf(slices, sizeof slices, "%s/studies/connect4/bench_slices.csv", PRUNE_SOURCE_DIR);
    snprintf(sets_dir, sizeof sets_dir, "%s/studies/connect4", PRUNE_SOURCE_DIR);
    const char *env = getenv("PRUNE_BENCH_REPETITIONS");
    int repetitions = env && *env ? count_of(env, "PRUNE_BENCH_REPETITIONS") : 3;
    env = getenv("PRUNE_BENCH_MIN_TIME");
    double min_time = env && *env ? seconds_of(env, "PRUNE_BENCH_MIN_TIME") : 0.1;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        bool takes_value = strcmp(argv[i], "--slices") == 0 || strcmp(argv[i], "--sets-dir") == 0 ||
                           strcmp(argv[i], "--repetitions") == 0 || strcmp(argv[i], "--min-time") == 0;
        if (takes_value && i + 1 >= argc) die(2, "%s needs a value", argv[i]);
        if (strcmp(argv[i], "--slices") == 0) snprintf(slices, sizeof slices, "%s", argv[++i]);
        else if (strcmp(argv[i], "--sets-dir") == 0) snprintf(sets_dir, sizeof sets_dir, "%s", argv[++i]);
        else if (strcmp(argv[i], "--repetitions") == 0) repetitions = count_of(argv[++i], "--repetitions");
        else if (strcmp(argv[i], "--min-time") == 0) min_time = seconds_of(argv[++i], "--min-time");
        else argv[kept++] = argv[i];
    }
    argc = kept;
    if (gbench_report_unrecognized(argc, argv)) return 2;

    csv_table table;
    char message[512];
    if (csv_read(slices, &table, message, sizeof message)) {
        fprintf(stderr, "pons_bench: SKIPPED: %s\n", message);
        return EXIT_SKIPPED;
    }
    size_t count = table.rows;
    pons_case **cases = calloc(count ? count : 1, sizeof *cases);
    if (!cases) die(2, "out of memory");
    for (size_t r = 0; r < count; r++) {
        cases[r] = make_case(&table, r, sets_dir);
        gbench_benchmark *b = gbench_register(cases[r]->name, run, cases[r]);
        gbench_set_repetitions(b, repetitions);
        gbench_set_min_time(b, min_time);
        gbench_use_real_time(b);
        gbench_set_time_unit(b, GBENCH_MICROSECOND);
        gbench_report_aggregates_only(b, true);
    }
    gbench_add_context("prune_study", "pons");
    gbench_run_all();
    gbench_shutdown();
    int status = 0;
    for (size_t r = 0; r < count; r++) {
        if (cases[r]->failed) status = 1;
        free(cases[r]->positions);
        free(cases[r]);
    }
    free(cases);
    csv_free(&table);
    return status;
}
