#!/usr/bin/env python3
"""parallel_study.py: the `parallel` study's runner (studies_meta.csv's runner
`threads`; docs/parallel.md): the ladder's search on threads against the same
search on one thread, in time to depth and in nodes.

    scripts/parallel_study.py --prune PRUNE --variant quick|full|long --out CSV [--game GAME]

The searches are the rows of studies/parallel.csv that the variant runs
(scripts/studies.py reads it), each `prune search GAME --moves M --config C
--depth D --json`; with --game, only that game's (a game the variant has no
search of is bad usage: a study of no rows is never written).  The thread counts are 1, the powers of two below the
machine's cores and the cores (1 and 2 on a 2-core machine).  For each count
N above 1 a row runs its pairs: each pair a one-thread search and one search
on N threads under each scheme (`--smp lazy`, `--smp abdada`), the order of
the three turning round from pair to pair, every search a fresh process.
Times are prune's own timer of the search (`seconds`: the threads' start
and stop included, the table's allocation not).

Beside them, in the same turning order, each pair runs N one-thread
searches at once, N processes: their nodes a second added up, over the
pair's one-thread search's, is what the machine gives N searches before any
scheme's cost (`ceiling`), which can be less than N (docs/parallel.md has
a day when it was); the threads of one process share one table
where the processes have one each, so this is the machine's measure, not a
bound on a scheme.

One CSV row per search, thread count and scheme: the one-thread and the N
threads' median time and nodes, the speedup (the median of the pairs'
one-thread over N-thread times, with its 95% interval where the pairs allow
one, scripts/measure_stats.py), the node ratio (the median of the pairs' N
threads' over one thread's nodes: the search overhead), the rate ratio (the
median of the pairs' N threads' nodes a second over one thread's: the
speedup is about the rate ratio over the node ratio), the ceiling with its
interval (the same in both schemes' rows), the value and the CPU.  Every
run must return the one thread's value (a fact: exit status 1 otherwise,
the CSV still written); bad arguments exit 2; the CSV is written
atomically, whole or not at all.  Beside it, the pairs file (CSV with its
.csv replaced by .pairs.csv, PAIRS_COLUMNS): one line a pair of a row, the
run that went first, both times and both rates of the ceiling, from which
scripts/recompute_intervals.py recomputes every speedup and ceiling.
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
           "one_thread_nodes", "nodes", "speedup", "speedup_low", "speedup_high", "node_ratio", "rate_ratio",
           "ceiling", "ceiling_low", "ceiling_high", "value", "cpu"]
TOGETHER = "together"   # a pair's run of N one-thread searches at once


def search_argv(prune, row, threads, smp):
    argv = [prune, "search", row["game"], "--moves", row["moves"], "--config", row["config"],
            "--depth", str(row["depth"]), "--max-nodes", "4000000000", "--json"]
    if threads > 1:
        argv += ["--threads", str(threads), "--smp", smp]
    return argv


def answer(argv, done_code, stdout, stderr):
    if done_code != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done_code}: {stderr.strip()}")
    return json.loads(stdout)


def search(prune, row, threads, smp):
    argv = search_argv(prune, row, threads, smp)
    done = subprocess.run(argv, capture_output=True, text=True)
    return answer(argv, done.returncode, done.stdout, done.stderr)


def together(prune, row, count):
    """`count` one-thread searches started at once, each its own process: their answers."""
    argv = search_argv(prune, row, 1, None)
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(count)]
    outs = [(p, *p.communicate()) for p in procs]   # every one is waited for, even when one failed
    return [answer(argv, p.returncode, out, err) for p, out, err in outs]


def rate(run):
    """Nodes a second; prune's timer reads microseconds, so a search is never taken as shorter."""
    return run["nodes"] / max(run["seconds"], 1e-6)


def measure(prune, row, threads, pairs):
    """({scheme: [(the one-thread run, the N-thread run)]}, [(the one-thread run, [the N at once])])
    over `pairs` pairs."""
    runs = ["one"] + list(SCHEMES) + [TOGETHER]
    out, at_once = {smp: [] for smp in SCHEMES}, []
    for pair in range(pairs):
        order = runs[pair % len(runs):] + runs[:pair % len(runs)]   # the order turns round
        got = {name: together(prune, row, threads) if name == TOGETHER
               else search(prune, row, 1 if name == "one" else threads, name) for name in order}
        got["one"]["first"] = order[0]   # the pairs file says which run went first
        for smp in SCHEMES:
            out[smp].append((got["one"], got[smp]))
        at_once.append((got["one"], got[TOGETHER]))
        machine = sum(rate(r) for r in got[TOGETHER]) / rate(got["one"])
        print(f"    {row['game']} depth {row['depth']}: 1 thread {got['one']['seconds']:.3f} s, {threads} threads "
              + ", ".join(f"{smp} {got[smp]['seconds']:.3f} s" for smp in SCHEMES)
              + f", {threads} at once {machine:.2f}x the nodes a second (pair {pair + 1}/{pairs})", flush=True)
    return out, at_once


def bound(value):
    return "" if value is None else f"{value:.3f}"


PAIRS_COLUMNS = ["row", "pair", "first", "one_thread_s", "threads_s", "one_thread_nodes_per_s",
                 "together_nodes_per_s"]


def pair_rows(number, pairs, at_once):
    """The pairs file's lines of the CSV's data row `number` (1-based): one a
    pair, the run that went first (one, lazy, abdada or together), the one
    thread's and the N threads' seconds (the speedup is their ratio) and the
    nodes a second of the one thread and of the N searches at once added up
    (the ceiling is their ratio)."""
    return [[number, pair, one["first"], repr(float(one["seconds"])), repr(float(many["seconds"])),
             repr(float(rate(one))), repr(float(sum(rate(r) for r in together_runs)))]
            for pair, ((one, many), (_, together_runs)) in enumerate(zip(pairs, at_once))]


def csv_rows(row, threads, runs, at_once, cpu):
    """The rows of one search at one thread count: each scheme's."""
    out = []
    # The machine's ceiling, a pair at a time: the N searches' rates added up over the one thread's.
    ceiling = measure_stats.ratio_summary([(sum(rate(r) for r in many), rate(one)) for one, many in at_once])
    for smp, pairs in runs.items():
        one = [o for o, _ in pairs]
        speedup = measure_stats.ratio_summary([(o["seconds"], n["seconds"]) for o, n in pairs])
        nodes = statistics.median(n["nodes"] / o["nodes"] for o, n in pairs)
        out.append([row["game"], row["moves"], row["config"], row["depth"], threads, smp, len(pairs),
                    f"{statistics.median(o['seconds'] for o in one):.6f}",
                    f"{statistics.median(n['seconds'] for _, n in pairs):.6f}",
                    int(statistics.median(o["nodes"] for o in one)), int(statistics.median(n["nodes"] for _, n in pairs)),
                    f"{speedup['median']:.3f}", bound(speedup["lo"]),
                    bound(speedup["hi"]), f"{nodes:.3f}",
                    f"{statistics.median(rate(n) / rate(o) for o, n in pairs):.3f}",
                    f"{ceiling['median']:.3f}", bound(ceiling["lo"]), bound(ceiling["hi"]), one[0]["value"], cpu])
    return out


def wrong_values(row, runs, at_once):
    """The runs whose value is not the one thread's, as words."""
    want = next(iter(runs.values()))[0][0]["value"]
    return [f"{row['game']} depth {row['depth']} {smp}: {n['value']}, one thread {want}"
            for smp, pairs in runs.items() for o, n in pairs if n["value"] != want or o["value"] != want] + \
        [f"{row['game']} depth {row['depth']} {TOGETHER}: {r['value']}, one thread {want}"
         for _, many in at_once for r in many if r["value"] != want]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.error = lambda message: parser.exit(2, f"parallel_study.py: {message}\n")   # one line, exit 2
    parser.add_argument("--prune", required=True)
    parser.add_argument("--variant", required=True, choices=studies.STRENGTH_VARIANTS)
    parser.add_argument("--out", required=True)
    parser.add_argument("--game", help="only this game's searches (results/apart/parallel.csv: a game the run lacks)")
    args = parser.parse_args(argv)
    try:
        searches = studies.threads_rows(variant=args.variant)
    except studies.StudiesError as e:
        parser.exit(2, f"parallel_study.py: {e}\n")
    if args.game is not None:
        searches = [r for r in searches if r["game"] == args.game]
        if not searches:
            parser.error(f"--game {args.game}: studies/parallel.csv has no {args.variant} search of that game")
    cpu = run_manifest.machine(versions=False)["cpu"]
    counts = thread_counts(os.cpu_count() or 1)[1:]
    if not counts:
        print("    one core: no search runs on threads here; the table is empty", flush=True)
    rows, pairs, wrong = [], [], []
    for row in searches:
        for threads in counts:
            runs, at_once = measure(args.prune, row, threads, row[args.variant])
            for smp in runs:   # csv_rows' order: one row a scheme
                pairs += pair_rows(len(rows) + 1 + list(runs).index(smp), runs[smp], at_once)
            rows += csv_rows(row, threads, runs, at_once, cpu)
            wrong += wrong_values(row, runs, at_once)
    write_csv_atomically(measure_stats.pairs_path(args.out), PAIRS_COLUMNS, pairs)
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
