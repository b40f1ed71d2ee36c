/*
 * ttt.h: tic-tac-toe as the tic-tac-toe study plays it (docs/ttt.md).
 *
 * Squares 0..8 row-major, X first and maximising, moves in ascending square
 * order, +1/-1/0 at the end with no depth term.  The state keeps the winner
 * so that "is the game over" costs one test instead of eight line checks.
 * The game contract every game follows is in games/README.md.
 */
#ifndef PRUNE_TTT_H
#define PRUNE_TTT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define TTT_NAME "ttt"
#define TTT_DESCRIPTION "tic-tac-toe, squares 0..8 row-major, X first (tic-tac-toe study)"
#define TTT_MOVE_EXAMPLE "a square 0..8, e.g. 4"
#define TTT_MAX_MOVES 9
#define TTT_TEST_DEPTH 9 /* minimax affordable in tests */
#define TTT_MAX_DEPTH 9
#define TTT_WIN_SCORE 0 /* no depth term on wins */
#define TTT_ALTERNATES 1 /* every move passes the turn */
/* prune bench's searches (engine/bench.c): X(moves, depth, tree depth) */
#define TTT_BENCH_POSITIONS 3
#define TTT_BENCH(X) X("", 9, 9) X("4", 8, 8) X("0,4,8", 6, 6)
#define TTT_MATCH_MAX_PLIES 9 /* a match's ply cap: the board holds nine moves */

enum { TTT_FULL = 0x1FF };

typedef uint8_t ttt_move;

typedef struct {
    uint16_t x, o;     /* occupied squares, bit i = square i */
    int8_t winner;     /* +1 X has three in a row, -1 O has, 0 nobody yet */
    bool x_to_move;
} ttt_state;

typedef struct {
    int8_t winner;     /* the winner before the move */
} ttt_undo;

/* Bit b of this 512-bit set says whether the squares of pattern b contain
 * a line: one table load answers "has this side won", instead of testing
 * the eight lines (the constants were generated from the eight line masks
 * 0x007 0x038 0x1C0 0x049 0x092 0x124 0x111 0x054; tests/perft/ttt.txt
 * checks every game-end count by ply). */
static const uint64_t ttt_patterns_with_line[8] = {
    0xFF80808080808080ULL, 0xFFF0AA80FAF0AA80ULL, 0xFFCC8080CCCC8080ULL, 0xFFFCAA80FEFCAA80ULL,
    0xFFFAF0F0AAAA8080ULL, 0xFFFAFAF0FAFAAA80ULL, 0xFFFEF0F0EEEE8080ULL, 0xFFFFFFFFFFFFFFFFULL,
};

static inline void ttt_start(ttt_state *s)
{
    *s = (ttt_state){.x = 0, .o = 0, .winner = 0, .x_to_move = true};
}

static inline bool ttt_max_to_move(const ttt_state *s) { return s->x_to_move; }

static inline bool ttt_is_over(const ttt_state *s)
{
    return s->winner != 0 || (s->x | s->o) == TTT_FULL;
}

static inline int ttt_generate_moves(const ttt_state *s, ttt_move *moves)
{
    unsigned empty = ~(unsigned)(s->x | s->o) & TTT_FULL;
    int count = 0;
    while (empty) {
        moves[count++] = (ttt_move)__builtin_ctz(empty);
        empty &= empty - 1;
    }
    return count;
}

static inline bool ttt_has_line(unsigned bits)
{
    return (ttt_patterns_with_line[bits >> 6] >> (bits & 63)) & 1;
}

static inline void ttt_play(ttt_state *s, ttt_move m)
{
    uint16_t bit = (uint16_t)(1u << m);
    if (s->x_to_move) {
        s->x |= bit;
        if (ttt_has_line(s->x)) s->winner = 1;
    } else {
        s->o |= bit;
        if (ttt_has_line(s->o)) s->winner = -1;
    }
    s->x_to_move = !s->x_to_move;
}

static inline void ttt_do_move(ttt_state *s, ttt_move m, ttt_undo *undo)
{
    undo->winner = s->winner;
    ttt_play(s, m);
}

static inline void ttt_undo_move(ttt_state *s, ttt_move m, const ttt_undo *undo)
{
    uint16_t clear = (uint16_t)~(1u << m);
    s->x_to_move = !s->x_to_move;
    if (s->x_to_move) s->x &= clear; else s->o &= clear;
    s->winner = undo->winner;
}

static inline int ttt_evaluate(const ttt_state *s) { return s->winner; }
static inline int ttt_evaluate_carried(const ttt_state *s) { return s->winner; }

static inline bool ttt_parse_move(const char *text, ttt_move *move)
{
    if (text[0] < '0' || text[0] > '8' || text[1] != '\0') return false;
    *move = (ttt_move)(text[0] - '0');
    return true;
}

static inline void ttt_format_move(ttt_move m, char *out, size_t size)
{
    snprintf(out, size, "%u", (unsigned)m);
}

static inline void ttt_print(const ttt_state *s, FILE *out)
{
    for (int square = 0; square < 9; square++) {
        unsigned bit = 1u << square;
        char c = (s->x & bit) ? 'X' : (s->o & bit) ? 'O' : (char)('0' + square);
        fprintf(out, "%c%s", c, square % 3 == 2 ? "\n" : " ");
    }
    fprintf(out, "%s to move\n", s->x_to_move ? "X" : "O");
}

/* Position strings (docs/cli.md#position-strings): the three rows top
 * to bottom (squares 0-2 first), each square X, O or '.', separated by
 * '/', then ':' and the side to move, X or O.  The start is
 * ".../.../...:X"; after 4,0 it is "O../.X./...:X".  The winner follows
 * from the squares.  Reading refuses anything another string of this form
 * would not write, and positions no game reaches: the wrong side to move
 * for the counts, two winners, or a winner whose line was already there
 * before the winner's last move. */
static inline void ttt_write_position(const ttt_state *s, char *out, size_t size)
{
    char text[16];
    int n = 0;
    for (int square = 0; square < 9; square++) {
        unsigned bit = 1u << square;
        text[n++] = (s->x & bit) ? 'X' : (s->o & bit) ? 'O' : '.';
        if (square % 3 == 2) text[n++] = square == 8 ? ':' : '/';
    }
    text[n++] = s->x_to_move ? 'X' : 'O';
    text[n] = '\0';
    if (size) snprintf(out, size, "%s", text);
}

/* A won side's squares hold a line that its last move made: one of its
 * squares leaves no line when taken away. */
static inline bool ttt_line_made_last(unsigned squares)
{
    for (unsigned rest = squares; rest; rest &= rest - 1)
        if (!ttt_has_line(squares & ~(rest & -rest))) return true;
    return false;
}

static inline bool ttt_read_position(const char *text, ttt_state *out)
{
    ttt_state s = {.x = 0, .o = 0, .winner = 0, .x_to_move = true};
    int xs = 0, os = 0;
    for (int square = 0; square < 9; square++) {
        char c = *text++;
        if (c == 'X') { s.x |= (uint16_t)(1u << square); xs++; }
        else if (c == 'O') { s.o |= (uint16_t)(1u << square); os++; }
        else if (c != '.') return false;
        if (square % 3 == 2 && *text++ != (square == 8 ? ':' : '/')) return false;
    }
    if ((text[0] != 'X' && text[0] != 'O') || text[1] != '\0') return false;
    s.x_to_move = text[0] == 'X';
    if (xs - os != (s.x_to_move ? 0 : 1)) return false;
    bool x_line = ttt_has_line(s.x), o_line = ttt_has_line(s.o);
    if (x_line && (o_line || s.x_to_move || !ttt_line_made_last(s.x))) return false;
    if (o_line && (!s.x_to_move || !ttt_line_made_last(s.o))) return false;
    s.winner = (int8_t)(x_line ? 1 : o_line ? -1 : 0);
    *out = s;
    return true;
}

/* Hashing for the transposition table (games/README.md): a random key
 * per whole set of squares, keys[x] for X's squares, keys[512 + o] for
 * O's, keys[1024] O to move; the winner follows from the squares.  (A
 * Zobrist key per square made the hash a loop over the occupied squares
 * whose end the branch predictor misses: two loads are cheaper on a game
 * whose node costs ~35 ns.) */
#define TTT_HASH_KEYS 1025
#define TTT_HASH_STEPPED 1 /* ttt_hash_step below */

static inline uint64_t ttt_hash(const ttt_state *s, const uint64_t *keys)
{
    return keys[s->x] ^ keys[512 + s->o] ^ (s->x_to_move ? 0 : keys[1024]);
}

/* The key after do_move(m) from the key before it: the mover's set gains
 * square m, and the side to move changes. */
static inline uint64_t ttt_hash_step(uint64_t key, const ttt_state *after, ttt_move m, const ttt_undo *undo,
                                     const uint64_t *keys)
{
    (void)undo;
    unsigned set = after->x_to_move ? 512u + after->o : after->x; /* the mover's, after the move */
    return key ^ keys[set] ^ keys[set ^ (1u << m)] ^ keys[1024];
}

#endif
