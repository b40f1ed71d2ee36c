#!/usr/bin/env python3
"""check_pons_peer.py: prune's Connect Four solver explores exactly the
positions Pascal Pons' solver explores, step by step.

usage: check_pons_peer.py PRUNE [--count 20] [--seed 2026]

Builds his solver at every tag (peers/pons/build.sh, from the checkout in
$PRUNE_PONS_CHECKOUT; nothing of it is in this repository), makes `count`
positions of its own from a seeded random game (the blog's test files may
not be committed), labels them with his part12 strong scores, and runs
peers/pons/compare.py on them: every tag, strong and weak, must give the
same score and node count from prune as from his program, position by
position.  Exit status: compare.py's (0 equal, 1 a difference, 2 an error),
77 (skipped) when PRUNE_PONS_CHECKOUT is unset.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "peers", "pons"))
import pons  # noqa: E402

COLUMNS, ROWS = 7, 6
# Stones already played: at most 12 moves remain, so that part3's plain
# minmax (no pruning at all) solves every position in well under a second.
FEWEST_STONES, MOST_STONES = 30, 36


def wins(grid, column, row):
    """Whether the stone just placed at (column, row) lines up four."""
    player = grid[column][row]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while 0 <= c < COLUMNS and 0 <= r < ROWS and grid[c][r] == player:
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def winning_columns(grid, heights, player):
    """Columns in which `player` would complete four at once."""
    found = []
    for column in range(COLUMNS):
        if heights[column] < ROWS:
            grid[column][heights[column]] = player
            if wins(grid, column, heights[column]):
                found.append(column)
            grid[column][heights[column]] = 0
    return found


def random_position(rng, stones, winnable):
    """Moves (digits 1-7) of a random game of `stones` stones, or None when
    the game got stuck.  No move completes four (that would end the game);
    a move that hands the opponent a win at once is avoided when another
    exists.  The side to move can win at once exactly when `winnable`:
    without that filter most random positions this deep are decided in one
    move and explore next to nothing, and with a few such positions the
    rule that they cost 1 node up to part8 and 0 from part9 on is tested."""
    grid = [[0] * ROWS for _ in range(COLUMNS)]
    heights = [0] * COLUMNS
    moves = ""
    for ply in range(stones):
        player, opponent = 1 + ply % 2, 2 - ply % 2
        legal = [c for c in range(COLUMNS) if heights[c] < ROWS and c not in winning_columns(grid, heights, player)]
        safe = []
        for column in legal:
            grid[column][heights[column]] = player
            heights[column] += 1
            if not winning_columns(grid, heights, opponent):
                safe.append(column)
            heights[column] -= 1
            grid[column][heights[column]] = 0
        if not legal:
            return None
        column = rng.choice(safe or legal)
        grid[column][heights[column]] = player
        heights[column] += 1
        moves += str(column + 1)
    if bool(winning_columns(grid, heights, 1 + stones % 2)) != winnable:
        return None
    return moves


def positions(count, seed):
    """`count` distinct positions, the same for the same seed; every fifth
    can be won at once."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        moves = random_position(rng, rng.randint(FEWEST_STONES, MOST_STONES), len(found) % 5 == 4)
        if moves and moves not in found:
            found.append(moves)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
    if not os.environ.get("PRUNE_PONS_CHECKOUT"):
        print("skipped: PRUNE_PONS_CHECKOUT is unset (a checkout of github PascalPons/connect4)")
        return pons.SKIPPED
    moves = positions(options.count, options.seed)
    binary, why = pons.build("part12")
    if binary is None:
        print(why)
        return pons.SKIPPED
    labelled, _ = pons.solve(binary, [(i + 1, m, None) for i, m in enumerate(moves)], weak=False)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "positions.txt")
        with open(path, "w") as f:
            f.writelines(f"{m} {score}\n" for m, (score, _, _) in zip(moves, labelled))
        done = subprocess.run([sys.executable, os.path.join(ROOT, "peers", "pons", "compare.py"), options.prune,
                               "--positions", path, "--tags", ",".join(pons.TAGS), "--pairs", "0"])
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
