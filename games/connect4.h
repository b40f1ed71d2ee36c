/*
 * connect4.h: Connect Four on a 7x(6+1) bitboard (docs/connect4.md).
 *
 * Two layers, one file:
 *  - connect4_bits: the bare board the solver (solver/solve*.c) searches:
 *    the side to move's stones and the occupied cells, one 64-bit word
 *    each, column c at bits 7c..7c+5 (bit 7c+6 stays empty, so a column's
 *    "next free cell" is mask + bottom and nothing carries into the next
 *    column).  It never knows whether the game is over: the solver never
 *    plays a move that wins, it scores it.
 *  - connect4_state: the game contract of games/README.md over that board,
 *    plus the winner, for every config of the tree-search engine.
 *
 * Moves are columns 0..6, written 1..7 (one digit each).  The first player
 * maximises.  Evaluation at the depth horizon, from the maximiser's view:
 * +-CONNECT4_WIN (1000) for a finished game, flat like minichess's (the
 * tree family has no depth term), otherwise the number of empty cells that
 * would complete four for the first player minus those for the second
 * ("threats", the same cells the solver's move sorter counts).
 */
#ifndef PRUNE_CONNECT4_H
#define PRUNE_CONNECT4_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define CONNECT4_NAME "connect4"
#define CONNECT4_DESCRIPTION "Connect Four, 7 columns x 6 rows, columns 1..7, bitboard (Pons study)"
#define CONNECT4_MOVE_EXAMPLE "a column 1..7, e.g. 4 (a list: 4,4,5,3 or 4453)"
#define CONNECT4_MAX_MOVES 7
#define CONNECT4_TEST_DEPTH 6  /* 7^6 = 117649 leaves for plain minimax: well under a second */
#define CONNECT4_MAX_DEPTH 42
#define CONNECT4_WIN_SCORE 0      /* wins are a flat +-CONNECT4_WIN, no depth term (as minichess) */
#define CONNECT4_EVAL_SCALE 2 /* implicit minimax backups (engine/mcts_search.h): a clear lead is two threats more */
#define CONNECT4_WIN 1000
#define CONNECT4_ALTERNATES 1
/* prune bench's searches (engine/bench.c): X(moves, depth, tree depth) */
#define CONNECT4_BENCH_POSITIONS 2
#define CONNECT4_BENCH(X) X("", 5, 5) X("4,4,5,3,3,2", 4, 5)
#define CONNECT4_MATCH_MAX_PLIES 42 /* a match's ply cap: the board holds 42 stones */

#define CONNECT4_WIDTH 7
#define CONNECT4_HEIGHT 6
#define CONNECT4_CELLS 42
#define CONNECT4_BOTTOM UINT64_C(0x40810204081)  /* bit 7c of every column c */
#define CONNECT4_BOARD UINT64_C(0xfdfbf7efdfbf)  /* the 42 playable cells */

/* ---- the bare board ---- */

typedef struct {
    uint64_t current;  /* stones of the side to move */
    uint64_t mask;     /* every stone */
    int moves;         /* stones played */
} connect4_bits;

static inline uint64_t connect4_column_mask(int col) { return UINT64_C(0x3F) << (7 * col); }
static inline uint64_t connect4_top_cell(int col) { return UINT64_C(1) << (7 * col + 5); }
static inline uint64_t connect4_bottom_cell(int col) { return UINT64_C(1) << (7 * col); }

/* Every empty cell that completes four with `stones` (the shifted-and
 * pattern: three neighbours in a line on either side of the cell). */
static inline uint64_t connect4_winning_cells(uint64_t stones, uint64_t mask)
{
    uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);  /* vertical: three below */
    static const int directions[3] = {7, 6, 8};                    /* horizontal, two diagonals */
    for (int d = 0; d < 3; d++) {
        int s = directions[d];
        uint64_t p = (stones << s) & (stones << 2 * s);
        r |= p & (stones << 3 * s);
        r |= p & (stones >> s);
        p = (stones >> s) & (stones >> 2 * s);
        r |= p & (stones << s);
        r |= p & (stones >> 3 * s);
    }
    return r & (CONNECT4_BOARD ^ mask);
}

/* True when `stones` contain four in a row. */
static inline bool connect4_has_four(uint64_t stones)
{
    static const int directions[4] = {7, 6, 8, 1};
    for (int d = 0; d < 4; d++) {
        uint64_t m = stones & (stones >> directions[d]);
        if (m & (m >> 2 * directions[d])) return true;
    }
    return false;
}

static inline void connect4_bits_start(connect4_bits *b) { *b = (connect4_bits){0, 0, 0}; }
static inline int connect4_bits_moves(const connect4_bits *b) { return b->moves; }
static inline bool connect4_bits_can_play(const connect4_bits *b, int col)
{
    return (b->mask & connect4_top_cell(col)) == 0;
}
static inline uint64_t connect4_bits_possible(const connect4_bits *b)
{
    return (b->mask + CONNECT4_BOTTOM) & CONNECT4_BOARD;
}
/* The position's key for the solver's table: unique per position, below 2^49. */
static inline uint64_t connect4_bits_key(const connect4_bits *b) { return b->current + b->mask; }

/* Plays the cell `move` (one bit, the lowest free cell of its column). */
static inline void connect4_bits_play_cell(connect4_bits *b, uint64_t move)
{
    b->current ^= b->mask;  /* the side to move changes; the new stone is the mover's, not in current */
    b->mask |= move;
    b->moves++;
}
static inline void connect4_bits_play_column(connect4_bits *b, int col)
{
    connect4_bits_play_cell(b, (b->mask + connect4_bottom_cell(col)) & connect4_column_mask(col));
}
static inline bool connect4_bits_is_winning_move(const connect4_bits *b, int col)
{
    return connect4_winning_cells(b->current, b->mask) & connect4_bits_possible(b) & connect4_column_mask(col);
}
static inline bool connect4_bits_can_win_next(const connect4_bits *b)
{
    return connect4_winning_cells(b->current, b->mask) & connect4_bits_possible(b);
}
/* The moves that do not hand the opponent a win at once (the side to move
 * cannot win at once): the single forced block if the opponent threatens
 * one playable cell, none if two, and never the cell under an opponent's
 * winning cell. */
static inline uint64_t connect4_bits_non_losing_moves(const connect4_bits *b)
{
    uint64_t possible = connect4_bits_possible(b);
    uint64_t opponent_win = connect4_winning_cells(b->current ^ b->mask, b->mask);
    uint64_t forced = possible & opponent_win;
    if (forced) {
        if (forced & (forced - 1)) return 0;
        possible = forced;
    }
    return possible & ~(opponent_win >> 1);
}
/* The number of cells in a set.  Not __builtin_popcountll: without a
 * -march that has the popcnt instruction (Debian builds for plain x86-64)
 * GCC makes it a call into libgcc, 5% of the solver's time.  Bits summed
 * in pairs, nibbles, then bytes by the multiply. */
static inline int connect4_count(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* The move sorter's score: winning cells the side to move has after `move`
 * (the mask deliberately without the move, as the series computes it). */
static inline int connect4_bits_move_score(const connect4_bits *b, uint64_t move)
{
    return connect4_count(connect4_winning_cells(b->current | move, b->mask));
}

/* The solver's step solve-threats: the winning cells `move` creates, as
 * above, and among moves that create as many, first those whose new
 * winning cells can be played at once or one cell above a playable cell
 * (16 times the count keeps it the first key: at most 14 such cells). */
static inline int connect4_bits_move_score_threats(const connect4_bits *b, uint64_t move)
{
    uint64_t threats = connect4_winning_cells(b->current | move, b->mask);
    uint64_t playable = ((b->mask | move) + CONNECT4_BOTTOM) & CONNECT4_BOARD;
    return 16 * connect4_count(threats) + connect4_count(threats & playable) +
           connect4_count(threats & playable << 1);
}

/* The solver's step solve-weights: the threats `move` creates that are
 * of use, each weighed by how soon it can be played.  A winning cell
 * directly above one of the opponent's is of no use (the opponent wins
 * first whenever the cell below is played), so it does not count; each
 * other scores 16, 3 more when it lies one cell above a playable cell (the
 * opponent may not play below it, which c4's ordering weighs most) and 2
 * more when it is playable at once (the opponent must answer it).  The
 * weights are prune's, tried on `4444` and three sets (docs/connect4.md). */
#define CONNECT4_WEIGHT_THREAT 16
#define CONNECT4_WEIGHT_ABOVE 3
#define CONNECT4_WEIGHT_NOW 2
static inline int connect4_weighted_threats(uint64_t threats, uint64_t opponent, uint64_t playable, uint64_t board)
{
    threats &= ~(opponent << 1);
    return CONNECT4_WEIGHT_THREAT * connect4_count(threats) + CONNECT4_WEIGHT_NOW * connect4_count(threats & playable) +
           CONNECT4_WEIGHT_ABOVE * connect4_count(threats & (playable << 1) & board);
}

/* The opponent's winning cells before any move: the same for every move
 * of a node, so the node finds them once and scores each move with them. */
static inline uint64_t connect4_bits_opponent_cells(const connect4_bits *b)
{
    return connect4_winning_cells(b->current ^ b->mask, b->mask);
}

static inline int connect4_bits_move_score_weights(const connect4_bits *b, uint64_t move, uint64_t opponent)
{
    uint64_t mask = b->mask | move;
    return connect4_weighted_threats(connect4_winning_cells(b->current | move, mask), opponent,
                                     (mask + CONNECT4_BOTTOM) & CONNECT4_BOARD, CONNECT4_BOARD);
}

#define CONNECT4_NO_BOUND 127  /* connect4_claimeven_bound: no bound found */

/* The solver's step solve-claimeven: an upper bound on the score of the
 * side to move, when it is the first player (an even number of stones),
 * from Allis' claimeven (1988): the second player answers every move in
 * an even-height column with the cell above it, and a move in an
 * odd-height column with the lowest cell of another odd-height column
 * (their number is even before each of the first player's moves, so one
 * is left).  Every column height stays even after each answer, so the
 * second player ends with every empty cell of an even row (2, 4, ...,
 * counted from 1 at the bottom) that is not now the lowest free cell of
 * its column; the first player gets at most the rest.
 *  - If that rest holds no four, the first player never wins: the score
 *    is at most 0.
 *  - If the second player's cells hold a four G too, the game ends with a
 *    four of the second player's at the latest when G's last empty cell is
 *    filled; the cells above it in its column are still empty then.  With
 *    R the highest row (from 0) of G's empty cells, at most C - (H - 1 - R)
 *    stones are down when the second player's winning stone lands, so the
 *    score is at most -(H + 1 - R) / 2 (Pons' scale; R is odd): on 7x6, -3
 *    for R = 1, -2 for R = 3, -1 for R = 5.
 * `four` says whether a set of cells holds four in a row; `board` is every
 * cell, `possible` the lowest free cells, `bottom` the bottom cell of every
 * column.  The board's `height` must be even: else a move on top of a
 * column has no answer above it. */
static inline int connect4_claimeven_bound(uint64_t current, uint64_t mask, uint64_t possible, uint64_t board,
                                           uint64_t bottom, int height, bool (*four)(uint64_t, const void *),
                                           const void *shape)
{
    uint64_t column = (UINT64_C(1) << height) - 1;
    uint64_t even_rows = bottom * (column & UINT64_C(0xAAAAAAAAAAAAAAAA));
    uint64_t second = (current ^ mask) | (board & ~mask & even_rows & ~possible);
    if (four(board & ~second, shape)) return CONNECT4_NO_BOUND;
    if (!four(second, shape)) return 0;
    for (int row = 1; row < height - 1; row += 2) {
        uint64_t low = bottom * ((UINT64_C(2) << row) - 1);  /* rows 0 .. row of every column */
        if (four(second & (mask | low), shape)) return -(height + 1 - row) / 2;
    }
    return -1;
}

static inline bool connect4_four_of(uint64_t stones, const void *shape)
{
    (void)shape;
    return connect4_has_four(stones);
}

static inline int connect4_bits_claimeven_bound(const connect4_bits *b)
{
    return connect4_claimeven_bound(b->current, b->mask, connect4_bits_possible(b), CONNECT4_BOARD,
                                    CONNECT4_BOTTOM, CONNECT4_HEIGHT, connect4_four_of, NULL);
}

/* ---- the game contract (games/README.md) ---- */

typedef uint8_t connect4_move;  /* column 0..6 */

typedef struct {
    connect4_bits bits;
    int8_t winner;  /* +1 the first player has four, -1 the second, 0 nobody */
} connect4_state;

typedef struct {
    int8_t winner;
} connect4_undo;

/* Centre first, the order of the series from part 5 on. */
static const connect4_move connect4_order[CONNECT4_WIDTH] = {3, 2, 4, 1, 5, 0, 6};

static inline void connect4_start(connect4_state *s)
{
    connect4_bits_start(&s->bits);
    s->winner = 0;
}
static inline bool connect4_max_to_move(const connect4_state *s) { return s->bits.moves % 2 == 0; }
static inline bool connect4_is_over(const connect4_state *s)
{
    return s->winner != 0 || s->bits.moves == CONNECT4_CELLS;
}
static inline int connect4_generate_moves(const connect4_state *s, connect4_move *moves)
{
    int count = 0;
    for (int i = 0; i < CONNECT4_WIDTH; i++)
        if (connect4_bits_can_play(&s->bits, connect4_order[i])) moves[count++] = connect4_order[i];
    return count;
}
static inline void connect4_play(connect4_state *s, connect4_move m)
{
    bool first = connect4_max_to_move(s);
    connect4_bits_play_column(&s->bits, m);
    /* after the move, the mover's stones are mask ^ current */
    if (connect4_has_four(s->bits.mask ^ s->bits.current)) s->winner = first ? 1 : -1;
}
static inline void connect4_do_move(connect4_state *s, connect4_move m, connect4_undo *undo)
{
    undo->winner = s->winner;
    connect4_play(s, m);
}
static inline void connect4_undo_move(connect4_state *s, connect4_move m, const connect4_undo *undo)
{
    uint64_t column = s->bits.mask & connect4_column_mask(m);
    s->bits.mask ^= UINT64_C(1) << (63 - __builtin_clzll(column));  /* the column's top stone */
    s->bits.current ^= s->bits.mask;
    s->bits.moves--;
    s->winner = undo->winner;
}
static inline int connect4_evaluate(const connect4_state *s)
{
    if (s->winner) return s->winner * CONNECT4_WIN;
    uint64_t mover = s->bits.current, other = s->bits.current ^ s->bits.mask;
    int threats = connect4_count(connect4_winning_cells(mover, s->bits.mask)) -
                  connect4_count(connect4_winning_cells(other, s->bits.mask));
    return connect4_max_to_move(s) ? threats : -threats;
}
static inline int connect4_evaluate_carried(const connect4_state *s) { return connect4_evaluate(s); }

/* The transposition table's key (games/README.md): current + mask already
 * names the position uniquely (the series' key, 49 bits), and a finished
 * game's winner follows from its stones; multiplying by an odd constant and
 * folding the high half in is a bijection that spreads those keys over the
 * table's low index bits.  No Zobrist keys are needed. */
static inline uint64_t connect4_hash(const connect4_state *s, const uint64_t *keys)
{
    (void)keys;
    uint64_t z = connect4_bits_key(&s->bits) * UINT64_C(0x9E3779B97F4A7C15);
    return z ^ (z >> 32);
}

static inline bool connect4_parse_move(const char *text, connect4_move *move)
{
    if (text[0] < '1' || text[0] > '7' || text[1] != '\0') return false;
    *move = (connect4_move)(text[0] - '1');
    return true;
}
static inline void connect4_format_move(connect4_move m, char *out, size_t size)
{
    snprintf(out, size, "%u", (unsigned)m + 1);
}
static inline void connect4_print(const connect4_state *s, FILE *out)
{
    uint64_t first = connect4_max_to_move(s) ? s->bits.current : s->bits.current ^ s->bits.mask;
    for (int row = CONNECT4_HEIGHT - 1; row >= 0; row--) {
        for (int col = 0; col < CONNECT4_WIDTH; col++) {
            uint64_t cell = UINT64_C(1) << (7 * col + row);
            fputc(!(s->bits.mask & cell) ? '.' : (first & cell) ? 'X' : 'O', out);
        }
        fputc('\n', out);
    }
    fprintf(out, "1234567\n%s to move\n", connect4_max_to_move(s) ? "X" : "O");
}

/* Position strings (docs/cli.md#position-strings): the rows top (row 6)
 * to bottom (row 1), separated by '/', each from column 1 to 7, a cell X
 * (the first player), O or '.'; then ':' and the side to move, X or O.
 * The start is six rows of seven dots, then ":X"; after 4,4,3 it ends
 * "/...O.../..XX...:O".  The winner follows from the stones.  Reading refuses what
 * no game reaches: a stone above an empty cell, the wrong side to move
 * for the counts, two winners, the winner to move, or a four that was
 * already there before the winner's last stone (no column's top stone of
 * the winner's leaves the others without four). */
static inline void connect4_write_position(const connect4_state *s, char *out, size_t size)
{
    uint64_t first = connect4_max_to_move(s) ? s->bits.current : s->bits.current ^ s->bits.mask;
    char text[64];
    int n = 0;
    for (int row = CONNECT4_HEIGHT - 1; row >= 0; row--) {
        for (int col = 0; col < CONNECT4_WIDTH; col++) {
            uint64_t cell = UINT64_C(1) << (7 * col + row);
            text[n++] = !(s->bits.mask & cell) ? '.' : (first & cell) ? 'X' : 'O';
        }
        text[n++] = row ? '/' : ':';
    }
    text[n++] = connect4_max_to_move(s) ? 'X' : 'O';
    text[n] = '\0';
    if (size) snprintf(out, size, "%s", text);
}

/* Whether `stones`' four can have come with their last stone: some
 * column's top stone (of `mask`) is one of them and leaves no four. */
static inline bool connect4_four_made_last(uint64_t stones, uint64_t mask)
{
    for (int col = 0; col < CONNECT4_WIDTH; col++) {
        uint64_t column = mask & connect4_column_mask(col);
        if (!column) continue;
        uint64_t top = UINT64_C(1) << (63 - __builtin_clzll(column));
        if ((stones & top) && !connect4_has_four(stones ^ top)) return true;
    }
    return false;
}

static inline bool connect4_read_position(const char *text, connect4_state *out)
{
    uint64_t first = 0, second = 0;
    for (int row = CONNECT4_HEIGHT - 1; row >= 0; row--) {
        for (int col = 0; col < CONNECT4_WIDTH; col++) {
            uint64_t cell = UINT64_C(1) << (7 * col + row);
            char c = *text++;
            if (c == 'X') first |= cell;
            else if (c == 'O') second |= cell;
            else if (c != '.') return false;
        }
        if (*text++ != (row ? '/' : ':')) return false;
    }
    if ((text[0] != 'X' && text[0] != 'O') || text[1] != '\0') return false;
    uint64_t mask = first | second;
    for (int col = 0; col < CONNECT4_WIDTH; col++) {
        uint64_t column = mask & connect4_column_mask(col);
        if (column & (column + connect4_bottom_cell(col)) & connect4_column_mask(col)) return false; /* a gap */
    }
    int firsts = connect4_count(first), seconds = connect4_count(second);
    bool first_to_move = text[0] == 'X';
    if (firsts - seconds != (first_to_move ? 0 : 1)) return false;
    bool first_four = connect4_has_four(first), second_four = connect4_has_four(second);
    if (first_four && (second_four || first_to_move || !connect4_four_made_last(first, mask))) return false;
    if (second_four && (!first_to_move || !connect4_four_made_last(second, mask))) return false;
    out->bits = (connect4_bits){.current = first_to_move ? first : second, .mask = mask, .moves = firsts + seconds};
    out->winner = (int8_t)(first_four ? 1 : second_four ? -1 : 0);
    return true;
}

#endif
