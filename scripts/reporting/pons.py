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
    """The README row: the full cells' means (Pons' own part 12 is in the peers row)."""
    rows = report_pons.read_rows(res.dir)
    if not rows:
        return []
    full = [r for r in rows if r["sample"] == "no"]
    checked = [r for r in full if r["match"] in ("exact", "rounded", "no")]
    matched = [r for r in checked if r["match"] != "no"]
    return [["pons (Connect Four, Pons' series)", "mean positions explored, parts 3 to 12, six test sets",
             f"{len(full)} cells on all 1000 positions" + (" (prune's own sets)" if rows[0]["data"] == "prune" else ""),
             f"{len(matched)} of {len(checked)} full-cell means exact" if checked else "–"]]
