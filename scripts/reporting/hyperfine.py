"""Whole-process timings of every study (scripts/run_hyperfine.py)."""
import os

from .common import Section, read_text


def render(res, plots):
    out = ["## Whole-process timings (hyperfine)\n",
           "`prune search` as a process, per study, with warm-up runs (hyperfine 1.15, no shell). These include "
           "process start-up (about a millisecond), so they compare configs only where a search takes well over "
           "that; the Google Benchmark figures above are the in-process measurements. Relative = against the "
           "fastest command of the study.\n"]
    skipped = read_text(os.path.join(res.dir, "hyperfine", "skipped.txt")).split("\n")
    for study in res.studies:
        md = os.path.join(res.dir, "hyperfine", f"{study}.md")
        why = next((s for s in skipped if s.startswith(study + ":")), f"{study}: not run")
        out.append(f"### {study}\n\n" + (read_text(md).strip() + "\n" if os.path.exists(md) else f"Skipped: {why}.\n"))
    return Section("\n".join(out) + "\n", [])
