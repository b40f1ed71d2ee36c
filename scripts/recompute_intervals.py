#!/usr/bin/env python3
"""recompute_intervals.py: recomputes every paired median and 95% interval
of a run's CSVs from the pairs the run recorded, and says where a printed
figure is not the recomputed one.

    scripts/recompute_intervals.py [RESULTS_DIR]     (default: results/)

A paired comparison writes beside its CSV (NAME.csv) a pairs file
(NAME.pairs.csv): one line a pair, `row` (the CSV's 1-based data row),
`pair` (from 0), `first` (which side ran first) and both measurements.  For
each such file the median, the interval and the pair count of every row
with pairs are recomputed with scripts/measure_stats.py (the one module
for the statistics) and compared with the printed cells at the digits
printed.  The forms (SPECS, told apart by the pairs file's columns):
  peers/*/compare.py (peers/paired.py): prune_s, peer_s; the speedup is
    peer_s / prune_s (speedup_median, _lo, _hi; prune_mean_s and
    peer_mean_s too); pons adds the own timers' prune_search_us and
    peer_search_us (search_speedup_*);
  peers/minimaxer/peer_ab.py: both rates (ratio_*: prune's over minimaxer's);
  scripts/parallel_study.py: the one thread's and the N threads' seconds
    (speedup*) and nodes a second (ceiling*);
  scripts/connect4_threads.py: the same seconds; its speedup_low and
    speedup_high are the lowest and highest pair (2 or 3 pairs: no 95%
    interval exists).
One line a file: `N rows recomputed, all equal`, or each differing cell.  A
CSV with timing columns and no pairs file is listed as `pairs not
recorded` (a run older than the pairs files).  Exit status: 1 when a
figure differs, 2 on bad input (one line on stderr), 0 otherwise.
"""
import csv
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from measure_stats import PAIRS_SUFFIX, pairs_path, ratio_summary  # noqa: E402

# Columns that make a CSV a paired comparison's: a file with one of them needs a pairs file.
TIMING_COLUMNS = ("speedup_median", "speedup_low", "ratio_lo", "search_speedup_median", "ceiling_low")


class BadInput(Exception):
    pass


def figure(numerator, denominator, cells, positive=None):
    """One recomputed figure: the ratio numerator / denominator of the pairs
    file's columns, and {CSV column: key of ratio_summary's dict}.
    `positive`: a column whose pairs count only when above 0."""
    return {"ratio": (numerator, denominator), "cells": cells, "positive": positive}


# (the pairs file's measurement columns, [figures], {CSV column: mean of a pairs column}).
SPECS = [
    (("prune_s", "peer_s", "prune_search_us", "peer_search_us"),
     [figure("peer_s", "prune_s", {"speedup_median": "median", "speedup_lo": "lo", "speedup_hi": "hi",
                                   "pairs": "pairs"}, positive="prune_s"),
      figure("peer_search_us", "prune_search_us", {"search_speedup_median": "median", "search_speedup_lo": "lo",
                                                   "search_speedup_hi": "hi"}, positive="prune_search_us")],
     {"prune_mean_s": "prune_s", "peer_mean_s": "peer_s"}),
    (("prune_s", "peer_s"),
     [figure("peer_s", "prune_s", {"speedup_median": "median", "speedup_lo": "lo", "speedup_hi": "hi",
                                   "pairs": "pairs"}, positive="prune_s")],
     {"prune_mean_s": "prune_s", "peer_mean_s": "peer_s"}),
    (("prune_ops_per_second", "minimaxer_ops_per_second"),
     [figure("prune_ops_per_second", "minimaxer_ops_per_second",
             {"ratio_median": "median", "ratio_min": "min", "ratio_max": "max", "ratio_lo": "lo", "ratio_hi": "hi",
              "pairs": "pairs"})], {}),
    (("one_thread_s", "threads_s", "one_thread_nodes_per_s", "together_nodes_per_s"),
     [figure("one_thread_s", "threads_s", {"speedup": "median", "speedup_low": "lo", "speedup_high": "hi",
                                           "pairs": "pairs"}),
      figure("together_nodes_per_s", "one_thread_nodes_per_s",
             {"ceiling": "median", "ceiling_low": "lo", "ceiling_high": "hi"})], {}),
    (("one_thread_s", "threads_s"),
     [figure("one_thread_s", "threads_s", {"speedup": "median", "speedup_low": "min", "speedup_high": "max",
                                           "pairs": "pairs"})], {}),
]
KEY_COLUMNS = ("row", "pair", "first")


def read_csv(path):
    """(header, rows as dicts) of a CSV whose '#' lines are comments."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            lines = [line for line in f if not line.startswith("#")]
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"{path}: {error}") from None
    reader = csv.DictReader(lines)
    try:
        rows = list(reader)
    except csv.Error as error:
        raise BadInput(f"{path}: {error}") from None
    return list(reader.fieldnames or []), rows


def spec_of(path, header):
    if list(header[:3]) != list(KEY_COLUMNS):
        raise BadInput(f"{path}: the columns begin {','.join(header[:3])}, not {','.join(KEY_COLUMNS)}")
    for columns, figures, means in SPECS:
        if tuple(header[3:]) == columns:
            return figures, means
    raise BadInput(f"{path}: unknown measurement columns {','.join(header[3:])}")


def number(path, line, column, text):
    try:
        value = float(text)
    except ValueError:
        raise BadInput(f"{path}:{line}: {column} '{text}' is not a number") from None
    if not value >= 0 or value == float("inf"):
        raise BadInput(f"{path}:{line}: {column} '{text}' is not a finite number at least 0")
    return value


def read_pairs(path, header, rows, data_rows):
    """{row number: [dict of the measurement columns (floats, or None when empty)]}, in pair order."""
    found = {}
    for line, row in enumerate(rows, 2):
        try:
            number_of_row, pair = int(row["row"]), int(row["pair"])
        except (TypeError, ValueError):
            raise BadInput(f"{path}:{line}: row '{row['row']}' and pair '{row['pair']}' must be whole numbers") from None
        if not 1 <= number_of_row <= data_rows:
            raise BadInput(f"{path}:{line}: row {number_of_row} is not a data row of the CSV (1 to {data_rows})")
        pairs = found.setdefault(number_of_row, [])
        if pair != len(pairs):
            raise BadInput(f"{path}:{line}: pair {pair} of row {number_of_row}, expected {len(pairs)}")
        pairs.append({c: None if row[c] in ("", None) else number(path, line, c, row[c]) for c in header[3:]})
    return found


def shown(cell, value):
    """`value` as `cell` prints it: the same digits after the point; '' for None."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    digits = len(cell.split(".", 1)[1]) if "." in cell else 0
    return f"{value:.{digits}f}"


def recompute_row(figures, means, pairs):
    """{CSV column: recomputed value} of one row's pairs."""
    out = {}
    for fig in figures:
        top, bottom = fig["ratio"]
        usable = [(p[top], p[bottom]) for p in pairs if p[top] is not None and p[bottom] is not None
                  and (fig["positive"] is None or p[fig["positive"]] > 0)]
        if fig["positive"] is None and any(b == 0 for _, b in usable):
            raise ZeroDivisionError(f"{bottom} is 0")
        if not usable:
            continue
        summary = ratio_summary(usable)
        for column, key in fig["cells"].items():
            out[column] = len(pairs) if key == "pairs" else summary[key]   # the CSV counts every pair
    for column, source in means.items():
        values = [p[source] for p in pairs]
        if None not in values:
            out[column] = statistics.fmean(values)
    return out


def check_file(csv_path, pairs_file):
    """(rows recomputed, [the differing cells as words])."""
    header, rows = read_csv(csv_path)
    pairs_header, pairs_rows = read_csv(pairs_file)
    figures, means = spec_of(pairs_file, pairs_header)
    pairs = read_pairs(pairs_file, pairs_header, pairs_rows, len(rows))
    differing = []
    for number_of_row, found in sorted(pairs.items()):
        row = rows[number_of_row - 1]
        try:
            values = recompute_row(figures, means, found)
        except ZeroDivisionError as error:
            raise BadInput(f"{pairs_file}: row {number_of_row}: {error}") from None
        key = row[header[0]] if header else ""
        for column, value in values.items():
            if column not in row:
                continue
            cell = (row[column] or "").strip()
            if shown(cell, value) != cell:
                differing.append(f"row {number_of_row} ({header[0]} {key or 'empty'}): {column} printed "
                                 f"'{cell}', recomputed '{shown(cell, value) or 'none'}'")
    return len(pairs), differing


def run_commit(directory):
    try:
        with open(os.path.join(directory, "run.json"), encoding="utf-8") as f:
            return json.load(f).get("commit")
    except (OSError, ValueError, AttributeError):
        return None


def main(argv):
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: recompute_intervals.py [RESULTS_DIR]", file=sys.stderr)
        return 2
    directory = argv[0] if argv else os.path.join(os.path.dirname(HERE), "results")
    if not os.path.isdir(directory):
        print(f"recompute_intervals.py: {directory}: not a directory", file=sys.stderr)
        return 2
    names = sorted(os.listdir(directory))
    mains = [n for n in names if n.endswith(".csv") and not n.endswith(PAIRS_SUFFIX)]
    lines, unrecorded, differ, checked = [], [], False, 0
    try:
        for name in names:
            if name.endswith(PAIRS_SUFFIX) and name[:-len(PAIRS_SUFFIX)] + ".csv" not in mains:
                raise BadInput(f"{os.path.join(directory, name)}: no {name[:-len(PAIRS_SUFFIX)]}.csv beside it")
        for name in mains:
            path = os.path.join(directory, name)
            pairs = pairs_path(path)
            if os.path.exists(pairs):
                count, differing = check_file(path, pairs)
                checked += 1
                if differing:
                    differ = True
                    lines += [f"{name}: {d}" for d in differing]
                else:
                    lines.append(f"{name}: {count} row{'s' if count != 1 else ''} recomputed, all equal")
            elif set(read_csv(path)[0]) & set(TIMING_COLUMNS):
                unrecorded.append(name)
                lines.append(f"{name}: pairs not recorded")
    except BadInput as error:
        print(f"recompute_intervals.py: {error}", file=sys.stderr)
        return 2
    for line in lines:
        print(line)
    summary = f"{checked} file{'s' if checked != 1 else ''} recomputed from {'its' if checked == 1 else 'their'} pairs"
    if unrecorded:
        commit = run_commit(directory)
        summary += (f"; {len(unrecorded)} with paired figures and pairs not recorded (the run"
                    f"{' of ' + commit if commit else ''} predates the pairs files, or its comparisons "
                    "did not write them): their medians and intervals cannot be recomputed")
    print(summary)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
