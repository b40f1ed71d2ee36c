#!/usr/bin/env python3
"""Prints seeded random Connect Four positions, one digit string per line.

Each position is a random game of exactly PLIES moves from the start in which
no move completes four (the solver's input rule); games that get stuck are
replayed with the next random numbers.  Deterministic: random.Random(SEED).
The committed tests/connect4/*.txt files were made with it and labelled with
prune's strong solver (checked against Pascal Pons' own build of each part).

With QUIET 1, only positions whose side to move cannot win at once (as in
the test sets of the series) are kept.

usage: make_positions.py SEED COUNT MIN_PLIES MAX_PLIES QUIET
"""
import random
import sys

WIDTH, HEIGHT = 7, 6


def wins(grid, col, row, player):
    """True when a stone of `player` at (col, row) completes four."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            x, y = col + sign * dx, row + sign * dy
            while 0 <= x < WIDTH and 0 <= y < HEIGHT and grid[x][y] == player:
                count += 1
                x, y = x + sign * dx, y + sign * dy
        if count >= 4:
            return True
    return False


def random_game(rng, plies):
    grid = [[0] * HEIGHT for _ in range(WIDTH)]
    heights = [0] * WIDTH
    moves = []
    for ply in range(plies):
        player = 1 + ply % 2
        choices = [c for c in range(WIDTH) if heights[c] < HEIGHT and not wins(grid, c, heights[c], player)]
        if not choices:
            return None, grid, heights
        col = rng.choice(choices)
        grid[col][heights[col]] = player
        heights[col] += 1
        moves.append(str(col + 1))
    return "".join(moves), grid, heights


def can_win_at_once(grid, heights, plies):
    player = 1 + plies % 2
    return any(heights[c] < HEIGHT and wins(grid, c, heights[c], player) for c in range(WIDTH))


def main():
    seed, count, low, high, quiet = (int(a) for a in sys.argv[1:6])
    rng = random.Random(seed)
    made = 0
    while made < count:
        plies = rng.randint(low, high)
        game, grid, heights = random_game(rng, plies)
        if game and not (quiet and can_win_at_once(grid, heights, plies)):
            print(game)
            made += 1


if __name__ == "__main__":
    main()
