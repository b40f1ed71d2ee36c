#!/usr/bin/env python3
"""check_killer_placement.py PRUNE: scripts/killer_placement.py, which measures
ladder-killers-late apart from any run (issue 48), at --variant quick.

The nodes file has every techniques position of ladder-killers, for the
three configs, and its tic-tac-toe start rows are facts pinned elsewhere
(tests/check_time_ladder.py's every-iteration totals at depth 9: ladder-id
8,989, ladder-killers 7,727) plus the variant's own; the matches file has
studies/killer_placement.csv's rows at 2 pairs; both headers name the
commit; a prune that is not there is refused with one line and status 2."""
import csv
import os
import re
import subprocess
import sys
import tempfile

from checks import Tally

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "killer_placement.py")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import studies  # noqa: E402

TTT_START = {"ladder-id": "8576", "ladder-killers": "7246", "ladder-killers-late": "6400"}
HEADER = re.compile(r"^# prune: commit [0-9a-f]{7,40}(-dirty)?, built for \S+\.$", re.M)


def rows(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return text, list(csv.DictReader(line for line in text.splitlines(True) if not line.startswith("#")))


def main():
    prune = os.path.abspath(sys.argv[1])
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, SCRIPT, "--prune", prune, "--out-dir", tmp, "--variant", "quick",
                               "--allow-dirty"], capture_output=True, text=True, timeout=600)
        tally.record(done.returncode == 0 and done.stderr == "", "--variant quick: status",
                     f"{done.returncode} {done.stderr.strip()[-300:]}")
        if done.returncode != 0:
            return tally.summary()
        text, nodes = rows(os.path.join(tmp, "killer_placement_nodes.csv"))
        positions = [r for r in studies.rows("techniques") if r["config"] == "ladder-killers"]
        tally.record(len(nodes) == 3 * len(positions) and HEADER.search(text), "nodes: every position, three configs, "
                     "a header naming the commit", f"{len(nodes)} rows for {len(positions)} positions")
        start = {r["config"]: r["nodes"] for r in nodes if r["game"] == "ttt" and r["moves"] == ""}
        tally.record(start == TTT_START, "nodes: tic-tac-toe's start at depth 9", start)
        text, matches = rows(os.path.join(tmp, "killer_placement.csv"))
        want = [(r["game"], r["a"], r["b"]) for r in studies.strength_rows(
            os.path.join(ROOT, "studies", "killer_placement.csv"), "quick")]
        tally.record([(r["game"], r["a"], r["b"]) for r in matches] == want and HEADER.search(text)
                     and all(r["games"] == "4" for r in matches), "matches: the study's rows at 2 pairs, a header",
                     [(r["game"], r["b"], r["games"]) for r in matches])
        tally.record(not [n for n in os.listdir(tmp) if n not in ("killer_placement.csv", "killer_placement_nodes.csv")],
                     "no file left beside the two", os.listdir(tmp))
        missing = os.path.join(tmp, "no-such-prune")
        done = subprocess.run([sys.executable, SCRIPT, "--prune", missing, "--out-dir", tmp], capture_output=True,
                              text=True)
        tally.record(done.returncode == 2 and done.stderr == f"killer_placement.py: --prune {missing}: not an "
                     "executable\n", "a missing prune: status 2, one line", f"{done.returncode} {done.stderr!r}")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
