"""The run's facts: machine, tools, settings, counts checked."""
import glob
import json
import os

import noise

from .common import Section, num, table


def caches(directory):
    """The CPU caches from a Google Benchmark JSON context, as ', L1d 48 KiB, ...'."""
    for path in sorted(glob.glob(os.path.join(directory, "raw", "*.json"))):
        try:
            context = json.load(open(path, encoding="utf-8")).get("context", {})
        except (OSError, ValueError):
            continue
        if not context.get("caches"):
            continue
        parts = []
        for c in context["caches"]:
            kind = {"Data": "d", "Instruction": "i"}.get(c["type"], "")
            size = c["size"] / 1024
            text = f"{size / 1024:.0f} MiB" if size >= 1024 else f"{size:.0f} KiB"
            parts.append(f"L{c['level']}{kind} {text}" + (f" (shared by {c['num_sharing']})"
                                                           if c.get("num_sharing", 1) > 1 else ""))
        return "; caches " + ", ".join(parts)
    return ""


def noise_facts(res):
    """The noise check's verdict and its gauges (scripts/noise.py), the probe at the run's start and,
    when rows were left noisy, which (by study) and why the re-timing left them."""
    gauges = noise_gauges(res)
    facts = [("noise check (scripts/noise.py)", (res.noisy or "quiet: passed") + (f" ({gauges})" if gauges else ""))]
    probe = res.run.get("probe")
    if isinstance(probe, dict) and {"rows", "noisy_rows", "others", "steal"} <= set(probe):
        facts.append(("noise probe at the start", f"{probe['noisy_rows']} of {probe['rows']} stand-in rows above "
                      f"{noise.ROW_CV_LIMIT:.0%} cv; others kept {probe['others']:.2f} CPUs busy, the hypervisor "
                      f"took {probe['steal']:.2f}"))
    left = [r for r in res.ok if num(r.get("cv")) is not None and num(r["cv"]) > noise.ROW_CV_LIMIT]
    if left:
        by_study = {}
        for r in left:
            by_study[r["study"]] = by_study.get(r["study"], 0) + 1
        remeasured = res.run.get("remeasured") or {}
        why = (f"; not timed again: {remeasured['skipped']}" if remeasured.get("skipped") else
               f"; still noisy after {remeasured['rounds']} rounds of re-timing" if remeasured.get("rounds") else "")
        facts.append(("rows left noisy", f"{len(left)} ({', '.join(f'{s} {n}' for s, n in sorted(by_study.items()))})"
                      f"{why}; each row's cv is in studies.csv"))
    return facts


def noise_gauges(res):
    """What the noise check judged the run by: the CPU time other processes took, and the timed rows above
    its cv limit after the re-measurement ("" for a run that recorded none of it)."""
    before, after = res.run.get("state_before") or {}, res.run.get("state_after") or {}
    try:
        during = noise.others_during(before, after) if before and after else None
    except noise.BadInput:
        during = None
    start = before.get("others_now")
    timed = [r for r in res.ok if num(r.get("cv")) is not None]
    spread = (f"{sum(num(r['cv']) > noise.ROW_CV_LIMIT for r in timed)} of {len(timed)} timed rows above "
              f"{noise.ROW_CV_LIMIT:.0%} cv, after {sum(bool(r.get('remeasured')) for r in timed)} were timed again")
    return "; ".join(part for part in [
        f"others kept {start:.2f} CPUs busy at the start" if isinstance(start, (int, float)) else "",
        f"others used {during:.2f} CPUs on average during the run" if during is not None else "",
        spread if timed else ""] if part)


def repetitions(res):
    """'medians of 10 repetitions (techniques: 6)': the repetitions the timed rows have, the number most
    studies use first, then the studies whose rows have another (run.json's setting without timed rows)."""
    by_count = {}
    for r in res.ok:
        if r.get("repetitions"):
            by_count.setdefault(r["repetitions"], dict())[r["study"]] = True
    if not by_count:
        return f"medians of {res.run.get('repetitions', '?')} repetitions"
    most, *others = sorted(by_count, key=lambda n: -len(by_count[n]))
    return f"medians of {most} repetitions" + (" (" + "; ".join(
        f"{', '.join(by_count[n])}: {n}" for n in others) + ")" if others else "")


def sittings(run):
    """A resumed run's sittings, said after its wall time (scripts/run_progress.py); '' for one."""
    listed = run.get("sittings") or []
    if len(listed) < 2:
        return ""
    parts = [f"{s.get('date', '?')}, {int(s.get('seconds', 0)) // 60}m{int(s.get('seconds', 0)) % 60:02d}s, load {s.get('load_before', '?')} before"
             for s in listed]
    return f", in {len(listed)} sittings ({'; '.join(parts)}), each judged by the noise check apart"


def render(res, plots):
    run = res.run
    skipped = [r for r in res.rows if r["status"] == "skipped"]
    checked = sum(1 for r in res.ok if num(r["copy_checked"]) == 1)
    first = res.ok[0] if res.ok else (res.rows[0] if res.rows else {})
    facts = [
        ("mode", run.get("mode", "?")),
        ("date", run.get("date", first.get("date", "?"))),
        ("commit", run.get("commit", first.get("commit", "?"))),
        ("machine", first.get("machine", "?") + caches(res.dir)),
        ("memory", run.get("memory", "?")),
        ("compiler", first.get("compiler", "?")),
        ("Google Benchmark", f"{run.get('gbench', '?')} (repetitions {run.get('repetitions', '?')}, min time "
         f"{run.get('min_time', '?')} s per repetition, medians reported; timed rows: {repetitions(res)})"),
        ("Node.js / minimaxer", f"{run.get('node', '?')} / {res.peer[0]['minimaxer_version'] if res.peer else '?'}"),
        ("hyperfine / gnuplot", f"{run.get('hyperfine', '?')} / {run.get('gnuplot', '?')}"),
        ("load average before / after", f"{run.get('load_before', '?')} / {run.get('load_after', '?')}"),
        ("wall time", run.get("wall_time", "?") + sittings(run)),
    ] + noise_facts(res)
    errors = "; ".join(f"{r['benchmark']} ({r['error']})" for r in res.errors)
    out = ["## This run\n", table(["", ""], [list(f) for f in facts], "ll"),
           f"\n{len(res.ok)} measurements; {res.verified()} matched reference counts of studies/published.csv "
           f"exactly, {checked} do-undo searches matched their copy-make search. "
           + (f"**{len(res.errors)} count mismatches, reported as errors:** {errors}. " if errors else
              "No count mismatch. ")
           + ("Skipped: " + "; ".join(r["error"] for r in skipped) + "." if skipped else ""),
           "\nEach time is the median of its repetitions, and the tidy CSV gives their coefficient of "
           "variation (cv). The noise check judges the run by that spread and by the CPU time other "
           "processes used during it, not by the load average, which lags (benchmarks/README.md). Debian's "
           "Google Benchmark library is a debug build "
           "(it warns so); that affects only its own bookkeeping between iterations."]
    if run.get("notes"):
        out.append("\n" + run["notes"])
    return Section("\n".join(out) + "\n", [])
