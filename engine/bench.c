/*
 * bench.c: prune's search-behaviour signature, in the manner of chess
 * engines' `bench`: a fixed suite of searches (every game, every config,
 * both state modes) whose total node count changes exactly when search
 * behaviour changes.  A commit that changes it says so and gives the new
 * signature; tests/bench_signature.txt holds the expected one.
 *
 * The suite is data: positions and depths per game, chosen so that the
 * whole suite runs in seconds even in a sanitizer or -O0 build.
 */
#include <inttypes.h>
#include <string.h>

#include "bench.h"
#include "search.h"

typedef struct {
    const char *game;
    const char *moves;
    int depth;        /* recursive family */
    int tree_depth;   /* tree family */
} bench_position;

static const bench_position suite[] = {
    {"ttt", "", 9, 9},
    {"ttt", "4", 8, 8},
    {"ttt", "0,4,8", 6, 6},
    {"kalah", "", 6, 6},
    {"kalah", "5", 6, 7},
    {"kalah", "2,3,0", 5, 6},
    {"dots", "", 4, 4},
    {"dots", "0-1,5-6,10-11,0-4,2-3", 4, 4},
    {"minichess", "", 4, 4},
    {"minichess", "b2b3,c5c4,c2c3", 4, 4},
    {"ardri", "", 4, 4},
    {"ardri", "c3c2,e1e2", 3, 4},
    {"connect4", "", 5, 5},
    {"connect4", "4,4,5,3,3,2", 4, 5},
};

static int bench_one(const bench_position *p, const game_entry *game, const search_config *config,
                     state_mode state, uint64_t *nodes, FILE *out, bool verbose)
{
    search_request request = {.config = config, .moves = p->moves, .state = state,
                              .depth = config->algorithm == ALGORITHM_TREE ? p->tree_depth : p->depth,
                              .seed = SEARCH_DEFAULT_SEED};
    search_result result;
    char message[256];
    if (game->search(&request, &result, message, sizeof message) != SEARCH_OK) {
        fprintf(out, "bench: %s %s [%s] %s: %s\n", p->game, config->name, p->moves,
                state == STATE_UNDO ? "undo" : "copy", message);
        return -1;
    }
    *nodes += result.nodes;
    if (verbose)
        fprintf(out, "%-6s %-28s %-5s depth %2d moves [%s] best %s value %d nodes %" PRIu64 "\n",
                p->game, config->name, state == STATE_UNDO ? "undo" : "copy", request.depth, p->moves,
                result.best, result.value, result.nodes);
    return 0;
}

int bench_run(FILE *out, bool verbose)
{
    uint64_t total = 0;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        uint64_t nodes = 0;
        for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
            const game_entry *game = game_find(suite[i].game);
            if (!game) {
                fprintf(out, "bench: the suite names game '%s', which is not compiled\n", suite[i].game);
                return -1;
            }
            for (int state = STATE_COPY; state <= STATE_UNDO; state++)
                if (bench_one(&suite[i], game, config, (state_mode)state, &nodes, out, verbose)) return -1;
        }
        fprintf(out, "%-28s %" PRIu64 "\n", config->name, nodes);
        total += nodes;
    }
    fprintf(out, "signature: %" PRIu64 "\n", total);
    return 0;
}
