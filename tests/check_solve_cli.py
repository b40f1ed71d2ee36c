#!/usr/bin/env python3
"""Checks what `prune solve` offers a user beyond the series' test sets.

  bare PRUNE SET        bare `moves` lines are solved and not checked, `moves score`
                        lines checked, line by line in one file; an empty line is bad input

SET is a committed file of `moves score` lines (studies/connect4/prune_L3_R1).
"""
import json
import os
import subprocess
import sys
import tempfile

from checks import Tally

CONFIG = "solve-lowerbound"


def run(prune, *args, timeout=600):
    return subprocess.run([prune, "solve", "connect4", *args], capture_output=True, text=True, timeout=timeout)


def solve_json(prune, *args):
    done = run(prune, "--json", *args)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def first_lines(path, count):
    with open(path) as f:
        return [line.split() for line in f.read().splitlines()[:count]]


def stopped(done, message):
    """Problems of a run that should have stopped on a budget: status 2, one line, nothing on stdout."""
    lines = done.stderr.splitlines()
    problems = []
    if done.returncode != 2:
        problems.append(f"exit {done.returncode}")
    if done.stdout:
        problems.append(f"stdout {done.stdout[:80]!r}")
    if len(lines) != 1 or message not in lines[0]:
        problems.append(f"stderr {done.stderr[:200]!r}")
    return "; ".join(problems)


def check_bare(prune, set_path, tally):
    lines = first_lines(set_path, 6)
    with tempfile.TemporaryDirectory() as tmp:
        mixed = os.path.join(tmp, "mixed")
        with open(mixed, "w") as f:  # bare, scored, bare, scored, ...
            f.writelines(f"{m}\n" if i % 2 == 0 else f"{m} {s}\n" for i, (m, s) in enumerate(lines))
        rows = solve_json(prune, "--config", CONFIG, "--positions", mixed)
        positions, summary = rows[:-1], rows[-1]
        expected = [None if i % 2 == 0 else int(s) for i, (_, s) in enumerate(lines)]
        tally.record([r["expected"] for r in positions] == expected, "bare lines: expected is null",
                     str([r["expected"] for r in positions]))
        tally.record([r["score"] for r in positions] == [int(s) for _, s in lines], "bare lines: scores solved",
                     str([r["score"] for r in positions]))
        tally.record(summary.get("summary") and summary["positions"] == len(lines), "bare lines: summary",
                     str(summary))
        text = run(prune, "--config", CONFIG, "--positions", mixed).stdout.splitlines()
        tally.record(text[0].split()[:4] == ["1", lines[0][0], "-", lines[0][1]], "bare lines: text prints -",
                     text[0])
        with open(mixed, "a") as f:  # a wrong score after bare lines still fails
            f.write(f"{lines[0][0]} {int(lines[0][1]) + 1}\n")
        done = run(prune, "--config", CONFIG, "--positions", mixed)
        tally.record(done.returncode == 1 and f"{mixed}:7: {CONFIG} scores" in done.stderr,
                     "bare lines: a wrong score is still status 1", done.stderr.strip())
        empty = os.path.join(tmp, "empty")
        with open(empty, "w") as f:
            f.write(f"{lines[0][0]}\n\n")
        done = run(prune, "--config", CONFIG, "--positions", empty)
        tally.record(stopped(done, f"{empty}:2: an empty line") == "", "bare lines: an empty line is bad input",
                     done.stderr.strip())


def main():
    what, prune, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    tally = Tally()
    {"bare": check_bare}[what](prune, rest[0], tally)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
