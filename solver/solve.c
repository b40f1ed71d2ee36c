/*
 * solve.c: the steps of the Connect Four solver as data, and the entry
 * point that checks a position, readies the table and times one solve
 * (docs/connect4.md).  The search itself is solver/solve_search.h; the
 * team of threads and the budgets' checkpoint it calls back are
 * solver/solve_instance.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "connect4.h"
#include "connect4_sized.h"
#include "solve.h"
#include "solve_instance.h"

/* One row per step of the series; each adds one flag to the row above
 * (part 6 is the bitboard: `--board grid` against the default).  Part 3
 * has no weak solver (its code ignores -w): weak solve-minmax is the same
 * search as strong. */
static const solve_config solve_steps[] = {
    {"solve-minmax", "Pons part 3: plain negamax over columns 1..7, a win at once scored first",
     3, false, false, SOLVE_TABLE_NONE, false, false, false, false, false, false, false, false, false},
    {"solve-alphabeta", "Pons part 4: alpha-beta, beta lowered to the best score still reachable",
     4, true, false, SOLVE_TABLE_NONE, false, false, false, false, false, false, false, false, false},
    {"solve-order", "Pons part 5: columns centre first (4,3,5,2,6,1,7)",
     5, true, true, SOLVE_TABLE_NONE, false, false, false, false, false, false, false, false, false},
    {"solve-tt", "Pons part 7: transposition table of upper bounds (8,388,593 entries)",
     7, true, true, SOLVE_TABLE_UPPER, false, false, false, false, false, false, false, false, false},
    {"solve-id", "Pons part 8: iterative null-window search narrowing [min, max]",
     8, true, true, SOLVE_TABLE_UPPER, true, false, false, false, false, false, false, false, false},
    {"solve-nonlosing", "Pons part 9: wins at once answered without search; non-losing moves only",
     9, true, true, SOLVE_TABLE_UPPER, true, true, false, false, false, false, false, false, false},
    {"solve-sorted", "Pons part 10: moves sorted by the winning cells they create",
     10, true, true, SOLVE_TABLE_UPPER, true, true, true, false, false, false, false, false, false},
    {"solve-tt32", "Pons part 11: table of 32-bit truncated keys, 8,388,617 entries",
     11, true, true, SOLVE_TABLE_UPPER_KEY32, true, true, true, false, false, false, false, false, false},
    {"solve-lowerbound", "Pons part 12: lower bounds stored in the table too",
     12, true, true, SOLVE_TABLE_BOUNDS_KEY32, true, true, true, false, false, false, false, false, false},
    /* prune's own steps beyond the series (part 0); docs/connect4.md measures each. */
    {"solve-mirror", "prune: part 12 with a position and its mirror image sharing one table entry",
     0, true, true, SOLVE_TABLE_BOUNDS_KEY32, true, true, true, true, false, false, false, false, false},
    {"solve-buckets", "prune: two entries a bucket, full keys, the shallower position kept first",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, false, false, false, false, false},
    {"solve-etc", "prune: a child's stored bound that already cuts the node off ends it unsearched",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, false, false, false, false},
    {"solve-threats", "prune: among moves making as many threats, first those playable soon",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, true, false, false, false},
    {"solve-claimeven", "prune: the first player's score bounded by what the second's claimeven leaves it",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, true, true, false, false},
    {"solve-weights", "prune: moves ordered by useful threats, weighed by how soon they can be played",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, true, true, true, false},
    {"solve-aspiration", "prune: strong solves probe a guess next to 0, then one step from it, before halving",
     0, true, true, SOLVE_TABLE_BUCKETS, true, true, true, true, true, true, true, true, true},
};

size_t solve_config_count(void) { return sizeof solve_steps / sizeof solve_steps[0]; }

const solve_config *solve_config_at(size_t index)
{
    return index < solve_config_count() ? &solve_steps[index] : NULL;
}

const solve_config *solve_config_fastest(void) { return &solve_steps[solve_config_count() - 1]; }

const solve_config *solve_config_find(const char *name)
{
    for (size_t i = 0; i < solve_config_count(); i++)
        if (strcmp(solve_steps[i].name, name) == 0) return &solve_steps[i];
    return NULL;
}

bool solve_size_fits(solve_size size) { return connect4_shape_fits(size.width, size.height); }

bool solve_check_moves(const char *moves, char *message, size_t message_size)
{
    return solve_check_moves_sized(moves, SOLVE_SIZE_STANDARD, message, message_size);
}

/* The 7x6 board's bits are the sized board's at 7x6 (7 bits a column), so
 * one checker serves every size. */
bool solve_check_moves_sized(const char *moves, solve_size size, char *message, size_t message_size)
{
    connect4_shape shape = connect4_shape_of(size.width, size.height);
    char columns[48];
    if (size.width <= 9) snprintf(columns, sizeof columns, "is not a column 1..%d", size.width);
    else snprintf(columns, sizeof columns, "is not a column 1..9, A..%c", CONNECT4_SIZED_COLUMNS[size.width - 1]);
    connect4_sized b;
    connect4_sized_start(&b);
    for (size_t i = 0; moves[i]; i++) {
        char c = moves[i];
        int col = connect4_sized_column_of(c, size.width);
        const char *why = col < 0                                              ? columns
                          : !connect4_sized_can_play(&shape, &b, col)          ? "is a full column"
                          : connect4_sized_is_winning_move(&shape, &b, col) ? "completes four (the game would be over)"
                                                                               : NULL;
        if (why) {
            snprintf(message, message_size, "move %zu ('%c') of '%.50s' %s", i + 1, c, moves, why);
            return false;
        }
        connect4_sized_play_column(&shape, &b, col);
    }
    return true;
}

/* A win with the m-th stone scores (cells + 2 - m) / 2 (SOLVE_WIN_NOW with
 * m - 1 stones before it): two move numbers give each score, and the
 * winner's parity picks one. */
int solve_last_move(int score, int stones, int cells)
{
    if (score == 0) return cells;
    int magnitude = score > 0 ? score : -score;
    int winner_parity = score > 0 ? (stones + 1) % 2 : stones % 2;  /* of the winner's move numbers */
    int m = cells + 2 - 2 * magnitude;
    return m % 2 == winner_parity ? m : m - 1;
}

/* One table for the whole process: allocated at its first use, emptied
 * after every position (solver/solve_table.h says how, cheaply). */
static solve_table process_table;

void solve_set_table_megabytes(size_t megabytes)
{
    if (megabytes == (process_table.megabytes ? process_table.megabytes : SOLVE_TABLE_DEFAULT_MEGABYTES)) return;
    free(process_table.full);  /* table_memory_zeroed's memory */
    free(process_table.key32);
    free(process_table.buckets);
    process_table.full = process_table.key32 = process_table.buckets = NULL;
    process_table.size_full = process_table.size_key32 = process_table.bucket_count = 0;
    process_table.touched_count = 0;
    process_table.touched_all = false;
    process_table.used = 0;
    process_table.megabytes = megabytes;
}

static int solve_threads = 1;

void solve_set_threads(int threads) { solve_threads = threads; }

bool solve_threads_run(const solve_config *config) { return config->non_losing && config->table != SOLVE_TABLE_NONE; }

search_status solve_prepare(const solve_config *config, char *message, size_t message_size)
{
    if (config->table == SOLVE_TABLE_NONE || solve_table_ready(&process_table, config->table)) return SEARCH_OK;
    snprintf(message, message_size, "cannot allocate the %s transposition table (%zu MiB)", config->name,
                 process_table.megabytes ? process_table.megabytes : (size_t)SOLVE_TABLE_DEFAULT_MEGABYTES);
    return SEARCH_BUDGET_EXCEEDED;
}

/* The message of a solve a budget stopped, worded as `prune search` words its own. */
static search_status report_stop(solve_stop why, const solve_limits *limits, char *message, size_t size)
{
    if (why == SOLVE_STOP_NODES)
        snprintf(message, size, "solve stopped: it would exceed the node budget of %llu (raise --max-nodes)",
                 (unsigned long long)limits->max_nodes);
    else
        snprintf(message, size, "solve stopped: it would exceed the time budget of %.0f ms (raise --time-ms)",
                 (limits->deadline - limits->started) * 1000);
    return SEARCH_BUDGET_EXCEEDED;
}

bool solve_past_deadline(const solve_limits *limits, char *message, size_t message_size)
{
    if (!limits || limits->deadline <= 0 || clock_seconds() <= limits->deadline) return false;
    report_stop(SOLVE_STOP_TIME, limits, message, message_size);
    return true;
}

/* Runs one solve of checked moves with `limits`; the table is empty again
 * afterwards, whether the solve finished or a budget stopped it. */
static search_status run_solve(const char *moves, const solve_config *config, bool weak, solve_board board,
                               solve_size size, const solve_limits *limits, solve_result *result, char *message,
                               size_t message_size)
{
    jmp_buf stop;
    int threads = solve_threads_run(config) ? solve_threads : 1;
    solve_context ctx = {.config = config, .table = &process_table, .nodes = 0, .limits = limits, .stop = &stop,
                         .team = solve_team_of(threads)};
    ctx.check_at = solve_next_check(&ctx);
    double start = clock_seconds();
    ctx.last_report = start;
    solve_stop why = (solve_stop)setjmp(stop);
    if (why != SOLVE_STOP_NONE) {  /* only ctx's fields, through its address, are read after the jump */
        if (config->table != SOLVE_TABLE_NONE) solve_table_clear(&process_table);
        return report_stop(why, limits, message, message_size);
    }
    int score = board == SOLVE_SIZED || !solve_size_is_standard(size) ? solve_sized_run(&ctx, moves, weak, size)
                : board == SOLVE_GRID                                   ? solve_grid_run(&ctx, moves, weak)
                                                                        : solve_bitboard_run(&ctx, moves, weak);
    double seconds = clock_seconds() - start;
    /* On a team `used` raced: the entries are counted as the table is emptied. */
    uint64_t entries = 0;
    if (config->table != SOLVE_TABLE_NONE && ctx.team) entries = solve_table_clear_counting(&process_table, config->table);
    else if (config->table != SOLVE_TABLE_NONE) entries = process_table.used, solve_table_clear(&process_table);
    *result = (solve_result){.score = score, .nodes = ctx.nodes + ctx.helper_nodes, .seconds = seconds,
                             .table_probes = ctx.probes, .table_hits = ctx.hits, .mirror_hits = ctx.mirror_hits,
                             .table_entries = entries, .table_slots = solve_table_slots(&process_table, config->table),
                             .threads = threads};
    return SEARCH_OK;
}

/* Whether the step and board run at `size`: the grid is 7x6 only, and
 * every table but the buckets keeps at most 49 bits of a key (the 7x6
 * key's), so on a board whose keys take more (W(H+1) bits) only the
 * buckets tell positions apart. */
static bool solve_size_runs(const solve_config *config, solve_board board, solve_size size, char *message,
                            size_t message_size)
{
    if (!solve_size_fits(size)) {
        snprintf(message, message_size, "a %dx%d board does not fit the bitboard (width and height from 4, "
                 "width x (height + 1) at most 64)", size.width, size.height);
        return false;
    }
    if (solve_size_is_standard(size)) return true;
    if (board == SOLVE_GRID) {
        snprintf(message, message_size, "the grid is 7x6 only: a %dx%d board runs on the bitboard", size.width,
                 size.height);
        return false;
    }
    int key_bits = size.width * (size.height + 1);
    if (config->table != SOLVE_TABLE_NONE && config->table != SOLVE_TABLE_BUCKETS && key_bits > 49) {
        snprintf(message, message_size, "%s's table keeps 49 bits of a key, and a %dx%d board's keys take %d: "
                 "use solve-buckets", config->name, size.width, size.height, key_bits);
        return false;
    }
    return true;
}

/* What every solve checks first: the step runs on this board and size,
 * the moves are legal, its table is there. */
static search_status solve_ready(const char *moves, const solve_config *config, solve_board board, solve_size size,
                                 char *message, size_t message_size)
{
    if (!solve_size_runs(config, board, size, message, message_size)) return SEARCH_BAD_INPUT;
    if (!solve_check_moves_sized(moves, size, message, message_size)) return SEARCH_BAD_INPUT;
    if (board == SOLVE_GRID && config->non_losing) {
        snprintf(message, message_size, "%s needs the bitboard: the grid runs parts 3 to 8 only", config->name);
        return SEARCH_BAD_INPUT;
    }
    return solve_prepare(config, message, message_size);
}

search_status solve_position(const char *moves, const solve_config *config, bool weak, solve_board board,
                             solve_size size, const solve_limits *limits, solve_result *result, char *message,
                             size_t message_size)
{
    search_status status = solve_ready(moves, config, board, size, message, message_size);
    return status != SEARCH_OK ? status
                               : run_solve(moves, config, weak, board, size, limits, result, message, message_size);
}

search_status solve_analyze(const char *moves, const solve_config *config, bool weak, solve_board board,
                            solve_size size, const solve_limits *limits, solve_analysis *result, char *message,
                            size_t message_size)
{
    search_status status = solve_ready(moves, config, board, size, message, message_size);
    if (status != SEARCH_OK) return status;
    connect4_shape shape = connect4_shape_of(size.width, size.height);  /* at 7x6, the fixed board's bits */
    connect4_sized b;
    connect4_sized_start(&b);
    for (const char *p = moves; *p; p++) connect4_sized_play_column(&shape, &b, connect4_sized_column_of(*p, size.width));
    size_t length = strlen(moves);
    char child[64 + 2];  /* checked moves: at most cells - 1 <= 63 */
    memcpy(child, moves, length);
    solve_limits shared = limits ? *limits : (solve_limits){0};
    *result = (solve_analysis){.width = size.width, .score = 0};
    bool any = false;
    for (int col = 0; col < size.width; col++) {
        int score;
        if (!connect4_sized_can_play(&shape, &b, col)) {
            result->scores[col] = SOLVE_COLUMN_FULL;
            continue;
        }
        if (connect4_sized_is_winning_move(&shape, &b, col)) {
            score = (shape.cells + 1 - (int)length) / 2;  /* the series' score of a win with this stone */
        } else {
            child[length] = CONNECT4_SIZED_COLUMNS[col];
            child[length + 1] = '\0';
            solve_result r;
            status = run_solve(child, config, weak, board, size, limits ? &shared : NULL, &r, message, message_size);
            if (status != SEARCH_OK) return status;
            score = -r.score;
            shared.nodes_before += r.nodes;
            result->nodes += r.nodes;
            result->seconds += r.seconds;
        }
        result->scores[col] = score;
        if (!any || score > result->score) result->score = score;
        any = true;
    }
    return SEARCH_OK;
}
