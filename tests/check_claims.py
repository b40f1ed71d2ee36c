#!/usr/bin/env python3
"""check_claims.py REPO_ROOT: every quantitative claim of the report holds in the committed run.

scripts/reporting/claims.py lists the claims (a sentence of results/REPORT.md,
of README.md or of a doc; the CSV cells it rests on; the relation it states)
and checks them.  This test runs that check on the committed run
(results/) with the committed texts, and fails naming each claim whose
sentence is gone or whose relation does not hold.

Then the self-test: on copies of the run with one cell altered, the check
must fail, naming the claim that rests on that cell, and only claims that
rest on it:
  - connect4's ladder-killers made to need more nodes than ladder-id: its
    "saves nodes but not time" line fails, and so does ladder-history's,
    whose rung below it is;
  - Pons' Begin-Easy weak set made mostly reset on his side (his search
    timer cut to a tenth: the README's speedup of it is then no headline);
  - tic-tac-toe's alpha-beta run in his Python code made 2.5 times slower:
    the per-call ratio quoted in REPORT.md and docs/ttt.md fails, and the
    README's speedup against his alpha-beta, whose search share (estimated
    from his two rows' times) falls under half;
  - dots' ladder-pvs against ladder-history made 5 Elo stronger: docs/strength.md's
    table row for dots fails;
  - c4 on equal terms (results/apart/peer_c4.csv), the empty board strong on
    one thread given an interval reaching below 1: docs/connect4.md's "prune
    ahead" sentence fails;
  - Othello's techniques rows measured apart (results/apart/studies.csv),
    ladder-pvs given more nodes from the start: the report's aspiration
    line, which quotes ladder-pvs's count as the rung below, fails;
  - the paradigm study (results/apart/mcts_paradigm.csv), Connect Four's
    interval at 100+1 made wider: docs/mcts.md's table row for connect4 fails.
"""
import csv
import os
import shutil
import sys
import tempfile

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from reporting import claims  # noqa: E402
from reporting.readme import BEGIN  # noqa: E402
from reporting.results import Results  # noqa: E402


def texts(results):
    """{where: text} of every file a claim names: the run's REPORT.md, the repository's other files."""
    out = {}
    for where in {c.where for c in claims.CLAIMS}:
        path = os.path.join(results, where) if where == "REPORT.md" else os.path.join(ROOT, where)
        with open(path, encoding="utf-8") as f:
            out[where] = f.read()
    return out


def run(results):
    return claims.check(Results(results, os.path.join(ROOT, "studies")), texts(results))


def alter(results, name, match, column, change):
    """Rewrites one cell of results/NAME (the row matching every match item)."""
    path = os.path.join(results, name)
    with open(path, newline="", encoding="utf-8") as f:
        lines = f.readlines()
    comments = [line for line in lines if line.startswith("#")]   # results/apart/'s header, kept as it is
    rows = list(csv.DictReader(line for line in lines if not line.startswith("#")))
    hits = [r for r in rows if all(r[k] == v for k, v in match.items())]
    assert len(hits) == 1, f"{name}: {len(hits)} rows match {match}"
    hits[0][column] = change(hits[0][column])
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.writelines(comments)
        w = csv.DictWriter(f, list(rows[0]))
        w.writeheader()
        w.writerows(rows)


ALTERATIONS = [
    ("studies.csv", {"study": "techniques", "game": "connect4", "config": "ladder-killers", "moves": "",
                     "state": "copy"}, "nodes", lambda v: str(int(v) + 100000),
     {"techniques.connect4.ladder-killers.slower", "techniques.connect4.ladder-history.slower"}),
    ("peer_pons.csv", {"name": "Begin-Easy", "mode": "weak"}, "peer_search_us", lambda v: f"{float(v) / 10:.3f}",
     {"readme.peer.pons.Begin-Easy weak"}),
    ("peer_ttt-python.csv", {"config": "alphabeta"}, "peer_mean_s", lambda v: f"{float(v) * 2.5:.6f}",
     {"report.tictactoe.per-call", "docs.ttt.per-call", "readme.peer.ttt-python.alphabeta bdc086c"}),
    # the strength table reads the 2,000-node rows measured apart (results/apart/strength_nodes.csv), which
    # stand for the run's (scripts/reporting/strength.py, rows_of)
    ("apart/strength_nodes.csv", {"game": "dots", "a": "ladder-pvs", "b": "ladder-history", "limit": "nodes=2000"},
     "elo", lambda v: f"{float(v) + 5:.2f}", {"docs.strength.table.dots"}),
    # c4 on equal terms, measured apart: an interval that reaches below 1 is no lead
    ("apart/peer_c4.csv", {"position": "start", "mode": "strong", "setup": "equal-64", "prune_threads": "1"},
     "speedup_lo", lambda v: "0.950", {"docs.connect4.c4-equal.start-strong-64"}),
    # Othello's techniques rows, measured apart (results/apart/studies.csv): ladder-pvs made to need more nodes,
    # so the aspiration line's count of the rung below it no longer holds
    ("apart/studies.csv", {"study": "techniques", "game": "othello", "config": "ladder-pvs", "moves": "",
                           "state": "copy"}, "nodes", lambda v: str(int(v) + 100000),
     {"techniques.othello.ladder-aspiration.more-nodes"}),
    # the paradigm study, measured apart: a wider interval on Connect Four at 100+1 than docs/mcts.md quotes
    ("apart/mcts_paradigm.csv", {"game": "connect4", "limit": "tc=100+1"}, "elo_high",
     lambda v: f"{float(v) + 4:.2f}", {"docs.mcts.paradigm.connect4"}),
]


def main():
    failures = []
    results = os.path.join(ROOT, "results")
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        if BEGIN not in f.read():
            failures.append("README.md has no results block")
    committed = run(results)
    failures += [f"{key}: {why}" for key, why in committed]
    print(f"{len(claims.CLAIMS)} claims checked on the committed run, {len(committed)} failing")
    for name, match, column, change, expected in ALTERATIONS:
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "results")
            shutil.copytree(results, copy, ignore=shutil.ignore_patterns("quick", "raw", "plots", "hyperfine"))
            alter(copy, name, match, column, change)
            failed = {key for key, _ in run(copy)} - {key for key, _ in committed}
        if failed != expected:
            failures.append(f"self-test: {name} {match} {column} altered: failing {sorted(failed)}, "
                            f"expected {sorted(expected)}")
        else:
            print(f"self-test: {name} {match} {column} altered: fails {sorted(failed)}")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
