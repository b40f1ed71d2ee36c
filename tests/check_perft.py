#!/usr/bin/env python3
"""Checks the perft golden files: exact node, leaf and finished-game counts.

Each line of tests/perft/GAME.txt is `moves<TAB>depth<TAB>nodes<TAB>leaves<TAB>finished`
(moves `-` for the start position; `#` starts a comment).

usage: check_perft.py PRUNE FILE...
"""
import json
import os
import subprocess
import sys

from checks import Tally, data_lines, expand


def main():
    prune, paths = sys.argv[1], expand(sys.argv[2:], ".txt")
    tally = Tally()
    for path in paths:
        game = os.path.splitext(os.path.basename(path))[0]
        for line in data_lines(path):
            moves, depth, nodes, leaves, finished = line.split("\t")
            moves = "" if moves == "-" else moves
            done = subprocess.run([prune, "perft", game, "--depth", depth, "--moves", moves, "--json"],
                                  capture_output=True, text=True, timeout=600)
            want = {"nodes": int(nodes), "leaves": int(leaves), "finished": int(finished)}
            got = json.loads(done.stdout) if done.returncode == 0 else {"error": done.stderr.strip()}
            got = {k: got.get(k) for k in want} if done.returncode == 0 else got
            tally.record(got == want, f"{game} [{moves}] depth {depth}",
                         f"{want}" if got == want else f"got {got}, expected {want}")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
