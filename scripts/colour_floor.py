#!/usr/bin/env python3
"""colour_floor.py: how many of a match's pairs the colour would decide if
the opening did not matter.

A pair plays one opening twice, A first and then B first.  It is
colour-decided when the same colour wins both games.  Some such pairs come
from the game alone: where the first player wins a share p of its games
and the second a share q, two games that owe nothing to their opening are
both won by the first player p_A p_B of the time (p_A with A first, p_B
with B first) and both by the second q_A q_B of the time.  That sum is the
floor; the pairs above it are the ones the opening decided.  In a game
without draws between equal sides from balanced positions the floor is
p^2 + (1 - p)^2, at least 1/2 (docs/strength.md, "Openings").

    prune match GAME --a X --b Y ... --json | scripts/colour_floor.py

reads the game lines of `prune match --json` (one JSON object a game, with
a_plays and result; the summary line is skipped) and prints the observed
share, the floor, their difference with a 95% interval (a seeded
bootstrap over the pairs), and the first player's score.  Exit status
0; 2 when the input has no complete pair.
"""
import json
import random
import sys


def pairs_of(lines):
    """{pair: [(a_plays, result), ...]} of the game lines."""
    pairs = {}
    for line in lines:
        record = json.loads(line)
        if "pair" in record and "a_plays" in record:
            pairs.setdefault(record["pair"], []).append((record["a_plays"], record["result"]))
    return pairs


def winner_colour(a_plays, result):
    """'first', 'second' or None (a draw) for one game."""
    if result == "draw":
        return None
    a_won = result == "win"
    return a_plays if a_won else ("second" if a_plays == "first" else "first")


def shares(pairs):
    """(colour-decided share, floor, first player's score) of complete pairs."""
    n = len(pairs)
    won = {side: {"first": 0, "second": 0} for side in ("first", "second")}  # by A's colour, then the winner's
    decided, score = 0, 0.0
    for games in pairs:
        colours = [winner_colour(*g) for g in games]
        decided += colours[0] is not None and colours[0] == colours[1]
        for (a_plays, _), colour in zip(games, colours):
            if colour:
                won[a_plays][colour] += 1
            score += 1.0 if colour == "first" else 0.5 if colour is None else 0.0
    floor_share = (won["first"]["first"] * won["second"]["first"] + won["first"]["second"] * won["second"]["second"]) \
        / (n * n)
    return decided / n, floor_share, score / (2 * n)


def floor(pairs, resamples=2000, seed=1):
    """(observed share, floor, the 95% interval of their difference, first player's score, pairs), or None.
    The interval is a percentile bootstrap over the pairs (seeded: the same input gives the same interval)."""
    complete = [games for games in pairs.values() if len(games) == 2 and {g[0] for g in games} == {"first", "second"}]
    if not complete:
        return None
    observed, expected, first = shares(complete)
    rng = random.Random(seed)
    differences = sorted(o - e for o, e, _ in (shares([rng.choice(complete) for _ in complete])
                                                for _ in range(resamples)))
    low, high = differences[int(0.025 * resamples)], differences[int(0.975 * resamples) - 1]
    return observed, expected, (low, high), first, len(complete)


def main():
    result = floor(pairs_of(line for line in sys.stdin if line.strip()))
    if result is None:
        print("colour_floor.py: no complete pair in the input (prune match --json's game lines)", file=sys.stderr)
        return 2
    observed, expected, (low, high), first, n = result
    print(f"pairs {n}: colour-decided {observed:.1%}, floor {expected:.1%}, above the floor "
          f"{observed - expected:+.1%} (95% {low:+.1%} to {high:+.1%}); first player's score {first:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
