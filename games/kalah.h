/*
 * kalah.h: the Kalah-like mancala of the Minimaxer library's example
 * (specs/kalah.md), which is not standard Kalah: a seed reaching the
 * opponent's store is discarded, there is no extra turn and no sweep at
 * the end.
 *
 * Positions round the 14-cycle are relative to the mover: 0-5 the mover's
 * pits, 6 the mover's store, 7-12 the opponent's pits, 13 discarded.  The
 * game contract every game follows is in games/README.md.
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

typedef uint8_t kalah_move;

typedef struct {
    uint8_t pits[2][6];  /* pits[player][index] */
    uint8_t stores[2];
    uint8_t to_move;     /* 0 maximises */
    bool over;           /* a row became empty after the last move */
} kalah_state;

/* What an undo needs: the sown count, the capture, and the end flag. */
typedef struct {
    uint8_t seeds;       /* seeds taken from the pit */
    uint8_t captured;    /* opposite seeds banked, 0 when no capture */
    bool over;           /* the end flag before the move */
} kalah_undo;

static inline void kalah_start(kalah_state *s)
{
    *s = (kalah_state){.to_move = 0, .over = false};
    for (int i = 0; i < 6; i++) s->pits[0][i] = s->pits[1][i] = 4;
}

static inline bool kalah_max_to_move(const kalah_state *s) { return s->to_move == 0; }
static inline bool kalah_is_over(const kalah_state *s) { return s->over; }

static inline int kalah_generate_moves(const kalah_state *s, kalah_move *moves)
{
    const uint8_t *own = s->pits[s->to_move];
    int count = 0;
    for (int i = 0; i < 6; i++)
        if (own[i]) moves[count++] = (kalah_move)i;
    return count;
}

static inline bool kalah_row_empty(const uint8_t *row)
{
    return (row[0] | row[1] | row[2] | row[3] | row[4] | row[5]) == 0;
}

/* Sows the pit and resolves a capture; returns the captured opposite count
 * (0 when none).  Leaves the mover unchanged. */
static inline uint8_t kalah_sow(kalah_state *s, kalah_move pit, uint8_t seeds)
{
    uint8_t *own = s->pits[s->to_move], *other = s->pits[s->to_move ^ 1];
    int position = pit;
    own[pit] = 0;
    for (int c = 0; c < seeds; c++) {
        position = position == 13 ? 0 : position + 1;
        if (position < 6) own[position]++;
        else if (position == 6) s->stores[s->to_move]++;
        else if (position < 13) other[position - 7]++;
    }
    if (position < 6 && own[position] == 1 && other[5 - position]) {
        uint8_t captured = other[5 - position];
        other[5 - position] = 0;
        own[position] = 0;
        s->stores[s->to_move] += (uint8_t)(captured + 1);
        return captured;
    }
    return 0;
}

static inline void kalah_finish_move(kalah_state *s)
{
    s->over = kalah_row_empty(s->pits[0]) || kalah_row_empty(s->pits[1]);
    s->to_move ^= 1;
}

static inline void kalah_play(kalah_state *s, kalah_move m)
{
    kalah_sow(s, m, s->pits[s->to_move][m]);
    kalah_finish_move(s);
}

static inline void kalah_do_move(kalah_state *s, kalah_move m, kalah_undo *undo)
{
    undo->seeds = s->pits[s->to_move][m];
    undo->over = s->over;
    undo->captured = kalah_sow(s, m, undo->seeds);
    kalah_finish_move(s);
}

/* Walks the sowing backwards: the last position is pit + seeds round the
 * 14-cycle, and every position passed except 13 received one seed. */
static inline void kalah_undo_move(kalah_state *s, kalah_move m, const kalah_undo *undo)
{
    s->to_move ^= 1;
    s->over = undo->over;
    uint8_t *own = s->pits[s->to_move], *other = s->pits[s->to_move ^ 1];
    int last = (m + undo->seeds) % 14;
    if (undo->captured) {
        other[5 - last] = undo->captured;
        own[last] = 1;
        s->stores[s->to_move] -= (uint8_t)(undo->captured + 1);
    }
    int position = m;
    for (int c = 0; c < undo->seeds; c++) {
        position = position == 13 ? 0 : position + 1;
        if (position < 6) own[position]--;
        else if (position == 6) s->stores[s->to_move]--;
        else if (position < 13) other[position - 7]--;
    }
    own[m] = undo->seeds;
}

static inline int kalah_evaluate(const kalah_state *s)
{
    return (int)s->stores[0] - (int)s->stores[1];
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
    for (int i = 5; i >= 0; i--) fprintf(out, "%3u", (unsigned)s->pits[1][i]);
    fprintf(out, "   (pits 5..0)\nstore %3u %*s store %u\n", (unsigned)s->stores[1], 18, "",
            (unsigned)s->stores[0]);
    fprintf(out, "     player 0: ");
    for (int i = 0; i < 6; i++) fprintf(out, "%3u", (unsigned)s->pits[0][i]);
    fprintf(out, "   (pits 0..5)\n");
    fprintf(out, "%s\n", s->over ? "game over" : s->to_move == 0 ? "player 0 to move" : "player 1 to move");
}

#endif
