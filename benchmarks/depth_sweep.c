/*
 * depth_sweep.c: nodes against depth for every config on every compiled
 * game, from the start position, so that the plots can show each config's
 * effective branching factor.
 *
 *   depth_sweep [--out PATH] [--budget SECONDS] [--max-nodes N] [--games a,b]
 *
 * For each game and config it searches depth 1, 2, ... (copy-make; undo
 * searches the same tree) up to the game's maximum depth, and stops after
 * the first search that took longer than --budget seconds (default 0.25)
 * or would exceed --max-nodes (default 20000000); the environment variable
 * PRUNE_SWEEP_BUDGET gives the default budget.  One CSV row per search:
 * game, moves, config, state, depth, nodes, created, evals, best, value,
 * seconds (one search; for orientation only: the timings are the studies').
 * The CSV goes to --out, written to a temporary file and renamed, or to
 * standard output.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "escape.h"
#include "numbers.h"
#include "search.h"

static bool wanted(const char *list, const char *name)
{
    if (!list) return true;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += n)
        if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ',')) return true;
    return false;
}

typedef struct {
    const char *out, *games;
    double budget;
    uint64_t max_nodes;
} sweep_arguments;

/* One line on stderr (the echoed argument escaped), exit 2. */
static _Noreturn void bad_argument(const char *what, const char *argument)
{
    fprintf(stderr, "depth_sweep: %s '", what);
    escape_message(stderr, argument);
    fputs("' (usage: depth_sweep [--out PATH] [--budget SECONDS] [--max-nodes N] [--games a,b])\n", stderr);
    exit(2);
}

static double parse_budget(const char *text)
{
    double budget;
    if (!parse_decimal_number(text, 0, 1e6, &budget))
        bad_argument("the budget must be seconds from 0 to 1000000 (e.g. 0.25), not", text);
    return budget;
}

/* Every number is checked (cli/numbers.h): an unchecked strtoull read
 * --max-nodes -1 as 2^64 - 1, and the search's max_nodes + 1 wrapped to 0. */
static sweep_arguments parse_arguments(int argc, char **argv)
{
    const char *env = getenv("PRUNE_SWEEP_BUDGET");
    sweep_arguments a = {.budget = env && *env ? parse_budget(env) : 0.25, .max_nodes = 20000000};
    for (int i = 1; i < argc; i += 2) {
        const char *name = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        long long nodes;
        bool known = strcmp(name, "--out") == 0 || strcmp(name, "--budget") == 0 ||
                     strcmp(name, "--max-nodes") == 0 || strcmp(name, "--games") == 0;
        if (!known) bad_argument("unknown argument", name);
        if (!value) bad_argument("a value is missing after", name);
        if (strcmp(name, "--out") == 0) a.out = value;
        else if (strcmp(name, "--games") == 0) a.games = value;
        else if (strcmp(name, "--budget") == 0) a.budget = parse_budget(value);
        else if (parse_whole_number(value, 1, NUMBERS_MAX_NODES, &nodes)) a.max_nodes = (uint64_t)nodes;
        else bad_argument("--max-nodes must be a whole number from 1 to 4000000000, not", value);
    }
    return a;
}

int main(int argc, char **argv)
{
    sweep_arguments arguments = parse_arguments(argc, argv);
    const char *out = arguments.out, *games = arguments.games;
    double budget = arguments.budget;
    uint64_t max_nodes = arguments.max_nodes;
    atomic_file result;
    char why[512];
    FILE *f = stdout;
    if (out && !(f = atomic_open(&result, out, why, sizeof why))) {
        fprintf(stderr, "depth_sweep: %s\n", why);
        return 1;
    }
    fprintf(f, "game,moves,config,state,depth,nodes,created,evals,best,value,seconds\n");
    for (size_t g = 0; g < game_count(); g++) {
        const game_entry *game = game_at(g);
        if (!wanted(games, game->name)) continue;
        for (size_t c = 0; c < config_count(); c++) {
            const search_config *config = config_at(c);
            for (int depth = 1; depth <= game->max_depth; depth++) {
                search_request request = {.config = config, .moves = "", .depth = depth, .state = STATE_COPY,
                                          .max_nodes = max_nodes, .seed = SEARCH_DEFAULT_SEED};
                search_result r;
                char message[256];
                search_status status = game->search(&request, &r, message, sizeof message);
                if (status == SEARCH_BUDGET_EXCEEDED) break;
                if (status != SEARCH_OK) {
                    fprintf(stderr, "depth_sweep: %s %s depth %d: %s\n", game->name, config->name, depth, message);
                    if (out) atomic_abandon(&result);
                    return 1;
                }
                fprintf(f, "%s,,%s,copy,%d,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%s,%d,%.9f\n", game->name,
                        config->name, depth, r.nodes, r.created, r.evals, r.best, r.value, r.seconds);
                if (r.seconds > budget) break;
            }
        }
        fprintf(stderr, "depth_sweep: %s done\n", game->name);
    }
    if (out && atomic_commit(&result, why, sizeof why) != 0) {
        fprintf(stderr, "depth_sweep: %s\n", why);
        return 1;
    }
    return 0;
}
