/*
 * othello.h: Othello (Reversi) on 8x8 under the standard rules
 * (docs/othello.md).
 *
 * Black (X) moves first and maximises.  A move places a disc that flips at
 * least one line of the opponent's discs; a side with no such move passes,
 * and the pass is a move of its own in the tree (OTHELLO_PASS); the game
 * ends when neither side can move.  A finished game scores the disc
 * difference, Black's minus White's, with the empty squares given to the
 * winner (the FFO suite's and Edax's count).
 *
 * The board is two bitboards, bit r*8+c for column c (a..h) of row r
 * (1..8, row 1 on top), so that a1 is bit 0 and h8 bit 63.  The state also
 * keeps the mover's legal squares and whether the game is over: a move
 * computes them once (one generation, two when the side to move must
 * pass), and then is_over and generate_moves cost nothing.  The game
 * contract every game follows is in games/README.md.
 */
#ifndef PRUNE_OTHELLO_H
#define PRUNE_OTHELLO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define OTHELLO_NAME "othello"
#define OTHELLO_DESCRIPTION "Othello 8x8, standard rules, Black (X) first, passes are moves (othello study)"
#define OTHELLO_MOVE_EXAMPLE "a square a1..h8 (column, then row 1 on top) or pass, e.g. d3"
/* Every move puts a disc on an empty square, and a position has at least
 * the four centre discs: 60 squares at the most (a pass is the only move
 * when there is none). */
#define OTHELLO_MAX_MOVES 60
#define OTHELLO_TEST_DEPTH 5 /* minimax from the start: 1,396 leaves; midgame positions stay under a second */
/* The deepest a 60-empty game can run is 60 discs and a pass before every
 * one of them but the first, but the ladder caps drafts at 63: a search to
 * the end needs at most twice the empty squares (a pass is followed by a
 * disc), so 63 solves every position with 31 empty squares or fewer. */
#define OTHELLO_MAX_DEPTH 63
#define OTHELLO_WIN_SCORE 0 /* no depth term: a finished game is its disc difference */
#define OTHELLO_EVAL_SCALE 8 /* implicit minimax backups (engine/mcts_search.h): a clear lead is two corners */
#define OTHELLO_ALTERNATES 1 /* a pass is a move, so every move passes the turn */
/* prune bench: the start and the techniques study's first middle-game line
 * (X(moves, depth, tree configs' depth)). */
#define OTHELLO_BENCH_POSITIONS 2
#define OTHELLO_BENCH(X) X("", 6, 5) X("f5,d6,c6,f6,f7,e3,c3,b6", 5, 4)
/* A match's ply cap: never reached, since a pass is followed by a disc, so a
 * game ends within 120 plies. */
#define OTHELLO_MATCH_MAX_PLIES 130

enum { OTHELLO_PASS = 64 };

typedef uint8_t othello_move; /* a square 0..63, or OTHELLO_PASS */

typedef struct {
    uint64_t black, white;  /* the discs of each side */
    uint64_t moves;         /* the squares the side to move may play (0: it must pass, or the game is over) */
    bool black_to_move;
    bool over;              /* neither side can move */
} othello_state;

/* What an undo needs beyond the move: the discs it flipped, and the cached
 * moves and end flag of the position before it. */
typedef struct {
    uint64_t flipped;
    uint64_t moves;
    bool over;
} othello_undo;

#define OTHELLO_NOT_A 0xFEFEFEFEFEFEFEFEULL /* every square but column a */
#define OTHELLO_NOT_H 0x7F7F7F7F7F7F7F7FULL /* every square but column h */
#define OTHELLO_CENTRE 0x0000001818000000ULL /* d4 e4 d5 e5 */

/* One step of a disc set in direction d: 0 east (c+1), 1 west, 2 south
 * (r+1), 3 north, 4 south-east, 5 north-west, 6 south-west, 7 north-east.
 * Steps that change the column drop what would wrap round to the other
 * edge. */
static inline uint64_t othello_step(uint64_t b, int d)
{
    switch (d) {
    case 0: return (b << 1) & OTHELLO_NOT_A;
    case 1: return (b >> 1) & OTHELLO_NOT_H;
    case 2: return b << 8;
    case 3: return b >> 8;
    case 4: return (b << 9) & OTHELLO_NOT_A;
    case 5: return (b >> 9) & OTHELLO_NOT_H;
    case 6: return (b << 7) & OTHELLO_NOT_H;
    default: return (b >> 7) & OTHELLO_NOT_A;
    }
}

/* The empty squares where `own` flanks a line of `opp`: per direction, the
 * opponent's discs next to one of ours, grown along the line (a line holds
 * at most six of them), then the empty square one step beyond. */
static inline uint64_t othello_legal(uint64_t own, uint64_t opp)
{
    uint64_t empty = ~(own | opp), legal = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = othello_step(own, d) & opp;
        for (int i = 0; i < 5; i++) run |= othello_step(run, d) & opp;
        legal |= othello_step(run, d) & empty;
    }
    return legal;
}

/* The opponent's discs a disc on `square` flips: per direction, the run of
 * the opponent's discs from the square, kept when one of ours closes it. */
static inline uint64_t othello_flips(int square, uint64_t own, uint64_t opp)
{
    uint64_t flipped = 0, from = 1ULL << square;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0, x = othello_step(from, d);
        while (x & opp) {
            run |= x;
            x = othello_step(x, d);
        }
        if (x & own) flipped |= run;
    }
    return flipped;
}

static inline uint64_t othello_own(const othello_state *s) { return s->black_to_move ? s->black : s->white; }
static inline uint64_t othello_opp(const othello_state *s) { return s->black_to_move ? s->white : s->black; }

/* Fills in the moves and the end flag of a position whose discs and side
 * to move are set: the mover's squares, and when there are none, whether
 * the other side has any (a pass) or not (the end). */
static inline void othello_settle(othello_state *s)
{
    uint64_t own = othello_own(s), opp = othello_opp(s);
    s->moves = othello_legal(own, opp);
    s->over = s->moves == 0 && othello_legal(opp, own) == 0;
}

static inline void othello_start(othello_state *s)
{
    *s = (othello_state){.black = 0x0000000810000000ULL, /* e4 d5 */
                         .white = 0x0000001008000000ULL, /* d4 e5 */
                         .black_to_move = true};
    othello_settle(s);
}

static inline bool othello_max_to_move(const othello_state *s) { return s->black_to_move; }

static inline bool othello_is_over(const othello_state *s) { return s->over; }

/* The order the studies search moves in: corners first, then the edges'
 * inner squares (c1, d1, ... and the same on every edge), then the inner
 * ring, then the squares next to the edges, then the squares beside a
 * corner (b1, a2, b2 and the like) last; ascending squares within a group.
 * A fixed order that strong programs' first guesses share, and which costs
 * one AND per group. */
static const uint64_t othello_order_groups[] = {
    0x8100000000000081ULL, /* corners */
    0x3C0081818181003CULL, /* edges, c to f */
    0x00003C24243C0000ULL, /* the ring c3..f6 */
    0x003C424242423C00ULL, /* next to the edges */
    0x42C300000000C342ULL, /* beside a corner */
};

static inline int othello_generate_moves(const othello_state *s, othello_move *moves)
{
    if (s->over) return 0;
    if (s->moves == 0) {
        moves[0] = OTHELLO_PASS;
        return 1;
    }
    int count = 0;
    for (int g = 0; g < 5; g++)
        for (uint64_t set = s->moves & othello_order_groups[g]; set; set &= set - 1)
            moves[count++] = (othello_move)__builtin_ctzll(set);
    return count;
}

/* Places the mover's disc on `square`, or passes; returns what it flipped. */
static inline uint64_t othello_apply(othello_state *s, othello_move m)
{
    uint64_t flipped = 0;
    if (m != OTHELLO_PASS) {
        uint64_t own = othello_own(s), opp = othello_opp(s);
        flipped = othello_flips(m, own, opp);
        own |= flipped | 1ULL << m;
        opp &= ~flipped;
        if (s->black_to_move) { s->black = own; s->white = opp; }
        else { s->white = own; s->black = opp; }
    }
    s->black_to_move = !s->black_to_move;
    othello_settle(s);
    return flipped;
}

static inline void othello_play(othello_state *s, othello_move m) { (void)othello_apply(s, m); }

static inline void othello_do_move(othello_state *s, othello_move m, othello_undo *undo)
{
    undo->moves = s->moves;
    undo->over = s->over;
    undo->flipped = othello_apply(s, m);
}

static inline void othello_undo_move(othello_state *s, othello_move m, const othello_undo *undo)
{
    s->black_to_move = !s->black_to_move;
    if (m != OTHELLO_PASS) {
        uint64_t placed = 1ULL << m;
        if (s->black_to_move) {
            s->black &= ~(undo->flipped | placed);
            s->white |= undo->flipped;
        } else {
            s->white &= ~(undo->flipped | placed);
            s->black |= undo->flipped;
        }
    }
    s->moves = undo->moves;
    s->over = undo->over;
}

/* A finished game: Black's discs minus White's, the empty squares going to
 * the side ahead (none on a draw). */
static inline int othello_final_score(const othello_state *s)
{
    int diff = __builtin_popcountll(s->black) - __builtin_popcountll(s->white);
    int empty = 64 - __builtin_popcountll(s->black | s->white);
    return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/* Before the end, from Black's view: corners held count 4 each and legal
 * moves 1 each (the mover's from the state, the other side's generated).
 * It is a heuristic in its own units, not discs: only a finished game
 * gives a disc difference, and a search to the end never reads this. */
static inline int othello_evaluate(const othello_state *s)
{
    if (s->over) return othello_final_score(s);
    const uint64_t corners = 0x8100000000000081ULL;
    int corner = __builtin_popcountll(s->black & corners) - __builtin_popcountll(s->white & corners);
    int mine = __builtin_popcountll(s->moves);
    int theirs = __builtin_popcountll(othello_legal(othello_opp(s), othello_own(s)));
    int mobility = s->black_to_move ? mine - theirs : theirs - mine;
    return 4 * corner + mobility;
}

static inline int othello_evaluate_carried(const othello_state *s) { return othello_evaluate(s); }

static inline bool othello_parse_move(const char *text, othello_move *move)
{
    if (text[0] == 'p' && text[1] == 'a' && text[2] == 's' && text[3] == 's' && text[4] == '\0') {
        *move = OTHELLO_PASS;
        return true;
    }
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' || text[2] != '\0') return false;
    *move = (othello_move)((text[1] - '1') * 8 + (text[0] - 'a'));
    return true;
}

static inline void othello_format_move(othello_move m, char *out, size_t size)
{
    if (m == OTHELLO_PASS) snprintf(out, size, "pass");
    else snprintf(out, size, "%c%c", 'a' + m % 8, '1' + m / 8);
}

static inline void othello_print(const othello_state *s, FILE *out)
{
    fprintf(out, "  a b c d e f g h\n");
    for (int row = 0; row < 8; row++) {
        fprintf(out, "%d", row + 1);
        for (int col = 0; col < 8; col++) {
            uint64_t bit = 1ULL << (row * 8 + col);
            fprintf(out, " %c", (s->black & bit) ? 'X' : (s->white & bit) ? 'O' : (s->moves & bit) ? '*' : '.');
        }
        fprintf(out, "\n");
    }
    fprintf(out, "X %d, O %d; %s\n", __builtin_popcountll(s->black), __builtin_popcountll(s->white),
            s->over ? "game over" : s->black_to_move ? "X (Black) to move" : "O (White) to move");
}

/* Position strings (docs/cli.md#position-strings): the eight rows from row
 * 1 (the top), each eight squares a to h as X (Black), O (White) or '.',
 * separated by '/', then ':' and the side to move, X or O.  The start is
 * "......../......../......../...OX.../...XO.../......../......../........:X".
 * The squares in FFO's order with '/' between the rows: the suite's
 * 64 characters and side convert by inserting them and writing its empty
 * '-' as '.' (a string starting with '-' would read as an option).  The moves and the end
 * follow from the discs.  Reading refuses anything else, and a board whose
 * centre is not full (no game empties a square). */
static inline void othello_write_position(const othello_state *s, char *out, size_t size)
{
    char text[80];
    int n = 0;
    for (int square = 0; square < 64; square++) {
        uint64_t bit = 1ULL << square;
        text[n++] = (s->black & bit) ? 'X' : (s->white & bit) ? 'O' : '.';
        if (square % 8 == 7) text[n++] = square == 63 ? ':' : '/';
    }
    text[n++] = s->black_to_move ? 'X' : 'O';
    text[n] = '\0';
    if (size) snprintf(out, size, "%s", text);
}

static inline bool othello_read_position(const char *text, othello_state *out)
{
    othello_state s = {.black_to_move = true};
    for (int square = 0; square < 64; square++) {
        char c = *text++;
        if (c == 'X') s.black |= 1ULL << square;
        else if (c == 'O') s.white |= 1ULL << square;
        else if (c != '.') return false;
        if (square % 8 == 7 && *text++ != (square == 63 ? ':' : '/')) return false;
    }
    if ((text[0] != 'X' && text[0] != 'O') || text[1] != '\0') return false;
    if (((s.black | s.white) & OTHELLO_CENTRE) != OTHELLO_CENTRE) return false;
    s.black_to_move = text[0] == 'X';
    othello_settle(&s);
    *out = s;
    return true;
}

/* Hashing for the transposition table (games/README.md): Zobrist keys,
 * keys[sq] for a Black disc on sq, keys[64 + sq] for a White one,
 * keys[128] White to move.  The moves and the end follow from these. */
#define OTHELLO_HASH_KEYS 129
#define OTHELLO_HASH_STEPPED 1 /* othello_hash_step below */

static inline uint64_t othello_hash(const othello_state *s, const uint64_t *keys)
{
    uint64_t key = s->black_to_move ? 0 : keys[128];
    for (uint64_t b = s->black; b; b &= b - 1) key ^= keys[__builtin_ctzll(b)];
    for (uint64_t w = s->white; w; w &= w - 1) key ^= keys[64 + __builtin_ctzll(w)];
    return key;
}

/* The key after do_move(m): the placed disc gains the mover's key, each
 * flipped disc trades the opponent's key for the mover's, and the side to
 * move changes (a pass changes only that). */
static inline uint64_t othello_hash_step(uint64_t key, const othello_state *after, othello_move m,
                                         const othello_undo *undo, const uint64_t *keys)
{
    key ^= keys[128];
    if (m == OTHELLO_PASS) return key;
    unsigned mover = after->black_to_move ? 64u : 0u; /* the side that moved: White when Black is to move now */
    unsigned other = 64u - mover;
    key ^= keys[mover + m];
    for (uint64_t f = undo->flipped; f; f &= f - 1) {
        unsigned sq = (unsigned)__builtin_ctzll(f);
        key ^= keys[mover + sq] ^ keys[other + sq];
    }
    return key;
}

#endif
