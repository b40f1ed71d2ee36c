"""The parallel study (docs/parallel.md): the ladder's search on threads.

scripts/parallel_study.py's parallel.csv: each search of studies/parallel.csv
on one thread and on N under Lazy SMP and ABDADA, paired, on the run's own
machine.  The speedup is time to depth, a median of paired ratios with its
95% interval; the nodes against one thread's are the search overhead.  Beside
them, the published speedups of studies/parallel_published.csv (Hyatt's DTS,
chess) at the same processor count, for scale: another game and scheme.  A
run since the runner measured the machine's own ceiling (N one-thread
searches at once, their nodes a second over one alone) and each scheme's
nodes a second over one thread's shows both; an older run's CSV has neither,
and its table is as it was.

A game of studies/parallel.csv that the run lacks (a study's rows newer than
the run) may have been measured apart, on the run's kind of machine:
results/apart/parallel.csv (parallel_study.py --game, its header naming the
machine, the time and the commit), shown in a table of its own under the
run's, never merged into it: other sittings, other noise.

Then the same study on a machine of 16 cores, lent once:
results/lent/xeon16_parallel.csv (parallel_study.py's rows at 2, 4, 8 and 16
threads, the machine named in its comments), not part of any run
(scripts/reproduce.py carries results/lent/ from run to run), with a plot of
the speedups against the thread count beside DTS's.
"""
import os

import studies

from .common import PlotTable, Section, comment_header, ftime, mark, num, table

SCHEME_NAMES = {"lazy": "Lazy SMP", "abdada": "ABDADA"}


def speedup_cell(r):
    """'1.56x (1.32-1.63)', or with the pairs' count where they give no interval."""
    text = f"{num(r['speedup']):.2f}x"
    if r["speedup_low"] and r["speedup_high"]:
        text += f" ({num(r['speedup_low']):.2f}-{num(r['speedup_high']):.2f})"
    else:
        text += f" (n={r['pairs']})"
    return mark(text)


def ceiling_cell(r):
    """'1.98x (1.94-2.03)': the machine's N searches at once over one alone."""
    text = f"{num(r['ceiling']):.2f}x"
    if r["ceiling_low"] and r["ceiling_high"]:
        return text + f" ({num(r['ceiling_low']):.2f}-{num(r['ceiling_high']):.2f})"
    return text + f" (n={r['pairs']})"


def holds_one(r):
    """Whether the speedup's interval holds 1 (no interval: it is not shown to differ from 1)."""
    low, high = num(r["speedup_low"]), num(r["speedup_high"])
    return low is None or high is None or low <= 1 <= high


LENT = "lent/xeon16_parallel.csv"   # the study on a machine of 16 cores, lent once
APART = "apart/parallel.csv"         # games the run lacks, measured apart on the run's kind of machine


def study_table(rows):
    """The study's table of these rows, and the rows of its bar plot (label, each scheme's speedup and ends)."""
    published = {p["processors"]: p for p in studies.parallel_published() if p["scheme"] == "DTS"}
    rates = "ceiling" in rows[0]   # a run of the runner that measures the machine and the rates
    header = ["game", "depth", "threads", "1 thread", "Lazy SMP: time", "Lazy SMP: speedup", "Lazy SMP: nodes / 1"]
    header += ["Lazy SMP: nodes a second / 1"] if rates else []
    header += ["ABDADA: time", "ABDADA: speedup", "ABDADA: nodes / 1"]
    header += ["ABDADA: nodes a second / 1", "machine: N searches at once"] if rates else []
    header += ["pairs", "DTS (Hyatt, chess)"]
    by_key = {(r["game"], r["moves"], r["depth"], r["threads"], r["smp"]): r for r in rows}
    body, plot_rows = [], []
    for (game, moves, depth, threads, smp), r in by_key.items():
        if smp != "lazy":
            continue
        a = by_key.get((game, moves, depth, threads, "abdada"))
        dts = published.get(int(threads))
        label = game + (f" after {moves}" if moves else "")
        cells = [label, depth, threads, ftime(num(r["one_thread_seconds"])), ftime(num(r["seconds"])),
                 speedup_cell(r), r["node_ratio"]]
        cells += [r["rate_ratio"]] if rates else []
        cells += [ftime(num(a["seconds"])) if a else "–", speedup_cell(a) if a else "–", a["node_ratio"] if a else "–"]
        cells += [a["rate_ratio"] if a else "–", ceiling_cell(r)] if rates else []
        body.append(cells + [r["pairs"], f"{dts['speedup']:.1f}x" if dts else "–"])
        plot_rows.append([f"{label} {threads}t"] + [v for x in (r, a) for v in
                                                     (x["speedup"], x["speedup_low"] or x["speedup"],
                                                      x["speedup_high"] or x["speedup"]) if x is not None])
    return table(header, body, "l" + "r" * (len(header) - 1)), plot_rows


def tally(rows):
    """'Of the N rows, F are faster ...': the rows whose interval leaves out 1, each way."""
    faster = [r for r in rows if not holds_one(r) and num(r["speedup"]) > 1]
    slower = [r for r in rows if not holds_one(r) and num(r["speedup"]) < 1]
    return (f"Of the {len(rows)} rows, {len(faster)} are faster than one thread beyond their interval and "
            f"{len(slower)} slower; the others' intervals hold 1.")


def scaling_plot(rows):
    """The lent machine's speedups as lines over the thread counts: a column per game and scheme, and DTS's."""
    published = {p["processors"]: p["speedup"] for p in studies.parallel_published() if p["scheme"] == "DTS"}
    series = list(dict.fromkeys((r["game"], r["smp"]) for r in rows))
    speedups = {(r["game"], r["smp"], int(r["threads"])): r["speedup"] for r in rows}
    counts = [1] + sorted({int(r["threads"]) for r in rows})
    header = ["threads"] + [f"{game} {SCHEME_NAMES[smp]}" for game, smp in series] + ["DTS (Hyatt)"]
    body = [[str(t)] + ["1" if t == 1 else speedups.get((game, smp, t), "") for game, smp in series]
            + [str(published.get(t, 1.0 if t == 1 else ""))] for t in counts]
    return PlotTable("parallel_lent", header, body, bool(rows))


def lent_section(rows, plots):
    if not rows:
        return ("## Parallel search on a machine of many cores (study `parallel`)\n\n"
                f"No measurement on a machine of many cores (`results/{LENT}` is missing).\n\n"), []
    counts = sorted({int(r["threads"]) for r in rows})
    cores = counts[-1]   # the runner's counts end at the machine's cores
    text, _ = study_table(rows)
    return "".join([
        f"## Parallel search on {cores} cores (study `parallel`, a machine lent once)\n\n",
        f"The same study on {rows[0]['cpu']}, {cores} cores (`results/{LENT}` names the machine and the commit, "
        f"and is not part of this run): the full run's searches and pairs, at "
        f"{', '.join(map(str, counts[:-1]))} and {cores} threads, each thread count's pairs with their own "
        "one-thread searches, in the columns of the study's table. docs/parallel.md, \"On 16 cores\", reads "
        "them.\n\n",
        text, "\n\n", tally(rows), "\n\n",
        f"![speedup against threads on {cores} cores]({plots}/parallel_lent.svg)\n\n",
    ]), [scaling_plot(rows)]


def missing_games(res, rows):
    """The games of studies/parallel.csv the run has no row of, in the file's order."""
    planned = studies.threads_rows(os.path.join(res.studies_dir, os.path.basename(studies.THREADS)))
    return [g for g in dict.fromkeys(r["game"] for r in planned) if g not in {r["game"] for r in rows}]


def unmeasured(missing):
    """A sentence naming the games neither the run nor the apart file measured, or ''."""
    return (f"Not measured in this run: {', '.join(missing)} (its rows of studies/parallel.csv are newer than the "
            "run; the next run measures them).\n\n" if missing else "")


def apart_part(res, missing):
    """The apart file's rows of the games the run lacks, as a table of their own, and the games it covers."""
    rows = [r for r in res.csv(APART, comments=True) if r["game"] in missing]
    if not rows:
        return "", []
    text, _ = study_table(rows)
    games = list(dict.fromkeys(r["game"] for r in rows))
    return "".join([
        f"**Measured apart from this run** (`results/{APART}`), {', '.join(games)}: the same runner and "
        f"columns, on the run's kind of machine, in a sitting of its own. ",
        comment_header(os.path.join(res.dir, APART)), "\n\n", text, "\n\n"]), games


def render(res, plots):
    rows = res.csv("parallel.csv")
    lent_text, lent_plots = lent_section(res.csv(LENT, comments=True), plots)
    head = "## Parallel search: the ladder on threads (study `parallel`)\n\n"
    if not rows:
        return Section(head + "Not run in this reproduction (no parallel.csv): the study is newer than this "
                       "run, or the machine has one core. docs/parallel.md has a measurement.\n\n" + lent_text,
                       lent_plots)
    rates = "ceiling" in rows[0]
    text_table, plot_rows = study_table(rows)
    missing = missing_games(res, rows)
    apart_text, apart_games = apart_part(res, missing)
    first = rows[0]
    text = "".join([
        head,
        f"`prune search GAME --config {first['config']} --depth D --threads N --smp lazy|abdada` against the same "
        f"search on one thread, on {first['cpu']} (scripts/parallel_study.py, the searches of studies/parallel.csv): "
        "a fresh process a search, each pair a one-thread search and one under each scheme in an order that "
        "turns round; times are prune's own timer of the search (medians; the threads' start and stop in it). "
        "A speedup is the median of the pairs' one-thread over N-thread times, with its 95% interval; nodes / 1 "
        "is the median of the pairs' N-thread over one-thread nodes, the search overhead (every thread's nodes). "
        "Every threaded search returned the one thread's value, as it must (engine/ladder_run.h). DTS is Hyatt's "
        "chess speedup at the same processor count (studies/parallel_published.csv): another game and scheme, "
        "for scale.\n\n",
        ("Nodes a second / 1 is the median of the pairs' N-thread over one-thread nodes a second, so the speedup "
         "is about it over nodes / 1. The machine's column is N one-thread searches run at once in each pair, "
         "N processes, their nodes a second added up over the pair's one thread's, with its 95% interval: what "
         "the machine gives N searches before any scheme's cost (the processes have a table each, the threads "
         "share one).\n\n" if rates else ""),
        text_table, "\n\n",
        apart_text,
        unmeasured([g for g in missing if g not in apart_games]),
        tally(rows), "\n\n",
        f"![the ladder on threads: time to depth against one thread]({plots}/parallel.svg)\n\n",
        "What the threads are worth in play (N threads against one under the same clock, beside one thread "
        "with N times the time) is not part of this run: docs/parallel.md, \"Playing strength on threads\", "
        "has it, measured apart by scripts/strength.py on studies/parallel_strength.csv.\n\n",
        lent_text,
    ])
    keep = any(len(p) == 7 for p in plot_rows)
    return Section(text, [PlotTable("parallel", ["label", "lazy", "lazy_low", "lazy_high", "abdada", "abdada_low",
                                                 "abdada_high"], [p for p in plot_rows if len(p) == 7], keep)]
                   + lent_plots)


def summary(res):
    """The README row: each game's Lazy SMP speedup at the most threads the run had."""
    rows = [r for r in res.csv("parallel.csv") if r["smp"] == "lazy"]
    if not rows:
        return []
    top = max(int(r["threads"]) for r in rows)
    cells = [f"{r['game']} {speedup_cell(r)}" for r in rows if int(r["threads"]) == top]
    return [[f"parallel ({top} threads, time to depth)", "DTS 2 / 16 processors: 2.0x / 11.1x (Hyatt, chess)",
             "Lazy SMP: " + ", ".join(cells), "same values as one thread (checked); nodes vary"]]
