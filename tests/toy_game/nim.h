/*
 * nim.h: a toy game written from games/README.md alone, to show that the
 * contract is all a game needs: Nim on three heaps of 3, 4 and 5 stones, a
 * move takes one or more stones from one heap, and the side that takes the
 * last stone wins.  It is not a game of the studies (not in prune_games):
 * tests/toy_game/meson.build compiles the engine once more with it and runs
 * the oracle and position-string tests on it.
 *
 * A move is heap * 8 + stones taken, written as the heap's letter and the
 * count: "b3" takes three stones from heap b.  The position string is the
 * heaps and the side to move: "3/4/5:1" is the start.
 */
#ifndef PRUNE_NIM_H
#define PRUNE_NIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NIM_NAME "nim"
#define NIM_DESCRIPTION "Nim on heaps of 3, 4 and 5, the last stone wins (a toy game of the tests)"
#define NIM_MOVE_EXAMPLE "a heap a..c and a count, e.g. b3"
#define NIM_MAX_MOVES 12    /* a move per stone left: 3 + 4 + 5 at most */
#define NIM_MAX_DEPTH 12    /* twelve stones, at least one a move */
#define NIM_TEST_DEPTH 5
#define NIM_WIN_SCORE 0     /* a win is a flat +-NIM_WIN */
#define NIM_ALTERNATES 1    /* every move passes the turn */
#define NIM_MATCH_MAX_PLIES 12
#define NIM_HASH_KEYS 25    /* a key per heap and size (3 x 8), and the second player's */
#define NIM_HEAPS 3
#define NIM_WIN 100

static const uint8_t nim_start_heaps[NIM_HEAPS] = {3, 4, 5};

typedef struct {
    uint8_t heaps[NIM_HEAPS];
    uint8_t first_to_move; /* 1: the first player (the maximiser) is to move */
} nim_state;

typedef uint16_t nim_move;

typedef struct {
    uint8_t heap_before;
} nim_undo;

static inline void nim_start(nim_state *s)
{
    memcpy(s->heaps, nim_start_heaps, sizeof s->heaps);
    s->first_to_move = 1;
}

static inline bool nim_max_to_move(const nim_state *s) { return s->first_to_move; }

static inline bool nim_is_over(const nim_state *s) { return (s->heaps[0] | s->heaps[1] | s->heaps[2]) == 0; }

static inline int nim_generate_moves(const nim_state *s, nim_move *moves)
{
    int n = 0;
    for (int h = 0; h < NIM_HEAPS; h++)
        for (int take = 1; take <= s->heaps[h]; take++) moves[n++] = (nim_move)(h * 8 + take);
    return n;
}

static inline void nim_do_move(nim_state *s, nim_move m, nim_undo *u)
{
    u->heap_before = s->heaps[m / 8];
    s->heaps[m / 8] = (uint8_t)(s->heaps[m / 8] - m % 8);
    s->first_to_move = !s->first_to_move;
}

static inline void nim_play(nim_state *s, nim_move m)
{
    nim_undo u;
    nim_do_move(s, m, &u);
}

static inline void nim_undo_move(nim_state *s, nim_move m, const nim_undo *u)
{
    s->heaps[m / 8] = u->heap_before;
    s->first_to_move = !s->first_to_move;
}

/* The maximiser's view: a finished game is lost by the side to move; else
 * the side to move is ahead by one when the heaps' XOR is not 0 (it has a
 * winning move), behind by one when it is. */
static inline int nim_evaluate(const nim_state *s)
{
    int mover = s->first_to_move ? 1 : -1;
    if (nim_is_over(s)) return -mover * NIM_WIN;
    return (s->heaps[0] ^ s->heaps[1] ^ s->heaps[2]) ? mover : -mover;
}

static inline int nim_evaluate_carried(const nim_state *s) { return nim_evaluate(s); }

static inline bool nim_parse_move(const char *text, nim_move *m)
{
    if (text[0] < 'a' || text[0] >= 'a' + NIM_HEAPS || text[1] < '1' || text[1] > '7' || text[2]) return false;
    *m = (nim_move)((text[0] - 'a') * 8 + (text[1] - '0'));
    return true;
}

static inline void nim_format_move(nim_move m, char *out, size_t size)
{
    snprintf(out, size, "%c%d", 'a' + m / 8, m % 8);
}

static inline void nim_print(const nim_state *s, FILE *out)
{
    for (int h = 0; h < NIM_HEAPS; h++) {
        fprintf(out, "%c: ", 'a' + h);
        for (int i = 0; i < s->heaps[h]; i++) fputc('o', out);
        fputc('\n', out);
    }
    fprintf(out, "%s player to move\n", s->first_to_move ? "first" : "second");
}

static inline void nim_write_position(const nim_state *s, char *out, size_t size)
{
    snprintf(out, size, "%d/%d/%d:%d", s->heaps[0], s->heaps[1], s->heaps[2], s->first_to_move ? 1 : 2);
}

/* "H/H/H:P": each heap a digit no larger than at the start, P 1 or 2; the
 * start with the second player to move, and one stone gone with the first,
 * are impossible (every move takes at least one stone). */
static inline bool nim_read_position(const char *text, nim_state *out)
{
    nim_state s;
    int taken = 0;
    for (int h = 0; h < NIM_HEAPS; h++) {
        if (text[2 * h] < '0' || text[2 * h] > '0' + nim_start_heaps[h] || text[2 * h + 1] != (h < 2 ? '/' : ':'))
            return false;
        s.heaps[h] = (uint8_t)(text[2 * h] - '0');
        taken += nim_start_heaps[h] - s.heaps[h];
    }
    if ((text[6] != '1' && text[6] != '2') || text[7]) return false;
    s.first_to_move = text[6] == '1';
    if ((taken == 0 && !s.first_to_move) || (taken == 1 && s.first_to_move)) return false;
    *out = s;
    return true;
}

static inline uint64_t nim_hash(const nim_state *s, const uint64_t *keys)
{
    uint64_t key = s->first_to_move ? 0 : keys[24];
    for (int h = 0; h < NIM_HEAPS; h++) key ^= keys[h * 8 + s->heaps[h]];
    return key;
}

#endif
