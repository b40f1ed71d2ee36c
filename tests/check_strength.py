#!/usr/bin/env python3
"""check_strength.py REPO PRUNE: the strength study's runner (scripts/strength.py)
on fixed input, a tiny row set at --quick size.

Under a node budget a match is exact, so the runner's counts are pinned: the
two rows below, at 500 nodes a move and 2 pairs over the committed openings
with seed 1, give kalah `ladder-pvs` 1 win, 0 draws, 3 losses against
`negamax-ab` (pairs LL, DD: pentanomial 1 0 1 0 0), and connect4 `ladder-tt`
3-0-1 (DD, WW).  The runner must also give what `prune match` itself prints,
the same file on one core as on two, and, on bad rows or a failing match,
one line on stderr, exit 2 (rows) or 1 (a match), and no file.  The
committed rows must take each rung's opponent from the techniques study's
baselines (one source: the rung each builds on)."""
import csv
import json
import os
import subprocess
import sys
import tempfile

ROOT, PRUNE = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import studies  # noqa: E402

RUNNER = os.path.join(ROOT, "scripts", "strength.py")
HEADER = "game,a,b,nodes,pairs,quick_pairs,time_ms\n"
ROWS = HEADER + "kalah,ladder-pvs,negamax-ab,500,3,2,10\nconnect4,ladder-tt,negamax-ab,500,3,2,10\n"
PINNED = {("kalah", "ladder-pvs"): ("4", "1", "0", "3", "1 0 1 0 0"),
          ("connect4", "ladder-tt"): ("4", "3", "0", "1", "0 0 1 0 1")}
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(tmp, rows, name, *extra):
    path, out = os.path.join(tmp, name + ".rows.csv"), os.path.join(tmp, name + ".csv")
    with open(path, "w") as f:
        f.write(rows)
    done = subprocess.run([sys.executable, RUNNER, "--prune", PRUNE, "--rows", path, "--out", out, *extra],
                          capture_output=True, text=True)
    table = list(csv.DictReader(open(out))) if os.path.exists(out) else None
    return done, table


with tempfile.TemporaryDirectory() as tmp:
    done, table = run(tmp, ROWS, "two", "--quick", "--jobs", "2")
    check(done.returncode == 0 and table is not None, f"runner failed: {done.returncode} {done.stderr.strip()}")
    for r in table or []:
        got = (r["games"], r["wins"], r["draws"], r["losses"], r["pentanomial"])
        check(got == PINNED[(r["game"], r["a"])], f"{r['game']} {r['a']}: {got}, pinned {PINNED[(r['game'], r['a'])]}")
        direct = subprocess.run([PRUNE, "match", r["game"], "--a", r["a"], "--b", r["b"], "--nodes", "500",
                                 "--pairs", "2", "--openings", os.path.join(ROOT, "studies", "openings",
                                                                            r["game"] + ".txt"), "--seed", "1",
                                 "--json"], capture_output=True, text=True)
        s = json.loads(direct.stdout.strip().splitlines()[-1])
        check((str(s["wins"]), str(s["draws"]), str(s["losses"]), str(s["elo"])) ==
              (r["wins"], r["draws"], r["losses"], r["elo"]), f"{r['game']}: the runner differs from prune match")
    one, table_one = run(tmp, ROWS, "one", "--quick", "--jobs", "1")
    check(table_one == table, "one core and two cores give different files")

    for name, rows, status in (("zero-pairs", HEADER + "kalah,ladder-pvs,negamax-ab,500,0,2,10\n", 2),
                               ("no-column", "game,a,b,nodes\nkalah,ladder-pvs,negamax-ab,500\n", 2),
                               ("bad-config", HEADER + "kalah,ladder-nope,negamax-ab,500,3,2,10\n", 1)):
        done, table = run(tmp, rows, name, "--quick")
        check(done.returncode == status and len(done.stderr.strip().splitlines()) == 1 and table is None,
              f"{name}: exit {done.returncode} (want {status}), stderr {done.stderr.strip()!r}, file {table is not None}")
    done, _ = run(tmp, ROWS, "shard", "--shard", "1/2")
    check(done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, "--shard without --time: not exit 2")

below = {(r["game"], r["config"]): r["baseline"] for r in studies.rows("techniques") if r["moves"] == ""}
for game, rungs in studies.strength_opponents().items():
    for rung, opponents in rungs.items():
        want = ["negamax-ab"] + ([below[(game, rung)]] if below[(game, rung)] != "negamax-ab" else [])
        check(opponents == want, f"studies/strength.csv: {game} {rung} plays {opponents}, techniques says {want}")

for f in failures:
    print("FAIL", f)
print(f"{'FAILED' if failures else 'ok'}: check_strength ({len(failures)} failures)")
sys.exit(1 if failures else 0)
