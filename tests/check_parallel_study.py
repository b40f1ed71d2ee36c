#!/usr/bin/env python3
"""scripts/parallel_study.py, the parallel study's runner, on its quick rows:
one CSV row per search of studies/parallel.csv's quick variant, thread count
above 1 and scheme (Lazy SMP, ABDADA); every row's value is the one
thread's, as prune search gives it; a speedup, a node ratio and a rate
ratio above 0; the machine's ceiling (N one-thread searches at once) above 0
and the same in both schemes' rows of a search; every row's figures
recomputed from its pairs file (scripts/recompute_intervals.py); and bad arguments exit 2
with one line, writing nothing.  On a one-core machine
the CSV has its header alone.

    check_parallel_study.py PRUNE
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

import checks

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import studies  # noqa: E402
from connect4_threads import thread_counts  # noqa: E402

SCRIPT = os.path.join(ROOT, "scripts", "parallel_study.py")


def one_thread_value(prune, row):
    done = subprocess.run([prune, "search", row["game"], "--moves", row["moves"], "--config", row["config"],
                           "--depth", str(row["depth"]), "--json"], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)["value"]


def main():
    prune = sys.argv[1]
    tally = checks.Tally()
    searches = studies.threads_rows(variant="quick")
    counts = thread_counts(os.cpu_count() or 1)[1:]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "parallel.csv")
        done = subprocess.run([sys.executable, SCRIPT, "--prune", prune, "--variant", "quick", "--out", out],
                              capture_output=True, text=True, timeout=300)
        tally.record(done.returncode == 0, "the quick variant: exit 0", done.stderr.strip()[-300:])
        with open(out, newline="") as f:
            rows = list(csv.DictReader(f))
        tally.record(len(rows) == len(searches) * len(counts) * 2,
                     f"{len(rows)} rows: {len(searches)} searches x {len(counts)} thread counts x 2 schemes", "")
        want = {(s["game"], s["depth"]): one_thread_value(prune, s) for s in searches}
        ceilings = {}
        for r in rows:
            key = (r["game"], int(r["depth"]))
            ceilings.setdefault((key, r["threads"]), set()).add(r["ceiling"])
            tally.record(int(r["value"]) == want[key] and float(r["speedup"]) > 0 and float(r["node_ratio"]) > 0
                         and float(r["rate_ratio"]) > 0 and float(r["ceiling"]) > 0
                         and r["smp"] in ("lazy", "abdada") and int(r["pairs"]) == 2,
                         f"{r['game']} depth {r['depth']} {r['threads']} threads {r['smp']}: value {r['value']} "
                         f"(one thread {want[key]}), speedup {r['speedup']}, rate {r['rate_ratio']}, "
                         f"ceiling {r['ceiling']}", "")
        tally.record(all(len(c) == 1 for c in ceilings.values()), "one ceiling a search and thread count",
                     str(ceilings)[:200])
        # Its pairs beside it (parallel.pairs.csv): every row's median and interval recomputed from them.
        again = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "recompute_intervals.py"), tmp],
                               capture_output=True, text=True)
        want_line = f"parallel.csv: {len(rows)} row{'s' if len(rows) != 1 else ''} recomputed, all equal"
        tally.record(again.returncode == 0 and (want_line in again.stdout.splitlines() or not rows),
                     "the pairs file: every row recomputed equal", (again.stdout + again.stderr).strip()[-300:])
        bad = subprocess.run([sys.executable, SCRIPT, "--prune", prune, "--variant", "huge", "--out",
                              os.path.join(tmp, "bad.csv")], capture_output=True, text=True)
        tally.record(bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
                     and not os.path.exists(os.path.join(tmp, "bad.csv")), "--variant huge: exit 2, one line, nothing written",
                     bad.stderr.strip()[-200:])
        # --game: that game's searches alone; a game with none is bad usage, and nothing is written.
        game = searches[0]["game"]
        one = subprocess.run([sys.executable, SCRIPT, "--prune", prune, "--variant", "quick", "--game", game,
                              "--out", os.path.join(tmp, "one.csv")], capture_output=True, text=True, timeout=300)
        with open(os.path.join(tmp, "one.csv"), newline="") as f:
            games = [r["game"] for r in csv.DictReader(f)]
        mine = sum(1 for s in searches if s["game"] == game) * len(counts) * 2
        tally.record(one.returncode == 0 and games == [game] * mine,
                     f"--game {game}: exit 0 and its {mine} rows alone", f"{one.stderr.strip()[-200:]} {games}")
        none = subprocess.run([sys.executable, SCRIPT, "--prune", prune, "--variant", "quick", "--game", "chess",
                               "--out", os.path.join(tmp, "none.csv")], capture_output=True, text=True)
        tally.record(none.returncode == 2 and none.stderr.strip() == "parallel_study.py: --game chess: "
                     "studies/parallel.csv has no quick search of that game"
                     and not os.path.exists(os.path.join(tmp, "none.csv")),
                     "--game chess: exit 2, one line, nothing written", none.stderr.strip()[-200:])
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
