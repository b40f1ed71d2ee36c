#!/usr/bin/env python3
"""Checks that every stated worth of a technique is a measured one.

The code states what a technique is worth beside it, in one greppable form:

    /* Worth: "ROW" -- R.RRx fewer instructions (CI, valgrind). */

and docs/techniques.md's section "## What each technique is worth" tabulates
technique -> `file:function` -> "ROW" -- R.RRx.  ROW names a row of
tests/instructions/comparisons.csv as "GAME [MOVES ]DEPTH TECHNIQUE/STATE vs
BASELINE/STATE"; R.RR is that row's ratio (baseline's instructions over the
technique's), as instruction_counts.py prints it.

Fails when a Worth comment in engine/ or games/ is malformed or names no
row, when a quoted ratio is not the committed baseline's to two decimals
exactly (tests/instructions/baseline.csv: a stated gain is the measured
one, with no tolerance), when a table row names a missing row, file or function, when a row of
comparisons.csv has no Worth comment at its site, when a technique of the
ladder (a ladder-* config of engine/config.c, or negamax-ab, its base) is
in no row, or when there is no Worth comment or table row at all.

usage: check_worth.py REPO_ROOT
"""
import csv
import os
import re
import sys

WORTH = re.compile(r'Worth: "([^"]+)" -- ([0-9]+(?:\.[0-9]+)?)x fewer instructions \(CI, valgrind\)\.')
TABLE_ROW = re.compile(r'^\|\s*([^|]+?)\s*\|\s*`([^`:]+):([A-Za-z_][A-Za-z0-9_]*)`\s*\|\s*"([^"]+)" -- ([0-9.]+)x\s*\|\s*$')
TABLE = os.path.join("docs", "techniques.md")
SECTION = "## What each technique is worth"


def csv_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def row_name(r):
    moves = f"{r['moves']} " if r["moves"] else ""
    return (f"{r['game']} {moves}{r['depth']} {r['technique']}/{r['technique_state']}"
            f" vs {r['baseline']}/{r['baseline_state']}")


def measured_ratios(root):
    """Row name -> baseline instructions / technique instructions, from the
    committed baseline (None when the baseline lacks a count)."""
    here = os.path.join(root, "tests", "instructions")
    counts = {(r["game"], r["moves"], r["depth"], r["config"], r["state"]): int(r["instructions"])
              for r in csv_rows(os.path.join(here, "baseline.csv"))}
    ratios = {}
    for r in csv_rows(os.path.join(here, "comparisons.csv")):
        key = (r["game"], r["moves"], r["depth"])
        a = counts.get(key + (r["technique"], r["technique_state"]))
        b = counts.get(key + (r["baseline"], r["baseline_state"]))
        ratios[row_name(r)] = b / a if a and b else None
    return ratios


def check_claim(where, row, quoted, ratios, failures):
    if row not in ratios:
        failures.append(f'{where}: "{row}" is not a row of tests/instructions/comparisons.csv')
    elif ratios[row] is None:
        failures.append(f'{where}: "{row}" has no counts in tests/instructions/baseline.csv')
    elif quoted != f"{ratios[row]:.2f}":
        failures.append(f'{where}: "{row}" says {quoted}x, the baseline measures {ratios[row]:.2f}x')


def source_files(root):
    for folder in ("engine", "games"):
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith((".c", ".h", ".in")):
                    yield os.path.join(dirpath, name)


def check_comments(root, ratios, failures):
    """Checks every Worth comment; returns the rows they cite."""
    cited = set()
    for path in source_files(root):
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if "Worth:" not in line:
                    continue
                where = f"{os.path.relpath(path, root)}:{number}"
                match = WORTH.search(line)
                if not match:
                    failures.append(f"{where}: a Worth comment not in the form "
                                    f'Worth: "ROW" -- R.RRx fewer instructions (CI, valgrind).')
                    continue
                cited.add(match.group(1))
                check_claim(where, match.group(1), match.group(2), ratios, failures)
    return cited


LADDER_CONFIG = re.compile(r'\{"((?:ladder-[a-z-]+)|negamax-ab)"')


def check_sites(root, cited, failures):
    """Every row has a Worth comment at its site, and every technique of
    the ladder (the configs named in engine/config.c) is in some row."""
    here = os.path.join(root, "tests", "instructions", "comparisons.csv")
    rows = csv_rows(here)
    for r in rows:
        if row_name(r) not in cited:
            failures.append(f'"{row_name(r)}" has no Worth comment in engine/ or games/')
    with open(os.path.join(root, "engine", "config.c")) as f:
        ladder = LADDER_CONFIG.findall(f.read())
    if not ladder:
        failures.append("engine/config.c names no ladder config")
    in_rows = {r["technique"] for r in rows} | {r["baseline"] for r in rows}
    for name in ladder:
        if name not in in_rows:
            failures.append(f"the ladder's {name} is in no row of tests/instructions/comparisons.csv")
    return len(ladder)


def defines(path, function):
    """Whether the C file defines `function` (plainly or as a template's
    SEARCH_NAME(function), TREE_NAME(function), LADDER_NAME(function))."""
    pattern = re.compile(r"^static\b[^;=]*\b(?:[A-Z]+_NAME\(" + function + r"\)|" + function + r")\s*\(", re.M)
    with open(path) as f:
        return bool(pattern.search(f.read()))


def check_table(root, ratios, failures):
    with open(os.path.join(root, TABLE)) as f:
        text = f.read()
    if SECTION not in text:
        failures.append(f"{TABLE} has no section '{SECTION}'")
        return 0
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    # The table is scripts/worth_table.py's generated block, and is what that script writes from the baseline.
    sys.path.insert(0, os.path.join(root, "scripts"))
    import worth_table
    if worth_table.BEGIN not in section or worth_table.END not in section:
        failures.append(f"{TABLE}: the table is not inside {worth_table.BEGIN} ... {worth_table.END}")
    else:
        try:
            regenerated, _ = worth_table.regenerate(text, ratios)
        except SystemExit as why:
            failures.append(str(why))
        else:
            if regenerated != text:
                failures.append(f"{TABLE}: scripts/worth_table.py would change the table (run it)")
    found = 0
    for line in section.splitlines():
        if not line.startswith("|") or set(line) <= set("|-: ") or line.startswith("| Technique"):
            continue
        match = TABLE_ROW.match(line)
        if not match:
            failures.append(f"{TABLE}: a table row not in the form "
                            f'| technique | `file:function` | "ROW" -- R.RRx |: {line}')
            continue
        found += 1
        technique, path, function, row, quoted = match.groups()
        where = f"{TABLE} ({technique})"
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            failures.append(f"{where}: no file {path}")
        elif not defines(full, function):
            failures.append(f"{where}: {path} defines no function {function}")
        check_claim(where, row, quoted, ratios, failures)
    return found


def main():
    root = sys.argv[1]
    ratios = measured_ratios(root)
    failures = []
    cited = check_comments(root, ratios, failures)
    comments = len(cited)
    ladder = check_sites(root, cited, failures)
    table = check_table(root, ratios, failures)
    if comments == 0:
        failures.append("no Worth comment found in engine/ or games/")
    if table == 0:
        failures.append(f"no table row found under '{SECTION}' in {TABLE}")
    for failure in failures:
        print("FAIL " + failure)
    print(f"{comments} rows cited by Worth comments, {ladder} ladder techniques and {table} rows of {TABLE} checked; "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
