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

/* What stops the sweep is --max-nodes, never memory: its deepest tree rows
 * (kalah tree-standard depth 10, 17,560,095 nodes) take 828 MiB, above
 * the commands' default bound (engine/table_memory.h). */
#define SWEEP_MEMORY_MB 1024

#include "atomic_file.h"
#include "escape.h"
#include "name_list.h"
#include "numbers.h"
#include "options.h"
#include "search.h"

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
    fputs("'\n", stderr);
    exit(2);
}

static double parse_budget(const char *text)
{
    double budget;
    if (!parse_decimal_number(text, 0, 1e6, &budget))
        bad_argument("the budget must be seconds from 0 to 1000000 (e.g. 0.25), not", text);
    return budget;
}

/* The options go through prune's own parser (util/options.h: each once, a
 * value present, nothing unknown); every number is checked (util/numbers.h):
 * an unchecked strtoull read --max-nodes -1 as 2^64 - 1, and the search's
 * max_nodes + 1 wrapped to 0. */
static const char usage[] =
    "usage: depth_sweep [--out PATH] [--budget SECONDS] [--max-nodes N] [--games a,b]\n"
    "\n"
    "Nodes against depth for every config on every compiled game, from the start\n"
    "position: one CSV row per search, depth 1, 2, ... until a search takes longer\n"
    "than the budget or would pass the node limit.\n"
    "\n"
    "  --out PATH          write the CSV to PATH (atomically), not to standard output\n"
    "  --budget SECONDS    stop a config after a search longer than this (default 0.25,\n"
    "                      or PRUNE_SWEEP_BUDGET)\n"
    "  --max-nodes N       stop before a search of more than N nodes (default 20000000)\n"
    "  --games a,b         these games only (default: every compiled game)\n"
    "  --help, -h          print this help\n";

static sweep_arguments parse_arguments(int argc, char **argv)
{
    static const option_spec specs[] = {{"out", true},   {"budget", true}, {"max-nodes", true},
                                        {"games", true}, {"help", false},  {NULL, false}};
    const char *env = getenv("PRUNE_SWEEP_BUDGET");
    sweep_arguments a = {.budget = env && *env ? parse_budget(env) : 0.25, .max_nodes = 20000000};
    options o;
    char message[512];
    if (options_parse("depth_sweep", specs, NULL, argc, argv, 1, &o, message, sizeof message) != OPTIONS_OK) {
        escape_message(stderr, message);
        fputc('\n', stderr);
        exit(2);
    }
    if (options_given(&o, "help")) {
        fputs(usage, stdout);
        exit(fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1);
    }
    a.out = options_value(&o, "out");
    a.games = options_value(&o, "games");
    if (options_given(&o, "budget")) a.budget = parse_budget(options_value(&o, "budget"));
    long long nodes;
    const char *max_nodes = options_value(&o, "max-nodes");
    if (max_nodes && !parse_whole_number(max_nodes, 1, NUMBERS_MAX_NODES, &nodes))
        bad_argument("--max-nodes must be a whole number from 1 to 4000000000, not", max_nodes);
    if (max_nodes) a.max_nodes = (uint64_t)nodes;
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
        if (!name_listed(games, game->name)) continue;
        for (size_t c = 0; c < config_count(); c++) {
            const search_config *config = config_at(c);
            if (config->algorithm == ALGORITHM_MCTS) continue; /* no depth to sweep (docs/mcts.md) */
            for (int depth = 1; depth <= game->max_depth; depth++) {
                search_request request = {.config = config, .moves = "", .depth = depth, .state = STATE_COPY,
                                          .max_nodes = max_nodes, .seed = SEARCH_DEFAULT_SEED,
                                          .max_memory_mb = SWEEP_MEMORY_MB};
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
