"""The pons study: Connect Four, the steps of Pons' solver.

scripts/pons_study.py measured it into the run's pons.csv; report_pons.py (here)
renders the tables in the series' shape, and pons_plotdata.py (here) makes the
two plot tables plots/pons.gp draws (here, so that report.py writes them with
the rest of plotdata/).
"""
import csv
import os

from . import pons_plotdata, report_pons
from .common import PlotTable, Section


def render(res, plots):
    path = os.path.join(res.dir, "pons.csv")
    tables = []
    if os.path.exists(path):
        with open(path, encoding="utf-8", newline="") as f:
            lines = [line for line in f if not line.startswith("#")]
        header, *rows = list(csv.reader(lines))
        for mode in ("strong", "weak"):
            columns, plot_rows = pons_plotdata.table(header, rows, mode)
            tables.append(PlotTable(f"pons_plot_{mode}", columns, plot_rows, bool(plot_rows)))
    return Section(report_pons.section(res.dir), tables)


def summary(res):
    """The README row: the full cells' means, and prune against Pons' own part 12."""
    rows = report_pons.read_rows(res.dir)
    if not rows:
        return []
    full = [r for r in rows if r["sample"] == "no"]
    checked = [r for r in full if r["match"] in ("exact", "rounded", "no")]
    matched = [r for r in checked if r["match"] != "no"]
    peer = os.path.join(res.dir, "peer_pons.csv")
    speed = "Pons' own part 12 not run"
    if os.path.isfile(peer):
        with open(peer, newline="", encoding="utf-8") as f:
            ratios = [(r["mode"], report_pons.number(r["ratio_median"])) for r in csv.DictReader(f)]
        speed = "solve-lowerbound against Pons' own part 12: " + ", ".join(
            f"×{1 / v:.2f} {mode}" for mode, v in ratios if v)
    own = rows[0]["data"] == "prune"
    return [["pons (Connect Four, Pons' series)", "mean positions explored, parts 3 to 12, six test sets",
             f"{len(full)} cells on all 1000 positions" + (" (prune's own sets)" if own else "") + f"; {speed}",
             f"{len(matched)} of {len(checked)} full-cell means exact" if checked else "–"]]

