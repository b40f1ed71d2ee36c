#!/usr/bin/env python3
"""skipped_tests.py TESTLOG_JSON: one line per test that meson test skipped,
with the reason it printed (scripts/test.sh prints these after the summary).

A test's reason is its last output line that says "skipped" (the peers'
`skipped: ...` line), else its last line, else "(no reason printed)".
Each line is indented, so that no line starts as meson's summary lines do
(.ci/run reads those).  Prints nothing when no test was skipped, or when
there is no log.  Standard library only.
"""
import json
import sys


def reason(test):
    lines = [line.strip() for line in (test.get("stdout", "") + "\n" + (test.get("stderr") or "")).splitlines()]
    lines = [line for line in lines if line]
    said = [line for line in lines if "skipped" in line.lower()]
    return (said or lines or ["(no reason printed)"])[-1]


def main(argv):
    if len(argv) != 1:
        print("usage: skipped_tests.py TESTLOG_JSON", file=sys.stderr)
        return 2
    try:
        with open(argv[0]) as f:
            tests = [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return 0
    skipped = [t for t in tests if t.get("result") == "SKIP"]
    if skipped:
        print(f"skipped tests ({len(skipped)}), with their reasons:")
    for test in skipped:
        print(f"  {test['name']}: {reason(test)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
