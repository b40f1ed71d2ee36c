/* match_openings.c: `prune openings`, balanced start positions for
 * matches (docs/strength.md#openings).  Candidate i is the seeded random
 * line of --plies plies from the start (the game's random_line, seed mixed
 * from --seed and i); it is kept when the game goes on after it, when no
 * earlier kept line is the same, and when a negamax-ab search to --depth
 * scores it within --margin of the start position's score at that depth
 * (the maximiser's view): "near even" means no further from the balance
 * the game itself starts with (Ard Ri's sides are unequal, so its start
 * does not score 0).  The output is
 * the openings file prune match --openings reads, written whole at the end. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "match.h"
#include "random.h"

#define OPENINGS_MAX 10000
#define OPENINGS_TRIES_PER_OPENING 1000 /* candidates tried per opening asked before giving up */

static bool seen_before(char *const *kept, size_t count, const char *moves)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(kept[i], moves) == 0) return true;
    return false;
}

/* The shallow search's value of the position, from the maximiser's view. */
static bool shallow_value(const game_entry *game, const char *moves, int depth, uint64_t seed, int *value)
{
    search_request q = {.config = config_find("negamax-ab"), .moves = moves, .depth = depth, .seed = seed,
                        .untimed = true};
    search_result r;
    char message[256];
    if (game->search(&q, &r, message, sizeof message) != SEARCH_OK) return false;
    *value = r.root_max ? r.value : -r.value;
    return true;
}

static void free_openings(char **kept, size_t found)
{
    for (size_t i = 0; i < found; i++) free(kept[i]);
    free(kept);
}

static int run_openings(const options *o)
{
    const game_entry *game = cli_game(o);
    size_t count = (size_t)cli_number(o, "count", 1, OPENINGS_MAX, 100);
    int plies = (int)cli_number(o, "plies", 1, 1000, 4);
    int depth = (int)cli_number(o, "depth", 1, game->max_depth, game->max_depth < 4 ? game->max_depth : 4);
    int margin = (int)cli_number(o, "margin", 0, 1000000, 0);
    uint64_t seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1);
    int start;
    if (!shallow_value(game, "", depth, seed, &start)) cli_fail("depth %d is too deep for a judging search", depth);
    char **kept = calloc(count, sizeof *kept);
    if (!kept) cli_fail("out of memory");
    size_t found = 0;
    char moves[MATCH_MOVES_SIZE], message[256];
    for (uint64_t i = 0; found < count && i < (uint64_t)count * OPENINGS_TRIES_PER_OPENING; i++) {
        uint64_t state = seed ^ (i * 0x9E3779B97F4A7C15ULL), line_seed = splitmix64_next(&state);
        game->random_line(line_seed, plies, moves, sizeof moves);
        int value;
        if (match_count_plies(moves) != plies || !match_position_playable(game, moves, message, sizeof message)) continue;
        if (seen_before(kept, found, moves)) continue;
        if (!shallow_value(game, moves, depth, line_seed, &value) || abs(value - start) > margin) continue;
        kept[found] = strdup(moves);
        if (!kept[found]) cli_fail("out of memory");
        found++;
    }
    if (found < count) {
        free_openings(kept, found);  /* cli_fail exits: free first, so a leak check sees none */
        cli_fail("only %zu of %zu openings of %d plies score within %d of the start's %d at depth %d (lower --count, "
                 "or widen --margin)", found, count, plies, margin, start, depth);
    }
    printf("# prune openings %s --count %zu --plies %d --depth %d --margin %d --seed %" PRIu64
           " (the start scores %d at depth %d)\n", game->name, count, plies, depth, margin, seed, start, depth);
    for (size_t i = 0; i < found; i++) printf("%s\n", kept[i]);
    free_openings(kept, found);
    return CLI_OK;
}

static const option_spec openings_options[] = {
    {"count", true}, {"plies", true}, {"depth", true}, {"margin", true}, {"seed", true}, {"help", false},
    {NULL, false},
};

const command command_openings = {
    .name = "openings", .operand = "GAME", .options = openings_options, .run = run_openings,
    .synopsis = "GAME [--count N] [--plies P] [--depth D] [--margin M] [--seed S]",
    .summary = "print balanced start positions for prune match --openings: seeded random lines,\n"
               "kept when a shallow search scores them near even, without duplicates",
    .help =
        "usage: prune openings GAME [options]\n"
        "\n"
        "  --count N     openings to find (1 to 10000, default 100); fewer found is status 2\n"
        "  --plies P     random plies from the start (default 4); a line the game ends in is dropped\n"
        "  --depth D     the negamax-ab search that judges a line (default 4, or max_depth)\n"
        "  --margin M    keep a line whose value is within M of the start position's value at the\n"
        "                same depth, maximiser's view (default 0)\n"
        "  --seed S      seed of the random lines (default 1)\n"
        "  --help, -h    print this help\n",
};
