#!/usr/bin/env python3
"""studies_bench's results to one tidy CSV.

    scripts/gbench_to_csv.py RAW/STUDY.csv RAW/STUDY.json [...] -o results/studies.csv

studies_bench writes, per study, its cases as tidy CSV (--tidy-out STUDY.csv)
and its timings as Google Benchmark JSON (--benchmark_out STUDY.json).  Each
.csv is paired with the .json of the same name; this script adds to each case
the median of its repetitions and the run's context (COLUMNS below;
benchmarks/README.md says what each is).  repetition_seconds keeps each
repetition's time in the order they ran, separated by ';': repetition i of one
row and of another are a pair when the run interleaved them (interleaving:
random).

A pair named STUDY.remeasureN (the driver's N-th re-measurement of a study's
noisy rows, with --benchmark_filter) replaces the rows of the same benchmarks
in place, N in increasing order; such rows say remeasured N.

A benchmark that failed its count check carries status "error" and its
message, and no timing; a skipped study has one row with status "skipped".
Cases that did not run (filtered out) are left out.  Written atomically.
"""
import argparse
import csv
import json
import math
import os
import re
import sys

from atomic_file import write_csv_atomically

# tt_probes .. last_iteration_nodes: the ladder configs' counters (table probes, hits, table cutoffs,
# re-searches, beta cutoffs and those of the first move searched, completed deepening iterations,
# the deepest one's nodes; empty for other configs).
# cv: of the repetitions' times; iterations: per repetition; verified 1: the counts matched a
# reference row of studies/published.csv; copy_checked 1: an undo search matched its copy search.
COLUMNS = ["study", "game", "position", "moves", "config", "family", "state", "depth", "status", "nodes",
           "created", "evals", "tt_probes", "tt_hits", "tt_cutoffs", "researches", "cutoffs",
           "first_move_cutoffs", "id_iterations",
           "last_iteration_nodes", "best", "value", "seconds_per_op", "ops_per_second", "nodes_per_second", "cv",
           "repetitions", "iterations", "repetition_seconds", "verified", "copy_checked", "error", "benchmark",
           "cpu", "machine", "compiler", "commit", "date", "interleaving", "remeasured"]

UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
REMEASURE = re.compile(r"\.remeasure(\d+)$")   # the stem suffix of a re-measurement's pair
# What Google Benchmark appends to a registered name in its run names.
GBENCH_SUFFIX = re.compile(r"/(min_time|repeats):[^/]*|/real_time")


def number(value):
    """A JSON number as a float, or None for NaN or absent."""
    return None if value is None or math.isnan(float(value)) else float(value)


def fmt(value, digits=6):
    """A CSV cell: integers exactly, floats to `digits` significant figures."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.{digits}g}"


def context_fields(context):
    cpu = context.get("prune_cpu_model", "unknown cpu")
    machine = ", ".join(part for part in [
        cpu, f"{context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz",
        f"host {context.get('host_name', '?')}", context.get("prune_os", "")] if part)
    compiler = context.get("prune_compiler", "")
    if context.get("prune_build_type"):
        compiler += f" ({context['prune_build_type']}, {context.get('prune_c_flags', '')})"
    return {"cpu": cpu, "machine": machine, "compiler": compiler, "commit": context.get("prune_commit", ""),
            "date": context.get("date", ""), "interleaving": context.get("prune_interleaving", "off")}


def timing_fields(entries):
    """The median repetition's timing of one benchmark, or an error."""
    errors = [e for e in entries if e.get("error_occurred")]
    if errors:
        return {"status": "error", "error": errors[0].get("error_message", "error")}
    iterations = [e for e in entries if e.get("run_type") == "iteration"]
    aggregates = {e.get("aggregate_name"): e for e in entries if e.get("run_type") == "aggregate"}
    summary = aggregates.get("median") or (iterations[0] if iterations else None)
    if summary is None:
        return {"status": "error", "error": "no measurement in the JSON"}
    iterations.sort(key=lambda e: e.get("repetition_index", 0))

    def seconds(entry):
        return entry["real_time"] * UNIT_SECONDS[entry.get("time_unit", "ns")]
    return {
        "repetition_seconds": ";".join(fmt(seconds(e)) for e in iterations),
        "seconds_per_op": seconds(summary),
        "ops_per_second": number(summary.get("ops_per_second")),
        "nodes_per_second": number(summary.get("nodes_per_second")),
        "cv": number(aggregates["cv"]["real_time"]) if "cv" in aggregates else None,
        "repetitions": summary.get("repetitions", len(iterations) or 1),
        "iterations": iterations[0]["iterations"] if iterations else summary.get("iterations"),
    }


def convert(cases_path, json_path):
    """The cases that ran, each with its timing (grouped by registered name) and the run's context."""
    with open(json_path, encoding="utf-8") as f:
        data = json.load(f)
    groups = {}
    for entry in data.get("benchmarks", []):
        groups.setdefault(GBENCH_SUFFIX.sub("", entry["run_name"]), []).append(entry)
    common = context_fields(data.get("context", {}))
    with open(cases_path, newline="", encoding="utf-8") as f:
        cases = [case for case in csv.DictReader(f) if case["status"] != "not-run"]
    return [{**case, **common, **(timing_fields(groups.get(case["benchmark"], [])) if case["status"] == "ok" else {})}
            for case in cases]


def carry_checks(first, again, cases_path):
    """A re-measured row keeps the checks its first measurement passed: a re-measurement runs the
    row alone, without the copy-make twin that copy_checked compares it with, and its search is
    the same one (its nodes must equal the first's, or the row is an error)."""
    if again["status"] == "ok" and first["status"] == "ok" and again["nodes"] != first["nodes"]:
        raise ValueError(f"{cases_path}: {again['benchmark']} re-measured with {again['nodes']} nodes, "
                         f"first {first['nodes']}")
    return dict(again, **{k: "1" for k in ("verified", "copy_checked") if "1" in (first.get(k), again.get(k))})


def pairs(paths):
    """(round, STUDY.csv, STUDY.json) from the arguments: round 0 for a study's
    first measurement, N for its N-th re-measurement; in that order, each
    round in the arguments' order."""
    for path in paths:
        if os.path.splitext(path)[1] not in (".csv", ".json"):
            raise ValueError(f"{path}: expected STUDY.csv (studies_bench --tidy-out) or STUDY.json")
    out = []
    for stem in dict.fromkeys(os.path.splitext(path)[0] for path in paths):
        if not {stem + ".csv", stem + ".json"} <= set(paths):
            raise ValueError(f"{stem}: needs both {stem}.csv and {stem}.json")
        again = REMEASURE.search(stem)
        out.append((int(again.group(1)) if again else 0, stem + ".csv", stem + ".json"))
    return sorted(out, key=lambda pair: pair[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="studies_bench's STUDY.csv and STUDY.json files")
    parser.add_argument("-o", "--output", required=True, help="the tidy CSV to write")
    args = parser.parse_args()
    rows = {}   # by benchmark, in the order first measured
    try:
        for again, cases_path, json_path in pairs(args.inputs):
            for row in convert(cases_path, json_path):
                if again and row["benchmark"] not in rows:
                    raise ValueError(f"{cases_path}: re-measured {row['benchmark']}, which no first run measured")
                if again:
                    row = carry_checks(rows[row["benchmark"]], row, cases_path)
                rows[row["benchmark"] or f"skipped {len(rows)}"] = dict(row, remeasured=again or None)
    except (OSError, ValueError, KeyError) as error:
        sys.exit(f"gbench_to_csv: {error}")
    rows = list(rows.values())
    write_csv_atomically(args.output, COLUMNS, ([fmt(row.get(c)) for c in COLUMNS] for row in rows))
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in ("ok", "error", "skipped")}
    print(f"gbench_to_csv: {args.output}: {counts['ok']} measurements, {counts['error']} errors, "
          f"{counts['skipped']} skipped studies")


if __name__ == "__main__":
    main()
