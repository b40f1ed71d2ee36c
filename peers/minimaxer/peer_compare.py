#!/usr/bin/env python3
"""prune against the Minimaxer library on the minimaxer study's searches.

    peers/minimaxer/peer_compare.py --peer PEER.jsonl --studies STUDIES.csv -o peer_minimaxer.csv

PEER.jsonl holds the JSON lines of peers/minimaxer/bench.mjs; STUDIES.csv is
the tidy CSV of scripts/gbench_to_csv.py from the same session.  One row per
(config, depth): both sides' created and evals counts (which must be equal),
best moves, operations per second (one operation = one whole search, tree
building included) and the ratio prune / minimaxer, for prune's copy-make
search (the library's way: every node holds a copy of its position) and its
do-undo search.  Written atomically; exits 1 when a count differs.  Standard
library only.
"""
import argparse
import csv
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from atomic_file import write_csv_atomically  # noqa: E402

COLUMNS = [
    "config", "depth", "minimaxer_created", "minimaxer_evals", "prune_created", "prune_evals", "counts_equal",
    "minimaxer_best", "prune_best", "minimaxer_ops_per_second", "prune_ops_per_second",
    "prune_undo_ops_per_second", "ratio", "undo_ratio", "minimaxer_repetitions", "prune_repetitions",
    "minimaxer_version", "node_version",
]


def fmt(value):
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", required=True)
    parser.add_argument("--studies", required=True)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()

    with open(args.peer, encoding="utf-8") as f:
        peer = [json.loads(line) for line in f if line.strip()]
    with open(args.studies, newline="", encoding="utf-8") as f:
        ours = {(r["config"], r["depth"], r["state"]): r for r in csv.DictReader(f)
                if r["study"] == "minimaxer" and r["status"] == "ok"}
    rows, mismatches = [], 0
    for p in peer:
        depth = str(p["depth"])
        copy = ours.get((p["config"], depth, "copy"))
        undo = ours.get((p["config"], depth, "undo"))
        row = {"config": p["config"], "depth": depth, "minimaxer_created": p["created"],
               "minimaxer_evals": p["evals"], "minimaxer_best": p["best"],
               "minimaxer_ops_per_second": float(p["ops_per_second"]), "minimaxer_repetitions": p["repetitions"],
               "minimaxer_version": p.get("version", ""), "node_version": p.get("node", "")}
        if copy:
            row.update(prune_created=int(float(copy["created"])), prune_evals=int(float(copy["evals"])),
                       prune_best=copy["best"], prune_ops_per_second=float(copy["ops_per_second"]),
                       prune_repetitions=copy["repetitions"])
            row["ratio"] = row["prune_ops_per_second"] / row["minimaxer_ops_per_second"]
            equal = (row["prune_created"], row["prune_evals"], row["prune_best"]) == (p["created"], p["evals"],
                                                                                      str(p["best"]))
            row["counts_equal"] = "yes" if equal else "NO"
            if not equal:
                mismatches += 1
                print(f"peer_compare: {p['config']} depth {depth}: prune created/evals/best "
                      f"{row['prune_created']}/{row['prune_evals']}/{row['prune_best']}, minimaxer "
                      f"{p['created']}/{p['evals']}/{p['best']}", file=sys.stderr)
        else:
            row["counts_equal"] = "no prune measurement"
        if undo:
            row["prune_undo_ops_per_second"] = float(undo["ops_per_second"])
            row["undo_ratio"] = row["prune_undo_ops_per_second"] / row["minimaxer_ops_per_second"]
        rows.append(row)

    write_csv_atomically(args.output, COLUMNS, ([fmt(row.get(c)) for c in COLUMNS] for row in rows))
    for row in rows:
        if row.get("ratio"):
            print(f"peer_compare: {row['config']:27} depth {row['depth']}: prune {row['prune_ops_per_second']:10.0f}"
                  f" ops/s, minimaxer {row['minimaxer_ops_per_second']:8.1f} ops/s, ratio {row['ratio']:6.1f}x,"
                  f" counts {row['counts_equal']}")
    if mismatches or not rows:
        sys.exit(f"peer_compare: {mismatches} count mismatches" if mismatches else "peer_compare: no peer results")


if __name__ == "__main__":
    main()
