/*
 * solve_instance.h: what engine/solve.c shares with the solver's instances
 * (engine/solve_search.h compiled once per board).
 */
#ifndef PRUNE_SOLVE_INSTANCE_H
#define PRUNE_SOLVE_INSTANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "solve.h"
#include "solve_table.h"

/* The series' score bounds with a table (parts 7 on): a position that is
 * not over and cannot be won at once scores within [MIN, MAX]. */
#define SOLVE_MIN_SCORE (-CONNECT4_CELLS / 2 + 3)        /* -18 */
#define SOLVE_MAX_SCORE ((CONNECT4_CELLS + 1) / 2 - 3)   /*  18 */

typedef struct {
    const solve_config *config;
    solve_table *table;
    uint64_t nodes;
} solve_context;

/* Solves the position after `moves` (already checked by solve_check_moves)
 * with ctx->config; the table must be ready and empty. */
int solve_bitboard_run(solve_context *ctx, const char *moves, bool weak);
int solve_grid_run(solve_context *ctx, const char *moves, bool weak);

#endif
