/*
 * connect4_sized.h: Connect Four on a board of any size the 64-bit
 * bitboard holds, for the solver's `--size WxH` (docs/connect4.md, "Other
 * board sizes").
 *
 * The board of games/connect4.h with its width and height read from a
 * shape instead of fixed at 7x6: column c at bits (H+1)c .. (H+1)c+H-1, the
 * bit above each column empty, so W*(H+1) <= 64.  The fixed 7x6 board stays
 * the default and keeps its constants: every count and instruction of the
 * series' steps is the fixed board's.  This one costs a load or a shift
 * more per operation, and is the solver's third board (solver/solve_sized.c),
 * not a game of its own.
 *
 * Columns are written one character each, 1..9 then A, B, C for columns 10
 * to 12 (CONNECT4_SIZED_COLUMNS), so that a move list stays Pons' string
 * of columns on boards up to 9 wide.
 */
#ifndef PRUNE_CONNECT4_SIZED_H
#define PRUNE_CONNECT4_SIZED_H

#include <stdbool.h>
#include <stdint.h>

#include "connect4.h"

#define CONNECT4_SIZED_MIN 4          /* the narrowest and lowest board: a four fits every line */
#define CONNECT4_SIZED_MAX_WIDTH 12   /* 12 x (4 + 1) = 60 bits; 13 columns of 4 need 65 */
#define CONNECT4_SIZED_COLUMNS "123456789ABC"

typedef struct {
    int width, height, cells;
    int column_bits;           /* height + 1 */
    uint64_t bottom;           /* the bottom cell of every column */
    uint64_t board;            /* every playable cell */
    uint64_t column;           /* column 0's playable cells (shifted by column_bits c for column c) */
    int centre_first[CONNECT4_SIZED_MAX_WIDTH];  /* Pons' order: W/2 + (1 - 2(i%2))(i+1)/2 */
} connect4_shape;

typedef struct {
    uint64_t current;  /* stones of the side to move */
    uint64_t mask;     /* every stone */
    int moves;
} connect4_sized;

/* Whether the bitboard holds a width x height board (each from
 * CONNECT4_SIZED_MIN, W*(H+1) <= 64). */
static inline bool connect4_shape_fits(int width, int height)
{
    return width >= CONNECT4_SIZED_MIN && height >= CONNECT4_SIZED_MIN && width <= CONNECT4_SIZED_MAX_WIDTH &&
           width * (height + 1) <= 64;
}

/* The shape of a board that fits (connect4_shape_fits). */
static inline connect4_shape connect4_shape_of(int width, int height)
{
    connect4_shape s = {.width = width, .height = height, .cells = width * height, .column_bits = height + 1};
    s.column = (UINT64_C(1) << height) - 1;
    for (int c = 0; c < width; c++) {
        s.bottom |= UINT64_C(1) << (s.column_bits * c);
        s.board |= s.column << (s.column_bits * c);
        s.centre_first[c] = width / 2 + (1 - 2 * (c % 2)) * (c + 1) / 2;
    }
    return s;
}

static inline uint64_t connect4_sized_column_mask(const connect4_shape *s, int col)
{
    return s->column << (s->column_bits * col);
}

/* The shifted-and pattern of connect4_winning_cells, with the shape's
 * directions: vertical 1, horizontal H+1, the diagonals H and H+2. */
static inline uint64_t connect4_sized_winning_cells(const connect4_shape *s, uint64_t stones, uint64_t mask)
{
    uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);
    const int directions[3] = {s->column_bits, s->column_bits - 1, s->column_bits + 1};
    for (int d = 0; d < 3; d++) {
        int k = directions[d];
        uint64_t p = (stones << k) & (stones << 2 * k);
        r |= p & (stones << 3 * k);
        r |= p & (stones >> k);
        p = (stones >> k) & (stones >> 2 * k);
        r |= p & (stones << k);
        r |= p & (stones >> 3 * k);
    }
    return r & (s->board ^ mask);
}

static inline void connect4_sized_start(connect4_sized *b) { *b = (connect4_sized){0, 0, 0}; }
static inline int connect4_sized_moves(const connect4_sized *b) { return b->moves; }
static inline bool connect4_sized_can_play(const connect4_shape *s, const connect4_sized *b, int col)
{
    return (b->mask & (UINT64_C(1) << (s->column_bits * col + s->height - 1))) == 0;
}
static inline uint64_t connect4_sized_possible(const connect4_shape *s, const connect4_sized *b)
{
    return (b->mask + s->bottom) & s->board;
}
/* Unique per position and below 2^(W(H+1)): each column's stones plus
 * the cell above them, in the column's own H+1 bits. */
static inline uint64_t connect4_sized_key(const connect4_sized *b) { return b->current + b->mask; }
static inline void connect4_sized_play_cell(connect4_sized *b, uint64_t move)
{
    b->current ^= b->mask;
    b->mask |= move;
    b->moves++;
}
static inline void connect4_sized_play_column(const connect4_shape *s, connect4_sized *b, int col)
{
    connect4_sized_play_cell(b, (b->mask + (UINT64_C(1) << (s->column_bits * col))) &
                                    connect4_sized_column_mask(s, col));
}
static inline bool connect4_sized_is_winning_move(const connect4_shape *s, const connect4_sized *b, int col)
{
    return connect4_sized_winning_cells(s, b->current, b->mask) & connect4_sized_possible(s, b) &
           connect4_sized_column_mask(s, col);
}
static inline bool connect4_sized_can_win_next(const connect4_shape *s, const connect4_sized *b)
{
    return connect4_sized_winning_cells(s, b->current, b->mask) & connect4_sized_possible(s, b);
}
/* As connect4_bits_non_losing_moves. */
static inline uint64_t connect4_sized_non_losing_moves(const connect4_shape *s, const connect4_sized *b)
{
    uint64_t possible = connect4_sized_possible(s, b);
    uint64_t opponent_win = connect4_sized_winning_cells(s, b->current ^ b->mask, b->mask);
    uint64_t forced = possible & opponent_win;
    if (forced) {
        if (forced & (forced - 1)) return 0;
        possible = forced;
    }
    return possible & ~(opponent_win >> 1);
}
static inline int connect4_sized_move_score(const connect4_shape *s, const connect4_sized *b, uint64_t move)
{
    return connect4_count(connect4_sized_winning_cells(s, b->current | move, b->mask));
}
/* connect4_bits_move_score_threats (games/connect4.h) on a board of any size
 * (at most 2 x 12 tie-breaking cells, below 32). */
static inline int connect4_sized_move_score_threats(const connect4_shape *s, const connect4_sized *b, uint64_t move)
{
    uint64_t threats = connect4_sized_winning_cells(s, b->current | move, b->mask);
    uint64_t playable = ((b->mask | move) + s->bottom) & s->board;
    return 32 * connect4_count(threats) + connect4_count(threats & playable) +
           connect4_count(threats & playable << 1);
}

/* connect4_bits_opponent_cells and connect4_bits_move_score_weights
 * (games/connect4.h) on a board of any size. */
static inline uint64_t connect4_sized_opponent_cells(const connect4_shape *s, const connect4_sized *b)
{
    return connect4_sized_winning_cells(s, b->current ^ b->mask, b->mask);
}

static inline int connect4_sized_move_score_weights(const connect4_shape *s, const connect4_sized *b, uint64_t move,
                                                    uint64_t opponent)
{
    uint64_t mask = b->mask | move;
    return connect4_weighted_threats(connect4_sized_winning_cells(s, b->current | move, mask), opponent,
                                     (mask + s->bottom) & s->board, s->board);
}

/* connect4_has_four with the shape's directions. */
static inline bool connect4_sized_has_four(uint64_t stones, const void *shape)
{
    const connect4_shape *s = shape;
    const int directions[4] = {s->column_bits, s->column_bits - 1, s->column_bits + 1, 1};
    for (int d = 0; d < 4; d++) {
        uint64_t m = stones & (stones >> directions[d]);
        if (m & (m >> 2 * directions[d])) return true;
    }
    return false;
}

/* connect4_bits_claimeven_bound (games/connect4.h) on a board of any size:
 * no bound when the height is odd. */
static inline int connect4_sized_claimeven_bound(const connect4_shape *s, const connect4_sized *b)
{
    if (s->height % 2) return CONNECT4_NO_BOUND;
    return connect4_claimeven_bound(b->current, b->mask, connect4_sized_possible(s, b), s->board, s->bottom,
                                    s->height, connect4_sized_has_four, s);
}

/* The column (0-based) a move character names on a board `width` wide,
 * -1 for none. */
static inline int connect4_sized_column_of(char c, int width)
{
    for (int i = 0; i < width; i++)
        if (CONNECT4_SIZED_COLUMNS[i] == c) return i;
    return -1;
}

#endif
