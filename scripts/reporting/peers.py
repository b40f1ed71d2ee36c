"""Other programs against prune on the same machine: every peers/NAME/compare.py
the run called (studies/studies_meta.csv's peer column) and its peer_NAME.csv.

Each peer's CSV ends with the same timing columns (peers/paired.py): pairs,
both sides' mean seconds, prune's speedup (the peer's time over prune's, as
the median of paired, alternating measurements) with its 95% interval, and
the CPU.  The columns before those say what was measured, in the peer's own
terms (positions, moves, counts), and are shown as they are: this module
knows no peer by name.  A peer whose CSV does not end with those columns
has a section of its own in its study's shape (minimaxer's: peer.py) and
is left to it; a peer whose file says nothing of its rows' headline shows
every row in the README.
"""
import os

import studies

from .common import Section, mark, num, table

TIMING = ["pairs", "prune_mean_s", "peer_mean_s", "speedup_median", "speedup_lo", "speedup_hi", "cpu"]


def peer_names():
    """Every peer of every study, in studies.csv's order, once each."""
    return list(dict.fromkeys(name for meta in studies.meta().values() for name in meta["peer"]))


def speedup_cell(row):
    """'1.80x (1.71-1.86), 8 pairs', or why there is no figure."""
    median, lo, hi = (num(row.get(c)) for c in ("speedup_median", "speedup_lo", "speedup_hi"))
    if median is None:
        return "–"
    interval = f" ({lo:.2f}-{hi:.2f})" if None not in (lo, hi) else " (too few pairs for an interval)"
    pairs = row.get("pairs", "?")
    return mark(f"{median:.2f}x{interval}") + f", {pairs} pair{'' if pairs == '1' else 's'}"


def seconds_cell(text):
    value = num(text)
    return "–" if value is None else mark(f"{value * 1e3:.3f} ms" if value < 1 else f"{value:.2f} s")


def peer_table(rows):
    """The peer's own columns as they are, then the timing columns."""
    own = [c for c in rows[0] if c not in TIMING]
    body = [[row[c] for c in own] + [seconds_cell(row["prune_mean_s"]), seconds_cell(row["peer_mean_s"]),
                                     speedup_cell(row)] for row in rows]
    return table(own + ["prune", "peer", "prune's speedup (95% CI)"], body, "l" * len(own) + "rrr")


def read(res, name):
    """The rows of peer_NAME.csv when it has the shared timing columns, else []."""
    rows = res.csv(f"peer_{name}.csv")
    return rows if rows and all(c in rows[0] for c in TIMING) else []


def render(res, plots):
    out = ["## Other programs on the same machine\n",
           "Each peer is built outside the repository from a checkout the user gives (peers/README.md) and "
           "timed against prune on the same work, in pairs, the order alternated; the figure is prune's "
           "speedup, the peer's time over prune's (above 1, prune is faster), the median of the pairs with "
           "its 95% interval. What each timer covers is in the peer's README.\n"]
    for name in peer_names():
        rows = read(res, name)
        if not rows and os.path.exists(os.path.join(res.dir, f"peer_{name}.csv")):
            continue  # a section of its own renders it
        out.append(f"### {name} (peers/{name}/README.md)\n")
        if not rows:
            out.append("Not run in this reproduction (its README says what it needs).\n")
            continue
        out.append(peer_table(rows) + f"\n\nCPU: {rows[0].get('cpu', 'unrecorded')}.\n")
    return Section("\n".join(out) + "\n", [])


def summary(res):
    """One README row per peer that ran: its headline rows' speedups."""
    found = []
    for name in peer_names():
        rows = read(res, name)
        if not rows:
            continue
        # The rows the peer marked as its headline, else all.
        quoted = [r for r in rows if r.get("headline", "") in ("yes", "1", "true")] or rows
        # A row is named by the first three of its own columns that differ between the quoted rows,
        # the two sides' results (prune_*, peer_*) left out.
        varying = [c for c in rows[0] if c not in TIMING and not c.startswith(("prune_", "peer_"))
                   and len({r[c] for r in quoted}) > 1][:3]
        figures = "; ".join(f"{' '.join(r[c] for c in varying if r[c])}: {speedup_cell(r)}" for r in quoted)
        found.append([f"prune against {name}", "–", figures, counts_cell(rows)])
    return found


def counts_cell(rows):
    """What the node counts say: compare.py fails on any disagreement it checks (counts where
    both programs search the same tree, results where they do not), so what ran agrees."""
    pairs = [(r[c], r["peer_" + c[len("prune_"):]]) for r in rows for c in r
             if c.startswith("prune_") and "nodes" in c and "peer_" + c[len("prune_"):] in r]
    if pairs and all(a == b for a, b in pairs):
        return "equal, checked live"
    return "its own search (different counts); results equal, checked live"
