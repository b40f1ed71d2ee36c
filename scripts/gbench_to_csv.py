#!/usr/bin/env python3
"""Google Benchmark JSON (from benchmarks/studies_bench) to tidy CSV.

    scripts/gbench_to_csv.py RESULT.json [RESULT.json ...] -o results/studies.csv

One row per measurement: a benchmark named study/game/moves/config/state/depth
(Google Benchmark appends /min_time:.../repeats:N/real_time), summarised by the
median of its repetitions.  Columns:

    study, game, moves, config, state, depth, status (ok, error or skipped),
    nodes, created, evals, best, value, seconds_per_op, ops_per_second,
    nodes_per_second, cv (coefficient of variation of the repetitions' times),
    repetitions, iterations (per repetition), verified (1: the counts matched a
    reference row of studies/published.csv), copy_checked (1: an undo search
    matched its copy search), error, benchmark, machine, compiler, commit, date

A benchmark that failed its count check carries status "error" and its message,
and no timing.  A study skipped because its game is not compiled in gets one
row with status "skipped".  The CSV is written to a temporary file and renamed,
so a failed conversion leaves the previous file as it was.  Standard library
only.
"""
import argparse
import json
import math
import re
import sys

from atomic_csv import write_csv_atomically

COLUMNS = [
    "study", "game", "moves", "config", "state", "depth", "status", "nodes", "created", "evals", "best",
    "value", "seconds_per_op", "ops_per_second", "nodes_per_second", "cv", "repetitions", "iterations",
    "verified", "copy_checked", "error", "benchmark", "machine", "compiler", "commit", "date",
]

UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def number(value):
    """A JSON number as a float, or None for NaN or absent."""
    if value is None:
        return None
    value = float(value)
    return None if math.isnan(value) else value


def fmt(value, digits=6):
    """A CSV cell: integers exactly, floats to `digits` significant figures."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.{digits}g}"


def split_name(run_name):
    """study/game/moves/config/state/depth[/min_time:..][/repeats:..][/real_time]"""
    parts = run_name.split("/")
    if len(parts) < 6:
        raise ValueError(f"benchmark name {run_name!r} is not study/game/moves/config/state/depth")
    study, game, moves, config, state, depth = parts[:6]
    return {"study": study, "game": game, "moves": "" if moves == "start" else moves, "config": config,
            "state": state, "depth": depth}


def context_fields(context):
    cpu = context.get("prune_cpu_model", "unknown cpu")
    machine = "; ".join([
        cpu, f"{context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz",
        f"host {context.get('host_name', '?')}", context.get("prune_os", "")]).strip("; ")
    compiler = context.get("prune_compiler", "")
    if context.get("prune_build_type"):
        compiler += f" ({context['prune_build_type']}, {context.get('prune_c_flags', '')})"
    return {"machine": machine, "compiler": compiler, "commit": context.get("prune_commit", ""),
            "date": context.get("date", "")}


def convert(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    context = data.get("context", {})
    common = context_fields(context)
    rows = []
    for study in context.get("prune_skipped", "").split():
        reason = next((r for r in context.get("prune_skip_reason", "").split("; ") if r.startswith(f"study {study}:")),
                      context.get("prune_skip_reason", ""))
        rows.append({"study": study, "status": "skipped", "error": reason, **common})

    groups = {}
    for entry in data.get("benchmarks", []):
        groups.setdefault(entry["run_name"], []).append(entry)
    for run_name, entries in groups.items():
        row = {**split_name(run_name), **common, "benchmark": re.sub(r"/(min_time|repeats):[^/]*|/real_time", "",
                                                                        run_name)}
        errors = [e for e in entries if e.get("error_occurred")]
        iterations = [e for e in entries if e.get("run_type") == "iteration" and not e.get("error_occurred")]
        aggregates = {e.get("aggregate_name"): e for e in entries if e.get("run_type") == "aggregate"}
        if errors:
            row.update(status="error", error=errors[0].get("error_message", "error"),
                       repetitions=entries[0].get("repetitions", ""))
            rows.append(row)
            continue
        summary = aggregates.get("median") or (iterations[0] if iterations else None)
        if summary is None:
            row.update(status="error", error="no measurement in the JSON")
            rows.append(row)
            continue
        scale = UNIT_SECONDS[summary.get("time_unit", "ns")]
        seconds = summary["real_time"] * scale
        cv = number(aggregates["cv"]["real_time"]) if "cv" in aggregates else None
        label = summary.get("label", "")
        best = label[len("best="):] if label.startswith("best=") else ""
        row.update(
            status="ok", nodes=number(summary.get("nodes")), created=number(summary.get("created")),
            evals=number(summary.get("evals")), best=best, value=number(summary.get("value")),
            seconds_per_op=seconds, ops_per_second=number(summary.get("ops_per_second")),
            nodes_per_second=number(summary.get("nodes_per_second")), cv=cv,
            repetitions=summary.get("repetitions", len(iterations) or 1),
            iterations=iterations[0]["iterations"] if iterations else summary.get("iterations"),
            verified=number(summary.get("verified")), copy_checked=number(summary.get("copy_checked")))
        if row["config"].startswith("tree-") is False:
            row["created"] = row["evals"] = None
        rows.append(row)
    return rows


def write_atomically(path, rows):
    write_csv_atomically(path, COLUMNS, ([fmt(row.get(c)) for c in COLUMNS] for row in rows))

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="Google Benchmark JSON files")
    parser.add_argument("-o", "--output", required=True, help="the tidy CSV to write")
    args = parser.parse_args()
    rows = []
    for path in args.inputs:
        try:
            rows.extend(convert(path))
        except (OSError, ValueError, KeyError) as error:
            sys.exit(f"gbench_to_csv: {path}: {error}")
    write_atomically(args.output, rows)
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in ("ok", "error", "skipped")}
    print(f"gbench_to_csv: {args.output}: {counts['ok']} measurements, {counts['error']} errors, "
          f"{counts['skipped']} skipped studies")


if __name__ == "__main__":
    main()
