/*
 * minichess.h: Bart Massey's 5x6 Mini-Chess as the do-undo study plays it
 * (docs/minichess.md, after the post "Do Do-Undo").
 *
 * Board: files a-e, ranks 1-6; square index = 5 * (rank - 1) + file, so
 * a1 = 0, e1 = 4, a2 = 5, ..., e6 = 29.  White (capitals, rank 1) moves
 * first and maximises.  Chess moves without castling, en passant or check;
 * pawns step one square forward only, capture one square diagonally forward
 * and become a queen on the far rank.  The game ends when a king is
 * captured (the capturer wins, +-1000 from White's view) or when each side
 * has made 40 moves, i.e. after ply 80 (a draw, 0).  A side with no legal
 * move draws (the engine scores such a position 0).
 *
 * Value: material White minus Black, pawn 1, knight 3, bishop 3, rook 5,
 * queen 9 (kings 0).  minichess_evaluate recounts it from the board
 * (copy-make, as the series did before do-undo); the state also carries
 * it in `balance`, which every move and undo updates by the captured piece
 * and the promotion, and minichess_evaluate_carried reads that (do-undo).
 *
 * Move notation: from-square to-square, e.g. b2b3 (promotion implicit).
 * A move is from * 32 + to.
 *
 * Move generation order (fixed here, since there are no published counts):
 *   - squares are scanned a1, b1, ..., e1, a2, ..., e6 (index 0..29) for
 *     pieces of the side to move, the same scan for both colours;
 *   - each piece's moves, in direction order, with "north" towards rank 6
 *     for both colours:
 *       pawn    forward push (north for White, south for Black) if empty,
 *               then the diagonal capture towards file a, then the one
 *               towards file e (captures need an enemy piece);
 *       knight  (file, rank) steps (+1,+2) (+2,+1) (+2,-1) (+1,-2)
 *               (-1,-2) (-2,-1) (-2,+1) (-1,+2), clockwise from NNE;
 *       bishop  NE, SE, SW, NW;
 *       rook    N, E, S, W;
 *       queen, king  N, NE, E, SE, S, SW, W, NW (clockwise from north);
 *   - sliders go outward square by square along a direction, every empty
 *     square being a move, stopping at the first occupied square, which is
 *     a move (a capture) when it holds an enemy piece.
 * The game contract every game follows is in games/README.md.
 */
#ifndef PRUNE_MINICHESS_H
#define PRUNE_MINICHESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MINICHESS_NAME "minichess"
#define MINICHESS_DESCRIPTION "Mini-Chess 5x6 of Bart Massey's series, material value (doundo study)"
#define MINICHESS_MOVE_EXAMPLE "from-square to-square, files a-e, ranks 1-6, e.g. b2b3"
/* One king (8), at most six queens (17 each, promoted pawns included), a
 * rook (9), a bishop (8) and a knight (8): 135 moves can never be exceeded. */
#define MINICHESS_MAX_MOVES 135
#define MINICHESS_TEST_DEPTH 3 /* minimax affordable in tests */
#define MINICHESS_MAX_DEPTH 63 /* what the engine holds: the table keeps drafts in 6 bits (engine/ttable.h) */
#define MINICHESS_WIN_SCORE 0  /* wins are a flat +-1000, no depth term */
#define MINICHESS_EVAL_SCALE 3 /* implicit minimax backups (engine/mcts_search.h): a clear lead is a minor piece */
#define MINICHESS_ALTERNATES 1 /* every move passes the turn */
/* prune bench's searches (engine/bench.c): X(moves, depth, tree depth) */
#define MINICHESS_BENCH_POSITIONS 2
#define MINICHESS_BENCH(X) X("", 4, 4) X("b2b3,c5c4,c2c3", 4, 4)
#define MINICHESS_MATCH_MAX_PLIES 80 /* a match's ply cap: the game's own draw after 40 moves each */

#define MINICHESS_WIN 1000
#define MINICHESS_PLY_LIMIT 80 /* 40 moves by each side */

/* Pieces: type in bits 0-2, bit 3 set for Black, 0 an empty square. */
enum {
    MINICHESS_EMPTY = 0,
    MINICHESS_PAWN = 1, MINICHESS_KNIGHT, MINICHESS_BISHOP, MINICHESS_ROOK, MINICHESS_QUEEN, MINICHESS_KING,
    MINICHESS_BLACK = 8,
};

/* Status: 0 game going on, +1 White captured the black king, -1 Black
 * captured the white king, 2 drawn by the move limit. */
enum { MINICHESS_PLAYING = 0, MINICHESS_DRAWN = 2 };

typedef uint16_t minichess_move;

typedef struct {
    uint8_t board[30]; /* piece per square, index 5 * rank + file */
    uint8_t ply;       /* plies played; White moves on even plies */
    int8_t balance;    /* carried material, White minus Black */
    int8_t status;     /* MINICHESS_PLAYING, +-1 king captured, MINICHESS_DRAWN */
} minichess_state;

typedef struct {
    uint8_t captured;  /* the piece on the target square before the move */
    uint8_t promoted;  /* 1 when a pawn became a queen */
    int8_t status;     /* the status before the move */
} minichess_undo;

/* Signed material per piece code, from White's view. */
static const int8_t minichess_piece_value[16] = {0, 1, 3, 3, 5, 9, 0, 0, 0, -1, -3, -3, -5, -9, 0, 0};

/* A 9x10 mailbox round the 5x6 board (two guard files and ranks on each
 * side, enough for knight jumps): steps are additions, guards read -1. */
#define MINICHESS_MB(square) (((square) / 5 + 2) * 9 + (square) % 5 + 2)
#define MINICHESS_GUARD_RANK -1, -1, -1, -1, -1, -1, -1, -1, -1
#define MINICHESS_RANK(r) -1, -1, 5 * (r), 5 * (r) + 1, 5 * (r) + 2, 5 * (r) + 3, 5 * (r) + 4, -1, -1
static const int8_t minichess_mailbox[90] = {
    MINICHESS_GUARD_RANK, MINICHESS_GUARD_RANK,
    MINICHESS_RANK(0), MINICHESS_RANK(1), MINICHESS_RANK(2),
    MINICHESS_RANK(3), MINICHESS_RANK(4), MINICHESS_RANK(5),
    MINICHESS_GUARD_RANK, MINICHESS_GUARD_RANK,
};
#undef MINICHESS_GUARD_RANK
#undef MINICHESS_RANK
static const uint8_t minichess_to_mailbox[30] = {
    MINICHESS_MB(0),  MINICHESS_MB(1),  MINICHESS_MB(2),  MINICHESS_MB(3),  MINICHESS_MB(4),
    MINICHESS_MB(5),  MINICHESS_MB(6),  MINICHESS_MB(7),  MINICHESS_MB(8),  MINICHESS_MB(9),
    MINICHESS_MB(10), MINICHESS_MB(11), MINICHESS_MB(12), MINICHESS_MB(13), MINICHESS_MB(14),
    MINICHESS_MB(15), MINICHESS_MB(16), MINICHESS_MB(17), MINICHESS_MB(18), MINICHESS_MB(19),
    MINICHESS_MB(20), MINICHESS_MB(21), MINICHESS_MB(22), MINICHESS_MB(23), MINICHESS_MB(24),
    MINICHESS_MB(25), MINICHESS_MB(26), MINICHESS_MB(27), MINICHESS_MB(28), MINICHESS_MB(29),
};
#undef MINICHESS_MB

/* Mailbox steps: north +9 (towards rank 6), east +1 (towards file e). */
static const int8_t minichess_knight_steps[8] = {19, 11, -7, -17, -19, -11, 7, 17};
static const int8_t minichess_king_steps[8] = {9, 10, 1, -8, -9, -10, -1, 8}; /* N NE E SE S SW W NW */
static const int8_t minichess_bishop_steps[4] = {10, -8, -10, 8};             /* NE SE SW NW */
static const int8_t minichess_rook_steps[4] = {9, 1, -9, -1};                 /* N E S W */

static inline void minichess_start(minichess_state *s)
{
    static const uint8_t back[5] = {MINICHESS_ROOK, MINICHESS_KNIGHT, MINICHESS_BISHOP, MINICHESS_QUEEN,
                                    MINICHESS_KING};
    *s = (minichess_state){.ply = 0, .balance = 0, .status = MINICHESS_PLAYING};
    for (int file = 0; file < 5; file++) {
        s->board[file] = back[file];
        s->board[5 + file] = MINICHESS_PAWN;
        s->board[20 + file] = MINICHESS_PAWN | MINICHESS_BLACK;
        s->board[29 - file] = back[file] | MINICHESS_BLACK; /* k q b n r from a6 */
    }
}

static inline bool minichess_max_to_move(const minichess_state *s) { return (s->ply & 1) == 0; }
static inline bool minichess_is_over(const minichess_state *s) { return s->status != MINICHESS_PLAYING; }

/* Adds the single-step moves (king, knight) of the piece on `from`. */
static inline int minichess_steps(const minichess_state *s, int from, const int8_t *steps, int side,
                                  minichess_move *moves, int count)
{
    int origin = minichess_to_mailbox[from];
    for (int d = 0; d < 8; d++) {
        int to = minichess_mailbox[origin + steps[d]];
        if (to < 0) continue;
        unsigned target = s->board[to];
        if (target == MINICHESS_EMPTY || (target & MINICHESS_BLACK) != (unsigned)side)
            moves[count++] = (minichess_move)(from * 32 + to);
    }
    return count;
}

/* Adds the sliding moves of the piece on `from` along `n` directions. */
static inline int minichess_slides(const minichess_state *s, int from, const int8_t *steps, int n,
                                   int side, minichess_move *moves, int count)
{
    int origin = minichess_to_mailbox[from];
    for (int d = 0; d < n; d++) {
        int step = steps[d];
        for (int at = origin + step;; at += step) {
            int to = minichess_mailbox[at];
            if (to < 0) break;
            unsigned target = s->board[to];
            if (target == MINICHESS_EMPTY) {
                moves[count++] = (minichess_move)(from * 32 + to);
                continue;
            }
            if ((target & MINICHESS_BLACK) != (unsigned)side) moves[count++] = (minichess_move)(from * 32 + to);
            break;
        }
    }
    return count;
}

/* The squares holding a piece of `side`, bit i for square i: eight squares
 * a word, a flag per byte (Black: bit 3; White: codes 1..6, whose bit 3 is
 * set once 7 is added), gathered into one byte by a multiplication.  Byte
 * i of a word is square 8 * word + i on a little-endian machine. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "minichess_own_squares assumes a little-endian machine"
#endif
static inline uint32_t minichess_own_squares(const minichess_state *s, int side)
{
    const uint64_t ones = 0x0101010101010101ULL, gather = 0x0102040810204080ULL;
    uint32_t own = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t word = 0;
        memcpy(&word, s->board + 8 * i, i < 3 ? 8 : 6);
        uint64_t flags = ((side ? word : word + 7 * ones) >> 3) & ones;
        own |= (uint32_t)((flags * gather) >> 56) << (8 * i);
    }
    return own;
}

static inline int minichess_generate_moves(const minichess_state *s, minichess_move *moves)
{
    int side = (s->ply & 1) ? MINICHESS_BLACK : 0;
    int forward = side ? -9 : 9;
    int count = 0;
    for (uint32_t own = minichess_own_squares(s, side); own; own &= own - 1) {
        int from = __builtin_ctz(own);
        unsigned piece = s->board[from];
        switch (piece & 7) {
        case MINICHESS_PAWN: {
            int ahead = minichess_to_mailbox[from] + forward;
            int to = minichess_mailbox[ahead];
            if (to >= 0 && s->board[to] == MINICHESS_EMPTY) moves[count++] = (minichess_move)(from * 32 + to);
            for (int side_step = -1; side_step <= 1; side_step += 2) {
                to = minichess_mailbox[ahead + side_step];
                if (to < 0) continue;
                unsigned target = s->board[to];
                if (target != MINICHESS_EMPTY && (target & MINICHESS_BLACK) != (unsigned)side)
                    moves[count++] = (minichess_move)(from * 32 + to);
            }
            break;
        }
        case MINICHESS_KNIGHT:
            count = minichess_steps(s, from, minichess_knight_steps, side, moves, count);
            break;
        case MINICHESS_BISHOP:
            count = minichess_slides(s, from, minichess_bishop_steps, 4, side, moves, count);
            break;
        case MINICHESS_ROOK:
            count = minichess_slides(s, from, minichess_rook_steps, 4, side, moves, count);
            break;
        case MINICHESS_QUEEN:
            count = minichess_slides(s, from, minichess_king_steps, 8, side, moves, count);
            break;
        case MINICHESS_KING:
            count = minichess_steps(s, from, minichess_king_steps, side, moves, count);
            break;
        default:
            break;
        }
    }
    return count;
}

/* Do-undo: moves the piece, promotes a pawn reaching the far rank, updates
 * the carried balance by the capture and the promotion, counts the ply and
 * ends the game on a king capture or at the move limit. */
static inline void minichess_do_move(minichess_state *s, minichess_move m, minichess_undo *undo)
{
    int from = m >> 5, to = m & 31;
    unsigned piece = s->board[from], captured = s->board[to];
    undo->captured = (uint8_t)captured;
    undo->status = s->status;
    undo->promoted = 0;
    if ((piece & 7) == MINICHESS_PAWN && (to >= 25 || to < 5)) {
        unsigned queen = (piece & MINICHESS_BLACK) | MINICHESS_QUEEN;
        s->balance = (int8_t)(s->balance + minichess_piece_value[queen] - minichess_piece_value[piece]);
        piece = queen;
        undo->promoted = 1;
    }
    s->board[from] = MINICHESS_EMPTY;
    s->board[to] = (uint8_t)piece;
    s->balance = (int8_t)(s->balance - minichess_piece_value[captured]);
    s->ply++;
    if ((captured & 7) == MINICHESS_KING) s->status = (captured & MINICHESS_BLACK) ? 1 : -1;
    else if (s->ply >= MINICHESS_PLY_LIMIT) s->status = MINICHESS_DRAWN;
}

static inline void minichess_undo_move(minichess_state *s, minichess_move m, const minichess_undo *undo)
{
    int from = m >> 5, to = m & 31;
    unsigned piece = s->board[to];
    s->ply--;
    s->status = undo->status;
    s->balance = (int8_t)(s->balance + minichess_piece_value[undo->captured]);
    if (undo->promoted) {
        unsigned pawn = (piece & MINICHESS_BLACK) | MINICHESS_PAWN;
        s->balance = (int8_t)(s->balance - minichess_piece_value[piece] + minichess_piece_value[pawn]);
        piece = pawn;
    }
    s->board[to] = undo->captured;
    s->board[from] = (uint8_t)piece;
}

/* Copy-make: the same position as do_move (the carried balance included). */
static inline void minichess_play(minichess_state *s, minichess_move m)
{
    minichess_undo undo;
    minichess_do_move(s, m, &undo);
}

static inline int minichess_terminal_value(const minichess_state *s)
{
    return s->status == MINICHESS_DRAWN ? 0 : s->status * MINICHESS_WIN;
}

/* Copy-make's value: material recounted from the board. */
static inline int minichess_evaluate(const minichess_state *s)
{
    if (s->status != MINICHESS_PLAYING) return minichess_terminal_value(s);
    int material = 0;
    for (int square = 0; square < 30; square++) material += minichess_piece_value[s->board[square]];
    return material;
}

/* Do-undo's value: the balance the moves carried, no recount. */
static inline int minichess_evaluate_carried(const minichess_state *s)
{
    if (s->status != MINICHESS_PLAYING) return minichess_terminal_value(s);
    return s->balance;
}

static inline bool minichess_parse_square(const char *text, int *square)
{
    if (text[0] < 'a' || text[0] > 'e' || text[1] < '1' || text[1] > '6') return false;
    *square = (text[1] - '1') * 5 + (text[0] - 'a');
    return true;
}

static inline bool minichess_parse_move(const char *text, minichess_move *move)
{
    int from, to;
    if (!minichess_parse_square(text, &from) || !minichess_parse_square(text + 2, &to) || text[4] != '\0')
        return false;
    *move = (minichess_move)(from * 32 + to);
    return true;
}

static inline void minichess_format_move(minichess_move m, char *out, size_t size)
{
    int from = m >> 5, to = m & 31;
    snprintf(out, size, "%c%c%c%c", 'a' + from % 5, '1' + from / 5, 'a' + to % 5, '1' + to / 5);
}

static inline void minichess_print(const minichess_state *s, FILE *out)
{
    static const char letters[] = ".PNBRQK??pnbrqk?";
    for (int rank = 5; rank >= 0; rank--) {
        fprintf(out, "%d ", rank + 1);
        for (int file = 0; file < 5; file++)
            fprintf(out, "%c%s", letters[s->board[rank * 5 + file]], file == 4 ? "\n" : " ");
    }
    fprintf(out, "  a b c d e\n");
    if (s->status == 1) fprintf(out, "game over: White captured the king\n");
    else if (s->status == -1) fprintf(out, "game over: Black captured the king\n");
    else if (s->status == MINICHESS_DRAWN) fprintf(out, "game over: drawn, 40 moves each\n");
    else fprintf(out, "%s to move (move %d of 40)\n", (s->ply & 1) ? "Black" : "White", s->ply / 2 + 1);
}

/* Position strings (docs/cli.md#position-strings), in the manner of
 * chess's FEN: the ranks 6 down to 1, separated by '/', each from file a
 * to e, a piece as its letter (PNBRQK White, pnbrqk Black) and a run of
 * empty squares as its length 1..5; then ':' and the side to move, w or b,
 * then ':' and the plies played, 0..80.  The start is
 * "kqbnr/ppppp/5/5/PPPPP/RNBQK:w:0".  The status follows from the kings
 * (a missing king was captured) and the ply count, and the carried balance
 * from the board.  Reading refuses what no game reaches: a side with more
 * than one king, or none while it is its turn (its king was captured by
 * the side that moved last) or both kings gone; a pawn on the first or
 * last rank; more pieces of a kind than a side starts with (a queen for
 * each pawn gone beyond that); a bishop off its starting colour; the side
 * to move not that of the ply count's parity.  The counts are what keep
 * the legal moves within MINICHESS_MAX_MOVES. */
static inline void minichess_write_position(const minichess_state *s, char *out, size_t size)
{
    static const char letters[] = ".PNBRQK??pnbrqk?";
    char text[64];
    int n = 0;
    for (int rank = 5; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 5; file++) {
            unsigned piece = s->board[rank * 5 + file];
            if (piece == MINICHESS_EMPTY) { empty++; continue; }
            if (empty) text[n++] = (char)('0' + empty);
            empty = 0;
            text[n++] = letters[piece & 15];
        }
        if (empty) text[n++] = (char)('0' + empty);
        text[n++] = rank ? '/' : ':';
    }
    snprintf(text + n, sizeof text - (size_t)n, "%c:%u", (s->ply & 1) ? 'b' : 'w', (unsigned)s->ply);
    if (size) snprintf(out, size, "%s", text);
}

static inline bool minichess_read_position(const char *text, minichess_state *out)
{
    static const char letters[] = "PNBRQKpnbrqk";
    minichess_state s;
    memset(&s, 0, sizeof s);
    int counts[16] = {0};
    for (int rank = 5; rank >= 0; rank--) {
        int file = 0;
        bool after_run = false;
        while (file < 5) {
            char c = *text++;
            if (c >= '1' && c <= '5' && !after_run) {
                file += c - '0';
                after_run = true;
                if (file > 5) return false;
                continue;
            }
            const char *letter = c ? strchr(letters, c) : NULL;
            if (!letter) return false;
            int index = (int)(letter - letters);
            unsigned piece = (unsigned)(index % 6 + 1) | (index >= 6 ? MINICHESS_BLACK : 0);
            int square = rank * 5 + file;
            if ((piece & 7) == MINICHESS_PAWN && (rank == 0 || rank == 5)) return false;
            if ((piece & 7) == MINICHESS_BISHOP && (rank + file) % 2 != (piece & MINICHESS_BLACK ? 1 : 0)) return false;
            s.board[square] = (uint8_t)piece;
            counts[piece]++;
            s.balance = (int8_t)(s.balance + minichess_piece_value[piece]);
            file++;
            after_run = false;
        }
        if (*text++ != (rank ? '/' : ':')) return false;
    }
    if ((text[0] != 'w' && text[0] != 'b') || text[1] != ':') return false;
    bool black = text[0] == 'b';
    text += 2;
    unsigned ply = 0;
    if (text[0] < '0' || text[0] > '9') return false;
    for (int digits = 0; text[0] >= '0' && text[0] <= '9'; digits++, text++) {
        if (digits == 2 || (digits == 1 && ply == 0)) return false; /* at most 80, no leading zero */
        ply = ply * 10 + (unsigned)(text[0] - '0');
    }
    if (text[0] != '\0' || ply > MINICHESS_PLY_LIMIT || (ply & 1) != (black ? 1u : 0u)) return false;
    for (int side = 0; side <= MINICHESS_BLACK; side += MINICHESS_BLACK) {
        int pawns = counts[side | MINICHESS_PAWN];
        if (counts[side | MINICHESS_KING] > 1 || pawns > 5 || counts[side | MINICHESS_KNIGHT] > 1 ||
            counts[side | MINICHESS_BISHOP] > 1 || counts[side | MINICHESS_ROOK] > 1 ||
            counts[side | MINICHESS_QUEEN] > 6 - pawns)
            return false;
    }
    bool white_king = counts[MINICHESS_KING] == 1, black_king = counts[MINICHESS_BLACK | MINICHESS_KING] == 1;
    if (!white_king && !black_king) return false;
    /* A king is gone only just after the other side took it. */
    if (!black_king) { if (!black) return false; s.status = 1; }
    else if (!white_king) { if (black || ply == 0) return false; s.status = -1; }
    else s.status = ply >= MINICHESS_PLY_LIMIT ? MINICHESS_DRAWN : MINICHESS_PLAYING;
    s.ply = (uint8_t)ply;
    *out = s;
    return true;
}

/* Hashing for the transposition table (games/README.md): Zobrist keys
 * from the engine's seeded table, keys[square * 16 + piece] a piece on a
 * square, keys[480 + ply] the ply count (it decides the side to move and
 * the draw at the move limit; the status follows from the kings). */
#define MINICHESS_HASH_KEYS (480 + MINICHESS_PLY_LIMIT + 1)
#define MINICHESS_HASH_STEPPED 1 /* minichess_hash_step below */

static inline uint64_t minichess_hash(const minichess_state *s, const uint64_t *keys)
{
    uint64_t key = keys[480 + s->ply];
    for (int square = 0; square < 30; square++)
        if (s->board[square]) key ^= keys[square * 16 + s->board[square]];
    return key;
}

/* The key after do_move(m): the piece leaves `from` (a pawn if it was
 * promoted), the captured piece leaves `to`, the piece now there arrives. */
static inline uint64_t minichess_hash_step(uint64_t key, const minichess_state *after, minichess_move m,
                                           const minichess_undo *undo, const uint64_t *keys)
{
    int from = m >> 5, to = m & 31;
    unsigned piece = after->board[to];
    unsigned moved = undo->promoted ? (piece & MINICHESS_BLACK) | MINICHESS_PAWN : piece;
    key ^= keys[from * 16 + moved] ^ keys[to * 16 + piece];
    if (undo->captured) key ^= keys[to * 16 + undo->captured];
    return key ^ keys[480 + after->ply - 1] ^ keys[480 + after->ply];
}

#endif
