#!/usr/bin/env python3
"""peer_ab.py: prune against minimaxer 3.2.3, timed in paired windows.

On a shared machine the speed of both programs drifts by tens of percent
from minute to minute (and from one half-second to the next), so two
medians taken apart give a ratio that drifts too.  This script times the
two side by side: a warmed-up minimaxer process (peers/minimaxer/bench.mjs
--serve) and prune (Google Benchmark, studies_bench) each run the same
search for one short window, one right after the other, swapping which goes
first; the ratio of the two rates is one pair.  Each node process is one
draw of the JIT's decisions, so the pairs are spread over several
processes.  The median of all pairs' ratios is the figure, with its 95%
interval (scripts/measure_stats.py: order statistics of the pairs); the
range shows how noisy the machine was.

usage: peer_ab.py STUDIES_BENCH [--depths d,...] [--configs a,b,...] [--processes 4]
                    [--windows 8] [--window-time 0.25] [-o results/peer_ab.csv]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

PEER = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(PEER))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from atomic_file import write_csv_atomically  # noqa: E402
from measure_stats import format_ratio, pairs_path, ratio_summary  # noqa: E402
from study import study_json  # noqa: E402  (bench.mjs's reference counts, through scripts/studies.py)
COLUMNS = ["config", "depth", "pairs", "prune_ops_per_second", "minimaxer_ops_per_second",
           "ratio_median", "ratio_min", "ratio_max", "ratio_lo", "ratio_hi"]
# The pairs file beside the CSV (its .csv replaced by .pairs.csv): the CSV's data row, the pair
# (from 0), which ran first, and both rates (ops a second; the ratio is prune's over minimaxer's).
PAIRS_COLUMNS = ["row", "pair", "first", "prune_ops_per_second", "minimaxer_ops_per_second"]


def minimaxer_benchmarks(studies_bench):
    """(config, depth) -> benchmark name of the minimaxer study's copy-make
    searches, as studies_bench lists them (all tree configs, every depth)."""
    listing = subprocess.run([studies_bench, "--study", "minimaxer", "--list"], capture_output=True, text=True,
                             check=True, timeout=60).stdout
    cases = [json.loads(line) for line in listing.splitlines()]
    return {(c["config"], c["depth"]): c["name"] for c in cases if c["family"] == "tree" and c["state"] == "copy"}


def prune_rate(studies_bench, benchmark, seconds):
    """Searches per second of prune (copy-make) over one window: one
    Google Benchmark repetition of `seconds` of the named benchmark, read
    from its JSON output file."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "prune.json")
        # Names hold only letters, digits, '/', ',' and '-': no regex specials.
        subprocess.run([studies_bench, "--study", "minimaxer", "--repetitions", "1", "--min-time", str(seconds),
                        f"--benchmark_filter=^{benchmark}(/|$)", f"--benchmark_out={out}",
                        "--benchmark_out_format=json"],
                       capture_output=True, text=True, check=True, timeout=300)
        with open(out) as f:
            runs = [b for b in json.load(f)["benchmarks"] if b.get("run_type") == "iteration"]
    if len(runs) != 1:
        raise RuntimeError(f"expected one prune run of {benchmark}, got {len(runs)}")
    return runs[0]["ops_per_second"]


class Peer:
    """One warmed-up minimaxer process timing one search on request."""

    def __init__(self, config, depth, warmup):
        self.process = subprocess.Popen(
            ["node", "bench.mjs", "--study", study_json(), "--serve", "--configs", config, "--depths", str(depth),
             "--warmup", str(warmup)],
            cwd=PEER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        counts = json.loads(self.process.stdout.readline() or "null")
        if not counts or not counts["ok"]:
            self.close()
            raise RuntimeError(f"minimaxer counts differ for {config} depth {depth}: {counts}")

    def rate(self, seconds):
        self.process.stdin.write(f"{seconds}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the minimaxer peer stopped answering")
        return json.loads(line)["ops_per_second"]

    def close(self):
        self.process.stdin.close()
        if self.process.wait(timeout=60) != 0:
            raise RuntimeError(f"the minimaxer peer exited with status {self.process.returncode}")


def measure(options, config, depth, benchmark):
    """All pairs of one search: (prune rate, minimaxer rate) each."""
    pairs = []
    for _ in range(options.processes):
        peer = Peer(config, depth, options.warmup)
        try:
            for window in range(options.windows):
                if window % 2 == 0:
                    ours = prune_rate(options.studies_bench, benchmark, options.window_time)
                    theirs = peer.rate(options.window_time)
                else:
                    theirs = peer.rate(options.window_time)
                    ours = prune_rate(options.studies_bench, benchmark, options.window_time)
                pairs.append((ours, theirs))
        finally:
            peer.close()
    return pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("studies_bench")
    parser.add_argument("--depths", help="comma-separated depths (default: every depth of the minimaxer study)")
    parser.add_argument("--configs", help="tree configs (default: every config of the minimaxer study)")
    parser.add_argument("--processes", type=int, default=4, help="minimaxer processes per search")
    parser.add_argument("--windows", type=int, default=8, help="paired windows per minimaxer process")
    parser.add_argument("--window-time", type=float, default=0.25, help="seconds per window")
    parser.add_argument("--warmup", type=float, default=0.5, help="seconds of minimaxer warm-up per process")
    parser.add_argument("-o", "--output", default=os.path.join(ROOT, "results", "peer_ab.csv"))
    options = parser.parse_args()
    if options.processes < 1 or options.windows < 1 or options.window_time <= 0:
        parser.error("--processes and --windows must be at least 1, --window-time positive")
    benchmarks = minimaxer_benchmarks(options.studies_bench)
    configs = list(dict.fromkeys(c for c, _ in benchmarks))
    depths = sorted({d for _, d in benchmarks})
    try:
        wanted_depths = [int(d) for d in options.depths.split(",")] if options.depths else depths
    except ValueError:
        parser.error(f"--depths takes whole numbers: '{options.depths}'")
    searches = [(c, d) for d in wanted_depths for c in (options.configs.split(",") if options.configs else configs)]
    for config, depth in searches:
        if (config, depth) not in benchmarks:
            parser.error(f"the minimaxer study has no '{config}' search at depth {depth} "
                         f"(configs {', '.join(configs)}; depths {', '.join(map(str, depths))})")
    table, pair_lines = [], []
    for config, depth in searches:
        pairs = measure(options, config, depth, benchmarks[(config, depth)])
        # The pairs file: one line a pair, both rates; window w of a process ran prune first when w is even.
        pair_lines += [[len(table) + 1, i, "prune" if i % options.windows % 2 == 0 else "minimaxer",
                        repr(float(ours)), repr(float(theirs))] for i, (ours, theirs) in enumerate(pairs)]
        summary = ratio_summary(pairs)
        row = [config, depth, len(pairs), round(statistics.median(p[0] for p in pairs)),
               round(statistics.median(p[1] for p in pairs), 1), round(summary["median"], 1),
               round(summary["min"], 1), round(summary["max"], 1),
               "" if summary["lo"] is None else round(summary["lo"], 1),
               "" if summary["hi"] is None else round(summary["hi"], 1)]
        print(f"peer_ab: {config:27} depth {depth}: prune {row[3]:>9,}/s minimaxer {row[4]:>9,}/s "
              f"ratio {format_ratio(summary, 1)} (range {row[6]}x..{row[7]}x)", flush=True)
        table.append(row)
    write_csv_atomically(pairs_path(options.output), PAIRS_COLUMNS, pair_lines)
    write_csv_atomically(options.output, COLUMNS, table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
