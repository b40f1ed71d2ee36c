#!/usr/bin/env python3
"""peer_ab.py: prune against minimaxer 3.2.3, measured in alternation.

On a shared machine the speed of both programs drifts by tens of percent
from minute to minute, so two medians taken minutes apart give a ratio that
drifts too.  This script runs the two side by side in rounds: in each round
it times prune (Google Benchmark, studies_bench) and the minimaxer peer
(peers/minimaxer/bench.mjs) on the same search, one right after the other,
swapping which goes first, and takes the ratio of that round.

Within a round each program runs several short repetitions (the peer after
its JIT warm-up) and counts with its fastest: other tenants can only slow a
program down, so the best repetition is the closest to its own speed, and
the same estimator is used for both.  The median of the rounds' ratios is
the figure; the spread shows how noisy the machine was.

usage: peer_ab.py STUDIES_BENCH [--rounds 7] [--depth 6] [--configs a,b,...]
                    [--repetitions 5] [--min-time 0.1] [-o results/peer_ab.csv]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

from atomic_csv import write_csv_atomically

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PEER = os.path.join(ROOT, "peers", "minimaxer")
CONFIGS = ["tree-standard", "tree-ab", "tree-ab-presort", "tree-ab-presort-gen",
           "tree-ab-presort-gen-bubble", "tree-optimal", "tree-ab-depth"]


def prune_rate(studies_bench, config, depth, repetitions, min_time):
    """Searches per second of prune (copy-make): the best of `repetitions`
    repetitions of `min_time` seconds.  The repetitions are read from
    Google Benchmark's JSON output file, which keeps them all."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "prune.json")
        subprocess.run([studies_bench, "--study", "minimaxer", "--repetitions", str(repetitions),
                        "--min-time", str(min_time), f"--benchmark_filter=/{config}/copy/{depth}/",
                        f"--benchmark_out={out}", "--benchmark_out_format=json"],
                       capture_output=True, text=True, check=True, timeout=300)
        with open(out) as f:
            runs = [b for b in json.load(f)["benchmarks"] if b.get("run_type") == "iteration"]
    if len(runs) != repetitions:
        raise RuntimeError(f"expected {repetitions} prune runs for {config} depth {depth}, got {len(runs)}")
    return max(r["ops_per_second"] for r in runs)


def peer_rate(config, depth, repetitions, min_time):
    """Searches per second of minimaxer: the best of `repetitions`
    repetitions of `min_time` seconds, after 0.3 s of warm-up."""
    out = subprocess.run(["node", "bench.mjs", "--configs", config, "--depths", str(depth),
                          "--repetitions", str(repetitions), "--min-time", str(min_time), "--warmup", "0.3"],
                         cwd=PEER, capture_output=True, text=True, check=True, timeout=300).stdout
    result = json.loads(out.strip().splitlines()[-1])
    if not result["ok"]:
        raise RuntimeError(f"minimaxer counts differ for {config} depth {depth}: {result}")
    return max(result["rates"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("studies_bench")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--repetitions", type=int, default=5, help="short repetitions per program and round")
    parser.add_argument("--min-time", type=float, default=0.1, help="seconds per repetition")
    parser.add_argument("-o", "--output", default=os.path.join(ROOT, "results", "peer_ab.csv"))
    options = parser.parse_args()
    table = []
    for config in options.configs.split(","):
        ratios, ours, theirs = [], [], []
        timing = (config, options.depth, options.repetitions, options.min_time)
        for round_number in range(options.rounds):
            if round_number % 2 == 0:
                a = prune_rate(options.studies_bench, *timing)
                b = peer_rate(*timing)
            else:
                b = peer_rate(*timing)
                a = prune_rate(options.studies_bench, *timing)
            ours.append(a)
            theirs.append(b)
            ratios.append(a / b)
        row = [config, options.depth, options.rounds, round(statistics.median(ours)),
               round(statistics.median(theirs), 1), round(statistics.median(ratios), 1),
               round(min(ratios), 1), round(max(ratios), 1)]
        print(f"peer_ab: {config:27} depth {options.depth}: prune {row[3]:>9,}/s minimaxer {row[4]:>9,}/s "
              f"ratio median {row[5]}x (rounds {row[6]}x..{row[7]}x)", flush=True)
        table.append(row)
    write_csv_atomically(options.output, ["config", "depth", "rounds", "prune_ops_per_second",
                                          "minimaxer_ops_per_second", "ratio_median", "ratio_min",
                                          "ratio_max"], table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
