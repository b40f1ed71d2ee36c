/*
 * ardri.h: Ard Ri, the 7x7 tafl of the ardri study (docs/ardri.md), with
 * the rules of the original Rust engine (jmkopper/tafl-rust, commit a0475c2).
 *
 * Square index = row * 7 + col, row 0 = rank 1 at the bottom, col 0 = file
 * a; bit i of a 64-bit board is square i (bits 49..63 always clear).  So
 * "south" (towards rank 1) is a shift right by 7, "west" a shift right by 1.
 * The defenders (ordinary defenders and the king) move first; the attackers
 * maximise.  Every piece steps one square orthogonally.  The game contract
 * every game follows is in games/README.md.
 *
 * Over 500 lines and whole: the contract makes a game one header, and its
 * parts (captures, the king's escape, the position string's checks) are
 * the rules of one game, which a reader checks against docs/ardri.md in one
 * place.
 */
#ifndef PRUNE_ARDRI_H
#define PRUNE_ARDRI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ARDRI_NAME "ardri"
#define ARDRI_DESCRIPTION "Ard Ri, 7x7 tafl, defenders first (ardri study)"
#define ARDRI_MOVE_EXAMPLE "from-square then to-square, files a-g, ranks 1-7, e.g. c3c2"
/* At most 4 steps for each of at most 16 pieces.  The generator also relies
 * on this bound: it writes 4 slots per piece, so it never writes slot 64. */
#define ARDRI_MAX_MOVES 64
#define ARDRI_TEST_DEPTH 4 /* minimax: tens of thousands of nodes, at most ~1.5M in theory */
#define ARDRI_MAX_DEPTH 63 /* what the engine holds: the table keeps drafts in 6 bits (engine/ttable.h) */
#define ARDRI_WIN_SCORE 10000
#define ARDRI_EVAL_SCALE 3 /* implicit minimax backups (engine/mcts_search.h): a clear lead is the adjudication margin: three of the evaluation's points */
#define ARDRI_ALTERNATES 1 /* every move passes the turn */
/* prune bench's searches (engine/bench.c): X(moves, depth, tree depth) */
#define ARDRI_BENCH_POSITIONS 2
#define ARDRI_BENCH(X) X("", 4, 4) X("c3c2,e1e2", 3, 4)
/* A match's ply cap: Ard Ri can repeat forever, and a tafl game on 7x7 that has not ended in 150 plies
 * is a fortress.  And its adjudication (docs/strength.md): the value moves by one a capture or a king
 * step; three net, kept for 16 plies (8 moves each), is the rule's choice, not a measured threshold.
 * Counted since (issue 48, `prune match --play-out`): at the study's 2,000 nodes a lead so held was given
 * back or drawn in half the games, so the strength study plays Ard Ri out and only checks the rule. */
#define ARDRI_MATCH_MAX_PLIES 150
#define ARDRI_ADJUDICATION_MARGIN 3
#define ARDRI_ADJUDICATION_PLIES 16

#define ARDRI_BOARD 0x1FFFFFFFFFFFFULL      /* the 49 squares */
#define ARDRI_FILE_A 0x0040810204081ULL     /* col 0 of every row */
#define ARDRI_FILE_G 0x1020408102040ULL     /* col 6 of every row */
#define ARDRI_RESTRICTED 0x1040001000041ULL /* a1 g1 d4 a7 g7 */
#define ARDRI_CORNERS 0x1040000000041ULL    /* a1 g1 a7 g7: the king wins there */

/* flags bits */
enum { ARDRI_ATTACKERS_TO_MOVE = 1, ARDRI_ATTACKERS_WON = 2, ARDRI_DEFENDERS_WON = 4 };

/* from * 64 + to */
typedef uint16_t ardri_move;

typedef struct {
    uint64_t attackers;
    uint64_t defenders;  /* ordinary defenders, without the king */
    uint8_t king;        /* the king's square (it is never removed) */
    uint8_t flags;       /* side to move and the win flags of the last move */
    int8_t material;     /* attackers - defenders, kept up to date for do-undo */
} ardri_state;

/* What an undo needs beyond the move: the pieces it removed, and the flags
 * and material before it. */
typedef struct {
    uint64_t captured;
    uint8_t flags;
    int8_t material;
} ardri_undo;

/* The evaluation's distance term r' + c', with r' = r for r <= 3 and 7 - r
 * above (the original's arithmetic: rank 7 gives 1, not 0). */
static const int8_t ardri_king_distance[49] = {
    0, 1, 2, 3, 3, 2, 1,
    1, 2, 3, 4, 4, 3, 2,
    2, 3, 4, 5, 5, 4, 3,
    3, 4, 5, 6, 6, 5, 4,
    3, 4, 5, 6, 6, 5, 4,
    2, 3, 4, 5, 5, 4, 3,
    1, 2, 3, 4, 4, 3, 2,
};

/* The on-board orthogonal neighbours of the squares in `bits`.  The file
 * masks stop west/east steps from wrapping to the next row. */
#define ARDRI_NEIGHBOURS(bits)                                                                \
    ((((bits) << 7) | ((bits) >> 7) | (((bits) << 1) & ~ARDRI_FILE_A) |                     \
      (((bits) >> 1) & ~ARDRI_FILE_G)) & ARDRI_BOARD)
/* The 49 entries F(0) .. F(48) of a per-square table, a row at a time. */
#define ARDRI_ROW(F, row) F((row) * 7), F((row) * 7 + 1), F((row) * 7 + 2), F((row) * 7 + 3), \
    F((row) * 7 + 4), F((row) * 7 + 5), F((row) * 7 + 6)
#define ARDRI_SQUARES(F) ARDRI_ROW(F, 0), ARDRI_ROW(F, 1), ARDRI_ROW(F, 2), ARDRI_ROW(F, 3), \
    ARDRI_ROW(F, 4), ARDRI_ROW(F, 5), ARDRI_ROW(F, 6)
#define ARDRI_NB(sq) ARDRI_NEIGHBOURS(1ULL << (sq))
/* A table, because the king tests and the evaluation ask for one square's
 * neighbours at every node and a load is cheaper than eight shifts. */
static const uint64_t ardri_neighbour_table[49] = {ARDRI_SQUARES(ARDRI_NB)};
#undef ARDRI_NB

/* Move generation reads a piece's four targets out of the open squares in
 * one go: shifted right by the piece's square, the open squares (shifted
 * up a row first) put south at bit 0, west at 6, east at 8 and north at
 * 14, and one multiply by ARDRI_GATHER gathers those bits, without
 * collisions, into bits 14..17: south, east, west, north.  Bit i of the
 * resulting 4-bit code is tested below under those names. */
#define ARDRI_GATHER 0x4488ULL
#define ARDRI_GATHER_SHIFT 14
#define ARDRI_CODE_S(c) ((c) & 1)
#define ARDRI_CODE_E(c) ((c) >> 1 & 1)
#define ARDRI_CODE_W(c) ((c) >> 2 & 1)
#define ARDRI_CODE_N(c) ((c) >> 3 & 1)

/* The four window bits of a square's targets, without west on file a and
 * east on file g, whose window bits belong to the neighbouring row. */
#define ARDRI_WINDOW(sq) (0x4141ULL & ~((sq) % 7 == 0 ? 0x40ULL : 0) & ~((sq) % 7 == 6 ? 0x100ULL : 0))
static const uint64_t ardri_window_mask[49] = {ARDRI_SQUARES(ARDRI_WINDOW)};
#undef ARDRI_WINDOW

/* A piece's moves are written as four 16-bit lanes with one store:
 * lane = from * 64 + to = from * 65 + step.  ardri_from_lanes holds
 * from * 65 - 7 in every lane; ardri_code_lanes holds, for a code, the
 * steps + 7 of its moves in the study's order south, north, west, east,
 * then +7 (a step of 0) in the unused lanes.  The biases keep every lane in
 * 0..65535, so the one 64-bit add never carries between lanes. */
#define ARDRI_LANE(value, index) ((uint64_t)(value) << (16 * (index)))
/* Square 0 (a1) never moves (only the king may stand there, and then the
 * game is over), so its negative base is never used; it is written as 0. */
#define ARDRI_F(sq) ((sq) == 0 ? 0 : ARDRI_LANE((sq) * 65 - 7, 0) | ARDRI_LANE((sq) * 65 - 7, 1) | \
                                     ARDRI_LANE((sq) * 65 - 7, 2) | ARDRI_LANE((sq) * 65 - 7, 3))
static const uint64_t ardri_from_lanes[49] = {ARDRI_SQUARES(ARDRI_F)};
#define ARDRI_COUNT(c) (ARDRI_CODE_S(c) + ARDRI_CODE_N(c) + ARDRI_CODE_W(c) + ARDRI_CODE_E(c))
#define ARDRI_CODE_LANES(c)                                                                     \
    ((ARDRI_CODE_S(c) ? ARDRI_LANE(0, 0) : 0) |                          /* south: -7 */     \
     (ARDRI_CODE_N(c) ? ARDRI_LANE(14, ARDRI_CODE_S(c)) : 0) |           /* north: +7 */     \
     (ARDRI_CODE_W(c) ? ARDRI_LANE(6, ARDRI_CODE_S(c) + ARDRI_CODE_N(c)) : 0) | /* -1 */     \
     (ARDRI_CODE_E(c) ? ARDRI_LANE(8, ARDRI_COUNT((c) & ~2)) : 0) |  /* east: +1, after S, N, W */ \
     (ARDRI_COUNT(c) < 1 ? ARDRI_LANE(7, 0) : 0) | (ARDRI_COUNT(c) < 2 ? ARDRI_LANE(7, 1) : 0) | \
     (ARDRI_COUNT(c) < 3 ? ARDRI_LANE(7, 2) : 0) | (ARDRI_COUNT(c) < 4 ? ARDRI_LANE(7, 3) : 0))
static const uint64_t ardri_code_lanes[16] = {
    ARDRI_CODE_LANES(0), ARDRI_CODE_LANES(1), ARDRI_CODE_LANES(2), ARDRI_CODE_LANES(3),
    ARDRI_CODE_LANES(4), ARDRI_CODE_LANES(5), ARDRI_CODE_LANES(6), ARDRI_CODE_LANES(7),
    ARDRI_CODE_LANES(8), ARDRI_CODE_LANES(9), ARDRI_CODE_LANES(10), ARDRI_CODE_LANES(11),
    ARDRI_CODE_LANES(12), ARDRI_CODE_LANES(13), ARDRI_CODE_LANES(14), ARDRI_CODE_LANES(15),
};
#undef ARDRI_CODE_LANES
#undef ARDRI_COUNT
#undef ARDRI_F
#undef ARDRI_LANE
#undef ARDRI_CODE_S
#undef ARDRI_CODE_E
#undef ARDRI_CODE_W
#undef ARDRI_CODE_N

/* The number of set bits of a code: the moves it stands for. */
static const uint8_t ardri_code_counts[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Bit counts by SWAR: the build targets baseline x86-64, which has no
 * popcnt instruction (the builtin becomes a library call).  The steps are
 * separate so that the evaluation can add several counts together at the
 * nibble stage and pay for one final reduction. */
#define ARDRI_M1 0x5555555555555555ULL
#define ARDRI_M2 0x3333333333333333ULL
#define ARDRI_M4 0x0F0F0F0F0F0F0F0FULL
#define ARDRI_BYTES 0x0101010101010101ULL

/* Per-nibble bit counts (0..4) of x. */
static inline uint64_t ardri_nibble_counts(uint64_t x)
{
    x -= (x >> 1) & ARDRI_M1;
    return (x & ARDRI_M2) + ((x >> 2) & ARDRI_M2);
}

/* The sum of the nibbles of x, each 0..15, when the sum is below 256
 * (the multiply adds the bytes into the top byte). */
static inline int ardri_sum_nibbles(uint64_t x)
{
    return (int)((((x & ARDRI_M4) + ((x >> 4) & ARDRI_M4)) * ARDRI_BYTES) >> 56);
}

static inline int ardri_popcount(uint64_t x) { return ardri_sum_nibbles(ardri_nibble_counts(x)); }

static inline void ardri_start(ardri_state *s)
{
    *s = (ardri_state){
        .attackers = 0x70441C70441CULL, /* c1 d1 e1 d2 a3 g3 a4 b4 f4 g4 a5 g5 d6 c7 d7 e7 */
        .defenders = 0x1C2870000ULL,    /* c3 d3 e3 c4 e4 c5 d5 e5 */
        .king = 24,                     /* d4, the throne */
        .flags = 0,                     /* the defenders move first */
        .material = 16 - 8,
    };
}

static inline bool ardri_max_to_move(const ardri_state *s) { return s->flags & ARDRI_ATTACKERS_TO_MOVE; }

static inline bool ardri_is_over(const ardri_state *s)
{
    return s->flags & (ARDRI_ATTACKERS_WON | ARDRI_DEFENDERS_WON);
}

/* The original scans squares 0..48 and, for each piece of the mover, yields
 * its steps south, north, west, east (it pushes them east, west, north,
 * south and pops).  Here a ctz loop visits the pieces that can move, in
 * square order, gathers each one's targets into a code and writes its
 * moves with one 4-lane store (unused lanes lie past the count or are
 * overwritten by the next piece). */
static inline int ardri_generate_moves(const ardri_state *s, ardri_move *moves)
{
    uint64_t king = 1ULL << s->king;
    uint64_t occupied = s->attackers | s->defenders | king;
    /* Only the king may enter a restricted square. */
    uint64_t open = ~(occupied | ARDRI_RESTRICTED) & ARDRI_BOARD;
    uint64_t king_open = ~occupied & ARDRI_BOARD;
    uint64_t movers;
    if (s->flags & ARDRI_ATTACKERS_TO_MOVE) {
        movers = s->attackers & ARDRI_NEIGHBOURS(open);
        king_open = open; /* so that the king's square reads like any other */
    } else {
        movers = (s->defenders & ARDRI_NEIGHBOURS(open)) | (king & ARDRI_NEIGHBOURS(king_open));
    }
    /* Shifted up a row, so that the window of a square on rank 1 reads
     * zeros south of it instead of shifting by a negative amount. */
    uint64_t open7 = open << 7, king_open7 = king_open << 7;
    size_t count = 0; /* 64-bit indices and shifts: no extensions in the loop */
    while (movers) {
        uint64_t from = (uint64_t)__builtin_ctzll(movers);
        movers &= movers - 1;
        uint64_t window = (from == s->king ? king_open7 : open7) >> from;
        uint64_t code = ((window & ardri_window_mask[from]) * ARDRI_GATHER) >> ARDRI_GATHER_SHIFT & 15;
        uint64_t lanes = ardri_from_lanes[from] + ardri_code_lanes[code];
        memcpy(moves + count, &lanes, sizeof lanes);
        count += ardri_code_counts[code];
    }
    return (int)count;
}

/* The enemies of the piece that just landed on `to` that are flanked:
 * an enemy next to `to` with an ally on the square beyond it.  The same
 * gather as move generation finds the enemies next to `to` (window bits 0,
 * 6, 8, 14); the allies two squares away sit at window bits 0, 12, 16, 28
 * of the allies shifted up two rows, and ARDRI_GATHER2 gathers them into
 * the same code order.  Captures are rare, so the squares are only worked
 * out when the code says there is one. */
#define ARDRI_GATHER2 0x10042008ULL
#define ARDRI_GATHER2_SHIFT 28
#define ARDRI_BEYOND(sq) (0x10011001ULL & ~((sq) % 7 < 2 ? 0x1000ULL : 0) & ~((sq) % 7 > 4 ? 0x10000ULL : 0))
/* The window bits of the squares two steps away that are on the board in
 * the same row or column (west needs file c or beyond, east file e or
 * before); an ally counts only there, which also discards the enemy bits
 * that belong to the neighbouring row. */
static const uint64_t ardri_beyond_mask[49] = {ARDRI_SQUARES(ARDRI_BEYOND)};
#undef ARDRI_BEYOND
#undef ARDRI_SQUARES
#undef ARDRI_ROW

static inline uint64_t ardri_flanked(unsigned to, uint64_t enemies, uint64_t allies)
{
    uint64_t near = (((enemies << 7) >> to) & 0x4141ULL) * ARDRI_GATHER >> ARDRI_GATHER_SHIFT;
    uint64_t far = (((allies << 14) >> to) & ardri_beyond_mask[to]) * ARDRI_GATHER2 >> ARDRI_GATHER2_SHIFT;
    uint64_t code = near & far & 15;
    if (!code) return 0;
    uint64_t to_bit = 1ULL << to;
    return ((code & 1) ? to_bit >> 7 : 0) | ((code & 2) ? to_bit << 1 : 0) |
           ((code & 4) ? to_bit >> 1 : 0) | ((code & 8) ? to_bit << 7 : 0);
}

/* The king is taken when every on-board neighbour is an attacker or a
 * restricted square (the board edge counts as hostile by being absent). */
static inline bool ardri_king_surrounded(uint64_t attackers, unsigned king)
{
    return (ardri_neighbour_table[king] & ~(attackers | ARDRI_RESTRICTED)) == 0;
}

/* Applies the move and returns what it captured.  The side flips and the
 * win flags of the previous move are cleared, as in the original. */
static inline uint64_t ardri_apply(ardri_state *s, ardri_move m)
{
    unsigned from = m >> 6, to = m & 63;
    uint64_t from_bit = 1ULL << from, to_bit = 1ULL << to;
    uint64_t captured;
    if (s->flags & ARDRI_ATTACKERS_TO_MOVE) {
        s->attackers ^= from_bit | to_bit;
        s->flags = 0;
        /* The king test only runs when the attacker lands next to him. */
        if ((ardri_neighbour_table[s->king] & to_bit) && ardri_king_surrounded(s->attackers, s->king))
            s->flags = ARDRI_ATTACKERS_WON;
        captured = ardri_flanked(to, s->defenders, s->attackers); /* never the king */
        if (captured) {
            s->defenders ^= captured;
            s->material = (int8_t)(s->material + ardri_popcount(captured));
        }
    } else {
        if (from == s->king) {
            s->king = (uint8_t)to;
            s->flags = (ARDRI_CORNERS & to_bit) ? ARDRI_DEFENDERS_WON | ARDRI_ATTACKERS_TO_MOVE
                                                 : ARDRI_ATTACKERS_TO_MOVE;
        } else {
            s->defenders ^= from_bit | to_bit;
            s->flags = ARDRI_ATTACKERS_TO_MOVE;
        }
        /* The king captures alongside the defenders. */
        captured = ardri_flanked(to, s->attackers, s->defenders | (1ULL << s->king));
        if (captured) {
            s->attackers ^= captured;
            s->material = (int8_t)(s->material - ardri_popcount(captured));
        }
    }
    return captured;
}

static inline void ardri_play(ardri_state *s, ardri_move m) { (void)ardri_apply(s, m); }

static inline void ardri_do_move(ardri_state *s, ardri_move m, ardri_undo *undo)
{
    undo->flags = s->flags;
    undo->material = s->material;
    undo->captured = ardri_apply(s, m);
}

static inline void ardri_undo_move(ardri_state *s, ardri_move m, const ardri_undo *undo)
{
    unsigned from = m >> 6, to = m & 63;
    uint64_t step = 1ULL << from | 1ULL << to;
    if (undo->flags & ARDRI_ATTACKERS_TO_MOVE) {
        s->attackers ^= step;
        s->defenders |= undo->captured;
    } else {
        if (to == s->king) s->king = (uint8_t)from;
        else s->defenders ^= step;
        s->attackers |= undo->captured;
    }
    s->flags = undo->flags;
    s->material = undo->material;
}

/* The evaluation, always from the attackers' side: +-10000 once a side has
 * won, otherwise (attackers + attackers next to the king) - (defenders +
 * the king) + the king's distance term.  This gives the win value, if any. */
static inline bool ardri_won(const ardri_state *s, int *value)
{
    if (!(s->flags & (ARDRI_ATTACKERS_WON | ARDRI_DEFENDERS_WON))) return false;
    *value = s->flags & ARDRI_ATTACKERS_WON ? ARDRI_WIN_SCORE : -ARDRI_WIN_SCORE;
    return true;
}

/* The attackers next to the king lie two or more squares apart, so no two
 * share an aligned pair of bits: ORing each pair onto its low bit gives
 * every pair's count (0 or 1) in the form of the SWAR's first step. */
static inline uint64_t ardri_sparse_pair_counts(uint64_t x) { return (x | (x >> 1)) & ARDRI_M1; }

/* From the bitboards alone, with one SWAR reduction for three counts:
 * pair counts of attackers (0..2) plus those beside the king (0..1) still
 * fit two bits; nibbles of that (0..6) plus 4 - defenders' nibbles (0..4)
 * fit four; the 16 nibbles' bias of 4 is taken off at the end. */
static inline int ardri_evaluate(const ardri_state *s)
{
    int value;
    if (ardri_won(s, &value)) return value;
    uint64_t a = s->attackers;
    uint64_t pairs = a - ((a >> 1) & ARDRI_M1) +
                     ardri_sparse_pair_counts(a & ardri_neighbour_table[s->king]);
    uint64_t nibbles = (pairs & ARDRI_M2) + ((pairs >> 2) & ARDRI_M2) +
                       (0x4444444444444444ULL - ardri_nibble_counts(s->defenders));
    return ardri_sum_nibbles(nibbles) - 64 - 1 + ardri_king_distance[s->king];
}

/* The same from the carried material; only the attackers beside the king
 * (at most 4, one per pair of bits) are counted here. */
static inline int ardri_evaluate_carried(const ardri_state *s)
{
    int value;
    if (ardri_won(s, &value)) return value;
    uint64_t pairs = ardri_sparse_pair_counts(s->attackers & ardri_neighbour_table[s->king]);
    uint64_t nibbles = (pairs & ARDRI_M2) + ((pairs >> 2) & ARDRI_M2);
    int beside = (int)((nibbles * 0x1111111111111111ULL) >> 60);
    return s->material + beside - 1 + ardri_king_distance[s->king];
}

static inline bool ardri_parse_square(const char *text, unsigned *square)
{
    if (text[0] < 'a' || text[0] > 'g' || text[1] < '1' || text[1] > '7') return false;
    *square = (unsigned)(text[1] - '1') * 7 + (unsigned)(text[0] - 'a');
    return true;
}

/* Exactly four characters: from-square then to-square. */
static inline bool ardri_parse_move(const char *text, ardri_move *move)
{
    unsigned from, to;
    if (!ardri_parse_square(text, &from) || !ardri_parse_square(text + 2, &to) || text[4] != '\0')
        return false;
    *move = (ardri_move)(from * 64 + to);
    return true;
}

static inline void ardri_format_move(ardri_move m, char *out, size_t size)
{
    unsigned from = m >> 6, to = m & 63;
    snprintf(out, size, "%c%u%c%u", 'a' + from % 7, from / 7 + 1, 'a' + to % 7, to / 7 + 1);
}

/* Rank 7 on top, as docs/ardri.md draws it: V attacker, O defender, K king,
 * # an empty restricted square. */
static inline void ardri_print(const ardri_state *s, FILE *out)
{
    for (int row = 6; row >= 0; row--) {
        fprintf(out, "%d", row + 1);
        for (int col = 0; col < 7; col++) {
            int square = row * 7 + col;
            uint64_t bit = 1ULL << square;
            char c = (s->attackers & bit) ? 'V' : square == s->king ? 'K' : (s->defenders & bit) ? 'O'
                   : (ARDRI_RESTRICTED & bit) ? '#' : '.';
            fprintf(out, " %c", c);
        }
        fputc('\n', out);
    }
    fprintf(out, "  a b c d e f g\n");
    if (s->flags & ARDRI_ATTACKERS_WON) fprintf(out, "the attackers have won\n");
    else if (s->flags & ARDRI_DEFENDERS_WON) fprintf(out, "the defenders have won\n");
    else fprintf(out, "%s to move\n", ardri_max_to_move(s) ? "attackers" : "defenders");
}

/* Position strings (docs/cli.md#position-strings): the ranks 7 down to
 * 1, separated by '/', each from file a to g, a square V (attacker), O
 * (defender), K (the king) or '.' (empty, restricted or not); then ':'
 * and the state of play: d the defenders to move, a the attackers to
 * move, A the attackers have won (the king is taken), D the defenders
 * have won (the king is on a corner).  The start is
 * "..VVV../...V.../V.OOO.V/VVOKOVV/V.OOO.V/...V.../..VVV..:d".  The
 * carried material follows from the pieces.  Reading refuses what no game
 * reaches: not exactly one king, more than 16 attackers or 8 defenders
 * (which also keeps the legal moves within ARDRI_MAX_MOVES), an attacker or
 * defender on a restricted square, the king on a corner without D or D
 * without the king on a corner, and A without the king surrounded.  (A
 * surrounded king need not have lost: he can step off the throne between
 * three attackers, and the empty throne counts as hostile.) */
static inline void ardri_write_position(const ardri_state *s, char *out, size_t size)
{
    char text[64];
    int n = 0;
    for (int row = 6; row >= 0; row--) {
        for (int col = 0; col < 7; col++) {
            int square = row * 7 + col;
            uint64_t bit = 1ULL << square;
            text[n++] = (s->attackers & bit) ? 'V' : square == s->king ? 'K' : (s->defenders & bit) ? 'O' : '.';
        }
        text[n++] = row ? '/' : ':';
    }
    text[n++] = (s->flags & ARDRI_ATTACKERS_WON) ? 'A' : (s->flags & ARDRI_DEFENDERS_WON) ? 'D'
              : (s->flags & ARDRI_ATTACKERS_TO_MOVE) ? 'a' : 'd';
    text[n] = '\0';
    if (size) snprintf(out, size, "%s", text);
}

static inline bool ardri_read_position(const char *text, ardri_state *out)
{
    uint64_t attackers = 0, defenders = 0, kings = 0;
    for (int row = 6; row >= 0; row--) {
        for (int col = 0; col < 7; col++) {
            uint64_t bit = 1ULL << (row * 7 + col);
            char c = *text++;
            if (c == 'V') attackers |= bit;
            else if (c == 'O') defenders |= bit;
            else if (c == 'K') kings |= bit;
            else if (c != '.') return false;
        }
        if (*text++ != (row ? '/' : ':')) return false;
    }
    if (text[0] == '\0' || !strchr("daAD", text[0]) || text[1] != '\0') return false;
    if (ardri_popcount(kings) != 1 || ardri_popcount(attackers) > 16 || ardri_popcount(defenders) > 8 ||
        ((attackers | defenders) & ARDRI_RESTRICTED))
        return false;
    unsigned king = (unsigned)__builtin_ctzll(kings);
    bool cornered = (ARDRI_CORNERS & kings) != 0;
    if (cornered != (text[0] == 'D')) return false;
    if (text[0] == 'A' && !ardri_king_surrounded(attackers, king)) return false;
    static const uint8_t flags[4] = {0, ARDRI_ATTACKERS_TO_MOVE, ARDRI_ATTACKERS_WON,
                                     ARDRI_DEFENDERS_WON | ARDRI_ATTACKERS_TO_MOVE};
    *out = (ardri_state){
        .attackers = attackers,
        .defenders = defenders,
        .king = (uint8_t)king,
        .flags = flags[strchr("daAD", text[0]) - "daAD"],
        .material = (int8_t)(ardri_popcount(attackers) - ardri_popcount(defenders)),
    };
    return true;
}

/* Hashing for the transposition table (games/README.md): Zobrist keys
 * from the engine's seeded table, keys[sq] an attacker, keys[49 + sq] a
 * defender, keys[98 + sq] the king, keys[147..149] the flags bits (side to
 * move, attackers won, defenders won).  Material follows from the pieces. */
#define ARDRI_HASH_KEYS 150
#define ARDRI_HASH_STEPPED 1 /* ardri_hash_step below */

static inline uint64_t ardri_flag_keys(unsigned flags, const uint64_t *keys)
{
    return (flags & ARDRI_ATTACKERS_TO_MOVE ? keys[147] : 0) ^ (flags & ARDRI_ATTACKERS_WON ? keys[148] : 0) ^
           (flags & ARDRI_DEFENDERS_WON ? keys[149] : 0);
}

static inline uint64_t ardri_bits_key(uint64_t bits, const uint64_t *keys)
{
    uint64_t key = 0;
    for (; bits; bits &= bits - 1) key ^= keys[__builtin_ctzll(bits)];
    return key;
}

static inline uint64_t ardri_hash(const ardri_state *s, const uint64_t *keys)
{
    return ardri_bits_key(s->attackers, keys) ^ ardri_bits_key(s->defenders, keys + 49) ^ keys[98 + s->king] ^
           ardri_flag_keys(s->flags, keys);
}

/* The key after do_move(m): the moving piece (an attacker, the king or a
 * defender), the pieces it captured, the flags. */
static inline uint64_t ardri_hash_step(uint64_t key, const ardri_state *after, ardri_move m, const ardri_undo *undo,
                                       const uint64_t *keys)
{
    unsigned from = m >> 6, to = m & 63;
    if (undo->flags & ARDRI_ATTACKERS_TO_MOVE)
        key ^= keys[from] ^ keys[to] ^ ardri_bits_key(undo->captured, keys + 49);
    else
        key ^= keys[(after->king == to ? 98 : 49) + from] ^ keys[(after->king == to ? 98 : 49) + to] ^
               ardri_bits_key(undo->captured, keys);
    return key ^ ardri_flag_keys(undo->flags, keys) ^ ardri_flag_keys(after->flags, keys);
}

#endif
