/*
 * oracle_test.c: the differential oracle and the copy/undo identity.
 *
 * For every game, on 24 seeded random positions and at every depth from 1
 * to the game's test depth:
 *   - every config except alphabeta-scala (which keeps the Scala post's
 *     slip on purpose) returns the root value plain minimax returns;
 *   - every config, alphabeta-scala included, gives identical nodes,
 *     created, evals, best move and value in copy-make and do-undo mode.
 * And on the first two positions at the test depth, the node budget's
 * edge: a search given exactly what it needs (the nodes a recursive config
 * visits, the children a tree config creates) as --max-nodes succeeds with
 * the same result, and one less stops it with SEARCH_BUDGET_EXCEEDED.
 * The Monte Carlo family has no depth and is not minimax: tests/mcts_test.c
 * holds it to minimax where it proves a value.
 * Prints one line per failure and a summary `N passed, N failed`.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "check_tally.h"
#include "search.h"

#define POSITIONS 24


static search_status search_with_budget(const game_entry *game, const char *config, const char *moves, int depth,
                                        state_mode state, uint64_t max_nodes, search_result *result,
                                        char *message, size_t message_size)
{
    search_request request = {.config = config_find(config), .moves = moves, .depth = depth,
                              .state = state, .max_nodes = max_nodes, .seed = SEARCH_DEFAULT_SEED};
    return game->search(&request, result, message, message_size);
}

static bool run(const game_entry *game, const char *config, const char *moves, int depth, state_mode state,
                search_result *result)
{
    char message[256];
    if (search_with_budget(game, config, moves, depth, state, 0, result, message, sizeof message) == SEARCH_OK)
        return true;
    failed++;
    printf("FAIL %s [%s] %s depth %d: %s\n", game->name, moves, config, depth, message);
    return false;
}

static void compare_modes(const game_entry *game, const char *config, const char *moves, int depth,
                          const search_result *copy, const search_result *undo)
{
    const char *name = game->name;
    check(copy->nodes == undo->nodes, name, moves, config, depth, "undo nodes", (long long)undo->nodes,
          (long long)copy->nodes);
    check(copy->created == undo->created, name, moves, config, depth, "undo created",
          (long long)undo->created, (long long)copy->created);
    check(copy->evals == undo->evals, name, moves, config, depth, "undo evals", (long long)undo->evals,
          (long long)copy->evals);
    check(copy->value == undo->value, name, moves, config, depth, "undo value", undo->value, copy->value);
    bool same_best = strcmp(copy->best, undo->best) == 0;
    if (!same_best) printf("     best: copy %s, undo %s\n", copy->best, undo->best);
    check(same_best, name, moves, config, depth, "undo best differs", 0, 0);
}

static void test_position(const game_entry *game, const char *moves, int depth)
{
    search_result reference;
    if (!run(game, "minimax", moves, depth, STATE_COPY, &reference)) return;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        search_result copy, undo;
        if (config->algorithm == ALGORITHM_MCTS) continue;
        if (!run(game, config->name, moves, depth, STATE_COPY, &copy)) continue;
        if (!run(game, config->name, moves, depth, STATE_UNDO, &undo)) continue;
        compare_modes(game, config->name, moves, depth, &copy, &undo);
        if (config->algorithm != ALGORITHM_ALPHABETA_SCALA)
            check(copy.value == reference.value, game->name, moves, config->name, depth,
                  "value against minimax", copy.value, reference.value);
    }
}

/* The budget's edge for every config in copy-make mode: what a config
 * counts against --max-nodes is visits (recursive family) or created
 * children (tree family). */
static void test_budget(const game_entry *game, const char *moves, int depth)
{
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        search_result full, exact, short_of;
        if (config->algorithm == ALGORITHM_MCTS) continue;
        if (!run(game, config->name, moves, depth, STATE_COPY, &full)) continue;
        uint64_t needed = config->algorithm == ALGORITHM_TREE ? full.created : full.nodes;
        if (needed < 2) continue; /* a budget of 0 means the default */
        char message[256];
        search_status status = search_with_budget(game, config->name, moves, depth, STATE_COPY, needed, &exact,
                                                  message, sizeof message);
        check(status == SEARCH_OK && exact.nodes == full.nodes && exact.value == full.value, game->name, moves,
              config->name, depth, "status with the budget it needs", status, SEARCH_OK);
        status = search_with_budget(game, config->name, moves, depth, STATE_COPY, needed - 1, &short_of, message,
                                    sizeof message);
        check(status == SEARCH_BUDGET_EXCEEDED, game->name, moves, config->name, depth,
              "status with one node less", status, SEARCH_BUDGET_EXCEEDED);
    }
}

int main(int argc, char **argv)
{
    for (size_t g = 0; g < game_count(); g++) {
        const game_entry *game = game_at(g);
        if (argc > 1 && strcmp(argv[1], game->name) != 0) continue;
        int before = failed;
        for (int i = 0; i < POSITIONS; i++) {
            char moves[4096];
            /* Plies 0..46 in steps of 2: openings, middle games, endings. */
            game->random_line(1000 + (uint64_t)i, 2 * i, moves, sizeof moves);
            for (int depth = 1; depth <= game->test_depth; depth++) test_position(game, moves, depth);
            if (i < 2) test_budget(game, moves, game->test_depth);
        }
        printf("%s: %s\n", game->name, failed == before ? "ok" : "FAILED");
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed || !passed ? 1 : 0; /* a run that checked nothing has failed too */
}
