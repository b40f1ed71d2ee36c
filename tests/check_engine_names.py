#!/usr/bin/env python3
"""engine/names.txt and solver/names.txt are current and complete:
scripts/engine_names.py writes each again byte for byte, each finds what a
backtrace shows (the ladder's, the tree's and the recursive searches'
functions in both state modes, the tree's node types, each mode's table;
the solver's searches, their teams' twins and each board's entry point),
and every name a pasting macro of solver/ makes, counted here from the
macro's own text, is in solver/names.txt.

    check_engine_names.py
"""
import glob
import os
import re
import subprocess
import sys

import checks

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
EXPECTED = {  # room: {name: the template line's text as written}
    "engine": {
        "ladder_tt_negamax_copy": "LADDER_NAME(negamax)", "negamax_ab_deepen_undo": "LADDER_NAME(deepen)",
        "ladder_expand_copy": "LADDER_NAME(expand)", "maxmin_undo": "SEARCH_NAME(maxmin)",
        "tree_optimal_search_copy": "TREE_NAME(search)", "tree_node_undo": "TREE_NODE",
        "search_mode_undo": "SEARCH_NAME(search_mode)",
    },
    "solver": {
        "solve_non_losing_threats_shared": "SOLVE_NON_LOSING(solve_non_losing_threats, ...)",
        "solve_non_losing_upper": "SOLVE_NON_LOSING(solve_non_losing_upper, ...)",
        "solve_bitboard_run": "SOLVE_RUN", "solve_grid_run": "SOLVE_RUN", "solve_sized_search": "SOLVE_RUN",
    },
}


def line_failures(room, rows):
    """Each expected row names a line of ROOM/ that reads as written there."""
    failures = []
    for name, written in EXPECTED[room].items():
        row = rows.get(name)
        if not row or row[1:] != written.split() or not row[0].startswith(f"{room}/") \
                or not os.path.exists(os.path.join(ROOT, row[0].split(":")[0])):
            failures.append(f"{name}: {row}, expected a line of {room}/ written {written}")
            continue
        path, line = row[0].split(":")
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read().splitlines()[int(line) - 1]
        if written.split(", ...")[0] not in text:  # a pasting macro's call: its first argument as written
            failures.append(f"{name}: {row[0]} reads {text!r}, not {written}")
    return failures


def pasted_names():
    """{name: file} for every function a pasting macro of solver/ makes: the
    macro's `name##SUFFIX` and `name` definitions, at each call, read from
    the text directly (not through scripts/engine_names.py), and each
    SOLVE_RUN an instance defines."""
    names = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "solver", "*.[ch]"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        relative = os.path.relpath(path, ROOT)
        for macro, body in re.findall(r"^#define (\w+)\(name\b[^)]*\)((?:.*\\\n)*.*)$", text, re.M):
            suffixes = set(re.findall(r"\bname##(\w+)\s*\(", body))
            if not suffixes:
                continue
            for argument in re.findall(r"^" + macro + r"\((\w+),", text, re.M):
                names[argument] = relative
                names.update({argument + suffix: relative for suffix in suffixes})
        names.update({run: relative for run in re.findall(r"^#define SOLVE_RUN (\w+)$", text, re.M)})
    return names


def main():
    failures = []
    indexes = {}
    for room in ("engine", "solver"):
        done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "engine_names.py"), room],
                              capture_output=True, text=True)
        with open(os.path.join(ROOT, room, "names.txt"), encoding="utf-8") as f:
            committed = f.read()
        if done.returncode != 0 or done.stdout != committed:
            failures.append(f"{room}/names.txt is not what scripts/engine_names.py writes now: "
                            f"run scripts/engine_names.py {room} -o {room}/names.txt")
        rows = {line.split()[0]: line.split()[1:] for line in committed.splitlines()}
        indexes[room] = rows
        failures += line_failures(room, rows)
    pasted = pasted_names()
    if len(pasted) < 20:
        failures.append(f"only {len(pasted)} pasted names read from solver/: the reader is broken")
    for name, path in sorted(pasted.items()):
        if name not in indexes["solver"]:
            failures.append(f"{name} ({path}) is not in solver/names.txt")
    return checks.report(failures)


if __name__ == "__main__":
    sys.exit(main())
