"""Whole-process timings of every study (scripts/run_hyperfine.py).

Absolute times only, no ratios: hyperfine times all the runs of one command
before it starts the next, so two commands' runs are neither paired nor
alternated, and a drift of the machine lands on one side.  A ratio quoted
in this report is paired (the Google Benchmark figures above)."""
import json
import os

from .common import Section, ftime, read_text, table


def study_table(results):
    """A row per command of hyperfine's JSON export: its runs' median, mean ± σ, min and max."""
    rows = [[f"`{r['command']}`", len(r["times"]), ftime(r["median"]),
             f"{ftime(r['mean'])} ± {ftime(r['stddev'])}" if r.get("stddev") is not None else ftime(r["mean"]),
             ftime(r["min"]), ftime(r["max"])] for r in results]
    return table(["command", "runs", "median", "mean ± σ", "min", "max"], rows)


def render(res, plots):
    exports = {study: json.loads(read_text(path))["results"] for study in res.studies
               if os.path.exists(path := os.path.join(res.dir, "hyperfine", f"{study}.json"))}
    quickest = min((r["median"] for results in exports.values() for r in results), default=None)
    startup = (f" (the quickest command of this run took {ftime(quickest)} in all, which bounds it)"
               if quickest is not None else "")
    # The version is the run's own (results/run.json's `hyperfine`, the tool's --version line).
    version = res.run.get("hyperfine") or "hyperfine, version not recorded"
    out = ["## Whole-process timings (hyperfine)\n",
           f"`prune search` as a process, per study, with warm-up runs ({version}, no shell). These include "
           f"process start-up{startup}, so they say something of a config only where a search takes "
           "well over that. Hyperfine times all the runs of one command before the next command's, unpaired and "
           "not alternated, so these are absolute times only; the ratios are the paired, in-process Google "
           "Benchmark figures above.\n"]
    skipped = read_text(os.path.join(res.dir, "hyperfine", "skipped.txt")).split("\n")
    for study in res.studies:
        why = next((s for s in skipped if s.startswith(study + ":")), f"{study}: not run")
        body = study_table(exports[study]) if study in exports else f"Skipped: {why}."
        out.append(f"### {study}\n\n{body}\n")
    return Section("\n".join(out) + "\n", [])
