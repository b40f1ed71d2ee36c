#!/usr/bin/env python3
"""Playing strength (docs/strength.md): exact figures of the limits, the
match runner, its shards and its statistics.

    check_match.py search PRUNE      a limit without --depth deepens as deep as the game allows
"""
import json
import subprocess
import sys

from checks import Tally


def run(args, timeout=600):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def search_json(tally, prune, label, args):
    done = run([prune, "search"] + args + ["--json"])
    tally.record(done.returncode == 0 and done.stderr == "", f"{label} status", f"{done.returncode} {done.stderr.strip()}")
    return json.loads(done.stdout) if done.returncode == 0 else {}


def check_search(tally, prune):
    # (args, depth, depth_completed, best): node limits are deterministic.
    cases = [
        (["ttt", "--config", "ladder-pvs", "--node-limit", "100000"], 9, 9, "5"),
        (["minichess", "--config", "ladder-id", "--node-limit", "100000"], 63, 8, "d2d3"),
        (["connect4", "--config", "ladder-id", "--depth", "12", "--node-limit", "50000"], 12, 8, "5"),
        (["kalah", "--config", "ladder-aspiration", "--depth", "8"], 8, 8, "5"),
        (["kalah", "--config", "negamax-ab", "--depth", "5"], 5, 5, None),
    ]
    for args, depth, completed, best in cases:
        got = search_json(tally, prune, " ".join(args), args)
        want = (depth, completed) + ((best,) if best else ())
        have = (got.get("depth"), got.get("depth_completed")) + ((got.get("best"),) if best else ())
        tally.record(have == want, " ".join(args), f"{have} expected {want}")
    # Under a time limit alone Ard Ri deepens past the old cap of 12 only as
    # far as the time allows, and names the iteration it completed.
    got = search_json(tally, prune, "ardri --time-ms 50", ["ardri", "--config", "ladder-aspiration", "--time-ms", "50"])
    tally.record(got.get("depth") == 63 and 1 <= got.get("depth_completed", 0) == got.get("iterations"),
                 "ardri --time-ms 50 alone", f"depth {got.get('depth')} completed {got.get('depth_completed')}")
    done = run([prune, "search", "ttt", "--config", "ladder-id"])
    tally.record(done.returncode == 2 and done.stdout == "" and "missing --depth" in done.stderr,
                 "no depth and no limit", done.stderr.strip())


def main():
    mode, prune = sys.argv[1], sys.argv[2]
    tally = Tally()
    {"search": check_search}[mode](tally, prune)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
