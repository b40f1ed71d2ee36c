"""The pons study: Connect Four, the steps of Pons' solver (docs/connect4.md).

scripts/pons_study.py measured it into the run's pons.csv.  The section
gives its tables in the shape of the series': per step and test set, the
mean time, the mean positions explored and the thousands of positions per
second, published beside ours, and each step's gain in positions explored
over the step before it on the same set (exact; no time ratio between steps
is quoted: the cells run one after another, unpaired); strong, then weak.
prune's own steps (rows with an empty part, `pons_study.py --own`) get
tables of their own in the same shape, without published figures.  The
plot tables (plots/pons.gp), one per mode, hold a row per step in the
study's order (the series', then prune's own): the mean positions
explored (full cells only: a sample's mean is not the set's) and the
thousands of positions per second (full cells and samples) on each test
set; NaN where there is no figure.
"""
import pons_study

from .common import PlotTable, Section, mark, num, ratio, table

MARKS = {"exact": "✓ exact", "rounded": "✓ rounded", "no": "✗ MISMATCH"}


def render(res, plots):
    rows = res.csv("pons.csv", comments=True)
    return Section(section(rows), [plot_table(rows, mode) for mode in ("strong", "weak")] if rows else [])


def is_own(row):
    """A row of one of prune's own steps (no part of the series)."""
    return not row["part"]


def checked_cells(rows):
    """The full cells, and those of them compared with a published mean."""
    full = [r for r in rows if r["sample"] == "no"]
    return full, [r for r in full if r["match"] in ("exact", "rounded", "no")]


def summary(res):
    """The README row: the full cells' means, how many match and how (exact: the reference mean to three decimals;
    rounded: the published figure as printed); Pons' own part 12 is in the peers row."""
    rows = res.csv("pons.csv")
    if not rows:
        return []
    full, checked = checked_cells(rows)
    matched = [r for r in checked if r["match"] != "no"]
    exact = sum(1 for r in checked if r["match"] == "exact")
    detail = f"{exact} exact to three decimals, {len(matched) - exact} as published (rounded)"
    steps = "parts 3 to 12" + (" and prune's own steps" if any(is_own(r) for r in rows) else "")
    return [["pons (Connect Four, Pons' series)", f"mean positions explored, {steps}, six test sets",
             f"{len(full)} cells on all 1000 positions" + (" (prune's own sets)" if rows[0]["data"] == "prune" else ""),
             f"{len(matched)} of {len(checked)} full-cell means match: {detail}" if checked else "–"]]


def plot_table(rows, mode):
    """The plot table of one mode."""
    sets = [s[0] for s in pons_study.SETS]
    steps = {}  # in the study's order (pons.csv's): the series' parts, then prune's own steps
    for row in (r for r in rows if r["mode"] == mode):
        label = (f"{row['part']} " if row["part"] else "") + row["config"] + (" grid" if row["board"] == "grid" else "")
        values = steps.setdefault((row["part"], row["config"], row["board"]),
                                  [row["part"], label] + ["NaN"] * (2 * len(sets)))
        column = sets.index(row["set"])
        values[2 + column] = (row["mean_nodes"] if row["sample"] == "no" else "") or "NaN"
        values[2 + len(sets) + column] = row["kpos_per_second"] or "NaN"
    names = [s[1] for s in pons_study.SETS]
    columns = ["part", "step"] + [f"nodes_{n}" for n in names] + [f"kpos_{n}" for n in names]
    plot_rows = list(steps.values())
    return PlotTable(f"pons_plot_{mode}", columns, plot_rows, bool(plot_rows))


def f_time(us):
    if us is None:
        return "–"
    scale, unit = next(((s, u) for s, u in ((1e6, "s"), (1e3, "ms")) if us >= s), (1, "µs"))
    return f"{us / scale:.3g} {unit}"


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


def step_key(row):
    return (row["part"], row["config"], row["set"], row["mode"])


def gains(rows):
    """{step_key: node gain} over the step before it on the same set and mode
    (previous / this), in the study's order (the first own step's is over
    part 12's).  Only between full cells: two samples of one set are
    different positions, so a sample on either side gives no gain."""
    result, last = {}, {}
    for row in rows:
        key = (row["set"], row["mode"])
        nodes = num(row["mean_nodes"]) if row["sample"] == "no" else None
        if nodes is not None and last.get(key) is not None:
            result[step_key(row)] = ratio(last[key], nodes)
        last[key] = nodes
    return result


def mode_table(rows, mode, gain):
    header = ["step", "set", "positions", "mean time (pub / ours)", "mean positions (printed / ours)",
              "match", "K pos/s (pub / ours)", "gain over previous step (positions)"]
    lines = []
    for row in (r for r in rows if r["mode"] == mode):
        run = int(row["positions_run"])
        match = MARKS.get(row["match"], "–")
        if row["sample"] == "yes":
            match = "sample, not compared" if run else "skipped"
        nodes, us = num(row["published_nodes"]), num(row["published_us"])
        published_kpos = nodes / us * 1000 if nodes and us else None
        lines.append([f"part {row['part']}: `{row['config']}`" + (" (grid)" if row["board"] == "grid" else ""),
                      row["set_name"], coverage(row), f"{f_time(us)} / {mark(f_time(num(row['mean_us'])))}",
                      f"{f_printed(row['published_nodes'])} / {f_count(num(row['mean_nodes']))}", match,
                      f"{f_count(published_kpos, 0)} / {mark(f_count(num(row['kpos_per_second']), 0))}",
                      f_ratio(gain.get(step_key(row)))])
    return table(header, lines, "llrrrlrr")


def coverage(row):
    run = int(row["positions_run"])
    return f"all {run}" if row["sample"] == "no" else "skipped" if run == 0 else f"sample of {run}"


def own_table(rows, mode, gain):
    """prune's own steps: the series' columns less the published ones."""
    header = ["step", "set", "positions", "mean time", "mean positions", "K pos/s",
              "gain over previous step (positions)"]
    lines = [[f"`{row['config']}`", row["set_name"], coverage(row), mark(f_time(num(row["mean_us"]))),
              f_count(num(row["mean_nodes"])), mark(f_count(num(row["kpos_per_second"]), 0)),
              f_ratio(gain.get(step_key(row)))]
             for row in rows if row["mode"] == mode]
    return table(header, lines, "llrrrrr")


def counts(rows):
    full, checked = checked_cells(rows)
    wrong = [r for r in checked if r["match"] == "no"]
    sampled = [r for r in rows if r["sample"] == "yes" and int(r["positions_run"]) > 0]
    skipped = [r for r in rows if int(r["positions_run"]) == 0]
    text = (f"{len(rows)} cells: {len(full)} run on every line of their set, {len(sampled)} on a declared "
            f"sample (every k-th line; means of a sample are not the set's and are never compared), "
            f"{len(skipped)} skipped (not one position fits the budget; `scripts/pons_study.py --long` runs "
            f"every cell whole). ")
    if rows[0]["data"] == "prune":
        return text + ("The series' test files were not available: these are prune's own sets "
                       "(studies/connect4/, scripts/pons_sets.py), so no mean is compared with the series'.")
    mismatches = ", ".join(r["config"] + " " + r["set_name"] + " " + r["mode"] for r in wrong)
    return text + (f"Of the full cells, {len(checked) - len(wrong)} of {len(checked)} with a published or "
                   f"reference mean match it (exact: the reference mean to three decimals; rounded: the "
                   f"printed figure at its last non-zero digit)"
                   + (f"; MISMATCH: {mismatches}." if wrong else "."))


def section(rows):
    head = "## Connect Four: Pons' solver, step by step (study `pons`)\n\n"
    if not rows:
        return head + "Not run in this reproduction (no pons.csv).\n"
    gain = gains(rows)
    parts = [head, counts(rows), "\n\nEvery score was checked against the test file (weak: by sign). ",
             "Published times are the author's machine's: compare how they change from step to step, not the times. ",
             "K pos/s is thousands of positions explored per second of solving. A match mark compares the "
             "reference mean (the code at the step's tag, run on the same file) where there is one, else the "
             "printed figure. Gains are of positions explored, between full cells only; no time ratio between "
             "steps is quoted, as the cells run one after another, unpaired (our times are the table's).\n"]
    series = [r for r in rows if not is_own(r)]
    for mode in ("strong", "weak"):
        if any(r["mode"] == mode for r in series):
            parts += [f"\n### {mode.capitalize()} solver\n\n", mode_table(series, mode, gain), "\n"]
    own = [r for r in rows if is_own(r)]
    if own:
        parts.append("\n### prune's own steps, after the series\n\n"
                     "Each step adds one technique to the one before it (`prune solve --help`, docs/connect4.md "
                     "has what each does), run on the same sets within the same budget per cell. Nothing is "
                     "published for them, so no mean is compared; the gain of the first is over part 12's "
                     "`solve-lowerbound` on the same set and mode.\n")
        for mode in ("strong", "weak"):
            if any(r["mode"] == mode for r in own):
                parts += [f"\n#### {mode.capitalize()}\n\n", own_table(own, mode, gain), "\n"]
    # Pons' own part 12 against solve-lowerbound is in the peers section
    # (peers.py reads peer_pons.csv like every peer's).
    parts.append("\n### Against Pons' own solver (part 12), same machine\n\n"
                 "In \"Other programs on the same machine\" below (peers/pons/README.md says what is timed).\n")
    return "".join(parts)
