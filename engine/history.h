/*
 * history.h: killer moves and the history heuristic, game-independent.
 *
 * Killers: the last two moves that caused a beta cutoff at each ply, tried
 * early at that ply in sibling positions (a refutation often refutes its
 * neighbours too).  History: per side and move, the sum of depth * depth
 * over the cutoffs the move caused anywhere in the tree; moves are ordered
 * by it (Schaeffer 1989).  Moves are indexed by their integer value masked
 * to LADDER_HISTORY_MOVES slots; the game contract (games/README.md) has
 * every move below it, so no two share a slot: history_cutoff and
 * history_score assert it in non-release builds, and
 * tests/position_text_test.c checks every legal move of every game along
 * seeded random lines (engine/ladder_context.h asserts the move type fits
 * 16 bits, as the table keeps them).  Both are cleared per search so that
 * a search never depends on the one before.
 */
#ifndef PRUNE_HISTORY_H
#define PRUNE_HISTORY_H

#include <assert.h>
#include <stdint.h>
#include <string.h>

#define LADDER_HISTORY_MOVES 4096
#define LADDER_MAX_PLY 64
#define LADDER_NO_KILLER UINT32_MAX

typedef struct {
    uint32_t killers[LADDER_MAX_PLY][2];
    uint32_t history[2][LADDER_HISTORY_MOVES];
} ladder_history;

static inline void history_clear(ladder_history *h)
{
    memset(h->killers, 0xFF, sizeof h->killers); /* LADDER_NO_KILLER everywhere */
    memset(h->history, 0, sizeof h->history);
}

/* A cutoff by `move` at `ply` with `depth` plies left, `side` 0 for the
 * maximiser.  The newest killer goes first; a move is never both. */
static inline void history_cutoff(ladder_history *h, int side, int ply, int depth, uint32_t move,
                                  int killers, int history)
{
    if (killers && h->killers[ply][0] != move) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = move;
    }
    if (history) {
        assert(move < LADDER_HISTORY_MOVES); /* the game contract: every move is below it */
        uint32_t *score = &h->history[side][move & (LADDER_HISTORY_MOVES - 1)];
        uint32_t add = (uint32_t)(depth * depth);
        *score = *score > UINT32_MAX - add ? UINT32_MAX : *score + add;
    }
}

static inline uint32_t history_score(const ladder_history *h, int side, uint32_t move)
{
    assert(move < LADDER_HISTORY_MOVES); /* the game contract: every move is below it */
    return h->history[side][move & (LADDER_HISTORY_MOVES - 1)];
}

#endif
