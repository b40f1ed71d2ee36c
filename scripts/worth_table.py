#!/usr/bin/env python3
"""worth_table.py: writes the gains of docs/techniques.md's worth table from tests/instructions/baseline.csv.

The table's rows name a technique, its site (`file:function`) and a row of
tests/instructions/comparisons.csv; this script rewrites each row's gain
(the baseline's instructions over the technique's, two decimals, as
tests/check_worth.py computes it) inside the page's generated block
(`<!-- generated: scripts/worth_table.py -->` ... `<!-- end generated -->`),
so the figures are the committed baseline's exactly.  tests/check_worth.py
compares the table with the baseline and fails when this script would
change it.

    scripts/worth_table.py            rewrite docs/techniques.md
    scripts/worth_table.py --check    exit 1 (and say which rows) when it would change the page
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
PAGE = os.path.join("docs", "techniques.md")
BEGIN = "<!-- generated: scripts/worth_table.py -->"
END = "<!-- end generated -->"
ROW = re.compile(r'^(\|[^|]+\|\s*`[^`]+`\s*\|\s*"([^"]+)" -- )([0-9.]+)(x\s*\|\s*)$')


def regenerate(text, ratios):
    """The page with its block's gains recomputed; [row names the baseline cannot give]."""
    if BEGIN not in text or END not in text.split(BEGIN, 1)[1]:
        raise SystemExit(f"worth_table: {PAGE} has no block {BEGIN} ... {END}")
    head, rest = text.split(BEGIN, 1)
    block, tail = rest.split(END, 1)
    lines, missing = [], []
    for line in block.split("\n"):
        m = ROW.match(line)
        if m:
            ratio = ratios.get(m.group(2))
            if ratio is None:
                missing.append(m.group(2))
            else:
                line = f"{m.group(1)}{ratio:.2f}{m.group(4)}"
        lines.append(line)
    return head + BEGIN + "\n".join(lines) + END + tail, missing


def main(argv):
    from check_worth import measured_ratios  # noqa: E402  (the one computation of a gain)
    path = os.path.join(ROOT, PAGE)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new, missing = regenerate(text, measured_ratios(ROOT))
    for name in missing:
        print(f"worth_table: \"{name}\" has no counts in tests/instructions/baseline.csv", file=sys.stderr)
    if argv[1:] == ["--check"]:
        if new != text:
            print(f"worth_table: {PAGE}'s table is not what the baseline gives: run scripts/worth_table.py")
            return 1
        return 1 if missing else 0
    if argv[1:]:
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    if new != text:
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(path + ".tmp", path)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
