/*
 * kalah.h: the Kalah-like mancala of the Minimaxer library's example
 * (docs/kalah.md), which is not standard Kalah: a seed reaching the
 * opponent's store is discarded, there is no extra turn and no sweep at
 * the end.
 *
 * Sowing runs round a 14-position cycle relative to the mover: 0-5 the
 * mover's pits, 6 the mover's store, 7-12 the opponent's pits, 13 the
 * discard.  Each player's row is one 64-bit word, one byte per pit (bytes
 * 0-5) and the store in byte 6; player 1's row carries a mark in bit 63,
 * so that whose row comes first says who moves and the whole position is
 * 16 bytes.  No count ever exceeds 48 seeds, so bytes never carry into
 * each other and a whole sowing is two word additions, their words
 * precomputed per pit and seed count; undo is the same subtractions.  The
 * game contract every game follows is in games/README.md.
 */
#ifndef PRUNE_KALAH_H
#define PRUNE_KALAH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define KALAH_NAME "kalah"
#define KALAH_DESCRIPTION "Kalah-like mancala of the Minimaxer example (minimaxer study)"
#define KALAH_MOVE_EXAMPLE "a pit 0..5 of the mover, e.g. 5"
#define KALAH_MAX_MOVES 6
#define KALAH_TEST_DEPTH 6 /* minimax affordable in tests */
#define KALAH_MAX_DEPTH 40
#define KALAH_WIN_SCORE 0
#define KALAH_EVAL_SCALE 5 /* implicit minimax backups (engine/mcts_search.h): a clear lead is five seeds in the stores */
#define KALAH_ALTERNATES 1 /* every move passes the turn */
/* prune bench's searches (engine/bench.c): X(moves, depth, tree depth) */
#define KALAH_BENCH_POSITIONS 3
#define KALAH_BENCH(X) X("", 6, 6) X("5", 6, 7) X("2,3,0", 5, 6)
#define KALAH_MATCH_MAX_PLIES 200 /* a match's ply cap: sowing ends a game well inside it */

enum { KALAH_STORE = 6, KALAH_CYCLE = 14 };

/* A move is a pit of the mover, kept as 8 times its index: the bit offset
 * of the pit's byte in the row, and its table row's start over 8. */
typedef uint8_t kalah_move;

/* The rows are kept relative to the mover, who sows from rows[0] into
 * rows[1]: a move works on fixed words and swaps them to pass the turn,
 * and the mark on player 1's row goes with it.  Player 0 maximises. */
typedef struct {
    uint64_t rows[2];    /* the mover's row, the opponent's: pits in bytes 0-5, store in byte 6 */
} kalah_state;

/* What an undo needs beyond the move: the sowing's table entry (what it
 * added) and the capture. */
typedef struct {
    const struct kalah_sowing_s *sowing;
    uint8_t captured;    /* opposite seeds banked, 0 when no capture */
} kalah_undo;

#define KALAH_PITS_MASK 0x0000FFFFFFFFFFFFULL
#define KALAH_PLAYER1_MARK (1ULL << 63) /* byte 7 of a row is 0 or this: never 1 */
#define KALAH_BYTE(row, i) ((unsigned)((row) >> (8 * (i))) & 0xFFu)
#define KALAH_SEEDS 48   /* all seeds of the game: no pit ever holds more */
#define KALAH_TABLE_ROW 64 /* table rows per pit, a power of two above KALAH_SEEDS: indexing is a shift */

/* Byte i of the result is bit i of the 7-bit argument: the multiply puts
 * copies of b at bits 0, 7, 14, ... (they cannot overlap or carry), so
 * bit 8i holds bit i of the i-th copy. */
#define KALAH_SPREAD(b) (((uint64_t)(b) * 0x0000040810204081ULL) & 0x0001010101010101ULL)

/* Sowing `n` seeds from pit `p`: each full lap of 14 positions feeds the 13
 * that keep seeds, pit p included; the rest feed positions p+1 onwards,
 * wrapping round, and position 13 (the discard) keeps nothing.  REACH is the
 * 13-bit set of positions the rest feeds. */
#define KALAH_RUN(p, n) (((1u << ((n) % KALAH_CYCLE)) - 1) << ((p) + 1))
#define KALAH_REACH(p, n) ((KALAH_RUN(p, n) | KALAH_RUN(p, n) >> KALAH_CYCLE) & 0x1FFF)
#define KALAH_LAPS(n) ((uint64_t)((n) / KALAH_CYCLE))

/* Where the last seed lands, as the bit offset of its pit's byte (8 times
 * the pit), or 56 (byte 7, which holds 0 or the mark, never 1) when it
 * lands in a store or the discard, so that the capture test needs no range
 * check. */
#define KALAH_LAND(p, n) (((p) + (n)) % KALAH_CYCLE)
#define KALAH_LANDING(p, n) (8 * (KALAH_LAND(p, n) < 6 ? KALAH_LAND(p, n) : 7))

/* Everything a sowing does before its capture, precomputed per pit and
 * seed count (a move is then two additions): the word to add to the
 * mover's row, the emptied pit included, the word to add to the
 * opponent's row, and where the last seed lands. */
typedef struct kalah_sowing_s {
    uint64_t own, other;
    uint8_t land;
} kalah_sowing;

#define KALAH_SOWING(p, n)                                                                      \
    {KALAH_SPREAD(KALAH_REACH(p, n) & 0x7F) + KALAH_LAPS(n) * 0x0001010101010101ULL -           \
         ((uint64_t)(n) << (8 * (p))),                                                          \
     KALAH_SPREAD(KALAH_REACH(p, n) >> 7) + KALAH_LAPS(n) * 0x0000010101010101ULL, KALAH_LANDING(p, n)}
#define KALAH_SOWING7(p, n)                                                                       \
    KALAH_SOWING(p, n), KALAH_SOWING(p, n + 1), KALAH_SOWING(p, n + 2), KALAH_SOWING(p, n + 3), \
        KALAH_SOWING(p, n + 4), KALAH_SOWING(p, n + 5), KALAH_SOWING(p, n + 6)
#define KALAH_SOWING_PIT(p)                                                                    \
    KALAH_SOWING7(p, 0), KALAH_SOWING7(p, 7), KALAH_SOWING7(p, 14), KALAH_SOWING7(p, 21),     \
        KALAH_SOWING7(p, 28), KALAH_SOWING7(p, 35), KALAH_SOWING7(p, 42), KALAH_SOWING_PAD, \
        KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, \
        KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, \
        KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD, KALAH_SOWING_PAD
#define KALAH_SOWING_PAD {0, 0, 0} /* seed counts above KALAH_SEEDS, never used */
/* Indexed by move (8 x pit) x 8 + seeds, that is pit x 64 + seeds. */
static const kalah_sowing kalah_sowings[6 * KALAH_TABLE_ROW] = {
    KALAH_SOWING_PIT(0), KALAH_SOWING_PIT(1), KALAH_SOWING_PIT(2),
    KALAH_SOWING_PIT(3), KALAH_SOWING_PIT(4), KALAH_SOWING_PIT(5),
};

static inline void kalah_start(kalah_state *s)
{
    uint64_t row = 0x0000040404040404ULL;
    *s = (kalah_state){.rows = {row, row | KALAH_PLAYER1_MARK}};
}

/* The player to move, 0 or 1: the owner of the first row. */
static inline unsigned kalah_mover(const kalah_state *s) { return (unsigned)(s->rows[0] >> 63); }

static inline bool kalah_max_to_move(const kalah_state *s) { return kalah_mover(s) == 0; }

/* The game ends when a row is empty after a move; no start row is, so that
 * is the test.  Computed when asked rather than kept up to date: searches
 * ask about fewer positions than they make (never at the horizon). */
static inline bool kalah_is_over(const kalah_state *s)
{
    return (s->rows[0] & KALAH_PITS_MASK) == 0 || (s->rows[1] & KALAH_PITS_MASK) == 0;
}

/* The legal moves of each set of non-empty pits, in ascending order:
 * entry k of a list is the move of the pit at the (k+1)-th set bit, whose
 * index is the number of prefixes of the set holding at most k bits.
 * Unused entries are 48. */
#define KALAH_BITS(m) \
    (((m) & 1) + ((m) >> 1 & 1) + ((m) >> 2 & 1) + ((m) >> 3 & 1) + ((m) >> 4 & 1) + ((m) >> 5 & 1))
#define KALAH_NTH(m, k)                                                                           \
    ((KALAH_BITS((m) & 1) <= (k)) + (KALAH_BITS((m) & 3) <= (k)) + (KALAH_BITS((m) & 7) <= (k)) + \
     (KALAH_BITS((m) & 15) <= (k)) + (KALAH_BITS((m) & 31) <= (k)) + (KALAH_BITS((m) & 63) <= (k)))
#define KALAH_LIST(m)                                                                        \
    {KALAH_BITS(m),                                                                          \
     {8 * KALAH_NTH(m, 0), 8 * KALAH_NTH(m, 1), 8 * KALAH_NTH(m, 2), 8 * KALAH_NTH(m, 3),  \
      8 * KALAH_NTH(m, 4), 8 * KALAH_NTH(m, 5)},                                              \
     0}
#define KALAH_LIST4(m) KALAH_LIST(m), KALAH_LIST(m + 1), KALAH_LIST(m + 2), KALAH_LIST(m + 3)
#define KALAH_LIST16(m) KALAH_LIST4(m), KALAH_LIST4(m + 4), KALAH_LIST4(m + 8), KALAH_LIST4(m + 12)
static const struct {
    uint8_t count;
    kalah_move moves[KALAH_MAX_MOVES];
    uint8_t unused;      /* 8-byte entries: indexing is a shift */
} kalah_move_lists[64] = {KALAH_LIST16(0), KALAH_LIST16(16), KALAH_LIST16(32), KALAH_LIST16(48)};

/* A pit's byte plus 0x7F reaches bit 7 exactly when it is non-zero (counts
 * stay below 128, so nothing carries and the store's byte is left out);
 * the multiply gathers the six bit-7s into the top byte (bit 8i+7 times
 * 2^(49-7i) lands on bit 56+i, and no other product reaches the top
 * byte), which picks the ready-made move list.  Writes all
 * KALAH_MAX_MOVES entries. */
static inline int kalah_generate_moves(const kalah_state *s, kalah_move *moves)
{
    uint64_t high = (s->rows[0] + 0x00007F7F7F7F7F7FULL) & 0x0000808080808080ULL;
    unsigned nonempty = (unsigned)((high * 0x0002040810204081ULL) >> 56);
    memcpy(moves, kalah_move_lists[nonempty].moves, KALAH_MAX_MOVES);
    return kalah_move_lists[nonempty].count;
}

/* Sows the `seeds` seeds of the mover's pit `m` and resolves a capture, on
 * rows held in the caller's locals (so that they stay in registers);
 * returns the captured opposite count (0 when none).  The pit opposite
 * pit p is the opponent's 5 - p, at bit offset 40 - 8p. */
static inline unsigned kalah_sow(uint64_t *own, uint64_t *other, kalah_move m, unsigned seeds)
{
    unsigned index = 8u * m + seeds;
    const kalah_sowing *sowing = &kalah_sowings[index];
    *own += sowing->own;
    *other += sowing->other;
    unsigned land = sowing->land, opposite = 40 - land;
    if (((*own >> land) & 0xFF) != 1) return 0;
    unsigned captured = (unsigned)(*other >> opposite) & 0xFF;
    if (!captured) return 0;
    *other &= ~(0xFFULL << opposite);
    /* The landing pit holds exactly the one seed: clear its byte. */
    *own = (*own & ~(0xFFULL << land)) + ((uint64_t)(captured + 1) << (8 * KALAH_STORE));
    return captured;
}

/* Stores the rows back swapped, the opponent's first: that passes the turn. */
static inline void kalah_finish_move(kalah_state *s, uint64_t own, uint64_t other)
{
    s->rows[0] = other;
    s->rows[1] = own;
}

static inline void kalah_play(kalah_state *s, kalah_move m)
{
    uint64_t own = s->rows[0], other = s->rows[1];
    kalah_sow(&own, &other, m, (unsigned)(own >> m) & 0xFF);
    kalah_finish_move(s, own, other);
}

static inline void kalah_do_move(kalah_state *s, kalah_move m, kalah_undo *undo)
{
    uint64_t own = s->rows[0], other = s->rows[1];
    unsigned seeds = (unsigned)(own >> m) & 0xFF;
    undo->sowing = &kalah_sowings[8u * m + seeds];
    undo->captured = (uint8_t)kalah_sow(&own, &other, m, seeds);
    kalah_finish_move(s, own, other);
}

/* The move's additions, subtracted in reverse order; the mover's row is
 * rows[1] again until the swap back. */
static inline void kalah_undo_move(kalah_state *s, kalah_move m, const kalah_undo *undo)
{
    (void)m;
    const kalah_sowing *sowing = undo->sowing;
    uint64_t own = s->rows[1], other = s->rows[0];
    if (undo->captured) {
        unsigned land = sowing->land;
        other += (uint64_t)undo->captured << (40 - land);
        own = own + (1ULL << land) - ((uint64_t)(undo->captured + 1) << (8 * KALAH_STORE));
    }
    s->rows[0] = own - sowing->own;
    s->rows[1] = other - sowing->other;
}

/* Player 0's store minus player 1's: the mover's minus the opponent's,
 * negated when player 1 moves. */
static inline int kalah_evaluate(const kalah_state *s)
{
    int mover_lead = (int)KALAH_BYTE(s->rows[0], KALAH_STORE) - (int)KALAH_BYTE(s->rows[1], KALAH_STORE);
    return kalah_mover(s) == 0 ? mover_lead : -mover_lead;
}

static inline int kalah_evaluate_carried(const kalah_state *s) { return kalah_evaluate(s); }

static inline bool kalah_parse_move(const char *text, kalah_move *move)
{
    if (text[0] < '0' || text[0] > '5' || text[1] != '\0') return false;
    *move = (kalah_move)(8 * (text[0] - '0'));
    return true;
}

/* Written by hand: every search formats its best move, and snprintf
 * costs about 600 instructions, as much as a dozen tree nodes. */
static inline void kalah_format_move(kalah_move m, char *out, size_t size)
{
    if (size < 2) {
        if (size) out[0] = '\0';
        return;
    }
    out[0] = (char)('0' + m / 8);
    out[1] = '\0';
}

/* Player 1's row is printed reversed on top, as on a real board, with pit
 * indices so that a reader can type moves for either side. */
static inline void kalah_print(const kalah_state *s, FILE *out)
{
    unsigned mover = kalah_mover(s);
    uint64_t row0 = s->rows[mover], row1 = s->rows[mover ^ 1];
    fprintf(out, "     player 1: ");
    for (int i = 5; i >= 0; i--) fprintf(out, "%3u", KALAH_BYTE(row1, i));
    fprintf(out, "   (pits 5..0)\nstore %3u %*s store %u\n", KALAH_BYTE(row1, KALAH_STORE), 18, "",
            KALAH_BYTE(row0, KALAH_STORE));
    fprintf(out, "     player 0: ");
    for (int i = 0; i < 6; i++) fprintf(out, "%3u", KALAH_BYTE(row0, i));
    fprintf(out, "   (pits 0..5)\n");
    fprintf(out, "%s\n",
            kalah_is_over(s) ? "game over" : mover == 0 ? "player 0 to move" : "player 1 to move");
}

/* Position strings (docs/cli.md#position-strings): player 0's pits 0..5
 * then player 1's pits 0..5, each row's counts separated by ',' and the
 * rows by '/', then ':' and the two stores (player 0's, player 1's), then
 * ':' and the player to move, 0 or 1.  The start is
 * "4,4,4,4,4,4/4,4,4,4,4,4:0,0:0".  Counts are decimal without leading
 * zeros; reading refuses a count above 48 and more than 48 seeds in all
 * (seeds are only ever discarded), which also keeps every byte of the
 * state within what the sowing tables and the hash keys cover. */
static inline void kalah_write_position(const kalah_state *s, char *out, size_t size)
{
    unsigned mover = kalah_mover(s);
    uint64_t rows[2] = {s->rows[mover], s->rows[mover ^ 1]}; /* player 0's, player 1's */
    char text[64];
    int n = 0;
    for (int row = 0; row < 2; row++)
        for (int i = 0; i < 6; i++)
            n += snprintf(text + n, sizeof text - (size_t)n, "%u%c", KALAH_BYTE(rows[row], i),
                          i < 5 ? ',' : row == 0 ? '/' : ':');
    snprintf(text + n, sizeof text - (size_t)n, "%u,%u:%u", KALAH_BYTE(rows[0], KALAH_STORE),
             KALAH_BYTE(rows[1], KALAH_STORE), mover);
    if (size) snprintf(out, size, "%s", text);
}

/* A count 0..48 without leading zeros, then `separator`; the text after
 * it, or NULL. */
static inline const char *kalah_read_count(const char *text, char separator, unsigned *count)
{
    if (text[0] < '0' || text[0] > '9') return NULL;
    unsigned value = (unsigned)(text[0] - '0');
    text++;
    if (value != 0 && text[0] >= '0' && text[0] <= '9') value = value * 10 + (unsigned)(*text++ - '0');
    if (value > KALAH_SEEDS || *text != separator) return NULL;
    *count = value;
    return text + 1;
}

static inline bool kalah_read_position(const char *text, kalah_state *out)
{
    uint64_t rows[2] = {0, 0};
    unsigned total = 0, count;
    for (int row = 0; row < 2; row++)
        for (int i = 0; i < 6; i++) {
            text = kalah_read_count(text, i < 5 ? ',' : row == 0 ? '/' : ':', &count);
            if (!text) return false;
            rows[row] |= (uint64_t)count << (8 * i);
            total += count;
        }
    for (int row = 0; row < 2; row++) {
        text = kalah_read_count(text, row == 0 ? ',' : ':', &count);
        if (!text) return false;
        rows[row] |= (uint64_t)count << (8 * KALAH_STORE);
        total += count;
    }
    if ((text[0] != '0' && text[0] != '1') || text[1] != '\0' || total > KALAH_SEEDS) return false;
    unsigned mover = (unsigned)(text[0] - '0');
    rows[1] |= KALAH_PLAYER1_MARK;
    *out = (kalah_state){.rows = {rows[mover], rows[mover ^ 1]}};
    return true;
}

/* Hashing for the transposition table (games/README.md): Zobrist keys
 * from the engine's seeded table, keys[(row * 7 + i) * 49 + seeds] for
 * byte i (pits 0-5, store 6) of the mover's row (0) and the other's (1),
 * keys[686] player 1 to move.  The rows are relative to the mover, so the
 * mover's key makes the pair absolute.  A sowing can touch every pit and
 * swaps the rows, so do-undo recomputes the key too (no NAME_hash_step). */
#define KALAH_HASH_KEYS 687

static inline uint64_t kalah_hash(const kalah_state *s, const uint64_t *keys)
{
    uint64_t key = kalah_mover(s) ? keys[686] : 0;
    for (int row = 0; row < 2; row++)
        for (int i = 0; i < 7; i++) key ^= keys[(row * 7 + i) * (KALAH_SEEDS + 1) + KALAH_BYTE(s->rows[row], i)];
    return key;
}

#endif
