"""Formatting and table helpers shared by every section of the report."""
import collections
import csv
import math
import os

from atomic_file import write_text_atomically
from measure_stats import format_ratio, format_ratio_cell, geometric_pairs, ratio_summary, repetition_pairs

# " (noisy)" when the run failed the noise check (scripts/noise.py) and was
# installed marked noisy; report.py sets it once, before any section is
# rendered, and every time, rate and ratio formatted here then carries it.
# Node counts are exact and never marked.
NOISY_MARK = ""


def mark(text, published=False):
    """text with the noisy mark, unless it is a published figure (not of this run)."""
    return text if text == "–" or published else text + NOISY_MARK


# One section of REPORT.md: its Markdown text and the plot tables it feeds
# (plots/*.gp draw them from plotdata/NAME.csv).
Section = collections.namedtuple("Section", "text plots")
# A plot table; `keep` false means the plot has no data in this run.
PlotTable = collections.namedtuple("PlotTable", "name header rows keep")


def read_csv(path, comments=False):
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not (comments and line.startswith("#"))))


def comment_header(path):
    """The '#' lines of a CSV (an apart file's header: how, when, at which commit), joined, or ''."""
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return " ".join(line[1:].strip() for line in f if line.startswith("#"))


def read_text(path):
    """A file's text, "" when there is none."""
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def num(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(value) else value


def col(row, column):
    """A row's column as a number; None when there is no row."""
    return num(row[column]) if row else None


def ratio(a, b):
    return a / b if a is not None and b not in (None, 0) else None


def repetition_times(row):
    """A timed row's repetitions' seconds, in the order they ran ([] when
    the row has none: an older run, or no timing)."""
    values = [num(x) for x in ((row or {}).get("repetition_seconds") or "").split(";") if x]
    return values if values and all(values) else []


def timed_pairs(row_a, row_b):
    """Repetition i of row_a with repetition i of row_b ([] when the run
    did not interleave them, or either lacks them)."""
    if not row_a or not row_b or "random" not in (row_a.get("interleaving"), row_b.get("interleaving")):
        return []
    return repetition_pairs(repetition_times(row_a), repetition_times(row_b))


def summarise(pairs):
    """measure_stats.ratio_summary of the pairs; None without pairs."""
    return ratio_summary(pairs) if pairs else None


def compare(row_a, row_b):
    """row_a's time over row_b's (a speedup of b over a) as (paired summary,
    ratio of the medians): the two arguments of fci, fci_text and median_or."""
    return summarise(timed_pairs(row_a, row_b)), ratio(col(row_a, "seconds_per_op"), col(row_b, "seconds_per_op"))


def scaled(summary, factor, invert=False):
    """A paired ratio's summary (compare's) times factor, or factor over it
    (invert), with its median and 95% interval moved alike: a figure derived
    from a paired ratio and an exact one keeps the pairs' interval.  None
    without pairs."""
    if not summary or not factor:
        return None
    ends = {"median": "median", "lo": "hi", "hi": "lo", "min": "max", "max": "min"}
    return dict(summary, **{k: None if summary[f if invert else k] is None else
                            factor / summary[f] if invert else factor * summary[k] for k, f in ends.items()})


def geomean_time_ratio(row_pairs):
    """The geometric mean of several rows' time ratios, from per-repetition
    pairs (measure_stats.geometric_pairs); None unless every (a, b) has pairs."""
    lists = [timed_pairs(a, b) for a, b in row_pairs]
    return summarise(geometric_pairs(lists) if lists and all(lists) else [])


def summed_time_ratio(rows_a, rows_b):
    """The ratio of two sums of times (a rung's searches over several
    positions against another's), paired: for each repetition index i, the
    sum of the rows' i-th times on each side.  None without pairs."""
    rows = list(rows_a) + list(rows_b)
    if not rows or not all(r and r.get("interleaving") == "random" and repetition_times(r) for r in rows):
        return None
    n = min(len(repetition_times(r)) for r in rows)
    return summarise([(sum(repetition_times(r)[i] for r in rows_a), sum(repetition_times(r)[i] for r in rows_b))
                      for i in range(n)])


def published_ratio(published, rows, factor=1.0):
    """A published figure over our time (the sum of rows' times), times factor: our speed against a
    published one.  The published figure is one number, so the interval is our repetitions' alone: for
    each repetition index i, published / the sum of the rows' i-th times.  None without repetitions."""
    times = [repetition_times(r) for r in rows]
    if not published or not rows or not all(times):
        return None
    return scaled(dict(summarise([(published, sum(t)) for t in zip(*times)]), of="of our repetitions"), factor)


def median_or(summary, fallback):
    """The paired median for a plot (the figure the text quotes), else the
    ratio of the two medians."""
    return summary["median"] if summary else fallback


def fci(summary, fallback=None, digits=2, prose=False):
    """A paired ratio for a table cell, '1.80x (1.71-1.86)' (the 95%
    interval of the median of the pairs), or for prose, '1.80x (95% CI
    1.71x-1.86x, 10 pairs)'; without pairs, the ratio of the two medians
    `fallback`, marked unpaired."""
    if summary:
        return mark((format_ratio if prose else format_ratio_cell)(summary, digits))
    if fallback is None:
        return "–"
    return mark(f"{fallback:.{digits}f}x " + ("(unpaired medians)" if prose else "unpaired"))


def fci_text(summary, fallback=None, digits=2):
    return fci(summary, fallback, digits, prose=True)


def fx(value, digits=1):
    """A ratio as '12.3x', unmarked: for node counts' ratios (exact), and
    published figures; a measured time's ratio goes through fci."""
    if value is None:
        return "–"
    return f"{value:,.0f}x" if value >= 100 else f"{value:.{digits}f}x"


def fops(value, published=False):
    if value is None:
        return "–"
    return mark(f"{value:,.0f}" if value >= 100 else f"{value:.3g}", published)


def fint(value):
    return "–" if value is None else f"{int(value):,}"


def ftime(seconds, published=False):
    """Seconds in a readable unit."""
    if seconds is None:
        return "–"
    scale, unit = next(((s, u) for s, u in ((1, "s"), (1e-3, "ms"), (1e-6, "µs")) if seconds >= s), (1e-9, "ns"))
    return mark(f"{seconds / scale:.3g} {unit}", published)


def fms(milliseconds, published=False):
    return "–" if milliseconds is None else mark(f"{milliseconds:.4g}", published)


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def table(header, rows, align=None):
    """A Markdown table; align is a letter a column, l(eft) or r(ight), by
    default the first column left and the others right."""
    align = align or "l" + "r" * (len(header) - 1)
    lines = [header, [{"l": "---", "r": "---:"}[a] for a in align]] + rows
    return "\n".join("| " + " | ".join(str(c) for c in line) + " |" for line in lines)


def write_plot_csv(path, header, rows):
    """A plot table: plain comma-separated cells without quotes, NaN for missing."""
    def cell(value):
        if value is None:
            return "NaN"
        return f"{value:.6g}" if isinstance(value, float) else str(value).replace(",", "+")
    write_text_atomically(path, "\n".join([",".join(header)] + [",".join(cell(v) for v in row) for row in rows]) + "\n")


BLOCKED = {"skipped": "**Skipped in this run:** {}. Rerun `scripts/reproduce.sh` once the game is compiled in.\n",
           "missing": "**Not measured in this run:** {}.\n",
           "error": "**COUNT CHECK FAILED (reported as errors, not timings):** {}\n"}


def section_head(res, study, title, has_data):
    """A study section's title, then why the study did not run cleanly, if
    so; `stop` is true when there is then nothing to show."""
    status, why = res.status(study)
    blocked = [BLOCKED[status].format(why)] if status in BLOCKED else []
    return [f"## {study}: {title}\n"] + blocked, bool(blocked) and not has_data


def study_section(study, title, has_data, caption=None):
    """Makes a study's render(res, plots) -> Section of its body(res, plots)
    -> (its Markdown parts, the rows of its speedup plot, any other plot
    tables): section_head's lines, then, unless there is nothing to show
    (the study did not run cleanly and has_data(res) is false), the body's
    parts and the speedup plot's image, when `caption` names it.  A row of
    the speedup plot is label, published, measured, nodes; the plot is kept
    when something was measured."""
    def decorate(body):
        def render(res, plots):
            out, stop = section_head(res, study, title, has_data(res))
            if stop:
                return Section("\n".join(out), [])
            parts, rows, *tables = body(res, plots)
            image = [f"\n![{caption}]({plots}/speedup_{study}.svg)\n"] if caption else []
            speedup = PlotTable(f"speedup_{study}", ["label", "published", "measured", "nodes"], rows,
                                bool(rows) and any(r[2] for r in rows))
            return Section("\n".join(out + parts + image) + "\n", [speedup] + tables)
        return render
    return decorate
