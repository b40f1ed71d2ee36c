#!/usr/bin/env python3
"""Counts behind the mechanism sentences of docs/techniques.md and
docs/connect4.md: what a search does to a simulated cache and branch
predictor, and how the solver's table is used.  Counts, not times: the
same binary and input give the same figures on a busy machine.

  ladder   ladder-tt and negamax-ab on the techniques study's positions of
           ttt (depth 9) and Kalah (depth 14) under valgrind's callgrind,
           collecting inside the search (ladder_iterate) only, with its
           cache simulation (I1 and D1 32 KiB 8-way, LL = the committed
           run's L2, 1 MiB 8-way, then its L3, 32 MiB 16-way; 64-byte
           lines) and its branch simulation (callgrind's own predictor, not
           the CPU's) -> ladder_cache.csv
  solver   solve-lowerbound and solve-buckets over the test sets (strong and
           weak; Begin-Medium on its first 100 lines), the summaries'
           table counters, and how many of the set's positions could ever
           meet a mirror image in their own search -> solver_table.csv
  probe    one solve-lowerbound solve under callgrind, LL = 32 MiB: the
           simulated last-level misses per table look-up -> solver_probe.csv

usage: measure.py PRUNE (ladder|solver|probe) [DATA_DIR]
DATA_DIR (solver): Pons' test sets, else $PRUNE_CONNECT4_DATA.
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CACHES = {"L2 1 MiB": "1048576,8,64", "L3 32 MiB": "33554432,16,64"}
# the techniques study's positions (results/studies.csv: start, mid1, mid2)
POSITIONS = {("ttt", "9"): ["", "6,7,8", "1,6,7"],
             ("kalah", "14"): ["", "0,5,2,1,0,2,1,3", "4,0,0,5,1,0,3,3"]}
SETS = [("Test_L3_R1", "end-easy", None), ("Test_L2_R1", "middle-easy", None),
        ("Test_L2_R2", "middle-medium", None), ("Test_L1_R1", "begin-easy", None),
        ("Test_L1_R2", "begin-medium", 100)]
PROBE_POSITION = "5765737123"   # tests/instructions/solve.csv: 1,462,329 nodes


def callgrind(function, argv, cache):
    """({event: count} collected inside `function`, the program's stdout)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        args = ["valgrind", "--tool=callgrind", f"--toggle-collect={function}", "--cache-sim=yes",
                "--branch-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", f"--LL={cache}",
                f"--callgrind-out-file={out}", *argv]
        done = subprocess.run(args, capture_output=True, text=True, check=True)
        text = open(out).read()
    events = re.search(r"^events: (.*)$", text, re.M).group(1).split()
    totals = [int(x) for x in re.search(r"^(?:totals|summary): (.*)$", text, re.M).group(1).split()]
    return dict(zip(events, totals)), done.stdout


def ladder(prune):
    header = ["game", "depth", "moves", "config", "cache", "nodes", "tt_probes", "tt_hits", "instructions",
              "cond_branches", "cond_mispredicts", "d1_misses", "ll_misses"]
    rows = []
    for (game, depth), positions in POSITIONS.items():
        for moves in positions:
            for config in ("negamax-ab", "ladder-tt"):
                for cache_name, cache in CACHES.items():
                    e, out = callgrind("ladder_iterate", [prune, "search", game, "--config", config, "--depth",
                                                          depth, "--moves", moves, "--json"], cache)
                    r = json.loads(out)
                    rows.append([game, depth, moves, config, cache_name, r["nodes"], r.get("tt_probes", 0),
                                 r.get("tt_hits", 0), e["Ir"], e["Bc"], e["Bcm"], e["D1mr"] + e["D1mw"],
                                 e["DLmr"] + e["DLmw"]])
                    print(*rows[-1], sep=",", flush=True)
    return header, rows


def mirror_compatible(moves):
    """Whether the position after `moves` agrees with its mirror image on
    every cell both occupy: only then can a position of its search be the
    mirror image of another (both must contain the root and its image)."""
    height, cells = [0] * 7, {}
    for i, c in enumerate(moves):
        col = int(c) - 1
        cells[(col, height[col])] = i % 2
        height[col] += 1
    return all(cells.get((6 - col, row), side) == side for (col, row), side in cells.items())


def solver(prune, data):
    header = ["set", "positions", "config", "mode", "total_nodes", "table_probes", "table_hits", "mirror_hits",
              "table_entries_max", "table_slots", "mirror_compatible_positions"]
    rows = []
    for name, label, limit in SETS:
        path = os.path.join(data, name)
        lines = [line.split()[0] for line in open(path) if line.strip()][:limit]
        compatible = sum(mirror_compatible(m) for m in lines)
        for config in ("solve-lowerbound", "solve-buckets"):
            for mode in ("strong", "weak"):
                args = [prune, "solve", "connect4", "--config", config, "--positions", path, "--json"]
                args += (["--limit", str(limit)] if limit else []) + (["--weak"] if mode == "weak" else [])
                done = subprocess.run(args, capture_output=True, text=True, check=True)
                s = json.loads(done.stdout.splitlines()[-1])
                rows.append([label + (f" (first {limit})" if limit else ""), s["positions"], config, mode,
                             s["total_nodes"], s["table_probes"], s["table_hits"], s.get("mirror_hits", ""),
                             s["table_entries_max"], s["table_slots"], compatible])
                print(*rows[-1], sep=",", flush=True)
    return header, rows


def probe(prune):
    header = ["config", "moves", "cache", "nodes", "table_probes", "table_hits", "instructions", "d1_misses",
              "ll_misses"]
    e, out = callgrind("solve_bitboard_run", [prune, "solve", "connect4", "--config", "solve-lowerbound",
                                              "--moves", PROBE_POSITION, "--json"], CACHES["L3 32 MiB"])
    r = json.loads(out)
    row = ["solve-lowerbound", PROBE_POSITION, "L3 32 MiB", r["nodes"], r["table_probes"], r["table_hits"], e["Ir"],
           e["D1mr"] + e["D1mw"], e["DLmr"] + e["DLmw"]]
    print(*row, sep=",")
    return header, [row]


def main():
    prune, what = sys.argv[1], sys.argv[2]
    if what == "ladder":
        header, rows = ladder(prune)
    elif what == "solver":
        data = sys.argv[3] if len(sys.argv) > 3 else os.environ.get("PRUNE_CONNECT4_DATA")
        if not data:
            sys.exit("measure.py solver: name the test sets' directory (or set PRUNE_CONNECT4_DATA)")
        header, rows = solver(prune, data)
    elif what == "probe":
        header, rows = probe(prune)
    else:
        sys.exit(__doc__)
    name = {"ladder": "ladder_cache.csv", "solver": "solver_table.csv", "probe": "solver_probe.csv"}[what]
    with open(os.path.join(HERE, name), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


if __name__ == "__main__":
    main()
