#!/usr/bin/env python3
"""fake_prune.py: stands in for `prune solve connect4 --positions FILE ...
--json` in the pons runner's tests.  Position k (1-based line) explores
100 + k nodes in (100 + k) / 1e6 seconds, so every rate is exactly one
million nodes per second; the score is the file's, except on line 3 when
FAKE_PRUNE_WRONG_SCORE is set.  `solve --help` lists one step of the
series and two of prune's own, as prune's help does."""
import json
import os
import sys


def option(args, name, default=None):
    return args[args.index(name) + 1] if name in args else default


HELP = """configs:
  solve-lowerbound   Pons part 12: lower bounds stored in the table too
  solve-fake-one     prune: the first own step
  solve-fake-two     prune: the second own step
"""


def main(args):
    if args == ["solve", "--help"]:
        print(HELP, end="")
        return 0
    if args[:2] != ["solve", "connect4"] or "--positions" not in args:
        print("prune: fake: only solve connect4 --positions", file=sys.stderr)
        return 2
    limit = int(option(args, "--limit", "0")) or None
    k, n = map(int, option(args, "--shard", "1/1").split("/"))
    with open(option(args, "--positions"), encoding="utf-8") as f:
        lines = [line.split() for line in f if line.strip()][:limit]
    weak, total, seconds, count = "--weak" in args, 0, 0.0, 0
    for index, (moves, score) in enumerate(lines):
        if index % n != k - 1:
            continue
        nodes = 101 + index
        wrong = index == 2 and os.environ.get("FAKE_PRUNE_WRONG_SCORE")
        print(json.dumps({"game": "connect4", "config": option(args, "--config"), "moves": moves, "weak": weak,
                          "score": -int(score) if wrong else int(score), "nodes": nodes, "seconds": nodes / 1e6,
                          "expected": int(score), "line": index + 1}))
        total, seconds, count = total + nodes, seconds + nodes / 1e6, count + 1
    print(json.dumps({"summary": True, "positions": count, "total_nodes": total, "seconds": seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
