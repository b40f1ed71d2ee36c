#!/usr/bin/env python3
"""check_report_parallel.py REPO: the report's parallel section
(scripts/reporting/parallel.py) with a game the run lacks.  The run of
results/parallel.csv predates Othello's rows of studies/parallel.csv
(issue 49); such a game measured apart, results/apart/parallel.csv, is shown
in a table of its own under the run's, with the file's header, and is no
longer named as not measured.  An apart row of a game the run has is never
shown: the run's own rows stand.  Without the file the section names the
game as not measured, as before."""
import os
import sys
import tempfile

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import checks  # noqa: E402
from reporting import parallel  # noqa: E402

HEADER_LINE = "# A sitting of the test: the 2-core machine, nothing else running."


class FakeResults:
    """What render() asks of a run: its folder, the studies' folder and its CSVs."""

    def __init__(self, directory):
        self.dir = directory
        self.studies_dir = os.path.join(ROOT, "studies")

    def csv(self, name, comments=False):
        return checks.read_rows(os.path.join(self.dir, name))


def main():
    tally = checks.Tally()
    run_rows = [r for r in checks.read_rows(os.path.join(ROOT, "results", "parallel.csv"))
                if r["game"] in ("kalah", "dots")]
    order = list(dict.fromkeys(r["game"] for r in parallel.studies.threads_rows()))
    missing = [g for g in order if g not in ("kalah", "dots")]   # the games this run lacks, in the file's order
    # The apart rows: kalah's, altered (the run has kalah: never shown), and othello's.
    kalah = [dict(r, depth="99") for r in run_rows if r["game"] == "kalah"]
    othello = [dict(r, game="othello", depth="13", seconds="0.123456") for r in run_rows if r["game"] == "dots"]
    with tempfile.TemporaryDirectory() as tmp:
        checks.write_rows(os.path.join(tmp, "parallel.csv"), run_rows)
        before = parallel.render(FakeResults(tmp), "plots").text
        tally.record(f"Not measured in this run: {', '.join(missing)} (" in before and "Measured apart" not in before,
                     f"no apart file: {', '.join(missing)} named as not measured", "")
        checks.write_rows(os.path.join(tmp, "apart", "parallel.csv"), kalah + othello, HEADER_LINE)
        after = parallel.render(FakeResults(tmp), "plots").text
        tally.record("**Measured apart from this run** (`results/apart/parallel.csv`), othello:" in after
                     and HEADER_LINE[2:] in after, "the apart table: named, with its file's header", "")
        tally.record("| othello | 13 | 2 | " in after and "123 ms" in after, "othello's row from the apart file", "")
        tally.record("| kalah | 99 |" not in after and "| kalah | 16 | 2 | " in after,
                     "kalah: the run's row stands, the apart one is not shown", "")
        still = [g for g in missing if g != "othello"]
        tally.record(f"Not measured in this run: {', '.join(still)} (" in after and "othello (" not in after,
                     f"othello no longer named as not measured; {', '.join(still)} still are", "")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
