"""Whole-process timings of every study (scripts/run_hyperfine.py)."""
import os

from .common import Section


def render(res, plots):
    out = ["## Whole-process timings (hyperfine)\n",
           "`prune search` as a process, per study, with warm-up runs (hyperfine 1.15, no shell). These include "
           "process start-up (about a millisecond), so they compare configs only where a search takes well over "
           "that; the Google Benchmark figures above are the in-process measurements. Relative = against the "
           "fastest command of the study.\n"]
    skipped_path = os.path.join(res.dir, "hyperfine", "skipped.txt")
    skipped = []
    if os.path.exists(skipped_path):
        with open(skipped_path, encoding="utf-8") as f:
            skipped = f.read().split("\n")
    for study in res.studies:
        md = os.path.join(res.dir, "hyperfine", f"{study}.md")
        if os.path.exists(md):
            with open(md, encoding="utf-8") as f:
                out.append(f"### {study}\n\n" + f.read().strip() + "\n")
        else:
            why = next((s for s in skipped if s.startswith(study + ":")), f"{study}: not run")
            out.append(f"### {study}\n\nSkipped: {why}.\n")
    return Section("\n".join(out) + "\n", [])
