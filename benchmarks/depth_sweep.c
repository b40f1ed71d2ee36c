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
#include "search.h"

static bool wanted(const char *list, const char *name)
{
    if (!list) return true;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += n)
        if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ',')) return true;
    return false;
}

int main(int argc, char **argv)
{
    const char *out = NULL, *games = NULL;
    const char *env = getenv("PRUNE_SWEEP_BUDGET");
    double budget = env && *env ? atof(env) : 0.25;
    uint64_t max_nodes = 20000000;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) {
            fprintf(stderr, "usage: depth_sweep [--out PATH] [--budget SECONDS] [--max-nodes N] [--games a,b]\n");
            return 2;
        }
        if (strcmp(argv[i], "--out") == 0) out = argv[++i];
        else if (strcmp(argv[i], "--budget") == 0) budget = atof(argv[++i]);
        else if (strcmp(argv[i], "--max-nodes") == 0) max_nodes = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--games") == 0) games = argv[++i];
        else {
            fprintf(stderr, "depth_sweep: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
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
