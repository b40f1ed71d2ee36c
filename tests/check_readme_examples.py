#!/usr/bin/env python3
"""Checks that the documentation's examples print what the binary prints.

    check_readme_examples.py PRUNE MARKDOWN...

Every indented `$ build/prune ...` line of the Markdown files (README.md,
docs/usage.md) is run with PRUNE in place of build/prune and must exit 0.
Where the file shows its output (the indented lines right after it, up to
the next `$` line, a blank line or prose), the output must be the same: a
JSON line equal field by field, `seconds` apart (a time); a text line
equal.  Where a `# comment` after the command quotes figures, each
figure of four digits or more (commas dropped) and a quoted `score N` must
appear in the output.  An example that needs the Connect Four test sets
(`--data-dir DIR`) runs with $PRUNE_CONNECT4_DATA as DIR, and is skipped
without it.  Fails when the files hold fewer than 5 examples in all.
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


def examples(path):
    """(command words, comment, shown output lines) of every example of the Markdown file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    out, current = [], None
    for line in text.splitlines():
        if line.startswith(PROMPT):
            command, _, comment = line[len(PROMPT):].partition("#")
            current = (shlex.split(command), comment.strip(), [])
            out.append(current)
        elif current and line.startswith("    ") and line.strip():
            current[2].append(line[4:])
        else:
            current = None   # a blank line or prose: the example's shown output ends
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
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    prune, paths = argv[1], argv[2:]
    data = os.environ.get("PRUNE_CONNECT4_DATA")
    tally = Tally()
    found = [example for path in paths for example in examples(path)]
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
        tally.record(False, "examples", f"only {len(found)} found in {', '.join(paths)}")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
