/*
 * bench.c: prune's search-behaviour signature, in the manner of chess
 * engines' `bench`: a fixed suite of searches (every game, every config,
 * both state modes) whose total node count changes exactly when search
 * behaviour changes.  A commit that changes it says so and gives the new
 * signature; tests/bench_signature.txt holds the expected one.
 *
 * The suite is data: each game's header lists its positions and depths
 * (NAME_BENCH, games/README.md; game_entry.bench), chosen so that the
 * whole suite runs in seconds even in a sanitizer or -O0 build.  Every
 * compiled game takes part, in the registry's order.
 */
#include <inttypes.h>

#include "bench.h"
#include "search.h"

/* An MCTS config's searches in the suite: this many iterations from each
 * position (it has no depth), enough for every step to act: proofs near
 * the end of a game, the hybrids' searches, a tree several plies deep. */
#define BENCH_MCTS_ITERATIONS 300

static int bench_one(const game_bench_position *p, const game_entry *game, const search_config *config,
                     state_mode state, uint64_t *nodes, FILE *out, bool verbose)
{
    search_request request = {.config = config, .moves = p->moves, .state = state,
                              .depth = config->algorithm == ALGORITHM_TREE ? p->tree_depth : p->depth,
                              .seed = SEARCH_DEFAULT_SEED,
                              .iterations = config->algorithm == ALGORITHM_MCTS ? BENCH_MCTS_ITERATIONS : 0};
    search_result result;
    char message[256];
    if (game->search(&request, &result, message, sizeof message) != SEARCH_OK) {
        fprintf(out, "bench: %s %s [%s] %s: %s\n", game->name, config->name, p->moves,
                state == STATE_UNDO ? "undo" : "copy", message);
        return -1;
    }
    *nodes += result.nodes;
    if (verbose)
        fprintf(out, "%-6s %-28s %-5s depth %2d moves [%s] best %s value %d nodes %" PRIu64 "\n",
                game->name, config->name, state == STATE_UNDO ? "undo" : "copy", request.depth, p->moves,
                result.best, result.value, result.nodes);
    return 0;
}

int bench_run(FILE *out, bool verbose)
{
    uint64_t total = 0;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        uint64_t nodes = 0;
        for (size_t g = 0; g < game_count(); g++) {
            const game_entry *game = game_at(g);
            for (int i = 0; i < game->bench_count; i++)
                for (int state = STATE_COPY; state <= STATE_UNDO; state++)
                    if (bench_one(&game->bench[i], game, config, (state_mode)state, &nodes, out, verbose)) return -1;
        }
        fprintf(out, "%-28s %" PRIu64 "\n", config->name, nodes);
        total += nodes;
    }
    fprintf(out, "signature: %" PRIu64 "\n", total);
    return 0;
}
