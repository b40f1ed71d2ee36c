/*
 * kalah.h: the Kalah-like mancala of the Minimaxer library's example
 * (specs/kalah.md), which is not standard Kalah: a seed reaching the
 * opponent's store is discarded, there is no extra turn and no sweep at
 * the end.
 *
 * Sowing runs round a 14-position cycle relative to the mover: 0-5 the
 * mover's pits, 6 the mover's store, 7-12 the opponent's pits, 13 the
 * discard.  Each player's row is one 64-bit word, one byte per pit (bytes
 * 0-5) and the store in byte 6.  No count ever exceeds 48 seeds, so bytes
 * never carry into each other and a whole sowing is two word additions of
 * precomputed masks; undo is the same subtractions.  The game contract every
 * game follows is in games/README.md.
 */
#ifndef PRUNE_KALAH_H
#define PRUNE_KALAH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define KALAH_NAME "kalah"
#define KALAH_DESCRIPTION "Kalah-like mancala of the Minimaxer example (minimaxer study)"
#define KALAH_MOVE_EXAMPLE "a pit 0..5 of the mover, e.g. 5"
#define KALAH_MAX_MOVES 6
#define KALAH_TEST_DEPTH 6 /* minimax affordable in tests */
#define KALAH_MAX_DEPTH 40
#define KALAH_WIN_SCORE 0

enum { KALAH_STORE = 6, KALAH_CYCLE = 14 };

typedef uint8_t kalah_move;

typedef struct {
    uint64_t rows[2];    /* rows[player]: pits in bytes 0-5, store in byte 6 */
    uint8_t to_move;     /* 0 maximises */
    bool over;           /* a row became empty after the last move */
} kalah_state;

/* What an undo needs beyond the move: the sown count, the capture, the end
 * flag before the move. */
typedef struct {
    uint8_t seeds;
    uint8_t captured;    /* opposite seeds banked, 0 when no capture */
    bool over;
} kalah_undo;

#define KALAH_PITS_MASK 0x0000FFFFFFFFFFFFULL
#define KALAH_BYTE(row, i) ((unsigned)((row) >> (8 * (i))) & 0xFFu)

/* Byte i of the result is bit i of the 7-bit argument. */
#define KALAH_SPREAD(b)                                                                       \
    ((uint64_t)((b) & 1) | (uint64_t)(((b) >> 1) & 1) << 8 | (uint64_t)(((b) >> 2) & 1) << 16 | \
     (uint64_t)(((b) >> 3) & 1) << 24 | (uint64_t)(((b) >> 4) & 1) << 32 |                     \
     (uint64_t)(((b) >> 5) & 1) << 40 | (uint64_t)(((b) >> 6) & 1) << 48)
#define KALAH_SPREAD4(b) KALAH_SPREAD(b), KALAH_SPREAD(b + 1), KALAH_SPREAD(b + 2), KALAH_SPREAD(b + 3)
#define KALAH_SPREAD16(b) KALAH_SPREAD4(b), KALAH_SPREAD4(b + 4), KALAH_SPREAD4(b + 8), KALAH_SPREAD4(b + 12)
static const uint64_t kalah_spread[128] = {
    KALAH_SPREAD16(0),  KALAH_SPREAD16(16), KALAH_SPREAD16(32), KALAH_SPREAD16(48),
    KALAH_SPREAD16(64), KALAH_SPREAD16(80), KALAH_SPREAD16(96), KALAH_SPREAD16(112),
};

static inline void kalah_start(kalah_state *s)
{
    uint64_t row = 0x0000040404040404ULL;
    *s = (kalah_state){.rows = {row, row}, .to_move = 0, .over = false};
}

static inline bool kalah_max_to_move(const kalah_state *s) { return s->to_move == 0; }
static inline bool kalah_is_over(const kalah_state *s) { return s->over; }

/* A byte plus 0x7F reaches bit 7 exactly when it is non-zero (counts stay
 * below 128); the multiply gathers the six bit-7s into one byte. */
static inline int kalah_generate_moves(const kalah_state *s, kalah_move *moves)
{
    uint64_t row = s->rows[s->to_move] & KALAH_PITS_MASK;
    uint64_t high = (row + 0x00007F7F7F7F7F7FULL) & 0x0000808080808080ULL;
    unsigned nonempty = (unsigned)(((high >> 7) * 0x0102040810204080ULL) >> 56) & 0x3F;
    int count = 0;
    for (; nonempty; nonempty &= nonempty - 1) moves[count++] = (kalah_move)__builtin_ctz(nonempty);
    return count;
}

/* The increments of sowing `seeds` from pit `pit`, for the mover's row and
 * the opponent's.  Each full lap of 14 positions feeds the 13 that keep
 * seeds, pit `pit` included; the rest feed positions pit+1 onwards. */
static inline void kalah_sowing(kalah_move pit, unsigned seeds, uint64_t *own, uint64_t *other)
{
    unsigned laps = seeds / KALAH_CYCLE, rest = seeds % KALAH_CYCLE;
    uint32_t reach = ((1u << rest) - 1) << (pit + 1);
    reach = (reach | reach >> KALAH_CYCLE) & 0x1FFF; /* wrap round; position 13 keeps nothing */
    *own = kalah_spread[reach & 0x7F] + laps * 0x0001010101010101ULL;
    *other = kalah_spread[reach >> 7] + laps * 0x0000010101010101ULL;
}

/* Sows the pit and resolves a capture; returns the captured opposite count
 * (0 when none).  Leaves the mover unchanged. */
static inline unsigned kalah_sow(kalah_state *s, kalah_move pit)
{
    uint64_t *own = &s->rows[s->to_move], *other = &s->rows[s->to_move ^ 1];
    unsigned seeds = KALAH_BYTE(*own, pit);
    uint64_t own_add, other_add;
    kalah_sowing(pit, seeds, &own_add, &other_add);
    *own = *own - ((uint64_t)seeds << (8 * pit)) + own_add;
    *other += other_add;
    unsigned last = (pit + seeds) % KALAH_CYCLE;
    if (last >= 6 || KALAH_BYTE(*own, last) != 1) return 0;
    unsigned captured = KALAH_BYTE(*other, 5 - last);
    if (!captured) return 0;
    *other &= ~(0xFFULL << (8 * (5 - last)));
    *own = *own - (1ULL << (8 * last)) + ((uint64_t)(captured + 1) << (8 * KALAH_STORE));
    return captured;
}

static inline void kalah_finish_move(kalah_state *s)
{
    s->over = (s->rows[0] & KALAH_PITS_MASK) == 0 || (s->rows[1] & KALAH_PITS_MASK) == 0;
    s->to_move ^= 1;
}

static inline void kalah_play(kalah_state *s, kalah_move m)
{
    kalah_sow(s, m);
    kalah_finish_move(s);
}

static inline void kalah_do_move(kalah_state *s, kalah_move m, kalah_undo *undo)
{
    undo->seeds = (uint8_t)KALAH_BYTE(s->rows[s->to_move], m);
    undo->over = s->over;
    undo->captured = (uint8_t)kalah_sow(s, m);
    kalah_finish_move(s);
}

/* The move's additions, subtracted in reverse order. */
static inline void kalah_undo_move(kalah_state *s, kalah_move m, const kalah_undo *undo)
{
    s->to_move ^= 1;
    s->over = undo->over;
    uint64_t *own = &s->rows[s->to_move], *other = &s->rows[s->to_move ^ 1];
    unsigned last = (m + undo->seeds) % KALAH_CYCLE;
    if (undo->captured) {
        *other += (uint64_t)undo->captured << (8 * (5 - last));
        *own = *own + (1ULL << (8 * last)) - ((uint64_t)(undo->captured + 1) << (8 * KALAH_STORE));
    }
    uint64_t own_add, other_add;
    kalah_sowing(m, undo->seeds, &own_add, &other_add);
    *own = *own - own_add + ((uint64_t)undo->seeds << (8 * m));
    *other -= other_add;
}

static inline int kalah_evaluate(const kalah_state *s)
{
    return (int)KALAH_BYTE(s->rows[0], KALAH_STORE) - (int)KALAH_BYTE(s->rows[1], KALAH_STORE);
}

static inline int kalah_evaluate_carried(const kalah_state *s) { return kalah_evaluate(s); }

static inline bool kalah_parse_move(const char *text, kalah_move *move)
{
    if (text[0] < '0' || text[0] > '5' || text[1] != '\0') return false;
    *move = (kalah_move)(text[0] - '0');
    return true;
}

static inline void kalah_format_move(kalah_move m, char *out, size_t size)
{
    snprintf(out, size, "%u", (unsigned)m);
}

/* Player 1's row is printed reversed on top, as on a real board, with pit
 * indices so that a reader can type moves for either side. */
static inline void kalah_print(const kalah_state *s, FILE *out)
{
    fprintf(out, "     player 1: ");
    for (int i = 5; i >= 0; i--) fprintf(out, "%3u", KALAH_BYTE(s->rows[1], i));
    fprintf(out, "   (pits 5..0)\nstore %3u %*s store %u\n", KALAH_BYTE(s->rows[1], KALAH_STORE), 18, "",
            KALAH_BYTE(s->rows[0], KALAH_STORE));
    fprintf(out, "     player 0: ");
    for (int i = 0; i < 6; i++) fprintf(out, "%3u", KALAH_BYTE(s->rows[0], i));
    fprintf(out, "   (pits 0..5)\n");
    fprintf(out, "%s\n", s->over ? "game over" : s->to_move == 0 ? "player 0 to move" : "player 1 to move");
}

#endif
