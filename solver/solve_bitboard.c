/* solve_bitboard.c: the solver's search on the bitboard of games/connect4.h. */
#define SOLVE_BOARD_TYPE connect4_bits
#define SOLVE_BOARD(op) connect4_bits_##op
#define SOLVE_RUN solve_bitboard_run
#define SOLVE_HAS_BITS 1
#include "solve_search.h"
