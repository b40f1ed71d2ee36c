#!/usr/bin/env python3
"""Checks every search figure of studies/published.csv and tests/expected/*.csv.

Rows whose metric is nodes, created, evals, best or value and that name a
config and a depth are searched with `prune search --json`, in copy and in
undo mode; each figure must match exactly (a node count is a fact).  A
`value` row whose note says it is from the attackers' side is compared with
the maximiser's value (Ard Ri's attackers maximise).

Every file is read through scripts/studies.py (read_rows), the one reader
of studies/'s lists.

usage: check_published.py PRUNE CSV...
"""
import json
import os
import subprocess
import sys

from checks import Tally, expand

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
import studies  # noqa: E402

SEARCH_METRICS = {"nodes", "created", "evals", "best", "value"}


def search(prune, row, state):
    args = [prune, "search", row["game"], "--config", row["config"], "--depth", row["depth"],
            "--moves", row["moves"], "--state", state, "--json"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def observed(result, row):
    metric = row["metric"]
    if metric == "value" and "attackers side" in row.get("note", ""):
        return str(result["maximiser_value"])
    return str(result[metric])


def main():
    prune, paths = sys.argv[1], expand(sys.argv[2:], ".csv")
    rows = []
    for path in paths:
        rows += [r for r in studies.read_rows(path) if r["metric"] in SEARCH_METRICS and r["config"] and r["depth"]]
    cache, tally = {}, Tally()
    for row in rows:
        for state in ("copy", "undo"):
            key = (row["game"], row["moves"], row["config"], row["depth"], state)
            if key not in cache:
                try:
                    cache[key] = search(prune, row, state)
                except (RuntimeError, ValueError, subprocess.TimeoutExpired) as error:
                    cache[key] = error
            got = cache[key] if isinstance(cache[key], Exception) else observed(cache[key], row)
            label = f"{row['game']} [{row['moves']}] {row['config']} depth {row['depth']} {state}"
            ok = isinstance(got, str) and got == row["value"]
            tally.record(ok, label, f"{row['metric']} {got}" + ("" if ok else f", expected {row['value']}"))
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
