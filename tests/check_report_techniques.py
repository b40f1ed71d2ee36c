#!/usr/bin/env python3
"""check_report_techniques.py REPO: the report's techniques section
(scripts/reporting/techniques.py) with a game the run lacks.  The committed
run predates Othello's rows of studies/studies.csv (issue 49); such a game
measured apart, results/apart/studies.csv, gets its own ladder table under
the run's games, headed as measured apart with the file's header, and a
column of the at-a-glance table marked "apart"; it is no longer named as not
measured.  An apart row of a game the run has is never shown: the run's own
rows stand.  Without the file the section names the game as not measured,
as before."""
import os
import sys
import tempfile

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import checks  # noqa: E402
from reporting import techniques  # noqa: E402
from reporting.results import Results  # noqa: E402

HEADER_LINE = "# A sitting of the test: the 2-core machine, nothing else running."
KEPT = ("ttt", "kalah")   # the games the test's run keeps
SENTINEL = "123457"       # othello's start nodes in the test's apart file: shown only if read from it


def render(directory):
    return techniques.render(Results(directory, os.path.join(ROOT, "studies")), "plots").text


def main():
    tally = checks.Tally()
    run_rows = [r for r in checks.read_rows(os.path.join(ROOT, "results", "studies.csv"))
                if r["study"] == "techniques" and r["game"] in KEPT]
    order = list(techniques.ladder(Results(os.path.join(ROOT, "results"), os.path.join(ROOT, "studies"))))
    missing = [g for g in order if g not in KEPT]   # the games this run lacks, in the file's order
    # The apart rows: kalah's, altered (the run has kalah: never shown), and othello's, one marked.
    kalah = [dict(r, nodes=str(int(r["nodes"]) * 3)) for r in run_rows if r["game"] == "kalah"]
    othello = [dict(r, nodes=SENTINEL) if r["config"] == "negamax-ab" and not r["moves"] else r
               for r in checks.read_rows(os.path.join(ROOT, "results", "apart", "studies.csv"))
               if r["game"] == "othello"]
    kalah_start = next(r["nodes"] for r in run_rows if r["game"] == "kalah" and r["config"] == "negamax-ab"
                       and not r["moves"])
    tally.record(bool(run_rows) and bool(othello) and "othello" in missing,
                 "the committed run has ttt's and kalah's techniques rows, the apart file othello's", "")
    with tempfile.TemporaryDirectory() as tmp:
        checks.write_rows(os.path.join(tmp, "studies.csv"), run_rows)
        before = render(tmp)
        tally.record(f"Not measured in this run: {', '.join(missing)} (" in before and "measured apart" not in before,
                     f"no apart file: {', '.join(missing)} named as not measured", "")
        checks.write_rows(os.path.join(tmp, "apart", "studies.csv"), kalah + othello, HEADER_LINE)
        after = render(tmp)
        tally.record("### othello, depth 8 (measured apart)" in after and HEADER_LINE[2:] in after
                     and "**Measured apart from this run** (`results/apart/studies.csv`)" in after,
                     "othello's table: headed as measured apart, with the file's header", "")
        tally.record(f"| `negamax-ab` | – | {int(SENTINEL):,} |" in after, "othello's counts from the apart file", "")
        tally.record("othello (depth 8, apart) |" in after and "kalah (depth 14) |" in after,
                     "the glance table: othello's column marked apart, kalah's not", "")
        tally.record(f"| `negamax-ab` | – | {int(kalah_start):,} |" in after
                     and f"| `negamax-ab` | – | {int(kalah_start) * 3:,} |" not in after
                     and "### kalah, depth 14 (measured apart)" not in after,
                     "kalah: the run's rows stand, the apart ones are not shown", "")
        still = [g for g in missing if g != "othello"]
        tally.record(f"Not measured in this run: {', '.join(still)} (" in after and "othello (its rows" not in after,
                     f"othello no longer named as not measured; {', '.join(still)} still are", "")
        tally.record("![othello: nodes per rung](plots/techniques_othello.svg)" in after,
                     "othello's plot is linked", "")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
