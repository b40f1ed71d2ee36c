#!/usr/bin/env python3
"""check_pons.py: the "pons" study harness (scripts/pons_study.py, pons_sets.py).

    check_pons.py rules                 match rules, budget decision, classification
    check_pons.py runner                the runner end to end on tests/pons/ with a fake prune, and --own
    check_pons.py merge PRUNE           shards merged equal one unsharded run (real prune)
    check_pons.py sets PRUNE            prune's own sets regenerate identically (real prune)

`merge` and `sets` exit 77 (skip) when PRUNE has no `solve` command.
"""
import csv
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import pons_sets  # noqa: E402
import pons_study  # noqa: E402
from checks import Tally  # noqa: E402
from pons_shards import merge_shards, run_shards, solve_command  # noqa: E402

FIXTURES = os.path.join(HERE, "pons")
SKIP = 77


def check_rules(t):
    rounded = pons_study.rounded_match
    t.record(rounded(207942.240, "207900"), "rounded", "207,942.240 printed as 207,900")
    t.record(not rounded(207962.0, "207900"), "rounded", "207,962 is not 207,900")
    t.record(rounded(92.844, "92.84") and not rounded(92.846, "92.84"), "rounded", "92.844 -> 92.84, 92.846 not")
    t.record(not rounded(74.479, "74.40"), "rounded", "74.479 is not the printed 74.40 (the series' typo)")
    t.record(rounded(801454.917, "801455"), "rounded", "six printed figures: 801,454.917 -> 801,455")
    t.record(rounded(11024.541, "11024", "truncated") and not rounded(11024.541, "11024"),
             "truncated", "11,024.541 printed 11,024: cut, not rounded")
    t.record(pons_study.exact_match(92844, 1000, "92.844") and not pons_study.exact_match(92845, 1000, "92.844"),
             "exact", "the mean to three decimals")
    t.record(pons_study.last_nonzero_exponent("54236700") == 2, "exponent", "54,236,700: hundreds")
    decide = pons_study.decide
    t.record(decide(1000.0, 1000, 1e6, 2, 1.0)[:2] == ("full", 1), "decide", "0.5 s estimate, 1 s budget: full")
    t.record(decide(1e6, 1000, 1e6, 2, 10.0)[:2] == ("sample", 50), "decide", "500 s estimate: every 50th line")
    t.record(decide(1e9, 1000, 1e6, 2, 1.0)[0] == "skip", "decide", "one position costs 500 s: skip")
    t.record(pons_study.sample_size(1000, 50) == 20 and pons_study.sample_size(10, 3) == 4, "sample", "line counts")
    t.record(pons_sets.moves_to_end(30, 6) == 1, "moves_to_end", "30 stones, win at once (43-30)/2 = 6: r = 1")
    t.record(pons_sets.moves_to_end(30, 0) == 12, "moves_to_end", "a draw ends at 42 stones")
    t.record(pons_sets.moves_to_end(29, -1) == 12, "moves_to_end",
             "29 stones, lost to the 21st stone (the 41st): r = 12")
    t.record(pons_sets.classify(20, -5) == "Test_L2_R1", "classify", "20 stones, lost to the 17th: r = 14, easy")
    t.record(pons_sets.classify(20, 4) == "Test_L2_R2", "classify", "20 stones, won with the 18th: r = 15, medium")
    t.record(pons_sets.classify(14, 0) == "Test_L1_R2" and pons_sets.classify(13, 0) == "Test_L1_R3",
             "classify", "a draw after 14 stones: r = 28 medium; after 13: r = 29 hard")
    state, first = pons_sets.splitmix64(0)
    t.record(first == 0xE220A8397B1DCDAF, "splitmix64", f"first output of seed 0 is {first:#x}")
    cells = pons_study.read_cells(os.path.join(ROOT, "studies", "published.csv"))
    keys = {c.key for c in cells}
    t.record(len(cells) == 85 and (6, "Test_L2_R2", "weak") in keys and not any(c.part == 2 for c in cells),
             "cells", f"{len(cells)} cells from the pons rows (85: parts 3-12, Fhourstones left out)")
    part6 = next(c for c in cells if c.key == (6, "Test_L3_R1", "strong"))
    t.record(part6.published_nodes == "139.7" and part6.board == "bitboard", "cells",
             "part 6 takes part 5's printed count and runs on the bitboard")


# The six files the runner looks up by the series' names, made up here (never
# the series' own sets, which are not committed): ten lines each of columns
# cycling 1..7 from a shifted start, scores +1 and -1 in turn.  The fake prune
# reads only the line count and the scores.
FAKE_SET_LENGTHS = {"Test_L1_R1": 10, "Test_L1_R2": 10, "Test_L1_R3": 10, "Test_L2_R1": 15, "Test_L2_R2": 15,
                    "Test_L3_R1": 29}


def write_fake_sets(directory):
    for name, length in FAKE_SET_LENGTHS.items():
        with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
            for k in range(10):
                moves = "".join("1234567"[(k + i) % 7] for i in range(length))
                f.write(f"{moves} {1 if k % 2 == 0 else -1}\n")


def run_runner(out, extra_env=None, extra_args=()):
    env = dict(os.environ, **(extra_env or {}))
    sets = os.path.join(out, "fake-sets")
    os.makedirs(sets, exist_ok=True)
    write_fake_sets(sets)
    command = [sys.executable, os.path.join(ROOT, "scripts", "pons_study.py"),
               "--prune", os.path.join(FIXTURES, "fake_prune.py"), "--out", out, "--budget", "1",
               "--data-dir", sets, "--published", os.path.join(FIXTURES, "published.csv"), *extra_args]
    return subprocess.run(command, capture_output=True, text=True, env=env)


def check_runner_own(t):
    """--own: prune's own steps from `prune solve --help`, after the series', never compared."""
    with tempfile.TemporaryDirectory() as out:
        done = run_runner(out, extra_args=("--own", "--sets", "end-easy",
                                           "--configs", "solve-lowerbound,solve-fake-one,solve-fake-two"))
        t.record(done.returncode == 1, "runner-own", f"exit 1 for the series' mismatching cell (got {done.returncode})")
        with open(os.path.join(out, "pons.csv"), newline="") as f:
            rows = [(r["config"], r["part"], r["mode"], r["positions_run"], r["sample"], r["mean_nodes"], r["match"])
                    for r in csv.DictReader(f)]
        own = [("solve-fake-" + n, "", m, "10", "no", "105.500", "n-a") for n in ("one", "two")
               for m in ("strong", "weak")]
        t.record(rows[:1] == [("solve-lowerbound", "12", "weak", "10", "no", "105.500", "no")] and rows[1:] == own,
                 "runner-own", f"part 12's cell, then the own steps in --help's order, part empty, not compared: {rows}")
        jsonl = os.path.join(out, "pons_positions", "prune_solve-fake-two_bitboard_Test_L3_R1_weak.jsonl")
        t.record(os.path.isfile(jsonl), "runner-own", "an own cell's positions are kept under its name")
    with tempfile.TemporaryDirectory() as out:
        bad = run_runner(out, extra_args=("--configs", "solve-fake-one"))
        t.record(bad.returncode == 2 and "--own adds" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1,
                 "runner-own", f"an own step without --own: exit 2, one line ({bad.stderr.strip()})")


def check_runner(t):
    with tempfile.TemporaryDirectory() as out:
        done = run_runner(out)
        t.record(done.returncode == 1, "runner", f"exit 1 for the mismatching cell (got {done.returncode})")
        with open(os.path.join(out, "pons.csv"), newline="") as f:
            rows = {(r["config"], r["set"], r["mode"]): r for r in csv.DictReader(f)}
        expect = {
            ("solve-tt", "Test_L3_R1", "strong"): ("10", "no", "105.500", "exact"),
            ("solve-id", "Test_L3_R1", "strong"): ("10", "no", "105.500", "rounded"),
            # the fake counts nodes by its input's lines: the sample file's 1 and 2
            ("solve-nonlosing", "Test_L2_R2", "strong"): ("2", "yes", "101.500", "n-a"),
            ("solve-sorted", "Test_L1_R3", "weak"): ("0", "yes", "", "n-a"),
            ("solve-lowerbound", "Test_L3_R1", "weak"): ("10", "no", "105.500", "no"),
        }
        t.record(set(rows) == set(expect), "runner", f"one row per cell: {sorted(k[0] for k in rows)}")
        for key, (run, sample, mean, match) in expect.items():
            r = rows.get(key, {})
            got = (r.get("positions_run"), r.get("sample"), r.get("mean_nodes"), r.get("match"))
            t.record(got == (run, sample, mean, match), "runner", f"{' '.join(key)}: {got}")
        jsonl = os.path.join(out, "pons_positions", "part9_solve-nonlosing_bitboard_Test_L2_R2_strong.jsonl")
        with open(jsonl) as f:
            lines = [line for line in f]
        t.record(len(lines) == 2 and '"line":6' in lines[1], "runner", "the sample is lines 1 and 6, kept raw")
    with tempfile.TemporaryDirectory() as out:
        done = run_runner(out, {"FAKE_PRUNE_WRONG_SCORE": "1"})
        t.record(done.returncode == 1 and "line 3" in done.stderr and not os.path.exists(os.path.join(out, "pons.csv")),
                 "runner", "a wrong score fails the run, names the line and writes no pons.csv")
    with tempfile.TemporaryDirectory() as out:
        bad = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "pons_study.py"), "--out", out,
                              "--prune", os.path.join(FIXTURES, "fake_prune.py"), "--sets", "Nowhere"],
                             capture_output=True, text=True)
        t.record(bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, "runner",
                 f"an unknown set: exit 2, one line ({bad.stderr.strip()})")


def has_solve(prune):
    done = subprocess.run([prune, "solve", "--help"], capture_output=True, text=True)
    return done.returncode == 0


def check_merge(t, prune):
    path = os.path.join(ROOT, "studies", "connect4", "prune_L2_R1")
    cell = pons_study.Cell(12, "Test_L2_R1", "strong")
    with tempfile.TemporaryDirectory() as scratch:
        one, _ = run_shards([solve_command(prune, cell, path, limit=30)], scratch)
        whole, whole_sums = merge_shards(one)
    with tempfile.TemporaryDirectory() as scratch:
        parts, _ = run_shards([solve_command(prune, cell, path, shard=(k, 3), limit=30) for k in (1, 2, 3)],
                              scratch)
        merged, merged_sums = merge_shards(parts)
    strip = [(p["line"], p["moves"], p["score"], p["nodes"]) for p in whole]
    t.record(len(whole) == 30 and strip == [(p["line"], p["moves"], p["score"], p["nodes"]) for p in merged],
             "merge", "3 shards give the unsharded run's 30 positions, scores and nodes, in file order")
    t.record(whole_sums["total_nodes"] == merged_sums["total_nodes"], "merge",
             f"total nodes {whole_sums['total_nodes']} both ways")


def check_sets(t, prune):
    counts = ["--count", "Test_L1_R1=0", "--count", "Test_L1_R2=0", "--count", "Test_L1_R3=0"]
    done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "pons_sets.py"), "--prune", prune,
                           "--check", "5"] + counts, capture_output=True, text=True)
    t.record(done.returncode == 0 and done.stdout.count("ok ") == 3, "sets",
             "the first 5 lines of the End and Middle sets regenerate from the seed: "
             + (done.stdout.strip().replace("\n", "; ") or done.stderr.strip()))


def main(argv):
    t = Tally()
    what = argv[0] if argv else ""
    if what == "rules":
        check_rules(t)
    elif what == "runner":
        check_runner(t)
        check_runner_own(t)
    elif what in ("merge", "sets") and len(argv) == 2:
        if not has_solve(argv[1]):
            print(f"SKIP: {argv[1]} has no solve command (Connect Four not built in)")
            return SKIP
        (check_merge if what == "merge" else check_sets)(t, argv[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return t.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
