#!/usr/bin/env python3
"""Checks that bad input exits 2 with one line on stderr and nothing on stdout.

Each line of the tables (tests/bad_input/*.txt for prune,
tests/bad_input_sweep/*.txt for benchmarks/depth_sweep) is
`expected stderr substring<TAB>arg<TAB>arg...`: the arguments after the
program; an empty argument is written as `''`.  In the arguments \\n, \\t,
\\xHH and \\\\ stand for those bytes, so a table can hold control characters
and bytes that are not UTF-8; the expected substring is taken literally
(messages write such bytes escaped, util/escape.h).  The stderr line must be
printable ASCII.

`@FILES@` in an argument or the expected text stands for a scratch directory
holding what a file argument must refuse: `directory/`, `fifo` (a named pipe
no one writes), `unreadable` (mode 000) and `nul` (a line with a NUL byte).
Root reads a mode-000 file (open(2) allows it, and prune takes what open
allows), so the lines naming `@FILES@/unreadable` are skipped as root.

usage: check_bad_input.py PROGRAM FILE...
"""
import os
import re
import subprocess
import sys
import tempfile

from checks import Tally, data_lines, expand


def argument(text):
    """The bytes a table argument stands for."""
    if text == "''":
        return b""
    return re.sub(rb"\\(x[0-9a-fA-F]{2}|n|t|\\)", unescape, text.encode())


def unescape(match):
    code = match.group(1)
    return {b"n": b"\n", b"t": b"\t", b"\\": b"\\"}.get(code) or bytes([int(code[1:], 16)])


def problems_of(done, expected):
    err = done.stderr.decode("ascii", "replace")
    lines = err.splitlines()
    problems = []
    if done.returncode != 2:
        problems.append(f"exit status {done.returncode}, expected 2")
    if done.stdout:
        problems.append(f"stdout not empty: {done.stdout[:80]!r}")
    if not all(0x20 <= b < 0x7f for b in done.stderr.rstrip(b"\n")):
        problems.append(f"stderr is not one line of printable ASCII: {done.stderr[:200]!r}")
    if len(lines) != 1:
        problems.append(f"{len(lines)} stderr lines, expected 1: {err[:200]!r}")
    elif expected not in lines[0]:
        problems.append(f"stderr {lines[0]!r} lacks {expected!r}")
    return problems, lines[0] if lines else ""


def make_files(root):
    """The scratch files @FILES@ stands for."""
    os.mkdir(os.path.join(root, "directory"))
    os.mkfifo(os.path.join(root, "fifo"))
    with open(os.path.join(root, "unreadable"), "w") as f:
        f.write("4 0\n")
    os.chmod(os.path.join(root, "unreadable"), 0)
    with open(os.path.join(root, "nul"), "wb") as f:
        f.write(b"4\x00 1\n")


def main():
    program, paths = sys.argv[1], expand(sys.argv[2:], ".txt")
    tally = Tally()
    with tempfile.TemporaryDirectory() as files:
        make_files(files)
        for path in paths:
            for line in data_lines(path):
                check_line(program, line.replace("@FILES@", files), tally)
    return tally.summary()


def check_line(program, line, tally):
    expected, *args = line.split("\t")
    if os.geteuid() == 0 and any(a.endswith("/unreadable") for a in args):
        print(f"skip {' '.join(args)}: root reads a file without read permission")
        return
    done = subprocess.run([program, *map(argument, args)], capture_output=True, timeout=120)
    problems, first = problems_of(done, expected)
    label = os.path.basename(program) + " " + " ".join(args)
    tally.record(not problems, label, "; ".join(problems) or first)


if __name__ == "__main__":
    sys.exit(main())
