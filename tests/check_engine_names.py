#!/usr/bin/env python3
"""engine/names.txt is current: scripts/engine_names.py writes it again
byte for byte, and it finds what a backtrace shows (the ladder's, the
tree's and the recursive searches' functions in both state modes, the
tree's node types, each mode's table).

    check_engine_names.py
"""
import os
import subprocess
import sys

import checks

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
EXPECTED = {  # name: the template line's text as written
    "ladder_tt_negamax_copy": "LADDER_NAME(negamax)", "negamax_ab_deepen_undo": "LADDER_NAME(deepen)",
    "ladder_expand_copy": "LADDER_NAME(expand)", "maxmin_undo": "SEARCH_NAME(maxmin)",
    "tree_optimal_search_copy": "TREE_NAME(search)", "tree_node_undo": "TREE_NODE",
    "search_mode_undo": "SEARCH_NAME(search_mode)",
}


def main():
    failures = []
    done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "engine_names.py")], capture_output=True,
                          text=True)
    with open(os.path.join(ROOT, "engine", "names.txt"), encoding="utf-8") as f:
        committed = f.read()
    if done.returncode != 0 or done.stdout != committed:
        failures.append("engine/names.txt is not what scripts/engine_names.py writes now: "
                        "run scripts/engine_names.py -o engine/names.txt")
    rows = {line.split()[0]: line.split()[1:] for line in committed.splitlines()}
    for name, written in EXPECTED.items():
        row = rows.get(name)
        if not row or row[1] != written or not os.path.exists(os.path.join(ROOT, row[0].split(":")[0])):
            failures.append(f"{name}: {row}, expected a line of engine/ written {written}")
            continue
        path, line = row[0].split(":")
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read().splitlines()[int(line) - 1]
        if written not in text:
            failures.append(f"{name}: {row[0]} reads {text!r}, not {written}")
    return checks.report(failures)


if __name__ == "__main__":
    sys.exit(main())
