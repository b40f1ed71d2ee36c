#!/usr/bin/env python3
"""connect4_sizes.py: the empty board of Connect Four's other sizes, solved by
prune and compared with the published outcomes (docs/connect4.md, "Other
board sizes"; part of the `pons` study).

    scripts/connect4_sizes.py --prune build/prune --variant quick|full|long --out CSV [--tt-mb N]

The boards are the rows of studies/sizes.csv that the variant solves
(scripts/studies.py).  Each is one `prune solve connect4 --size WxH
--moves '' --json` (strong, the default step, the table at --tt-mb MiB, 64 by
default), one at a time, smallest first, a line of progress each.  The CSV
has a row per board: the published outcome and last move, prune's score,
the outcome and last move it gives, the nodes, prune's own time of the
search, and match (yes or no).  A board whose outcome or last move differs
from the published one is the solver's failure: the CSV is written (so the
failure can be read) and the exit status is 1.  Bad arguments exit 2; the
CSV is written atomically, whole or not at all.
"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studies  # noqa: E402
from atomic_file import write_csv_atomically  # noqa: E402

COLUMNS = ["width", "height", "cells", "published_outcome", "published_last_move", "score", "outcome", "last_move",
           "nodes", "seconds", "config", "tt_mb", "match"]


def outcome(score):
    """Who wins from the empty board, where the first player moves."""
    return "first" if score > 0 else "second" if score < 0 else "draw"


def solve(prune, board, tt_mb):
    size = f"{board['width']}x{board['height']}"
    argv = [prune, "solve", "connect4", "--size", size, "--moves", "", "--json"]
    if tt_mb:
        argv += ["--tt-mb", str(tt_mb), "--max-memory-mb", str(tt_mb)]  # the bound admits the table asked for
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{size}: prune exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prune", required=True)
    parser.add_argument("--variant", required=True, choices=studies.STRENGTH_VARIANTS)
    parser.add_argument("--out", required=True)
    parser.add_argument("--tt-mb", type=int, default=0, help="the table's MiB (default: prune's, 64)")
    args = parser.parse_args(argv)
    try:
        boards = sorted(studies.size_rows(variant=args.variant), key=lambda b: (b["width"] * b["height"], b["width"]))
    except studies.StudiesError as e:
        parser.exit(2, f"connect4_sizes.py: {e}\n")
    rows, failed, started = [], [], time.monotonic()
    for n, board in enumerate(boards, 1):
        r = solve(args.prune, board, args.tt_mb)
        size, mine = f"{board['width']}x{board['height']}", outcome(r["score"])
        match = mine == board["outcome"] and r["last_move"] == board["last_move"]
        rows.append([board["width"], board["height"], board["width"] * board["height"], board["outcome"],
                     board["last_move"], r["score"], mine, r["last_move"], r["nodes"], f"{r['seconds']:.6f}",
                     r["config"], args.tt_mb or 64, "yes" if match else "no"])
        print(f"    {n}/{len(boards)} {size}: {mine} on move {r['last_move']} (published {board['outcome']} on "
              f"{board['last_move']}), {r['nodes']:,} nodes, {r['seconds']:.2f} s "
              f"({time.monotonic() - started:.0f} s)", flush=True)
        if not match:
            failed.append(size)
    write_csv_atomically(args.out, COLUMNS, rows)
    if failed:
        print(f"connect4_sizes.py: prune disagrees with the published outcome on {', '.join(failed)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        sys.exit(f"connect4_sizes.py: {e}")
