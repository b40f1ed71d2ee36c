#!/usr/bin/env python3
"""compare.py: prune against the Minimaxer library (npm minimaxer 3.2.3),
through the peers' one interface.

    peers/minimaxer/compare.py PRUNE [--quick] [--long] -o DIR/peer_minimaxer.csv

PRUNE's directory holds benchmarks/studies_bench (a meson build).  Four
files go into DIR, the run's directory:
  peer_minimaxer.jsonl  node bench.mjs: the library on the minimaxer study's searches
                        (study.py gives it them, and the reference counts);
  peer_minimaxer.csv    peer_compare.py: those against prune's, from DIR/studies.csv
                        (the run's tidy CSV, so the driver runs peers after it);
                        exits 1 when a count differs;
  peer_ab.csv           peer_ab.py: paired windows, prune then minimaxer, order alternated;
  peer_ab.pairs.csv     its pairs, one line a window pair, both rates
                        (scripts/recompute_intervals.py recomputes every ratio from them).
Exits 77 with one line when the library is not installed (npm ci here).
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import paired  # noqa: E402
import study  # noqa: E402  (peers/minimaxer/study.py: bench.mjs's searches, from scripts/studies.py)
# Settings of each mode: bench.mjs's repetitions and times, peer_ab.py's windows and configs
# (quick: 6 windows, the fewest pairs with a 95% interval; the full run of reproduce.sh runs
# quick, --long runs full).
MODES = {
    "quick": (["--repetitions", "2", "--min-time", "0.05", "--warmup", "0.1"],
              ["--processes", "1", "--windows", "6", "--window-time", "0.15", "--configs", "tree-optimal"]),
    "full": (["--repetitions", "5", "--min-time", "0.5", "--warmup", "0.5"],
             ["--processes", "4", "--windows", "8", "--window-time", "0.25"]),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune")
    parser.add_argument("--quick", action="store_true")
    paired.long_option(parser)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(HERE, "node_modules", "minimaxer")):
        print("skipped: minimaxer is not installed in peers/minimaxer (npm ci there)")
        return 77
    bench_args, ab_args = MODES["quick" if args.quick else "full"]   # --long: full, nothing more
    out = os.path.dirname(os.path.abspath(args.output))
    jsonl = os.path.join(out, "peer_minimaxer.jsonl")
    with open(jsonl, "w") as f:
        subprocess.run(["node", "bench.mjs", "--study", study.study_json(), *bench_args], cwd=HERE, stdout=f,
                       check=True)
    subprocess.run([sys.executable, os.path.join(HERE, "peer_compare.py"), "--peer", jsonl,
                    "--studies", os.path.join(out, "studies.csv"), "-o", args.output], check=True)
    studies_bench = os.path.join(os.path.dirname(os.path.abspath(args.prune)), "benchmarks", "studies_bench")
    subprocess.run([sys.executable, os.path.join(HERE, "peer_ab.py"), studies_bench, *ab_args,
                    "-o", os.path.join(out, "peer_ab.csv")], check=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        print(f"compare.py: {' '.join(e.cmd[:3])} failed with status {e.returncode}", file=sys.stderr)
        sys.exit(1)
