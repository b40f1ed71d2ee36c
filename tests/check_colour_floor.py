#!/usr/bin/env python3
"""scripts/colour_floor.py on pairs whose shares are known by hand: the
colour-decided share, the floor from the first player's wins by colour, the
first player's score; a summary line and an incomplete pair are skipped;
no complete pair exits 2 with one line.

    check_colour_floor.py
"""
import json
import os
import subprocess
import sys

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "colour_floor.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import colour_floor  # noqa: E402
import checks  # noqa: E402  (tests/, this script's folder)

# (pair, a_plays, result from A's side).  Winners by colour: pair 0 first, first (decided);
# pair 1 draw, second; pair 2 second, second (decided); pair 3 first, second; pair 4 has one game.
GAMES = [(0, "first", "win"), (0, "second", "loss"), (1, "first", "draw"), (1, "second", "win"),
         (2, "first", "loss"), (2, "second", "win"), (3, "first", "win"), (3, "second", "win"),
         (4, "first", "win")]


def lines():
    out = [json.dumps({"game": "ttt", "pair": p, "a_plays": a, "result": r}) for p, a, r in GAMES]
    return out + [json.dumps({"game": "ttt", "pairs": 5, "elo": 0.0})]


def main():
    failures = []
    observed, floor, (low, high), first, n = colour_floor.floor(colour_floor.pairs_of(lines()))
    # A first: the first player won 2 of 4, the second 1; B first: the first 1, the second 3.
    if (n, observed, floor, first) != (4, 0.5, (2 * 1 + 1 * 3) / 16, 3.5 / 8):
        failures.append(f"pairs {n}, observed {observed}, floor {floor}, first {first}")
    if not low <= observed - floor <= high:
        failures.append(f"the interval {low}..{high} misses the difference {observed - floor}")
    done = subprocess.run([sys.executable, SCRIPT], input="\n".join(lines()) + "\n", capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.startswith("pairs 4: colour-decided 50.0%, floor 31."):
        failures.append(f"the command: exit {done.returncode}, {done.stdout!r} {done.stderr!r}")
    done = subprocess.run([sys.executable, SCRIPT], input=lines()[-1] + "\n", capture_output=True, text=True)
    if done.returncode != 2 or len(done.stderr.strip().splitlines()) != 1 or done.stdout:
        failures.append(f"no pair: exit {done.returncode}, {done.stdout!r} {done.stderr!r}")
    return checks.report(failures)


if __name__ == "__main__":
    sys.exit(main())
