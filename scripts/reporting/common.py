"""Formatting and table helpers shared by every section of the report."""
import collections
import csv
import math
import os

from atomic_file import write_text_atomically

# One section of REPORT.md: its Markdown text and the plot tables it feeds
# (plots/*.gp draw them from plotdata/NAME.csv).
Section = collections.namedtuple("Section", "text plots")
# A plot table; `keep` false means the plot has no data in this run.
PlotTable = collections.namedtuple("PlotTable", "name header rows keep")


def read_csv(path, comments=False):
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as f:
        lines = [line for line in f if not (comments and line.startswith("#"))]
    return list(csv.DictReader(lines))


def num(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(value) else value


def ratio(a, b):
    return a / b if a is not None and b not in (None, 0) else None


def fx(value, digits=1):
    """A ratio as '12.3x'."""
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.{digits}f}x"


def fops(value):
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def fint(value):
    return "–" if value is None else f"{int(value):,}"


def ftime(seconds):
    """Seconds in a readable unit."""
    if seconds is None:
        return "–"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def fms(milliseconds):
    return "–" if milliseconds is None else f"{milliseconds:.4g}"


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def table(header, rows, align=None):
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def write_plot_csv(path, header, rows):
    """A plot table: plain comma-separated cells without quotes, NaN for missing."""
    def cell(value):
        if value is None:
            return "NaN"
        if isinstance(value, float):
            return f"{value:.6g}"
        return str(value).replace(",", "+")
    write_text_atomically(path, "\n".join([",".join(header)] + [",".join(cell(v) for v in row) for row in rows]) + "\n")


def speedup_plot(study, rows):
    """The speedup plot of a study: label, published, measured, nodes; kept
    when something was measured."""
    return PlotTable(f"speedup_{study}", ["label", "published", "measured", "nodes"], rows,
                     bool(rows) and any(r[2] for r in rows))


def status_block(res, study):
    status, why = res.status(study)
    if status == "skipped":
        return f"**Skipped in this run:** {why}. Rerun `scripts/reproduce.sh` once the game is compiled in.\n"
    if status == "missing":
        return f"**Not measured in this run:** {why}.\n"
    if status == "error":
        return f"**COUNT CHECK FAILED (reported as errors, not timings):** {why}\n"
    return None


def section_head(res, study, title, has_data):
    """A study section's title, then why the study did not run cleanly, if
    so; `stop` is true when there is then nothing to show."""
    out = [f"## {study}: {title}\n"]
    blocked = status_block(res, study)
    if blocked:
        out.append(blocked)
    return out, bool(blocked) and not has_data
