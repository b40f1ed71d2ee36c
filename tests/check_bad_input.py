#!/usr/bin/env python3
"""Checks that bad input exits 2 with one line on stderr and nothing on stdout.

Each line of tests/bad_input/*.txt is `expected stderr substring<TAB>arg<TAB>arg...`
(the arguments after `prune`; an empty argument is written as `''`).

usage: check_bad_input.py PRUNE FILE...
"""
import subprocess
import sys

from checks import Tally, data_lines, expand


def main():
    prune, paths = sys.argv[1], expand(sys.argv[2:], ".txt")
    tally = Tally()
    for path in paths:
        for line in data_lines(path):
            expected, *args = line.split("\t")
            args = ["" if a == "''" else a for a in args]
            done = subprocess.run([prune, *args], capture_output=True, text=True, timeout=120)
            lines = done.stderr.splitlines()
            problems = []
            if done.returncode != 2:
                problems.append(f"exit status {done.returncode}, expected 2")
            if done.stdout:
                problems.append(f"stdout not empty: {done.stdout[:80]!r}")
            if len(lines) != 1:
                problems.append(f"{len(lines)} stderr lines, expected 1: {done.stderr[:200]!r}")
            elif expected not in lines[0]:
                problems.append(f"stderr {lines[0]!r} lacks {expected!r}")
            tally.record(not problems, "prune " + " ".join(args), "; ".join(problems) or lines[0])
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
