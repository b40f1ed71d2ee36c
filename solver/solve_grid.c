/* solve_grid.c: the solver's search on the plain grid of games/connect4_grid.h
 * (parts 3 to 8 only: see that header). */
#include "connect4_grid.h"
#define SOLVE_BOARD_TYPE connect4_grid
#define SOLVE_BOARD(op) connect4_grid_##op
#define SOLVE_RUN solve_grid_run
#define SOLVE_HAS_BITS 0
#include "solve_search.h"
