#!/usr/bin/env python3
"""pons_bench_slices.py: writes studies/connect4/bench_slices.csv, the cells
and expected counts of the Google Benchmark suite `pons`
(benchmarks/pons_bench.c).

    scripts/pons_bench_slices.py --prune build/prune [--out PATH] [--cap SECONDS]

For every cell of the study (scripts/pons_cells.py: the pons rows of
studies/published.csv), the first SLICE[set] lines of prune's own set
(studies/connect4/prune_L?_R?) are solved with `prune solve --positions
--limit`; the cell joins the suite when that takes under --cap seconds
(default 1) so that the suite stays short, and its total node count becomes
the figure the benchmark checks.  The file is data: regenerate it when a
set or a step changes on purpose, and say why in the commit.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_file import write_csv_atomically  # noqa: E402
import pons_cells  # noqa: E402
from pons_solve import merge_shards, solve_command  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLICE = {"Test_L3_R1": 50, "Test_L2_R1": 20, "Test_L2_R2": 10, "Test_L1_R1": 10, "Test_L1_R2": 5, "Test_L1_R3": 1}
HEADER = ["config", "board", "set", "set_name", "mode", "lines", "total_nodes", "mean_nodes"]


def slice_row(prune, cell, cap):
    path = os.path.join(ROOT, "studies", "connect4", "prune_" + cell.set_file.split("_", 1)[1])
    lines = SLICE[cell.set_file]
    command = solve_command(prune, cell, path, cell.mode == "weak", limit=lines)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        raise SystemExit(f"pons_bench_slices.py: {' '.join(command)}: {done.stderr.strip()}")
    _, sums = merge_shards({path: done.stdout})
    if sums["positions"] != lines:
        raise SystemExit(f"pons_bench_slices.py: {path} has fewer than {lines} lines")
    return [cell.config, cell.board, cell.set_file, cell.set_name, cell.mode, lines, sums["total_nodes"],
            f"{sums['mean_nodes']:.3f}"]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prune", default=os.path.join(ROOT, "build", "prune"))
    parser.add_argument("--out", default=os.path.join(ROOT, "studies", "connect4", "bench_slices.csv"))
    parser.add_argument("--cap", type=float, default=1.0)
    args = parser.parse_args(argv)
    rows = []
    for cell in pons_cells.read_cells(os.path.join(ROOT, "studies", "published.csv")):
        row = slice_row(args.prune, cell, args.cap)
        print(f"{cell.name}: " + ("over the cap, left out" if row is None else f"{row[6]} nodes"),
              file=sys.stderr)
        if row:
            rows.append(row)
    write_csv_atomically(args.out, HEADER, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
