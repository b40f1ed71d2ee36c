#!/usr/bin/env python3
"""Merges the JSON outputs of sharded `prune solve connect4 --positions ... --shard K/N --json` runs.

Prints every position line, ordered by line number, then one summary line
computed as prune computes it for an unsharded run: positions, total_nodes,
seconds, mean_nodes (3 decimals), mean_us, kpos_per_second.  The shards must
be of one set, config and mode; a line seen twice or a mismatch is an error
(one line on stderr, exit 2).

usage: c4_merge.py SHARD.jsonl...
"""
import json
import sys


def fail(message):
    print(f"c4_merge: {message}", file=sys.stderr)
    sys.exit(2)


def main():
    rows, summaries = [], []
    for path in sys.argv[1:]:
        with open(path) as f:
            for number, text in enumerate(f, 1):
                try:
                    row = json.loads(text)
                except json.JSONDecodeError:
                    fail(f"{path}:{number}: not JSON")
                (summaries if row.get("summary") else rows).append(row)
    if not summaries:
        fail("no summary line in the inputs")
    identity = {(s["set"], s["config"], s["weak"]) for s in summaries}
    if len(identity) != 1:
        fail(f"shards of different runs: {sorted(identity)}")
    lines = [r["line"] for r in rows]
    if len(set(lines)) != len(lines):
        fail("a line appears in two shards")
    rows.sort(key=lambda r: r["line"])
    positions = len(rows)
    total_nodes = sum(r["nodes"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    n = positions or 1
    first = summaries[0]
    summary = {"summary": True, "game": "connect4", "config": first["config"], "set": first["set"],
               "weak": first["weak"], "positions": positions, "total_nodes": total_nodes,
               "seconds": round(seconds, 9), "mean_nodes": round(total_nodes / n, 3),
               "mean_us": round(seconds * 1e6 / n, 3),
               "kpos_per_second": round(positions / seconds / 1000, 3) if seconds > 0 else 0}
    for row in rows:
        print(json.dumps(row, separators=(",", ":")))
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
