#!/usr/bin/env python3
"""check_readme.py REPO_ROOT: README.md's first screen is the project (issue 46).

README.md is at most 150 lines.  Within its first 60 stand the results
block (its begin and end markers), and the two commands, each as an
indented command line: `scripts/reproduce.sh` and `scripts/test.sh`, each
with how long it takes (a comment naming minutes or hours).  Everything
else is on pages of docs/ the README links to (tests/check_links.py checks
the links).
"""
import os
import re
import sys

import checks

MAX_LINES = 150
FIRST_SCREEN = 60
BEGIN, END = "<!-- results:begin", "<!-- results:end -->"
COMMAND = re.compile(r"^    (scripts/(?:reproduce|test)\.sh)\s+#.*\b(?:minutes?|hours?)\b")


def main():
    root = sys.argv[1]
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    failures = []
    if len(lines) > MAX_LINES:
        failures.append(f"README.md has {len(lines)} lines, more than {MAX_LINES}")
    first = lines[:FIRST_SCREEN]
    for marker in (BEGIN, END):
        if not any(line.startswith(marker) for line in first):
            failures.append(f"README.md: the results block's {marker!r} is not within its first {FIRST_SCREEN} lines")
    commands = {m.group(1): n for n, line in enumerate(first, 1) if (m := COMMAND.match(line))}
    for command in ("scripts/reproduce.sh", "scripts/test.sh"):
        if command in commands:
            print(f"{command} at line {commands[command]}")
        else:
            failures.append(f"README.md: no `    {command}  # ... minutes` line within its first {FIRST_SCREEN} lines")
    print(f"README.md: {len(lines)} lines")
    return checks.report(failures)


if __name__ == "__main__":
    sys.exit(main())
