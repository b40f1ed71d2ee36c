#!/usr/bin/env python3
"""The counters of `prune search --json` (ladder configs: cutoffs,
first_move_cutoffs, iterations and ended) and `prune solve --json` (table_probes, table_hits,
mirror_hits, table_entries, table_slots; a set's summary sums them and
keeps table_entries_max) hold exact values on fixed searches and solves,
the same in copy-make and do-undo, and are consistent with each other.

    check_counters.py PRUNE CONNECT4_END
"""
import json
import subprocess
import sys

# (game, config, depth, moves): the fields pinned, counted in this build
SEARCHES = [
    (("ttt", "ladder-tt", "9", ""),
     {"nodes": 4565, "tt_probes": 2763, "tt_hits": 662, "tt_cutoffs": 542, "cutoffs": 1805,
      "first_move_cutoffs": 1557}),
    (("ardri", "ladder-pvs", "8", ""),
     {"nodes": 169625, "researches": 8, "cutoffs": 23911, "first_move_cutoffs": 23049}),
    (("connect4", "ladder-history", "9", ""),
     {"nodes": 50058, "cutoffs": 11317, "first_move_cutoffs": 9156}),
    # the tree ended (engine/ladder_search.h): from the start every line ends by ply 9, and iteration 9
    # says so; after 4,0 every line ends by ply 7, and the deepening stops there, depth 9 answered
    (("ttt", "ladder-id", "9", ""),
     {"nodes": 8576, "iterations": 9, "ended": True, "depth_completed": 9, "value": 0,
      "iteration_nodes": [10, 26, 96, 206, 846, 1031, 3379, 1672, 1310]}),
    (("ttt", "ladder-id", "9", "4,0"),
     {"nodes": 748, "iterations": 7, "ended": True, "depth_completed": 9, "value": 0, "best": "3"}),
    (("connect4", "ladder-id", "8", ""), {"iterations": 8, "ended": False, "depth_completed": 8}),
]

# (config, moves, weak): the fields pinned.  36524662137666 is symmetric
# enough for its search to meet mirror images (docs/connect4.md).
SOLVES = [
    (("solve-lowerbound", "36524662137666", False),
     {"nodes": 32750, "table_probes": 23898, "table_hits": 6722, "table_entries": 17035, "table_slots": 8388617}),
    (("solve-buckets", "36524662137666", False),
     {"nodes": 31042, "table_probes": 22798, "table_hits": 6590, "mirror_hits": 149, "table_entries": 16156,
      "table_slots": 8388602}),
    (("solve-tt", "36524662137666", True),
     {"nodes": 37318, "table_probes": 23441, "table_hits": 3183, "table_entries": 7515, "table_slots": 8388593}),
]


def run(prune, *args):
    done = subprocess.run([prune, *args], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def check(failures, what, got, want):
    wrong = {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v}
    if wrong:
        failures.append(f"{what}: (got, expected) {wrong}")


def main():
    prune, end = sys.argv[1], sys.argv[2]
    failures = []
    for (game, config, depth, moves), want in SEARCHES:
        rows = {state: run(prune, "search", game, "--config", config, "--depth", depth, "--moves", moves,
                           "--state", state, "--json")[0] for state in ("copy", "undo")}
        for state, r in rows.items():
            check(failures, f"search {game} {config} {depth} {state}", r, want)
            if not r["first_move_cutoffs"] <= r["cutoffs"] < r["nodes"]:
                failures.append(f"search {game} {config} {state}: cutoffs {r['cutoffs']}, "
                                f"first_move_cutoffs {r['first_move_cutoffs']}, nodes {r['nodes']}")
    for (config, moves, weak), want in SOLVES:
        r = run(prune, "solve", "connect4", "--config", config, "--moves", moves, "--json",
                *(["--weak"] if weak else []))[0]
        check(failures, f"solve {config} {moves}{' weak' if weak else ''}", r, want)
        if not (r.get("mirror_hits", 0) <= r["table_hits"] <= r["table_probes"] <= r["nodes"]
                and r["table_entries"] <= min(r["table_slots"], r["nodes"])):
            failures.append(f"solve {config} {moves}: counters out of order: {r}")
    no_table = run(prune, "solve", "connect4", "--config", "solve-order", "--moves", "36524662137666", "--json")[0]
    if "table_probes" in no_table or "mirror_hits" in no_table:
        failures.append("solve-order (no table) reports table counters")
    for config in ("solve-lowerbound", "solve-buckets"):   # a set's summary: sums, and the fullest table
        rows = run(prune, "solve", "connect4", "--config", config, "--positions", end, "--json")
        lines, summary = rows[:-1], rows[-1]
        sums = {k: sum(r[k] for r in lines) for k in ("table_probes", "table_hits")}
        if config == "solve-buckets":
            sums["mirror_hits"] = sum(r["mirror_hits"] for r in lines)
        sums["table_entries_max"] = max(r["table_entries"] for r in lines)
        sums["table_slots"] = lines[0]["table_slots"]
        check(failures, f"summary {config} {end}", summary, sums)
    for failure in failures:
        print("FAIL " + failure)
    print(f"{len(SEARCHES) + len(SOLVES) + 3 - len(failures)} checks passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
