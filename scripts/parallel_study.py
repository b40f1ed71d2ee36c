#!/usr/bin/env python3
"""parallel_study.py: the `parallel` study's runner (studies_meta.csv's runner
`threads`; docs/parallel.md): the ladder's search on threads against the same
search on one thread, in time to depth and in nodes.

    scripts/parallel_study.py --prune PRUNE --variant quick|full|long --out CSV

The searches are the rows of studies/parallel.csv that the variant runs
(scripts/studies.py reads it), each `prune search GAME --moves M --config C
--depth D --json`.  The thread counts are 1, the powers of two below the
machine's cores and the cores (1 and 2 on a 2-core machine).  For each count
N above 1 a row runs its pairs: each pair a one-thread search and one search
on N threads under each scheme (`--smp lazy`, `--smp abdada`), the order of
the three turning round from pair to pair, every search a fresh process.
Times are prune's own timer of the search (`seconds`: the threads' start
and stop included, the table's allocation not).

One CSV row per search, thread count and scheme: the one-thread and the N
threads' median time and nodes, the speedup (the median of the pairs'
one-thread over N-thread times, with its 95% interval where the pairs allow
one, scripts/measure_stats.py), the node ratio (the median of the pairs' N
threads' over one thread's nodes: the search overhead), the value and the
CPU.  Every run must return the one thread's value (a fact: exit status 1
otherwise, the CSV still written); bad arguments exit 2; the CSV is written
atomically, whole or not at all.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_stats  # noqa: E402
import run_manifest  # noqa: E402
import studies  # noqa: E402
from atomic_file import write_csv_atomically  # noqa: E402
from connect4_threads import thread_counts  # noqa: E402

SCHEMES = ("lazy", "abdada")
COLUMNS = ["game", "moves", "config", "depth", "threads", "smp", "pairs", "one_thread_seconds", "seconds",
           "one_thread_nodes", "nodes", "speedup", "speedup_low", "speedup_high", "node_ratio", "value", "cpu"]


def search(prune, row, threads, smp):
    argv = [prune, "search", row["game"], "--moves", row["moves"], "--config", row["config"],
            "--depth", str(row["depth"]), "--max-nodes", "4000000000", "--json"]
    if threads > 1:
        argv += ["--threads", str(threads), "--smp", smp]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def measure(prune, row, threads, pairs):
    """{scheme: [(the one-thread run, the N-thread run)]} over `pairs` pairs."""
    runs = ["one"] + list(SCHEMES)
    out = {smp: [] for smp in SCHEMES}
    for pair in range(pairs):
        order = runs[pair % len(runs):] + runs[:pair % len(runs)]   # the order turns round
        got = {name: search(prune, row, 1 if name == "one" else threads, name) for name in order}
        for smp in SCHEMES:
            out[smp].append((got["one"], got[smp]))
        print(f"    {row['game']} depth {row['depth']}: 1 thread {got['one']['seconds']:.3f} s, {threads} threads "
              + ", ".join(f"{smp} {got[smp]['seconds']:.3f} s" for smp in SCHEMES)
              + f" (pair {pair + 1}/{pairs})", flush=True)
    return out


def csv_rows(row, threads, runs, cpu):
    """The rows of one search at one thread count: each scheme's."""
    out = []
    for smp, pairs in runs.items():
        one = [o for o, _ in pairs]
        speedup = measure_stats.ratio_summary([(o["seconds"], n["seconds"]) for o, n in pairs])
        nodes = statistics.median(n["nodes"] / o["nodes"] for o, n in pairs)
        out.append([row["game"], row["moves"], row["config"], row["depth"], threads, smp, len(pairs),
                    f"{statistics.median(o['seconds'] for o in one):.6f}",
                    f"{statistics.median(n['seconds'] for _, n in pairs):.6f}",
                    int(statistics.median(o["nodes"] for o in one)), int(statistics.median(n["nodes"] for _, n in pairs)),
                    f"{speedup['median']:.3f}", "" if speedup["lo"] is None else f"{speedup['lo']:.3f}",
                    "" if speedup["hi"] is None else f"{speedup['hi']:.3f}", f"{nodes:.3f}", one[0]["value"], cpu])
    return out


def wrong_values(row, runs):
    """The runs whose value is not the one thread's, as words."""
    want = next(iter(runs.values()))[0][0]["value"]
    return [f"{row['game']} depth {row['depth']} {smp}: {n['value']}, one thread {want}"
            for smp, pairs in runs.items() for o, n in pairs if n["value"] != want or o["value"] != want]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.error = lambda message: parser.exit(2, f"parallel_study.py: {message}\n")   # one line, exit 2
    parser.add_argument("--prune", required=True)
    parser.add_argument("--variant", required=True, choices=studies.STRENGTH_VARIANTS)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    try:
        searches = studies.threads_rows(variant=args.variant)
    except studies.StudiesError as e:
        parser.exit(2, f"parallel_study.py: {e}\n")
    cpu = run_manifest.machine(versions=False)["cpu"]
    counts = thread_counts(os.cpu_count() or 1)[1:]
    if not counts:
        print("    one core: no search runs on threads here; the table is empty", flush=True)
    rows, wrong = [], []
    for row in searches:
        for threads in counts:
            runs = measure(args.prune, row, threads, row[args.variant])
            rows += csv_rows(row, threads, runs, cpu)
            wrong += wrong_values(row, runs)
    write_csv_atomically(args.out, COLUMNS, rows)
    if wrong:
        print(f"parallel_study.py: threads changed a value: {'; '.join(wrong[:3])}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        sys.exit(f"parallel_study.py: {e}")
