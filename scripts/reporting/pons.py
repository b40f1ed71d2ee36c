"""The pons study: Connect Four, the steps of Pons' solver.

scripts/pons_study.py measured it into the run's pons.csv; scripts/report_pons.py
renders the tables in the series' shape, and scripts/pons_plotdata.py makes the
two plot tables plots/pons.gp draws (here, so that report.py writes them with
the rest of plotdata/).
"""
import csv
import os
import sys

from .common import PlotTable, Section

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pons_plotdata  # noqa: E402
import report_pons  # noqa: E402


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
