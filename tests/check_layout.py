#!/usr/bin/env python3
"""docs/layout.md is current: scripts/layout.py writes it again byte for
byte, every file it lists has a header comment to take its line from, and
the page names each source file of its folders and each fuzz target.

    check_layout.py REPO_ROOT
"""
import glob
import os
import subprocess
import sys

import checks


def main():
    root = sys.argv[1]
    failures = []
    done = subprocess.run([sys.executable, os.path.join(root, "scripts", "layout.py")], capture_output=True,
                          text=True)
    failures += [line for line in done.stderr.splitlines() if line]
    with open(os.path.join(root, "docs", "layout.md"), encoding="utf-8") as f:
        committed = f.read()
    if done.stdout != committed:
        failures.append("docs/layout.md is not what scripts/layout.py writes now: "
                        "run scripts/layout.py -o docs/layout.md")
    # The page's own completeness, beside the script's: every C file of
    # engine/ and solver/ and every fuzz target appears as a link.
    for path in sorted(glob.glob(os.path.join(root, "engine", "*.[ch]"))
                       + glob.glob(os.path.join(root, "solver", "*.[ch]"))
                       + glob.glob(os.path.join(root, "tests", "fuzz", "fuzz_*.c"))):
        relative = os.path.relpath(path, root)
        if f"](../{relative})" not in committed:
            failures.append(f"docs/layout.md does not name {relative}")
    targets = len(glob.glob(os.path.join(root, "tests", "fuzz", "fuzz_*.c")))
    if f" {targets} targets: " not in committed:
        failures.append(f"docs/layout.md does not count the {targets} fuzz targets")
    return checks.report(failures)


if __name__ == "__main__":
    sys.exit(main())
