#!/usr/bin/env python3
"""check_committed_report.py REPO_ROOT: the committed report is what the code makes of the committed run.

scripts/report.py regenerates REPORT.md, plotdata/ and the README's results
block from a run's CSV files.  Run on a copy of results/ (the committed full
run, its manifest checked), every section of the report must render and
give exactly the committed results/REPORT.md and plotdata/*.csv (and so
leave run.json's manifest as it is), and the README's block must be the
committed one.  So a change to the report's code
that would change the committed report, or a section that fails on a real
run's files (as a merge once broke the Connect Four table), fails here; the
fix is to regenerate (`scripts/report.py --results results --plots-link
plots --readme README.md`) and commit the report with the change.

Every ratio the committed report quotes is paired, with its interval: no
table cell is marked unpaired (common.fci's fallback) and no table has
hyperfine's Relative column (its commands' runs are not alternated).

Without git history (a tarball) the report cannot list the code changed
since the run: that section, and so run.json's digest of REPORT.md, are
then left out of the comparison, with a note (tests/check_provenance.py
skips, 77).
"""
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = sys.argv[1]
RESULTS = os.path.join(ROOT, "results")
BLOCK = ("<!-- results:begin", "<!-- results:end -->")
PROVENANCE = "## The code since this run"   # scripts/reporting/provenance.py's section, which needs git history


def block(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return text[text.index(BLOCK[0]):text.index(BLOCK[1])]


def unlisted(report):
    """Why the regenerated report's section on the code since the run lists no files (no git history), or ""."""
    with open(report, encoding="utf-8") as f:
        text = f.read()
    section = text.split(PROVENANCE + "\n", 1)[-1].split("\n## ", 1)[0]
    found = re.search(r"changed since are not listed: (.*)\.\n", section)
    return found.group(1) if found else ""


def without_provenance(path):
    """REPORT.md without its section on the code since the run, or run.json without REPORT.md's digest."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        info = json.loads(text)
        info.get("manifest", {}).pop("REPORT.md", None)
        return info
    head, _, rest = text.partition(PROVENANCE + "\n")
    return head + "\n## " + rest.split("\n## ", 1)[-1] if rest else text


def unpaired_cells(path):
    """The table lines of a report that quote a ratio without pairs."""
    with open(path, encoding="utf-8") as f:
        return [line.strip()[:100] for line in f if line.startswith("|")
                and ("unpaired" in line or "| Relative |" in line)]


def main():
    failures = [f"REPORT.md quotes an unpaired ratio: {line}"
                for line in unpaired_cells(os.path.join(RESULTS, "REPORT.md"))]
    with tempfile.TemporaryDirectory() as tmp:
        # The README's block links to its results directory relative to the
        # README, so the copy keeps the checkout's layout: tmp/README.md, tmp/results/.
        copy = os.path.join(tmp, "results")
        shutil.copytree(RESULTS, copy, ignore=shutil.ignore_patterns("quick"))
        shutil.copy(os.path.join(ROOT, "README.md"), tmp)
        done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "report.py"), "--results", copy,
                               "--plots-link", "plots", "--readme", os.path.join(tmp, "README.md")],
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            print(f"FAIL: report.py exited {done.returncode}: {done.stderr.strip()[-500:]}")
            return 1
        plotdata = sorted(os.path.join("plotdata", n) for n in os.listdir(os.path.join(RESULTS, "plotdata")))
        made = sorted(os.path.join("plotdata", n) for n in os.listdir(os.path.join(copy, "plotdata")))
        if made != plotdata:
            failures.append(f"plotdata: made {made}, committed {plotdata}")
        names = ["REPORT.md", "run.json"] + plotdata
        if unlisted(os.path.join(copy, "REPORT.md")):
            # Without git history the report cannot list the code changed since the run (its section
            # says why; tests/check_provenance.py skips): everything else must still be the committed.
            print(f"note: {unlisted(os.path.join(copy, 'REPORT.md'))}: the section {PROVENANCE!r} and "
                  "run.json's digest of REPORT.md are not compared")
            names = plotdata
            for name in ("REPORT.md", "run.json"):
                if without_provenance(os.path.join(RESULTS, name)) != without_provenance(os.path.join(copy, name)):
                    failures.append(f"{name}: regenerated differs from the committed results/{name}, "
                                    f"the section {PROVENANCE!r} aside")
        for name in names:
            if not filecmp.cmp(os.path.join(RESULTS, name), os.path.join(copy, name), shallow=False):
                failures.append(f"{name}: regenerated differs from the committed results/{name}")
        if block(os.path.join(ROOT, "README.md")) != block(os.path.join(tmp, "README.md")):
            failures.append("README.md: the regenerated results block differs from the committed one")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
