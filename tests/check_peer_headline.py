#!/usr/bin/env python3
"""check_peer_headline.py REPO: the README's one row per peer
(scripts/reporting/peers.py, summary) quotes a speedup only where search is
at least half of each side's time, and never a row whose share it cannot
judge: a peer CSV of one row without the programs' own search timers (a full
run's Fhourstones, its first position only) gets no headline, named by its
position, where it once printed ': 6.19x' with no name.  A row of fewer
than 6 pairs (no interval) is named as too few pairs, never quoted, where
the README once quoted a 1-pair figure.  Rows that share
their own columns (c4's at two thread counts) are named apart by the
settings that differ, where the README once listed '4444 4 strong' twice."""
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
from reporting import peers  # noqa: E402

HEADER = ["position", "plies", "config", "prune_nodes", "peer_nodes"] + peers.TIMING
failures = []
checked = 0


class FakeResults:
    """The one method summary() asks of a run's results: a peer's CSV rows."""

    def __init__(self, tables):
        self.tables = tables

    def csv(self, name, comments=False):
        return self.tables.get(name, [])


def row(position, prune_nodes, peer_nodes, prune_s, peer_s, median):
    values = [position, "8", "solve-aspiration", prune_nodes, peer_nodes, "6", prune_s, peer_s, median,
              "1.000", "2.000", "AMD EPYC"]
    return dict(zip(HEADER, values))


def expect(label, got, want):
    global checked
    checked += 1
    if got != want:
        failures.append(f"{label}: got {got!r}, expected {want!r}")


def figures(tables, name):
    found = {r[0]: r[2] for r in peers.summary(FakeResults(tables))}
    return found.get(f"prune against {name}")


name = peers.peer_names()[0]
one = {f"peer_{name}.csv": [row("45461667", "10854", "51596", "0.006318", "0.039302", "6.190")]}
expect("one row, share unknown", figures(one, name), "no headline (not quoted, search share unknown: 45461667)")
# Two rows whose times grow with their nodes: the fixed time is the intercept, 0.01 s a run on each side,
# so the long row (search 99% of its time) is quoted and the short one (search 0%) is not.
two = {f"peer_{name}.csv": [row("35333571", "1000", "1000", "0.010", "0.010", "1.000"),
                            row("13333111", "1000000", "1000000", "1.000", "2.000", "2.000")]}
expect("two rows", figures(two, name),
       "13333111: 2.00x (1.00-2.00), 6 pairs, not resolved (not quoted, search under 50% of a side's time: 35333571)")
# A row of fewer than 6 pairs (no 95% interval) is no headline either (issue 47): named as too few pairs, with
# its count, never its figure.
few = row("13333111", "1000000", "1000000", "1.000", "2.000", "2.000")
few.update(pairs="1", speedup_lo="", speedup_hi="")
three = {f"peer_{name}.csv": two[f"peer_{name}.csv"][:1] + [few]}
expect("one pair", figures(three, name),
       "no headline (not quoted, search under 50% of a side's time: 35333571) "
       "(not quoted, too few pairs: 13333111, 1 pair)")
three[f"peer_{name}.csv"].append(row("44444444", "2000000", "2000000", "2.000", "4.000", "2.000"))
expect("one pair beside a quoted row", figures(three, name),
       "44444444: 2.00x (1.00-2.00), 6 pairs, not resolved (not quoted, search under 50% of a side's time: 35333571) "
       "(not quoted, too few pairs: 13333111, 1 pair)")

# Rows the peer's own columns do not tell apart (c4's at two thread counts, and one position at two table
# sizes) are named by the settings that do, on those rows only: the threads first (they part the most
# rows), then the table; never by a result such as the node count.
C4_HEADER = ["position", "mode", "prune_threads", "prune_table", "prune_nodes", "peer_nodes"]
c4_rows = [dict(zip(C4_HEADER, values)) for values in (
    ("start", "strong", "1", "64 MiB", "249637331", "94419113"),
    ("start", "strong", "2", "64 MiB", "293575652", "115289152"),
    ("4444", "strong", "1", "64 MiB", "45180808", "18699536"),
    ("4444", "strong", "2", "64 MiB", "52177143", "23716219"),
    ("4444", "strong", "1", "1024 MiB", "40000000", "18699536"),
    ("444444", "weak", "1", "64 MiB", "1126308", "625934"))]
expect("names by the settings that part rows", peers.row_names(c4_rows),
       ["start strong, threads 1", "start strong, threads 2", "4444 strong, threads 1, table 64 MiB",
        "4444 strong, threads 2", "4444 strong, threads 1, table 1024 MiB", "444444 weak"])

# Who is ahead is said only by a whole interval (issue 47): above 1, below it, or neither.
expect("verdicts", [peers.verdict(1.01, 2), peers.verdict(0.5, 0.99), peers.verdict(0.99, 1.01),
                    peers.verdict(1.0, 2)], ["prune ahead", "prune behind", "not resolved", "not resolved"])
behind = row("13333111", "1000000", "1000000", "1.000", "2.000", "0.900")
behind.update(speedup_lo="0.850", speedup_hi="0.950")
expect("a row behind says so", peers.speedup_cell(behind), "0.90x (0.85-0.95), 6 pairs, prune behind")
expect("a row mostly outside search names no side", peers.speedup_cell(behind, whole_process_only=True),
       "0.90x (0.85-0.95), 6 pairs, not a search figure")
# More quotable rows than MAX_QUOTED: summed up by who is ahead, those behind or unresolved named.
many = [row("35333571", "1000", "1000", "0.010", "0.010", "1.000")]
for k in range(peers.MAX_QUOTED + 1):
    r = row(f"p{k}", str(1000000 * (k + 1)), str(1000000 * (k + 1)), f"{k + 1}.000", f"{2 * (k + 1)}.000", "1.500")
    r.update(speedup_lo="1.200", speedup_hi="1.800")
    many.append(r)
many[-1].update(speedup_median="0.900", speedup_lo="0.850", speedup_hi="0.950")
many[-2].update(speedup_median="1.100", speedup_lo="0.950", speedup_hi="1.250")
expect("grouped", figures({f"peer_{name}.csv": many}, name),
       f"{peers.MAX_QUOTED + 1} rows where search dominates, REPORT.md's table: prune ahead on "
       f"{peers.MAX_QUOTED - 1} (1.50x-1.50x), behind on 1 (p{peers.MAX_QUOTED}: 0.90x (0.85-0.95)), not resolved "
       f"on 1 (p{peers.MAX_QUOTED - 1}: 1.10x (0.95-1.25)) (not quoted, search under 50% of a side's time: 35333571)")

for failure in failures:
    print("FAIL", failure)
print(f"{checked - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
