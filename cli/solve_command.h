/* solve_command.h: the `prune solve` command (cli/solve.c). */
#ifndef PRUNE_SOLVE_COMMAND_H
#define PRUNE_SOLVE_COMMAND_H

/* connect4 also takes its moves as a plain digit string ("4453"): for that
 * game, a --moves of two or more characters without a comma is returned as
 * the comma-separated list every game reads ("4,4,5,3"); anything else is
 * returned unchanged.  The result lives until the next call. */
const char *solve_moves_as_list(const char *game, const char *moves);

#endif
