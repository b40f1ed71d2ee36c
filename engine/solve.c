/*
 * solve.c: the steps of the Connect Four solver as data, and the entry
 * point that checks a position, readies the table and times one solve
 * (docs/connect4.md).  The search itself is engine/solve_search.h.
 */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "connect4.h"
#include "solve.h"
#include "solve_instance.h"

/* One row per step of the series; each adds one flag to the row above
 * (part 6 is the bitboard: `--board grid` against the default).  Part 3
 * has no weak solver (its code ignores -w): weak solve-minmax is the same
 * search as strong. */
static const solve_config steps[] = {
    {"solve-minmax", "Pons part 3: plain negamax over columns 1..7, a win at once scored first",
     3, false, false, SOLVE_TABLE_NONE, false, false, false, false},
    {"solve-alphabeta", "Pons part 4: alpha-beta, beta lowered to the best score still reachable",
     4, true, false, SOLVE_TABLE_NONE, false, false, false, false},
    {"solve-order", "Pons part 5: columns centre first (4,3,5,2,6,1,7)",
     5, true, true, SOLVE_TABLE_NONE, false, false, false, false},
    {"solve-tt", "Pons part 7: transposition table of upper bounds (8,388,593 entries)",
     7, true, true, SOLVE_TABLE_UPPER, false, false, false, false},
    {"solve-id", "Pons part 8: iterative null-window search narrowing [min, max]",
     8, true, true, SOLVE_TABLE_UPPER, true, false, false, false},
    {"solve-nonlosing", "Pons part 9: wins at once answered without search; non-losing moves only",
     9, true, true, SOLVE_TABLE_UPPER, true, true, false, false},
    {"solve-sorted", "Pons part 10: moves sorted by the winning cells they create",
     10, true, true, SOLVE_TABLE_UPPER, true, true, true, false},
    {"solve-tt32", "Pons part 11: table of 32-bit truncated keys, 8,388,617 entries",
     11, true, true, SOLVE_TABLE_UPPER_KEY32, true, true, true, false},
    {"solve-lowerbound", "Pons part 12: lower bounds stored in the table too",
     12, true, true, SOLVE_TABLE_BOUNDS_KEY32, true, true, true, false},
    /* prune's own steps beyond the series (part 0); docs/connect4.md measures each. */
    {"solve-mirror", "prune: part 12 with a position and its mirror image sharing one table entry",
     0, true, true, SOLVE_TABLE_BOUNDS_KEY32, true, true, true, true},
    {"solve-buckets", "prune: two entries a bucket, full keys, the shallower position kept first",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true},
};

size_t solve_config_count(void) { return sizeof steps / sizeof steps[0]; }

const solve_config *solve_config_at(size_t index)
{
    return index < solve_config_count() ? &steps[index] : NULL;
}

const solve_config *solve_config_find(const char *name)
{
    for (size_t i = 0; i < solve_config_count(); i++)
        if (strcmp(steps[i].name, name) == 0) return &steps[i];
    return NULL;
}

bool solve_check_moves(const char *moves, char *message, size_t message_size)
{
    connect4_bits b;
    connect4_bits_start(&b);
    for (size_t i = 0; moves[i]; i++) {
        char c = moves[i];
        const char *why = c < '1' || c > '7'             ? "is not a column 1..7"
                          : !connect4_bits_can_play(&b, c - '1') ? "is a full column"
                          : connect4_bits_is_winning_move(&b, c - '1') ? "completes four (the game would be over)"
                                                                        : NULL;
        if (why) {
            snprintf(message, message_size, "move %zu ('%c') of '%.50s' %s", i + 1, c, moves, why);
            return false;
        }
        connect4_bits_play_column(&b, c - '1');
    }
    return true;
}

/* One table for the whole process: allocated at its first use, emptied
 * after every position (engine/solve_table.h says how, cheaply). */
static solve_table table;

search_status solve_prepare(const solve_config *config, char *message, size_t message_size)
{
    if (config->table == SOLVE_TABLE_NONE || solve_table_ready(&table, config->table)) return SEARCH_OK;
    snprintf(message, message_size, "cannot allocate the %s transposition table", config->name);
    return SEARCH_BUDGET_EXCEEDED;
}

search_status solve_position(const char *moves, const solve_config *config, bool weak,
                             solve_board board, solve_result *result, char *message, size_t message_size)
{
    if (!solve_check_moves(moves, message, message_size)) return SEARCH_BAD_INPUT;
    if (board == SOLVE_GRID && config->non_losing) {
        snprintf(message, message_size, "%s needs the bitboard: the grid runs parts 3 to 8 only", config->name);
        return SEARCH_BAD_INPUT;
    }
    search_status status = solve_prepare(config, message, message_size);
    if (status != SEARCH_OK) return status;
    solve_context ctx = {.config = config, .table = &table, .nodes = 0};
    double start = clock_seconds();
    int score = board == SOLVE_GRID ? solve_grid_run(&ctx, moves, weak) : solve_bitboard_run(&ctx, moves, weak);
    double seconds = clock_seconds() - start;
    if (config->table != SOLVE_TABLE_NONE) solve_table_clear(&table);
    *result = (solve_result){.score = score, .nodes = ctx.nodes, .seconds = seconds};
    return SEARCH_OK;
}
