/*
 * ttt_rounds.h: the tictactoe study's scripted games, decision by decision.
 *
 * For each config (minimax, alphabeta), computer first and second, and four
 * scripted opponents, the computer searches every decision at full depth
 * through the ttt game_entry, as `prune search` does; each distinct decision
 * becomes a benchmark of the pseudo-study "tictactoe-rounds", and the games
 * are written as CSV, so that the report can build the blog's table of
 * decision time per round.  The opponents read the board through
 * games/ttt.h (docs/ttt.md has the rules).
 */
#ifndef PRUNE_TTT_ROUNDS_H
#define PRUNE_TTT_ROUNDS_H

#include <stddef.h>

#include "search.h"

#define TTT_ROUNDS_STUDY "tictactoe-rounds"

/* Plays every game and adds each decision as a case (bench_cases.h);
 * 0, or -1 with a message. */
int ttt_rounds_play(const game_entry *game, double min_time, char *message, size_t message_size);
/* The games, one row per decision (atomically); 0, or -1 with a message. */
int ttt_rounds_write(const char *path, char *message, size_t message_size);

#endif
