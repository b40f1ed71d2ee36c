#!/usr/bin/env python3
"""check_strength.py REPO PRUNE: the strength study's runner (scripts/strength.py),
its report's multiple-comparison rule (scripts/reporting/strength.py) and its rows
(studies/strength.csv), on fixed input.

- Pinned counts: under a node budget a match is exact, so the runner's counts are
  pinned.  The two rows below, at 500 nodes a move and 2 pairs over the openings of
  tests/strength_openings/ (fixed here, so that regenerating studies/openings/ moves
  nothing) with seed 1, give kalah `ladder-pvs` PINNED's W/D/L and pentanomial
  against `negamax-ab`, and connect4 `ladder-tt` its.  The runner must give what
  `prune match` itself prints, and the same file on one job as on two.  With
  --done-dir a match kept there is not played again, and one missing is; a sharded
  match stopped midway keeps its finished shards, and the resumed run plays only the rest.
- Shards: a match of 3 pairs played as 3 shards through the runner's own path (GNU
  parallel, then prune match-merge) equals one unsharded `prune match` exactly, in
  every field of the summary but the move times; so does one of 4 pairs over the 3
  openings, which the runner plays with --reuse, and one of 6 pairs over them whose
  sides ignore the seed (negamax), so that pairs 3 to 5 replay pairs 0 to 2:
  `repeated` is 6 merged as unsharded.
- The sign test that judges a self-play line too short for an interval: exact
  p-values, a line that cannot fail said so, one that fails in bold.
- Holm: a worked example (four p-values: the correction keeps two of the four that
  are below 0.05; a second set that Holm keeps whole and Bonferroni would not), and
  the report's p-value agrees with prune's interval on every match of the committed
  run (p < 0.05 exactly when the 95% interval excludes 0, results/apart/strength_nodes.csv's
  rows too), but a match of fewer than MIN_PAIRS pairs, untested by the rule (p = 1).
- The rows the report reads (rows_of): a run's alone, or, with results/apart/strength_nodes.csv,
  that file's node-budget rows in place of the run's of the same game and limit, the run's others after;
  a run newer than the file (run.json's date after its `# measured:` line) keeps its own.
- Bad rows or a failing match: one line on stderr, exit 2 (rows) or 1 (a match), no file.
- The committed rows: each rung against the rung it builds on (the techniques study's
  baselines, engine/config.c) and against negamax-ab on the five games at the main
  budget in every variant, with ladder-pvs and negamax-ab each against itself (the
  node-budget null tests, at least 5,000 pairs in --long); --long adds the rungs
  against the rung below at every other limit; tic-tac-toe is one sanity line."""
import csv
import json
import os
import subprocess
import sys
import tempfile

ROOT, PRUNE = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import strength  # noqa: E402
import studies  # noqa: E402
from reporting import match_stats as stats  # noqa: E402
from reporting import strength as report  # noqa: E402
from reporting import strength_rows  # noqa: E402
from reporting.common import read_csv  # noqa: E402

RUNNER = os.path.join(ROOT, "scripts", "strength.py")
OPENINGS = os.path.join(ROOT, "tests", "strength_openings")
HEADER = "game,a,b,limit,quick,full,long\n"
# Full: kalah 4 pairs over 3 openings (so --reuse), connect4 3 (one opening a pair).
ROWS = HEADER + "kalah,ladder-pvs,negamax-ab,nodes=500,2,4,4\nconnect4,ladder-tt,negamax-ab,nodes=500,2,3,3\n"
# The sharded run adds a match whose games repeat: negamax ignores the seed, so each of the 3
# openings' second pair replays its first (repeated 6), each in a shard of its own at --shard-pairs 1.
REPEATING = "kalah,negamax,negamax,nodes=500,0,6,6\n"
PINNED = {("kalah", "ladder-pvs"): ("4", "1", "0", "3", "1 0 1 0 0"),
          ("connect4", "ladder-tt"): ("4", "3", "0", "1", "0 0 1 0 1")}
TIMES = ("move_ms_mean", "move_ms_max")   # the only summary fields a node budget does not fix
# The design's one sanity line (studies/strength.csv's header: every game a draw); every other game of the
# file plays the full design, and every game of the file is one of `prune games`.
SANITY = ("ttt",)
MAIN = "nodes=2000"
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(tmp, rows, name, *extra):
    path, out = os.path.join(tmp, name + ".rows.csv"), os.path.join(tmp, name + ".csv")
    with open(path, "w") as f:
        f.write(rows)
    done = subprocess.run([sys.executable, RUNNER, "--prune", PRUNE, "--rows", path, "--out", out,
                           "--openings-dir", OPENINGS, *extra], capture_output=True, text=True)
    table = list(csv.DictReader(open(out))) if os.path.exists(out) else None
    return done, table


def direct(row, pairs):
    """One unsharded `prune match` of the row, its summary (--reuse past the fixture's 3 openings)."""
    done = subprocess.run([PRUNE, "match", row["game"], "--a", row["a"], "--b", row["b"], "--nodes", "500",
                           "--pairs", str(pairs), "--openings", os.path.join(OPENINGS, row["game"] + ".txt"),
                           "--seed", "1", "--json"] + (["--reuse"] if pairs > 3 else []), capture_output=True,
                          text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def cells(summary):
    """A summary as the runner's CSV cells (lists space-separated, null empty)."""
    def cell(v):
        return " ".join(cell(x) for x in v) if isinstance(v, list) else \
            ("yes" if v else "no") if isinstance(v, bool) else "" if v is None else str(v)
    return {k: cell(v) for k, v in summary.items()}


with tempfile.TemporaryDirectory() as tmp:
    done, table = run(tmp, ROWS, "two", "--variant", "quick", "--jobs", "2")
    check(done.returncode == 0 and table is not None, f"runner failed: {done.returncode} {done.stderr.strip()}")
    for r in table or []:
        got = (r["games"], r["wins"], r["draws"], r["losses"], r["pentanomial"])
        check(got == PINNED[(r["game"], r["a"])], f"{r['game']} {r['a']}: {got}, pinned {PINNED[(r['game'], r['a'])]}")
        s = cells(direct(r, 2))
        check(all(r[k] == s[k] for k in ("wins", "draws", "losses", "elo", "elo_low", "elo_high") if k in s),
              f"{r['game']}: the runner differs from prune match")
    one, table_one = run(tmp, ROWS, "one", "--variant", "quick", "--jobs", "1")
    check(table_one == table, "one job and two give different files")

    # --done-dir (scripts/reproduce.sh --resume): each match played is kept there, and a match kept is
    # not played again.  A kept summary marked (kalah's wins 99) shows in the file; connect4's, removed,
    # is played again and gives what it gave.
    keep = os.path.join(tmp, "kept")
    done, kept_table = run(tmp, ROWS, "kept", "--variant", "quick", "--done-dir", keep)
    check(done.returncode == 0 and kept_table == table and len(os.listdir(keep)) == 2,
          f"--done-dir: exit {done.returncode}, {sorted(os.listdir(keep)) if os.path.isdir(keep) else 'no dir'}")
    strength.openings_dir = os.path.abspath(OPENINGS)
    row = {"game": "kalah", "a": "ladder-pvs", "b": "negamax-ab", "limit": "nodes=500"}
    marked = strength.done_path(keep, os.path.abspath(PRUNE), row, 2, strength.SHARD_PAIRS)
    row["game"], row["a"] = "connect4", "ladder-tt"
    removed = strength.done_path(keep, os.path.abspath(PRUNE), row, 2, strength.SHARD_PAIRS)
    if os.path.exists(marked) and os.path.exists(removed):
        summary = json.load(open(marked))
        summary["wins"] = 99
        with open(marked, "w") as f:
            f.write(json.dumps(summary) + "\n")
        os.unlink(removed)
    done, again = run(tmp, ROWS, "kept", "--variant", "quick", "--done-dir", keep)
    got = {r["game"]: r["wins"] for r in again or []}
    check(done.returncode == 0 and "1 of 2 matches kept" in done.stdout and got.get("kalah") == "99"
          and [r for r in again if r["game"] == "connect4"] == [r for r in table if r["game"] == "connect4"]
          and os.path.exists(removed),
          f"--done-dir again: exit {done.returncode}, {done.stdout.strip()!r}, wins {got}")

    # connect4's 3 pairs as 3 shards (--shard-pairs 1; kalah's 4 as 4 and negamax's 6 as 6, their
    # openings replayed) through GNU parallel and match-merge, against one process.  `repeated` is in
    # the comparison: a shard holds every pair of its openings (shard K/N: the pairs whose opening is
    # K - 1 modulo N), so the merged count is the match's.
    done, sharded = run(tmp, ROWS + REPEATING, "sharded", "--variant", "full", "--jobs", "2", "--shard-pairs", "1")
    check(done.returncode == 0 and sharded, f"sharded run failed: {done.returncode} {done.stderr.strip()}")
    for r in sharded or []:
        pairs = int(r["pairs"])
        whole = cells(direct(r, pairs))
        differ = [k for k in strength.SUMMARY if k in whole and k not in TIMES and r[k] != whole[k]]
        check(r["games"] == str(2 * pairs) and not differ,
              f"{r['game']} {r['a']}: {pairs} shards merged differ from one run in {differ or 'games'}")
        check(r["reuse"] == ("yes" if pairs > 3 else "no") and r["openings"] == "3",
              f"{r['game']}: reuse {r['reuse']} over {r['openings']} openings at {pairs} pairs")
        check(r["repeated"] == ("6" if r["a"] == "negamax" else "0"),
              f"{r['game']} {r['a']}: repeated {r['repeated']} over {pairs} shards merged")
    check(len(sharded or []) == 3, f"the sharded run has {len(sharded or [])} rows, not 3")

    # A sharded match stopped midway (--done-dir): its finished shards are kept, and the resumed run
    # plays only the rest.  A wrapper logs each shard prune plays, and fails shard 2/3 while a flag
    # file is there: on one job shard 1/3 is kept and the run fails; then, the flag gone, the run plays
    # shards 2/3 and 3/3 alone, the file is the unsharded match's, and only the match's file is left.
    wrapper, played, flag = (os.path.join(tmp, name) for name in ("prune-logged", "played", "flag"))
    with open(wrapper, "w") as f:
        f.write(f'#!/bin/sh\nif [ "$1" = match ]; then\n  shard=$(printf "%s\\n" "$@" | grep -x "[0-9]*/[0-9]*")\n'
                f'  [ -e "{flag}" ] && [ "$shard" = 2/3 ] && {{ echo "shard 2/3 stopped" >&2; exit 1; }}\n'
                f'  echo "$shard" >> "{played}"\nfi\nexec "{os.path.abspath(PRUNE)}" "$@"\n')
    os.chmod(wrapper, 0o755)
    open(flag, "w").close()
    keep, row = os.path.join(tmp, "resumed"), HEADER + "connect4,ladder-tt,negamax-ab,nodes=500,0,3,3\n"
    resume = ("--variant", "full", "--jobs", "1", "--shard-pairs", "1", "--done-dir", keep, "--prune", wrapper)
    done, _ = run(tmp, row, "resumed", *resume)
    first = sorted(os.listdir(keep)) if os.path.isdir(keep) else []
    check(done.returncode == 1 and "shard 2/3 stopped" in done.stderr and len(first) == 1
          and first[0].endswith(".shard-1-of-3.json"), f"a stopped sharded match: exit {done.returncode}, kept {first}")
    os.unlink(flag)
    if os.path.exists(played):
        os.unlink(played)
    done, resumed = run(tmp, row, "resumed", *resume)
    again = open(played).read().split() if os.path.exists(played) else []
    left = sorted(os.listdir(keep)) if os.path.isdir(keep) else []
    whole = cells(direct({"game": "connect4", "a": "ladder-tt", "b": "negamax-ab"}, 3))
    differ = [k for k in strength.SUMMARY if k in whole and k not in TIMES and resumed and resumed[0][k] != whole[k]]
    check(done.returncode == 0 and "1 shard kept from an earlier sitting" in done.stdout and again == ["2/3", "3/3"]
          and resumed and not differ and len(left) == 1 and ".shard-" not in left[0],
          f"the resumed match: exit {done.returncode}, {done.stdout.strip()!r}, played {again}, differs in {differ}, "
          f"left {left}")

    for name, rows, status in (("zero-pairs", HEADER + "kalah,ladder-pvs,negamax-ab,nodes=500,0,0,0\n", 2),
                               ("bad-limit", HEADER + "kalah,ladder-pvs,negamax-ab,nodes=0,2,3,3\n", 2),
                               ("no-column", "game,a,b,nodes\nkalah,ladder-pvs,negamax-ab,500\n", 2),
                               ("bad-config", HEADER + "kalah,ladder-nope,negamax-ab,nodes=500,2,3,3\n", 1)):
        done, table = run(tmp, rows, name, "--variant", "quick")
        check(done.returncode == status and len(done.stderr.strip().splitlines()) == 1 and table is None,
              f"{name}: exit {done.returncode} (want {status}), stderr {done.stderr.strip()!r}, file {table is not None}")

# A game with an adjudication rule (prune games --json: Ard Ri) is played out (issue 48: at the main budget
# half of the rule's verdicts held): its row's results are the games' own ends and PLAY_OUT's columns are
# prune match --play-out's; a game without a rule leaves them empty.  --game plays only that game's rows.
with tempfile.TemporaryDirectory() as tmp:
    book = os.path.join(ROOT, "studies", "openings")
    mixed = HEADER + "kalah,ladder-pvs,negamax-ab,nodes=500,2,4,4\nardri,ladder-pvs,negamax-ab,nodes=2000,10,4,4\n"
    done, table = run(tmp, mixed, "play-out", "--variant", "quick", "--openings-dir", book)
    want = json.loads(subprocess.run([PRUNE, "match", "ardri", "--a", "ladder-pvs", "--b", "negamax-ab", "--nodes",
                                      "2000", "--pairs", "10", "--openings", os.path.join(book, "ardri.txt"), "--seed",
                                      "1", "--json", "--play-out"], capture_output=True, text=True).stdout.splitlines()[-1])
    by_game = {r["game"]: r for r in table or []}
    got, kalah = by_game.get("ardri", {}), by_game.get("kalah", {})
    check(done.returncode == 0 and list(got) == strength.COLUMNS + strength.PLAY_OUT
          and all(got[k] == cells(want)[k] for k in strength.PLAY_OUT + ["elo", "pentanomial"] if k in want)
          and got.get("adjudicated") == "0" and int(got.get("adjudged") or 0) > 0,
          f"ardri played out: {done.returncode} {done.stderr.strip()!r} {got}")
    check(kalah and all(kalah[k] == "" for k in strength.PLAY_OUT), f"kalah: PLAY_OUT's columns empty: {kalah}")
    done, table = run(tmp, mixed, "one-game", "--variant", "quick", "--game", "kalah", "--openings-dir", book)
    check(done.returncode == 0 and [r["game"] for r in table or []] == ["kalah"], f"--game kalah: {table}")

# Holm at alpha 0.05.  Sorted, 0.005 <= 0.05/4 and 0.01 <= 0.05/3 survive; 0.03 > 0.05/2 stops it, so
# 0.04 does not either, though all four are below 0.05.  Adjusted: 4 x 0.005, 3 x 0.01, then 2 x 0.03 for both.
got = stats.holm([0.01, 0.04, 0.03, 0.005])
check([ok for ok, _ in got] == [True, False, False, True], f"Holm keeps {got}, want 0.01 and 0.005 only")
check([round(p, 6) for _, p in got] == [0.03, 0.06, 0.06, 0.02], f"Holm's adjusted p-values {got}")
# Each p below its step's bound alpha / (m - i): Holm keeps all four; Bonferroni (0.0125) would keep two.
got = stats.holm([0.04, 0.011, 0.02, 0.005])
check([ok for ok, _ in got] == [True] * 4, f"Holm keeps {got}, want all four")
# The sign test on a short self-play line's informative pairs (LL+LD against WD+WW, the ½ pairs left out):
# 10 of 10 won is 2 x 2^-10; 5 of 10 is p 1; 5 of 5 (p 0.0625) cannot fail, and the verdict says so; 12 of 12
# (p 0.00049) fails, in bold, Holm over the one line.
check(stats.sign_test({"pentanomial": "0 0 10 0 10"}) == (10, 10, 2 / 1024), "sign test, 10 of 10")
check(stats.sign_test({"pentanomial": "3 2 10 2 3"}) == (10, 5, 1.0), "sign test, 5 of 10")
short = {"game": "kalah", "a": "ladder-pvs", "b": "ladder-pvs", "pentanomial": "0 0 15 2 3"}
said = report.short_verdict([short])
check("5 of 5 (p 0.062)" in said and "cannot fail" in said and "keeps none" in said, f"a 5-pair line: {said}")
short["pentanomial"] = "0 0 8 6 6"
said = report.short_verdict([short])
check("12 of 12" in said and "**Holm's correction over these keeps kalah `ladder-pvs`" in said,
      f"a 12-of-12 line: {said}")
# The node-budget rows measured apart (results/apart/strength_nodes.csv) stand for the run's rows of each game
# and limit they hold, and the run's other rows stay: rows_of, which every reader of the study's rows asks.
class Run:
    def __init__(self, where, date=None):
        self.dir = where
        self.run = {"date": date} if date else {}

    def csv(self, name, comments=False):
        return read_csv(os.path.join(self.dir, name), comments)


with tempfile.TemporaryDirectory() as tmp:
    header = "game,a,b,limit,elo\n"
    with open(os.path.join(tmp, "strength.csv"), "w") as f:
        f.write(header + "kalah,x,y,nodes=2000,1\nkalah,x,y,nodes=20000,2\nkalah,x,y,tc=100+1,3\n")
    got = [r["elo"] for r in strength_rows.rows_of(Run(tmp))]
    check(got == ["1", "2", "3"] and strength_rows.apart_note(Run(tmp)) == "", f"rows_of without the apart file: {got}")
    os.mkdir(os.path.join(tmp, "apart"))
    with open(os.path.join(tmp, "apart", "strength_nodes.csv"), "w") as f:
        f.write("# played apart, at commit abc1234.\n# measured: 2026-11-29T12:00:00Z\n" + header +
                "kalah,x,y,nodes=2000,7\ndots,x,y,nodes=2000,8\n")
    got = [(r["game"], r["limit"], r["elo"]) for r in strength_rows.rows_of(Run(tmp))]
    check(got == [("kalah", "nodes=2000", "7"), ("dots", "nodes=2000", "8"), ("kalah", "nodes=20000", "2"),
                  ("kalah", "tc=100+1", "3")],
          f"rows_of with the apart file: {got}, want its rows, then the run's at the limits it does not hold")
    check("played apart, at commit abc1234." in strength_rows.apart_note(Run(tmp)), "the apart note carries the header")
    # a run made before the file: the file's rows stand; a run made after it: its own rows stand
    got = [r["elo"] for r in strength_rows.rows_of(Run(tmp, "2026-11-28T10:00:00Z"))]
    check(got == ["7", "8", "2", "3"], f"rows_of, a run older than the apart file: {got}")
    got = [r["elo"] for r in strength_rows.rows_of(Run(tmp, "2026-11-30T10:00:00Z"))]
    check(got == ["1", "2", "3"] and strength_rows.apart_note(Run(tmp, "2026-11-30T10:00:00Z")) == "",
          f"rows_of, a run newer than the apart file: {got}, want the run's own")
    # clocked matches played apart fill the (game, clock) pairs the run lacks, and never replace its own
    with open(os.path.join(tmp, "apart", "strength_clocks.csv"), "w") as f:
        f.write("# clocked, apart, at commit abc1234.\n" + header +
                "kalah,x,y,tc=100+1,9\nothello,x,y,tc=100+1,10\nothello,x,y,nodes=2000,11\n")
    got = [(r["game"], r["limit"], r["elo"]) for r in strength_rows.rows_of(Run(tmp, "2026-11-30T10:00:00Z"))]
    check(got == [("kalah", "nodes=2000", "1"), ("kalah", "nodes=20000", "2"), ("kalah", "tc=100+1", "3"),
                  ("othello", "tc=100+1", "10")],
          f"rows_of with the clocked apart file: {got}, want the run's rows, then othello's clocked row alone")
    note = strength_rows.apart_note(Run(tmp, "2026-11-30T10:00:00Z"))
    check("where the run has none: a clock of 100 ms + 1 ms a move (each side): othello. clocked, apart, at "
          "commit abc1234." in note, f"the clocked apart note: {note}")

committed = os.path.join(ROOT, "results", "strength.csv")
apart_nodes = os.path.join(ROOT, "results", "apart", "strength_nodes.csv")
for r in (list(csv.DictReader(open(committed))) if os.path.exists(committed) else []) + read_csv(apart_nodes, True):
    excludes = (r["elo_low"] != "" and float(r["elo_low"]) > 0) or (r["elo_high"] != "" and float(r["elo_high"]) < 0)
    if sum(stats.pentanomial(r) or [0]) < stats.MIN_PAIRS:   # untested by the rule: p is 1 whatever the interval
        check(stats.p_value(r) == 1.0, f"results/strength.csv {r['game']} {r['a']} vs {r['b']} at {r['limit']}: "
              f"{r['pairs']} pairs, under {stats.MIN_PAIRS}, yet p {stats.p_value(r):.4f}")
        continue
    check((stats.p_value(r) < 0.05) == excludes,
          f"results/strength.csv {r['game']} {r['a']} vs {r['b']}: p {stats.p_value(r):.4f}, interval "
          f"{r['elo_low']} to {r['elo_high']}")

below = {(r["game"], r["config"]): r["baseline"] for r in studies.rows("techniques") if r["moves"] == ""}
rows = studies.strength_rows()
limits = list(dict.fromkeys(r["limit"] for r in rows))
check(limits[0] == MAIN, f"studies/strength.csv: the first limit is {limits[0]}, the main budget is {MAIN}")
games = list(dict.fromkeys(r["game"] for r in rows))
compiled = subprocess.run([PRUNE, "games"], capture_output=True, text=True).stdout.split()
check(not set(games) - set(compiled), f"studies/strength.csv: games {sorted(set(games) - set(compiled))} are not "
                                      "among `prune games`")
for game in [g for g in games if g not in SANITY]:
    rungs = [c for g, c in below if g == game and c.startswith("ladder-")]
    for limit in limits:
        at = {(r["a"], r["b"]): r for r in rows if r["game"] == game and r["limit"] == limit}
        want = {(rung, below[(game, rung)]) for rung in rungs}
        if limit == MAIN:   # and the node-budget null tests: ladder-pvs and negamax-ab each against itself
            want |= {(rung, "negamax-ab") for rung in rungs} | {("ladder-pvs", "ladder-pvs"), ("negamax-ab", "negamax-ab")}
        if limit.startswith("tc="):   # the self-play sanity line of each clock
            want |= {("ladder-pvs", "ladder-pvs")}
        check(set(at) == want, f"studies/strength.csv: {game} at {limit} plays {sorted(set(at) ^ want)} "
                               "beyond or short of the design")
        for (a, b), r in at.items():
            check(int(r["long"]) > 0 and (limit != MAIN or (int(r["quick"]) > 0 and int(r["full"]) > 0)),
                  f"studies/strength.csv: {game} {a} vs {b} at {limit} is not played in every variant it should be")
for game in SANITY:
    check(sum(1 for r in rows if r["game"] == game) == 1, f"studies/strength.csv: the sanity game {game} is not one line")
check(any(g for g in games if g not in SANITY), "studies/strength.csv: no game beyond the sanity line")
# Issue 48: the node-budget null tests are about 5,000 pairs a line in --long.
for r in rows:
    if r["a"] == r["b"] and r["limit"] == MAIN:
        check(int(r["long"]) >= 5000, f"studies/strength.csv: {r['game']} {r['a']} against itself at {MAIN} plays "
                                       f"{r['long']} pairs in --long, under issue 48's 5,000")

for f in failures:
    print("FAIL", f)
print(f"{'FAILED' if failures else 'ok'}: check_strength ({len(failures)} failures)")
sys.exit(1 if failures else 0)
