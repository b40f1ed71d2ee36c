#!/usr/bin/env python3
"""connect4_threads.py: prune's solver on one thread and on more, the same
position, in time and nodes, on the machine the run is on (part of the `pons`
study; docs/connect4.md, "Threads").

    scripts/connect4_threads.py --prune build/prune --variant quick|full|long --out CSV

The position is the variant's (POSITIONS): 444444 under quick (about 1 s on
one thread), 4444 under full (about 10 s), the empty board under long (about
a minute).  The thread counts are 1, the powers of two below the machine's
cores and the cores (os.cpu_count(); 1 and 2 on a 2-core machine).  Each
count above 1 runs PAIRS[variant] times, alternating with a one-thread run:
whole `prune solve connect4 --moves M --threads N --json` processes, strong,
the default step at its default table.  The CSV has a row per count: the
position, the threads, the pairs, the one thread's and the N threads' median
search time (prune's own timer) and median nodes, the speedup (the median of
the pairs' one-thread over N-thread times, with the lowest and highest pair),
the node ratio (N threads' median nodes over one thread's) and the CPU.  The
one-thread row is the one-thread runs of every pair.  Every run must give the
same score (exit status 1 otherwise, the CSV still written); bad arguments
exit 2; the CSV is written atomically, whole or not at all.  Beside it, the
pairs file (CSV with its .csv replaced by .pairs.csv, PAIRS_COLUMNS): one
line a pair, both times, from which scripts/recompute_intervals.py
recomputes every speedup.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_manifest  # noqa: E402
from atomic_file import write_csv_atomically  # noqa: E402
from measure_stats import pairs_path  # noqa: E402

POSITIONS = {"quick": "444444", "full": "4444", "long": ""}
PAIRS = {"quick": 1, "full": 3, "long": 2}
COLUMNS = ["position", "threads", "pairs", "one_thread_seconds", "seconds", "one_thread_nodes", "nodes",
           "speedup", "speedup_low", "speedup_high", "node_ratio", "score", "config", "cpu"]
# The pairs file beside the CSV (pairs_path): the CSV's data row, the pair (from 0), which ran
# first (one: one thread; threads: the N threads) and both times.
PAIRS_COLUMNS = ["row", "pair", "first", "one_thread_s", "threads_s"]


def thread_counts(cores):
    """1, the powers of two below `cores`, and `cores`."""
    counts, n = [1], 2
    while n < cores:
        counts.append(n)
        n *= 2
    return counts + ([cores] if cores > 1 else [])


def solve(prune, moves, threads):
    argv = [prune, "solve", "connect4", "--moves", moves, "--threads", str(threads), "--json"]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prune", required=True)
    parser.add_argument("--variant", required=True, choices=sorted(POSITIONS))
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    moves, pairs = POSITIONS[args.variant], PAIRS[args.variant]
    cpu = run_manifest.machine(versions=False)["cpu"]
    counts = thread_counts(os.cpu_count() or 1)
    paired = {}  # threads: [(the one-thread run, the N-thread run)]
    for threads in counts[1:]:
        paired[threads] = []
        for pair in range(pairs):
            order = (1, threads) if pair % 2 == 0 else (threads, 1)
            got = {n: solve(args.prune, moves, n) for n in order}
            paired[threads].append((dict(got[1], first="one" if order[0] == 1 else "threads"), got[threads]))
            print(f"    {moves or 'start'}: 1 thread {got[1]['seconds']:.2f} s, {threads} threads "
                  f"{got[threads]['seconds']:.2f} s (pair {pair + 1}/{pairs})", flush=True)
    one = [o for runs in paired.values() for o, _ in runs] or [solve(args.prune, moves, 1) for _ in range(pairs)]
    scores = {r["score"] for r in one} | {r["score"] for runs in paired.values() for _, r in runs}
    base_seconds = statistics.median(r["seconds"] for r in one)
    base_nodes = statistics.median(r["nodes"] for r in one)
    config = one[0]["config"]
    rows = [[moves or "start", 1, len(one), f"{base_seconds:.6f}", f"{base_seconds:.6f}", int(base_nodes),
             int(base_nodes), "1.000", "", "", "1.000", one[0]["score"], config, cpu]]
    pairs = []   # the pairs file: one line a pair, both times (scripts/recompute_intervals.py)
    for threads, runs in paired.items():
        pairs += [[len(rows) + 1, pair, o["first"], repr(float(o["seconds"])), repr(float(r["seconds"]))]
                  for pair, (o, r) in enumerate(runs)]
        ratios = [o["seconds"] / r["seconds"] for o, r in runs]
        seconds = statistics.median(r["seconds"] for _, r in runs)
        nodes = statistics.median(r["nodes"] for _, r in runs)
        rows.append([moves or "start", threads, len(runs), f"{base_seconds:.6f}", f"{seconds:.6f}", int(base_nodes),
                     int(nodes), f"{statistics.median(ratios):.3f}", f"{min(ratios):.3f}", f"{max(ratios):.3f}",
                     f"{nodes / base_nodes:.3f}", runs[0][1]["score"], config, cpu])
    write_csv_atomically(pairs_path(args.out), PAIRS_COLUMNS, pairs)
    write_csv_atomically(args.out, COLUMNS, rows)
    if len(scores) != 1:
        print(f"connect4_threads.py: the threads disagree on the score of '{moves}': {sorted(scores)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        sys.exit(f"connect4_threads.py: {e}")
