#!/usr/bin/env python3
"""Checks that the README's examples print what the binary prints.

    check_readme_examples.py PRUNE README

Every `$ build/prune ...` line of the README's "Using prune" block is run
with PRUNE in place of build/prune and must exit 0.  Where the README shows
its output (the lines after it up to the next `$` line), the output must be
the same: a JSON line equal field by field, `seconds` apart (a time); a text
line equal.  Where a `# comment` after the command quotes figures, each
figure of four digits or more (commas dropped) and a quoted `score N` must
appear in the output.  An example that needs the Connect Four test sets
(`--data-dir DIR`) runs with $PRUNE_CONNECT4_DATA as DIR, and is skipped
without it.
"""
import json
import os
import re
import shlex
import subprocess
import sys

from checks import Tally

PROMPT = "    $ build/prune "
FIGURE = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d{4,})(?![\w.])")
SCORE = re.compile(r"\bscore (-?\d+)")


def examples(readme):
    """(command words, comment, shown output lines) of the "Using prune" block."""
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    block = text.split("## Using prune", 1)[1]
    out, current = [], None
    for line in block.splitlines():
        if line.startswith(PROMPT):
            command, _, comment = line[len(PROMPT):].partition("#")
            current = (shlex.split(command), comment.strip(), [])
            out.append(current)
        elif current and line.startswith("    ") and line.strip():
            current[2].append(line[4:])
        elif current and not line.startswith("    "):
            if line.strip():
                break   # the block's prose begins: the examples end
    return out


def same_output(shown, printed):
    """Problems between the README's shown lines and what was printed."""
    printed_lines = printed.splitlines()
    problems = []
    for line in shown:
        if line.startswith("{"):
            want = json.loads(line)
            got = next((json.loads(p) for p in printed_lines if p.startswith("{")), None)
            if got is None:
                problems.append("no JSON line printed")
                continue
            differ = sorted(k for k in set(want) | set(got) if k != "seconds" and want.get(k) != got.get(k))
            if differ:
                problems.append("JSON differs in " + ", ".join(f"{k}: shown {want.get(k)!r}, printed {got.get(k)!r}"
                                                               for k in differ))
        elif line not in printed_lines:
            problems.append(f"line not printed: {line!r}")
    return problems


def quoted_figures(comment, printed):
    plain = printed.replace(",", "")
    problems = [f"figure {f} of the comment not printed" for f in FIGURE.findall(comment)
                if f.replace(",", "") not in plain]
    for score in SCORE.findall(comment):
        if not re.search(rf"^score\s+{score}$|\"score\":{score}\b", printed, re.M):
            problems.append(f"score {score} of the comment not printed")
    return problems


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    prune, readme = argv[1], argv[2]
    data = os.environ.get("PRUNE_CONNECT4_DATA")
    tally = Tally()
    found = examples(readme)
    for words, comment, shown in found:
        label = "prune " + " ".join(words)
        if "DIR" in words:
            if not data:
                print(f"skip {label}: needs PRUNE_CONNECT4_DATA")
                continue
            words = [data if w == "DIR" else w for w in words]
        done = subprocess.run([prune, *words], capture_output=True, text=True, timeout=300)
        problems = [] if done.returncode == 0 else [f"exit {done.returncode}: {done.stderr.strip()[:120]}"]
        problems += same_output(shown, done.stdout) + quoted_figures(comment, done.stdout)
        tally.record(not problems, label, "; ".join(problems) or
                     f"exit 0{', output as shown' if shown else ''}{', figures as quoted' if comment else ''}")
    if len(found) < 5:
        tally.record(False, "examples", f"only {len(found)} found in {readme}'s \"Using prune\"")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
