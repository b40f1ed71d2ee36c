/*
 * time_ladder.c: the techniques study's time-limited table: how deep each
 * deepening config gets within a time budget, from the start position of
 * every compiled game.
 *
 *   time_ladder [--out PATH] [--budgets MS[,MS...]] [--games a,b]
 *
 * The configs are negamax-ab, every ladder config that deepens (engine/
 * config.c: ladder-id and up) and every MCTS config (issue 50: its
 * playouts within the budget, beside the ladder's nodes), in the order of
 * the config list.  A ladder config deepens itself: one search to the
 * game's maximum depth with the request's time_us set to the budget answers
 * with its deepest completed iteration.  An MCTS config has no depth: one
 * search with time_us set runs its iterations until the budget (or a proof
 * of the root).  negamax-ab cannot be stopped mid-search, so this program
 * deepens it: fresh searches at depth 1, 2, ... while their summed times
 * stay within the budget; a depth that would need more than twice the time
 * left at the node rate measured so far is cut short by its node budget
 * (max_nodes) and counts as not completed, so the budget is overrun by a
 * bounded amount, not by the next depth's whole search.
 *
 * One CSV row per (game, config, budget): game, config, deepening (engine,
 * harness or mcts), budget_ms, depth (the deepest completed iteration;
 * empty for MCTS), nodes (that iteration's; MCTS: the search's), total_nodes
 * (every completed iteration's, and for the engine the stopped one's too),
 * seconds (the search's, or the harness's summed searches'), best, value,
 * finished (1 when the game's maximum depth was reached, or MCTS proved the
 * root, before the budget), runs, iterations and playouts (MCTS only: so
 * playouts a second sit beside the ladder's nodes a second).  A budget of
 * 100 ms or less is measured three times and the median run (by depth,
 * then nodes; MCTS by playouts, then nodes) kept: a
 * short budget is at the mercy of one descheduling on a shared machine; a
 * longer one is measured once.  The depths are the figure, the seconds are
 * for orientation.
 * Default budgets: 10,100,1000 (ms), or PRUNE_TIME_BUDGETS.  The CSV is
 * written atomically to --out, or to standard output.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "escape.h"
#include "name_list.h"
#include "numbers.h"
#include "options.h"
#include "search.h"

#define MAX_BUDGETS 8
#define MAX_BUDGET_MS 60000
#define HARNESS_SLACK 2.0 /* a harness depth may take this many times the time left */
#define SHORT_BUDGET_MS 100
#define SHORT_BUDGET_RUNS 3

typedef struct {
    const char *out, *games;
    long long budgets[MAX_BUDGETS];
    int budget_count;
} arguments;

/* The deepest completed iteration within one budget. */
typedef struct {
    int depth, value;
    uint64_t nodes, total_nodes, iterations, playouts; /* the last two: MCTS's */
    double seconds;
    char best[32];
    bool finished;
} measurement;

static _Noreturn void bad_argument(const char *what, const char *argument)
{
    fprintf(stderr, "time_ladder: %s '", what);
    escape_message(stderr, argument);
    fputs("'\n", stderr);
    exit(2);
}

/* "10,100,1000": each a whole number of milliseconds from 1 to 60000. */
static void parse_budgets(const char *text, arguments *a)
{
    char copy[256];
    if (!*text || strlen(text) >= sizeof copy) bad_argument("--budgets takes milliseconds like 10,100,1000, not", text);
    strcpy(copy, text);
    a->budget_count = 0;
    for (char *item = copy, *next; item; item = next) {
        next = strchr(item, ',');
        if (next) *next++ = '\0';
        if (a->budget_count == MAX_BUDGETS) bad_argument("--budgets takes at most 8 budgets, not", text);
        if (!parse_whole_number(item, 1, MAX_BUDGET_MS, &a->budgets[a->budget_count++]))
            bad_argument("each budget must be whole milliseconds from 1 to 60000, not", item);
    }
}

/* The options go through prune's own parser (util/options.h: each once, a
 * value present, nothing unknown); the values are checked here. */
static const char usage[] =
    "usage: time_ladder [--out PATH] [--budgets MS[,MS...]] [--games a,b]\n"
    "\n"
    "The depth each deepening config completes within each time budget (an MCTS\n"
    "config: its iterations and playouts), from the start position of every\n"
    "compiled game: one CSV row per game, config and budget.\n"
    "\n"
    "  --out PATH          write the CSV to PATH (atomically), not to standard output\n"
    "  --budgets MS,...    the budgets in milliseconds, 1 to 60000, at most 8\n"
    "                      (default 10,100,1000, or PRUNE_TIME_BUDGETS)\n"
    "  --games a,b         these games only (default: every compiled game)\n"
    "  --help, -h          print this help\n";

static arguments parse_arguments(int argc, char **argv)
{
    static const option_spec specs[] = {
        {"out", true}, {"budgets", true}, {"games", true}, {"help", false}, {NULL, false}};
    arguments a = {0};
    options o;
    char message[512];
    if (options_parse("time_ladder", specs, NULL, argc, argv, 1, &o, message, sizeof message) != OPTIONS_OK) {
        escape_message(stderr, message);
        fputc('\n', stderr);
        exit(2);
    }
    if (options_given(&o, "help")) {
        fputs(usage, stdout);
        exit(fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1);
    }
    const char *env = getenv("PRUNE_TIME_BUDGETS");
    parse_budgets(options_given(&o, "budgets") ? options_value(&o, "budgets") : env && *env ? env : "10,100,1000", &a);
    a.out = options_value(&o, "out");
    a.games = options_value(&o, "games");
    if (a.games)
        for (const char *p = a.games; *p;) {
            size_t n = strcspn(p, ",");
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), p);
            if (!game_find(name)) bad_argument("no such game in --games:", name);
            p += n + (p[n] == ',');
        }
    return a;
}

/* The configs of the table: negamax-ab, deepened here, the ladder configs
 * that deepen themselves, and the MCTS configs. */
static bool in_table(const search_config *c)
{
    return c->algorithm == ALGORITHM_NEGAMAX_AB || (c->algorithm == ALGORITHM_LADDER && c->ladder.deepening) ||
           c->algorithm == ALGORITHM_MCTS;
}

static void take_result(measurement *m, int depth, const search_result *r)
{
    m->depth = depth;
    m->value = r->value;
    snprintf(m->best, sizeof m->best, "%s", r->best);
}

/* One search with the deadline in the request. */
static bool measure_engine(const game_entry *game, const search_config *config, long long budget_ms,
                           measurement *m, char *message, size_t size)
{
    search_request request = {.config = config, .moves = "", .depth = game->max_depth, .state = STATE_COPY,
                              .seed = SEARCH_DEFAULT_SEED, .time_us = (uint64_t)budget_ms * 1000};
    search_result r;
    if (game->search(&request, &r, message, size) != SEARCH_OK) return false;
    *m = (measurement){.nodes = r.iteration_nodes[r.iterations - 1], .total_nodes = r.nodes, .seconds = r.seconds,
                       .finished = r.iterations == game->max_depth};
    take_result(m, r.iterations, &r);
    return true;
}

/* One MCTS search within the budget: its iterations, playouts and nodes. */
static bool measure_mcts(const game_entry *game, const search_config *config, long long budget_ms, measurement *m,
                         char *message, size_t size)
{
    search_request request = {.config = config, .moves = "", .depth = game->max_depth, /* in range; unused */
                              .state = STATE_COPY, .seed = SEARCH_DEFAULT_SEED, .time_us = (uint64_t)budget_ms * 1000};
    search_result r;
    if (game->search(&request, &r, message, size) != SEARCH_OK) return false;
    *m = (measurement){.nodes = r.nodes, .total_nodes = r.nodes, .seconds = r.seconds,
                       .iterations = r.mcts_iterations, .playouts = r.playouts,
                       .finished = r.proven != SEARCH_UNPROVEN};
    take_result(m, 0, &r);
    return true;
}

/* Fresh searches at depth 1, 2, ... while their summed time fits. */
static bool measure_harness(const game_entry *game, const search_config *config, long long budget_ms,
                            measurement *m, char *message, size_t size)
{
    double budget = (double)budget_ms / 1000;
    *m = (measurement){0};
    for (int depth = 1; depth <= game->max_depth; depth++) {
        double left = budget - m->seconds;
        search_request request = {.config = config, .moves = "", .depth = depth, .state = STATE_COPY,
                                  .seed = SEARCH_DEFAULT_SEED};
        if (m->seconds > 0) {
            double cap = left * HARNESS_SLACK * ((double)m->total_nodes / m->seconds);
            request.max_nodes = cap < 1 ? 1 : cap > (double)NUMBERS_MAX_NODES ? (uint64_t)NUMBERS_MAX_NODES
                                                                               : (uint64_t)cap;
        }
        search_result r;
        search_status status = game->search(&request, &r, message, size);
        if (status == SEARCH_BUDGET_EXCEEDED) break;
        if (status != SEARCH_OK) return false;
        if (depth > 1 && m->seconds + r.seconds > budget) break;
        m->seconds += r.seconds;
        m->total_nodes += r.nodes;
        m->nodes = r.nodes;
        m->finished = depth == game->max_depth;
        take_result(m, depth, &r);
    }
    return true;
}

static void write_row(FILE *f, const game_entry *game, const search_config *config, long long budget_ms,
                      const measurement *m, int runs)
{
    bool mcts = config->algorithm == ALGORITHM_MCTS;
    char depth[16] = "", iterations[24] = "", playouts[24] = "";
    if (mcts) {
        snprintf(iterations, sizeof iterations, "%" PRIu64, m->iterations);
        snprintf(playouts, sizeof playouts, "%" PRIu64, m->playouts);
    } else {
        snprintf(depth, sizeof depth, "%d", m->depth);
    }
    fprintf(f, "%s,%s,%s,%lld,%s,%" PRIu64 ",%" PRIu64 ",%.6f,%s,%d,%d,%d,%s,%s\n", game->name, config->name,
            mcts ? "mcts" : config->algorithm == ALGORITHM_LADDER ? "engine" : "harness", budget_ms, depth, m->nodes,
            m->total_nodes, m->seconds, m->best, m->value, m->finished, runs, iterations, playouts);
}

static bool measure(const game_entry *game, const search_config *config, long long budget_ms, measurement *m,
                    char *message, size_t size)
{
    if (config->algorithm == ALGORITHM_MCTS) return measure_mcts(game, config, budget_ms, m, message, size);
    return config->algorithm == ALGORITHM_LADDER ? measure_engine(game, config, budget_ms, m, message, size)
                                                 : measure_harness(game, config, budget_ms, m, message, size);
}

/* The order of the median: depth then nodes (an MCTS row's depth is 0: its playouts come first). */
static bool shallower(const measurement *a, const measurement *b)
{
    if (a->depth != b->depth) return a->depth < b->depth;
    if (a->playouts != b->playouts) return a->playouts < b->playouts;
    return a->nodes < b->nodes;
}

/* The median of `runs` measurements (runs odd, at most SHORT_BUDGET_RUNS). */
static bool measure_median(const game_entry *game, const search_config *config, long long budget_ms, int runs,
                           measurement *median, char *message, size_t size)
{
    measurement m[SHORT_BUDGET_RUNS];
    for (int i = 0; i < runs; i++) {
        if (!measure(game, config, budget_ms, &m[i], message, size)) return false;
        for (int j = i; j > 0 && shallower(&m[j], &m[j - 1]); j--) {
            measurement t = m[j];
            m[j] = m[j - 1];
            m[j - 1] = t;
        }
    }
    *median = m[runs / 2];
    return true;
}

/* Every row of one game; false with a message on a failed search. */
static bool measure_game(FILE *f, const game_entry *game, const arguments *a, char *message, size_t size)
{
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        if (!in_table(config)) continue;
        for (int b = 0; b < a->budget_count; b++) {
            measurement m;
            int runs = a->budgets[b] <= SHORT_BUDGET_MS ? SHORT_BUDGET_RUNS : 1;
            if (!measure_median(game, config, a->budgets[b], runs, &m, message, size)) return false;
            write_row(f, game, config, a->budgets[b], &m, runs);
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    arguments a = parse_arguments(argc, argv);
    atomic_file result;
    char message[512];
    FILE *f = stdout;
    if (a.out && !(f = atomic_open(&result, a.out, message, sizeof message))) {
        fprintf(stderr, "time_ladder: %s\n", message);
        return 1;
    }
    fputs("game,config,deepening,budget_ms,depth,nodes,total_nodes,seconds,best,value,finished,runs,iterations,"
          "playouts\n", f);
    for (size_t g = 0; g < game_count(); g++) {
        const game_entry *game = game_at(g);
        if (!name_listed(a.games, game->name)) continue;
        if (!measure_game(f, game, &a, message, sizeof message)) {
            fprintf(stderr, "time_ladder: %s: %s\n", game->name, message);
            if (a.out) atomic_abandon(&result);
            return 1;
        }
        fprintf(stderr, "time_ladder: %s done\n", game->name);
    }
    if (a.out && atomic_commit(&result, message, sizeof message) != 0) {
        fprintf(stderr, "time_ladder: %s\n", message);
        return 1;
    }
    return 0;
}
