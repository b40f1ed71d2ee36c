/*
 * connect4_grid.h: Connect Four on a plain 7x6 grid, the representation of
 * the series' parts 3 to 5 (docs/connect4.md).
 *
 * It is the solver's second board (`prune solve --board grid`), not a game
 * of its own: the same solver template (solver/solve_search.h) runs on it
 * and on the bitboard of games/connect4.h, searches the same trees with the
 * same node counts, and the difference in time is the representation's
 * alone (part 6's measurement, as copy-make against do-undo is elsewhere).
 * It offers the operations the column-by-column search of parts 3 to 8
 * needs; the non-losing moves and the move sorter of parts 9 to 12 are
 * bitboard operations, so those steps run on the bitboard only.
 */
#ifndef PRUNE_CONNECT4_GRID_H
#define PRUNE_CONNECT4_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "connect4.h"

typedef struct {
    uint8_t cell[CONNECT4_WIDTH][CONNECT4_HEIGHT];  /* 0 empty, 1 first player, 2 second */
    uint8_t height[CONNECT4_WIDTH];                 /* stones in each column */
    int moves;
} connect4_grid;

static inline void connect4_grid_start(connect4_grid *g) { *g = (connect4_grid){{{0}}, {0}, 0}; }
static inline int connect4_grid_moves(const connect4_grid *g) { return g->moves; }
static inline bool connect4_grid_can_play(const connect4_grid *g, int col)
{
    return g->height[col] < CONNECT4_HEIGHT;
}
static inline void connect4_grid_play_column(connect4_grid *g, int col)
{
    g->cell[col][g->height[col]++] = (uint8_t)(1 + g->moves % 2);
    g->moves++;
}

/* The side to move's stones in a line through (col, row) in direction
 * (dx, dy), not counting the cell itself, on one side. */
static inline int connect4_grid_run(const connect4_grid *g, int col, int row, int dx, int dy, int player)
{
    int count = 0;
    for (int x = col + dx, y = row + dy; x >= 0 && x < CONNECT4_WIDTH && y >= 0 && y < CONNECT4_HEIGHT &&
                                         g->cell[x][y] == player;
         x += dx, y += dy)
        count++;
    return count;
}

/* Playing `col` (which must be playable) completes four for the side to move. */
static inline bool connect4_grid_is_winning_move(const connect4_grid *g, int col)
{
    int player = 1 + g->moves % 2, row = g->height[col];
    if (row >= 3 && g->cell[col][row - 1] == player && g->cell[col][row - 2] == player &&
        g->cell[col][row - 3] == player)
        return true;
    for (int dy = -1; dy <= 1; dy++)  /* a falling diagonal, the row, a rising diagonal */
        if (connect4_grid_run(g, col, row, -1, -dy, player) + connect4_grid_run(g, col, row, 1, dy, player) >= 3)
            return true;
    return false;
}

/* The bitboard's key (games/connect4.h), computed cell by cell, so that the
 * transposition-table steps index the same slots on both boards. */
static inline uint64_t connect4_grid_key(const connect4_grid *g)
{
    uint64_t current = 0, mask = 0;
    int player = 1 + g->moves % 2;
    for (int col = 0; col < CONNECT4_WIDTH; col++)
        for (int row = 0; row < g->height[col]; row++) {
            uint64_t bit = UINT64_C(1) << (7 * col + row);
            mask |= bit;
            if (g->cell[col][row] == player) current |= bit;
        }
    return current + mask;
}

#endif
