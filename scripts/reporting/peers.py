"""Other programs against prune on the same machine: every peers/NAME/compare.py
the run called (studies/studies_meta.csv's peer column) and its peer_NAME.csv.

Each peer's CSV ends with the same timing columns (peers/paired.py): pairs,
both sides' mean seconds, prune's speedup (the peer's time over prune's, as
the median of paired, alternating measurements) with its 95% interval, and
the CPU.  The columns before those say what was measured, in the peer's own
terms (positions, moves, counts), and are shown as they are: this module
knows no peer by name.  A peer whose CSV does not end with those columns
has a section of its own in its study's shape (minimaxer's: peer.py) and
is left to it.

The README quotes a row as a speedup only where search dominates both
sides' time (the headline rule of peers/pons/README.md and
benchmarks/README.md): search_shares() estimates, from the row's own
columns, what share of each side's timed work is search, and a row below
HEADLINE_SHARE on either side is left out (its figure is mostly process
start-up or a per-position reset).  Where that leaves no row, the README
says so.  Nor does it quote a row of fewer than MIN_PAIRS pairs (no 95%
interval): it names it as too few pairs, without its figure.
"""
import os

import studies

from .common import Section, mark, num, table

TIMING = ["pairs", "prune_mean_s", "peer_mean_s", "speedup_median", "speedup_lo", "speedup_hi", "cpu"]
# The ratio of the two programs' own search timers, from the same pairs, where a peer's CSV has it (c4's).
SEARCH_SPEEDUP = ["search_speedup_median", "search_speedup_lo", "search_speedup_hi"]
SIDES = ("prune", "peer")
HEADLINE_SHARE = 0.5  # search must be at least this share of each side's time for a row to be quoted
MIN_PAIRS = 6  # a row of fewer pairs has no 95% interval (scripts/measure_stats.py) and is not quoted: too few pairs


def peer_names():
    """Every peer of every study, in studies.csv's order, once each."""
    return list(dict.fromkeys(name for meta in studies.meta().values() for name in meta["peer"]))


def verdict(lo, hi):
    """Who is ahead by a 95% interval of prune's speedup: the whole interval above 1, below it, or neither."""
    return "prune ahead" if lo > 1 else "prune behind" if hi < 1 else "not resolved"


def speedup_cell(row, prefix="speedup", whole_process_only=False):
    """'1.80x (1.71-1.86), 8 pairs, prune ahead', or why there is no figure; `prefix` names the columns
    (search_speedup: the ratio of the two programs' own timers, from the same pairs).  With
    `whole_process_only` (search under half of a side's time) no side is named: the figure is no search's."""
    median, lo, hi = (num(row.get(f"{prefix}_{c}")) for c in ("median", "lo", "hi"))
    if median is None:
        return "–"
    interval = f" ({lo:.2f}-{hi:.2f})" if None not in (lo, hi) else " (too few pairs for an interval)"
    pairs = row.get("pairs", "?")
    side = ", not a search figure" if whole_process_only else f", {verdict(lo, hi)}" if None not in (lo, hi) else ""
    return mark(f"{median:.2f}x{interval}") + f", {pairs} pair{'' if pairs == '1' else 's'}{side}"


def work(row, side):
    """The nodes a side searched in one timed unit of the row (its `SIDE_nodes`, else `SIDE_mean_nodes`
    times `positions`), None when the row does not say."""
    nodes = num(row.get(f"{side}_nodes"))
    if nodes is None and num(row.get(f"{side}_mean_nodes")) is not None and num(row.get("positions")):
        nodes = num(row[f"{side}_mean_nodes"]) * num(row["positions"])
    return nodes


def fixed_seconds(rows, side):
    """A side's time outside search per timed unit, estimated from the peer's rows: the intercept of the line
    through the rows with the fewest and the most nodes (seconds = fixed + nodes / rate).  None when the rows
    cannot give it (fewer than two different counts, or a time that does not grow with them)."""
    known = sorted((work(r, side), num(r[f"{side}_mean_s"])) for r in rows
                   if work(r, side) is not None and num(r.get(f"{side}_mean_s")))
    if len(known) < 2 or known[-1][0] <= known[0][0] or known[-1][1] <= known[0][1]:
        return None
    (n0, t0), (n1, t1) = known[0], known[-1]
    return max(0.0, t0 - n0 * (t1 - t0) / (n1 - n0))


def search_shares(rows):
    """Per row, {side: (share of its time that is search, how it was found)} for prune and the peer: measured
    where the row has both `SIDE_search_us` and `SIDE_us_per_position` (each program's own search timer
    against its whole time a position), else estimated as 1 - fixed_seconds / the side's time.  A side
    missing from a row's dict could not be judged."""
    fixed = {side: fixed_seconds(rows, side) for side in SIDES}
    out = []
    for row in rows:
        shares = {}
        for side in SIDES:
            search, whole = num(row.get(f"{side}_search_us")), num(row.get(f"{side}_us_per_position"))
            seconds = num(row.get(f"{side}_mean_s"))
            if search is not None and whole:
                shares[side] = (min(1.0, search / whole), "measured")
            elif fixed[side] is not None and seconds:
                shares[side] = (max(0.0, 1 - fixed[side] / seconds), "estimated")
        out.append(shares)
    return out


def too_few(row):
    """Whether the row has fewer than MIN_PAIRS pairs (no 95% interval): its figure is no headline."""
    pairs = num(row.get("pairs"))
    return pairs is None or pairs < MIN_PAIRS or None in (num(row.get("speedup_lo")), num(row.get("speedup_hi")))


def dominated(shares):
    """Whether search is under HEADLINE_SHARE of either side's time."""
    return any(share < HEADLINE_SHARE for share, _ in shares.values())


def share_cell(shares):
    if not shares:
        return "–"
    cells = " / ".join(f"{shares[side][0]:.0%}" if side in shares else "–" for side in SIDES)
    return mark(cells) + (" (est.)" if any(how == "estimated" for _, how in shares.values()) else "")


def row_names(rows):
    """A row's name: the first three of its own columns that differ between the rows, the two sides'
    columns (prune_*, peer_*) left out; then, while two rows still share a name (c4's at two thread
    counts), the prune_* column that tells most of them apart, named, on the rows that share one:
    "4444 4 strong, threads 2".  A setting (the threads, the table: values that repeat over the rows)
    goes before a result (the nodes: a value of its own on every row), and of two that part as many
    rows, the one of fewer values."""
    own = [c for c in rows[0] if c not in TIMING and c not in SEARCH_SPEEDUP and not c.startswith(("prune_", "peer_"))]
    varying = [c for c in own if len({r[c] for r in rows}) > 1][:3] or own[:1]  # one row: its first column
    names = [" ".join(r[c] for c in varying if r[c]) for r in rows]
    sides = [c for c in rows[0] if c.startswith("prune_") and c not in TIMING]
    while len(set(names)) < len(names):
        # (a value on every row its own, as a result's; rows left sharing a name; distinct values; column)
        splits = [(len({r[c] for r in rows}) == len(rows), -len({(n, r[c]) for n, r in zip(names, rows)}),
                   len({r[c] for r in rows}), c) for c in sides]
        best = min(splits, default=None)
        if best is None or -best[1] == len(set(names)):
            break
        column = best[3]
        shared = {n for n in names if names.count(n) > 1}
        names = [f"{n}, {column[len('prune_'):].replace('_', ' ')} {r[column]}" if n in shared else n
                 for n, r in zip(names, rows)]
        sides.remove(column)
    return names


def seconds_cell(text):
    value = num(text)
    return "–" if value is None else mark(f"{value * 1e3:.3f} ms" if value < 1 else f"{value:.2f} s")


def constant_columns(rows):
    """The peer's own columns whose value is the same on every row (of more than one): said once, below the
    table, rather than on every line."""
    own = [c for c in rows[0] if c not in TIMING and c not in SEARCH_SPEEDUP]
    return [c for c in own if len(rows) > 1 and len({r[c] for r in rows}) == 1]


def peer_table(rows):
    """The peer's own columns as they are (those equal on every row said once, below), then the timing
    columns, the ratio by the programs' own timers where the CSV has it, and the search shares."""
    same = constant_columns(rows)
    own = [c for c in rows[0] if c not in TIMING and c not in SEARCH_SPEEDUP and c not in same]
    timers = all(c in rows[0] for c in SEARCH_SPEEDUP)
    body = [[row[c] for c in own] + [seconds_cell(row["prune_mean_s"]), seconds_cell(row["peer_mean_s"]),
                                     speedup_cell(row, whole_process_only=dominated(shares))]
            + ([speedup_cell(row, "search_speedup")] if timers else []) + [share_cell(shares)]
            for row, shares in zip(rows, search_shares(rows))]
    text = table(own + ["prune", "peer", "prune's speedup (95% CI)"]
                 + (["by each program's own timer (95% CI)"] if timers else []) + ["search share (prune / peer)"],
                 body, "l" * len(own) + "rrr" + "r" * timers + "r")
    if same:
        text += "\n\nOn every row: " + "; ".join(f"{c} {rows[0][c] or '(empty)'}" for c in same) + "."
    return text


def left_out(rows):
    """The sentence on the rows whose time is mostly outside search ("" when there is none)."""
    names = row_names(rows)
    out = [f"{name or 'the row'} ({share_cell(shares)})" for name, row, shares in
           zip(names, rows, search_shares(rows)) if dominated(shares)]
    if not out:
        return ""
    return (f"Search is under {HEADLINE_SHARE:.0%} of a side's time in {'; '.join(out)}: "
            f"{'its figure is' if len(out) == 1 else 'their figures are'} mostly process start-up or a "
            f"per-position reset, not search, and the README does not quote {'it' if len(out) == 1 else 'them'}.\n")


# A peer measured once apart from any run, on the run's kind of machine (results/apart/, carried from run to
# run): its CSV in the peer's shape, its '#' header saying how, when and at which commit.
APART = "apart/peer_{}.csv"


def apart(res, name):
    """(rows, the header's text) of results/apart/peer_NAME.csv, ([], "") when there is none."""
    rows = res.csv(APART.format(name), comments=True)
    if not rows or not all(c in rows[0] for c in TIMING):
        return [], ""
    with open(os.path.join(res.dir, APART.format(name)), encoding="utf-8") as f:
        header = " ".join(line[1:].strip() for line in f if line.startswith("#"))
    return rows, header


def read(res, name):
    """The rows of peer_NAME.csv when it has the shared timing columns, else []."""
    rows = res.csv(f"peer_{name}.csv")
    return rows if rows and all(c in rows[0] for c in TIMING) else []


def render(res, plots):
    out = ["## Other programs on the same machine\n",
           "Each peer is built outside the repository from a checkout the user gives (peers/README.md) and "
           "timed against prune on the same work, in pairs, the order alternated; the figure is prune's "
           "speedup, the peer's time over prune's (above 1, prune is faster), the median of the pairs with "
           "its 95% interval. What each timer covers is in the peer's README. The search share is how much of "
           "each side's time is search: measured where the peer's CSV gives both programs' own search timers "
           "beside their whole time a position, else estimated (est.) from the peer's rows as 1 - fixed / time, "
           "the fixed time per run being the intercept of the line through the rows with the fewest and the most "
           f"nodes. A row where search is under {HEADLINE_SHARE:.0%} of either side's time is not a measure of "
           "search (peers/pons/README.md), and the README quotes no speedup of it.\n"]
    for name in peer_names():
        rows = read(res, name)
        if not rows and os.path.exists(os.path.join(res.dir, f"peer_{name}.csv")):
            continue  # a section of its own renders it
        out.append(f"### {name} (peers/{name}/README.md)\n")
        if not rows:
            out.append("Not run in this reproduction (its README says what it needs).\n")
        else:
            out.append(peer_table(rows) + f"\n\nCPU: {rows[0].get('cpu', 'unrecorded')}.\n")
            fixed = {side: fixed_seconds(rows, side) for side in SIDES}
            if any(how == "estimated" for shares in search_shares(rows) for _, how in shares.values()):
                out.append("Estimated time outside search per timed run (est.): " + ", ".join(
                    f"{side} {seconds_cell(str(fixed[side]))}" for side in SIDES if fixed[side] is not None) + ".\n")
            out.append(left_out(rows))
        rows, header = apart(res, name)
        if rows:
            out.append(f"#### {name}, measured apart from this run (results/{APART.format(name)})\n")
            out.append(header + "\n")
            out.append(peer_table(rows) + f"\n\nCPU: {rows[0].get('cpu', 'unrecorded')}.\n")
            out.append(left_out(rows))
    return Section("\n".join(out) + "\n", [])


MAX_QUOTED = 8  # a peer with more quotable rows than this is summed up by who is ahead (grouped), not row by row


def grouped(named):
    """'14 rows where search dominates: prune ahead on 11 (1.08x-3.14x), behind on 1 (4444 weak ...: 0.93x
    (0.90-0.97)), not resolved on 2 (...)': the rows a verdict each, those behind or unresolved named with
    their figure (the whole list is REPORT.md's)."""
    rows = [(label, r) for label, r, shares in named if shares and not dominated(shares) and not too_few(r)]
    sides = {}
    for label, r in rows:
        sides.setdefault(verdict(num(r["speedup_lo"]), num(r["speedup_hi"])), []).append((label, r))
    parts = []
    ahead = sides.get("prune ahead", [])
    if ahead:
        medians = sorted(num(r["speedup_median"]) for _, r in ahead)
        parts.append(mark(f"prune ahead on {len(ahead)} ({medians[0]:.2f}x-{medians[-1]:.2f}x)"))
    for side, words in (("prune behind", "behind"), ("not resolved", "not resolved")):
        if sides.get(side):
            parts.append(f"{words} on {len(sides[side])} (" + "; ".join(
                f"{label}: {speedup_cell(r).split(', ')[0]}" for label, r in sides[side]) + ")")
    return f"{len(rows)} rows where search dominates, REPORT.md's table: " + ", ".join(parts)


def summary(res):
    """One README row per peer that ran, and one per peer measured apart (results/apart/): the speedups of
    its rows where search dominates both sides' time (search_shares) and that have at least MIN_PAIRS pairs,
    and the rows left out (too few pairs: named, with their count, never their figure)."""
    found = []
    for name in peer_names():
        for label, rows in ((f"prune against {name}", read(res, name)),
                            (f"prune against {name}, measured apart ({APART.format(name)})", apart(res, name)[0])):
            if rows:
                found.append([label, "–", figures_cell(rows), counts_cell(rows)])
    return found


def figures_cell(rows):
    """A README row's figures: the quoted rows, or grouped by who is ahead; what is not quoted, and why."""
    named = list(zip(row_names(rows), rows, search_shares(rows)))
    # a row whose search share could not be judged (one row, no own timers) is no search figure either
    quoted = [f"{label}: {speedup_cell(r)}" for label, r, shares in named
              if shares and not dominated(shares) and not too_few(r)]
    few = [f"{label or 'the row'}, {r.get('pairs', '?')} pair{'' if r.get('pairs') == '1' else 's'}"
           for label, r, shares in named if shares and not dominated(shares) and too_few(r)]
    dropped = [label or "the row" for label, r, shares in named if shares and dominated(shares)]
    unjudged = [label or "the row" for label, r, shares in named if not shares]
    if len(quoted) > MAX_QUOTED:
        quoted = [grouped(named)]
    figures = ("; ".join(quoted) if quoted else
               "no headline: every row's time is mostly outside search" if dropped and not few else "no headline")
    if dropped and (quoted or few):
        figures += (f" (not quoted, search under {HEADLINE_SHARE:.0%} of a side's time: "
                    f"{', '.join(dropped)})")
    if unjudged:
        figures += f" (not quoted, search share unknown: {', '.join(unjudged)})"
    if few:
        figures += f" (not quoted, too few pairs: {'; '.join(few)})"
    return figures


def counts_cell(rows):
    """What the node counts say: compare.py fails on any disagreement it checks (counts where
    both programs search the same tree, results where they do not), so what ran agrees."""
    pairs = [(r[c], r["peer_" + c[len("prune_"):]]) for r in rows for c in r
             if c.startswith("prune_") and "nodes" in c and "peer_" + c[len("prune_"):] in r]
    if pairs and all(a == b for a, b in pairs):
        return "equal, checked live"
    return "its own search (different counts); results equal, checked live"
