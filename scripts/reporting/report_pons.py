#!/usr/bin/env python3
"""report_pons.py: the report's section on the "pons" study (Pons' Connect
Four solver, docs/connect4.md), in the shape of the series' tables: per
step and test set, the mean time, the mean positions explored and the
thousands of positions per second, published beside ours, and each step's
gain over the step before it on the same set; strong, then weak.

    section(run_dir) -> str      markdown; run_dir holds pons.csv
                                 (scripts/pons_study.py --out), or pons/pons.csv
    scripts/reporting/report_pons.py RUN_DIR     prints it
"""
import csv
import os
import sys

MARKS = {"exact": "✓ exact", "rounded": "✓ rounded", "no": "✗ MISMATCH"}


def read_rows(run_dir):
    for path in (os.path.join(run_dir, "pons.csv"), os.path.join(run_dir, "pons", "pons.csv")):
        if os.path.isfile(path):
            with open(path, newline="", encoding="utf-8") as f:
                return list(csv.DictReader(f))
    return None


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def f_time(us):
    if us is None:
        return "–"
    for scale, unit in ((1e6, "s"), (1e3, "ms")):
        if us >= scale:
            return f"{us / scale:.3g} {unit}"
    return f"{us:.3g} µs"


def f_count(value, digits=3):
    return "–" if value is None else f"{value:,.{digits}f}"


def f_printed(text):
    """A published count as printed (its digits kept), with separators."""
    if not text:
        return "–"
    whole, _, decimals = text.partition(".")
    return f"{int(whole):,}" + (f".{decimals}" if decimals else "")


def f_ratio(value):
    return "–" if value is None else f"×{value:.3g}"


def published_kpos(row):
    nodes, us = number(row["published_nodes"]), number(row["published_us"])
    return nodes / us * 1000 if nodes and us else None


def step_label(row):
    board = " (grid)" if row["board"] == "grid" else ""
    return f"part {row['part']}: `{row['config']}`{board}"


def coverage(row):
    run = int(row["positions_run"])
    if row["sample"] == "no":
        return f"all {run}"
    return "skipped" if run == 0 else f"sample of {run}"


def gains(rows):
    """{(part, set, mode): (node gain, time gain)} over the previous step run
    on the same set and mode (ratios previous / this).  Only full cells: two
    samples of one set are different positions."""
    result, last = {}, {}
    for row in sorted(rows, key=lambda r: int(r["part"])):
        key = (row["set"], row["mode"])
        nodes, us = number(row["mean_nodes"]), number(row["mean_us"])
        if nodes is None or row["sample"] != "no":
            continue
        before = last.get(key)
        if before:
            result[(row["part"], *key)] = (before[0] / nodes if nodes else None,
                                           before[1] / us if us else None)
        last[key] = (nodes, us)
    return result


def mode_table(rows, mode, gain):
    header = ["step", "set", "positions", "mean time (pub / ours)", "mean positions (printed / ours)",
              "match", "K pos/s (pub / ours)", "gain over previous step (positions, time)"]
    lines = []
    for row in (r for r in rows if r["mode"] == mode):
        printed = f_printed(row["published_nodes"])
        g = gain.get((row["part"], row["set"], mode), (None, None))
        match = MARKS.get(row["match"], "–")
        if row["sample"] == "yes":
            match = "sample, not compared" if int(row["positions_run"]) else "skipped"
        lines.append([step_label(row), row["set_name"], coverage(row),
                      f"{f_time(number(row['published_us']))} / {f_time(number(row['mean_us']))}",
                      f"{printed} / {f_count(number(row['mean_nodes']))}",
                      match,
                      f"{f_count(published_kpos(row), 0)} / {f_count(number(row['kpos_per_second']), 0)}",
                      f"{f_ratio(g[0])}, {f_ratio(g[1])}"])
    align = ["---", "---", "---:", "---:", "---:", "---", "---:", "---:"]
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    return "\n".join(out)


def summary(rows):
    full = [r for r in rows if r["sample"] == "no"]
    checked = [r for r in full if r["match"] in ("exact", "rounded", "no")]
    wrong = [r for r in checked if r["match"] == "no"]
    sampled = [r for r in rows if r["sample"] == "yes" and int(r["positions_run"]) > 0]
    skipped = [r for r in rows if int(r["positions_run"]) == 0]
    own = rows and rows[0]["data"] == "prune"
    text = (f"{len(rows)} cells: {len(full)} run on every line of their set, {len(sampled)} on a declared "
            f"sample (every k-th line; means of a sample are not the set's and are never compared), "
            f"{len(skipped)} skipped (not one position fits the budget; `--long` runs them). ")
    if own:
        return text + ("The series' test files were not available: these are prune's own sets "
                       "(studies/connect4/, scripts/pons_sets.py), so no mean is compared with the series'.")
    return text + (f"Of the full cells, {len(checked) - len(wrong)} of {len(checked)} with a published or "
                   f"reference mean match it (exact: the reference mean to three decimals; rounded: the "
                   f"printed figure at its last non-zero digit)"
                   + (f"; MISMATCH: {', '.join(r['config'] + ' ' + r['set_name'] + ' ' + r['mode'] for r in wrong)}."
                      if wrong else "."))


def section(run_dir):
    rows = read_rows(run_dir)
    head = "## Connect Four: Pons' solver, step by step (study `pons`)\n\n"
    if not rows:
        return head + "Not run in this reproduction (no pons.csv).\n"
    gain = gains(rows)
    parts = [head, summary(rows), "\n\nEvery score was checked against the test file (weak: by sign). ",
             "Published times are the author's machine's: compare the gains, not the times. ",
             "K pos/s is thousands of positions explored per second of solving. A match mark compares the "
             "reference mean (the code at the step's tag, run on the same file) where there is one, else the "
             "printed figure. Gains are between full cells only.\n"]
    for mode in ("strong", "weak"):
        if any(r["mode"] == mode for r in rows):
            parts += [f"\n### {mode.capitalize()} solver\n\n", mode_table(rows, mode, gain), "\n"]
    parts.append(peer_section(run_dir))
    return "".join(parts)


def peer_section(run_dir):
    """Where Pons' own part 12 against solve-lowerbound is: the peers
    section (peers.py reads peer_pons.csv like every peer's)."""
    return ("\n### Against Pons' own solver (part 12), same machine\n\n"
            "In \"Other programs on the same machine\" below (peers/pons/README.md says what is timed).\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: report_pons.py RUN_DIR", file=sys.stderr)
        sys.exit(2)
    sys.stdout.write(section(sys.argv[1]))
