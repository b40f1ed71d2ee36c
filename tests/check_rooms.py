#!/usr/bin/env python3
"""The C sources' include graph keeps its rooms (issue 32): a file includes
only files of its own folder or of a folder below it, benchmarks/ nothing
of cli/, and no file reaches itself through its includes.

    check_rooms.py ROOT

The floors, from the ground up (a folder may include its own floor's
files only where it is that folder; games/ and util/ share the ground
without using each other):
  games/, util/   the rules, and the command-line utilities
  engine/         the searches every game shares
  solver/         Connect Four's solver (Pons' steps), over engine/
  match/          games between engines, their statistics
  benchmarks/     the measuring programs (util/ and engine/, never cli/)
  cli/            the prune command
Generated headers (a .in beside them, or made by meson) and system
headers (<...>) are not rooms.  A template included with a macro
(`#include PRUNE_GAME_HEADER`) is not read: its name is the build's.
"""
import os
import re
import sys

import checks

FLOORS = {"games": 1, "util": 1, "engine": 2, "solver": 3, "match": 3, "benchmarks": 3, "cli": 4}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root):
    """Every .c, .h and .cc file of the rooms, by its path from root."""
    out = []
    for folder in FLOORS:
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if name.endswith((".c", ".h", ".cc")):
                out.append(f"{folder}/{name}")
    return out


def resolve(name, includer, files):
    """The room file an include names: beside its includer first (as the
    compiler looks), then in any room folder (the build's include
    directories); None for a generated or system header."""
    here = f"{includer.split('/')[0]}/{name}"
    if here in files:
        return here
    found = [f for f in files if f.split("/", 1)[1] == name]
    return found[0] if len(found) == 1 else None


def graph(root):
    files = set(sources(root))
    edges = {}
    for path in sorted(files):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        edges[path] = sorted({t for t in (resolve(n, path, files) for n in INCLUDE.findall(text)) if t})
    return edges


def floor_failures(edges):
    failures = []
    for path, targets in edges.items():
        room = path.split("/")[0]
        for target in targets:
            other = target.split("/")[0]
            if other == room:
                continue
            if FLOORS[other] >= FLOORS[room]:
                failures.append(f"{path} includes {target}: {other}/ is not below {room}/")
    return failures


def cycle_failures(edges):
    """A file that reaches itself through includes (an include guard hides
    such a loop from the compiler, not from a reader)."""
    failures = []
    state = {}

    def visit(path, stack):
        state[path] = "open"
        for target in edges.get(path, []):
            if state.get(target) == "open":
                failures.append(" -> ".join(stack[stack.index(target):] + [target]))
            elif target not in state:
                visit(target, stack + [target])
        state[path] = "done"

    for path in edges:
        if path not in state:
            visit(path, [path])
    return failures


def main():
    root = sys.argv[1]
    edges = graph(root)
    if sum(len(t) for t in edges.values()) < 50:
        return checks.report([f"only {sum(len(t) for t in edges.values())} includes read: the reader is broken"])
    return checks.report(floor_failures(edges) + cycle_failures(edges))


if __name__ == "__main__":
    sys.exit(main())
