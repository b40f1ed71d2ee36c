#!/usr/bin/env python3
"""study.py: what bench.mjs needs of the minimaxer study, read through
scripts/studies.py (the one reader of studies/): the study's configs and
depths, in the order of studies/studies.csv's rows, and minimaxer 3.2.3's
reference counts of studies/published.csv (created and evals by config and
depth), as the JSON that `node bench.mjs --study JSON` takes.  compare.py
and peer_ab.py pass it, so bench.mjs opens no file of studies/.

    peers/minimaxer/study.py    print the JSON
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import studies  # noqa: E402

STUDY = "minimaxer"


def number(text):
    """A published value as JavaScript's Number() reads it (a whole number stays whole)."""
    value = float(text)
    return int(value) if value.is_integer() else value


def study_json():
    """{"configs": [...], "depths": [...], "expected": {config: {depth: [created, evals]}}}, one line."""
    rows = studies.rows(STUDY)
    expected = {}
    for r in studies.published():
        if r["study"] != STUDY or r["kind"] != "reference" or r["metric"] not in ("created", "evals"):
            continue
        pair = expected.setdefault(r["config"], {}).setdefault(r["depth"], [None, None])
        pair[0 if r["metric"] == "created" else 1] = number(r["value"])
    return json.dumps({"configs": list(dict.fromkeys(r["config"] for r in rows)),
                       "depths": list(dict.fromkeys(int(r["depth"]) for r in rows)), "expected": expected},
                      separators=(",", ":"))


if __name__ == "__main__":
    print(study_json())
