"""The solver's threads (part of the pons study; docs/connect4.md, "Threads").

First the run's own machine: scripts/connect4_threads.py's threads.csv, one
position solved on one thread and on the machine's others, paired.  Then
`prune solve --threads` against c4 on the empty board, thread count by thread
count, beside the published speedups of studies/parallel_published.csv
(Hyatt's DTS).  The figures come from a machine with more cores than the run's,
lent once: results/lent/xeon16_connect4_threads.csv (peers/c4/compare.py's
rows, one per thread count, mode and prune's table, the machine named in its
comments), and from the same machine results/lent/xeon16_solver_threads.csv
(connect4_threads.py's pairs on one position).  Neither is part of any run:
scripts/reproduce.py carries results/lent/ from run to run, and this section
says so.  c4 on the run's own machine is in the
peers section's c4 rows when the run had c4's checkout.

Speedup is a program's time on 1 thread over its time on N: two unpaired
whole-process means, one run each at most counts, so no interval.  The
nodes against one thread's are the search overhead that threads pay.
"""
import studies

from .common import Section, fint, num, table

LENT = "lent/xeon16_connect4_threads.csv"
POSITION_LENT = "lent/xeon16_solver_threads.csv"   # connect4_threads.py's rows, the same machine


def render(res, plots):
    return Section(own_machine(res.csv("threads.csv")) + section(res.csv(LENT, comments=True),
                                                               res.csv(POSITION_LENT, comments=True)), [])


def own_machine(rows, head="## Threads on this run's machine (study `pons`)\n\n",
                source="scripts/connect4_threads.py"):
    if not rows:
        return head + "Not run in this reproduction (no threads.csv).\n\n"
    header = ["threads", "time", "nodes", "speedup (lowest-highest pair)", "nodes / 1 thread", "pairs"]
    body = []
    for r in rows:
        spread = f" ({r['speedup_low']}-{r['speedup_high']})" if r["speedup_low"] else ""
        body.append([r["threads"], f"{num(r['seconds']):.2f} s", fint(num(r["nodes"])), r["speedup"] + "x" + spread,
                     r["node_ratio"], r["pairs"]])
    first = rows[0]
    return "".join([
        head,
        f"Position `{first['position']}`, strong, `prune solve connect4 --threads N` with the default step "
        f"(`{first['config']}`) at its 64 MiB table, on {first['cpu']} ({source}): a fresh "
        "process a solve, each count alternating with a one-thread run; times are prune's own timer of the search "
        "(medians), a speedup is the median of the pairs' one-thread over N-thread times with the lowest and "
        "highest pair, too few pairs for a 95% interval.\n\n",
        table(header, body, "rrrrrr"), "\n\n",
    ])


def machine(rows):
    """The CPU and the most threads the rows ran (one a core on the lent machine)."""
    return f"{rows[0].get('cpu', '?')}, {max(int(r['prune_threads']) for r in rows)} cores"


def default_table(r):
    """Whether a row has prune at its default 64 MiB table (the scaling table's rows; the others are at c4's
    memory)."""
    return r["prune_table"].endswith("(64 MiB)")


def section(rows, position_rows):
    head = "## Threads: the solver on 16 cores, beside c4 and DTS (study `pons`)\n\n"
    strong = {int(r["prune_threads"]): r for r in rows
              if r["mode"] == "strong" and r["position"] == "start" and default_table(r)}
    if 1 not in strong:
        return head + f"No measurement on a machine of many cores ({LENT} is missing or has no 1-thread row).\n"
    published = {p["processors"]: p["speedup"] for p in studies.parallel_published() if p["scheme"] == "DTS"}
    base = strong[1]
    p1, c1 = num(base["prune_mean_s"]), num(base["peer_mean_s"])
    n1, m1 = num(base["prune_nodes"]), num(base["peer_nodes"])
    header = ["threads", "prune: time", "prune: nodes", "prune: speedup", "prune: nodes / 1 thread",
              "c4: time", "c4: nodes", "c4: speedup", "c4: nodes / 1 thread", "prune / c4 time", "pairs",
              "DTS (Hyatt, chess)"]
    body = []
    for t in sorted(strong):
        r = strong[t]
        pt, ct, pn, cn = (num(r[c]) for c in ("prune_mean_s", "peer_mean_s", "prune_nodes", "peer_nodes"))
        body.append([str(t), f"{pt:.1f} s", fint(pn), f"{p1 / pt:.2f}x", f"{pn / n1:.2f}", f"{ct:.1f} s", fint(cn),
                     f"{c1 / ct:.2f}x", f"{cn / m1:.2f}", f"{pt / ct:.2f}", r["pairs"],
                     f"{published[t]:.1f}x" if t in published else "–"])
    top = max(strong)
    others = [r for r in rows if r["position"] == "start" and (r["mode"] == "weak" or not default_table(r))]
    other_text = "".join(
        f" {r['mode'].capitalize()} on {r['prune_threads']} threads with prune's table at "
        f"{r['prune_table'].split('(')[-1].rstrip(')')}: prune {num(r['prune_mean_s']):.2f} s in "
        f"{fint(num(r['prune_nodes']))} nodes, c4 {num(r['peer_mean_s']):.2f} s in {fint(num(r['peer_nodes']))}, "
        f"prune {num(r['prune_mean_s']) / num(r['peer_mean_s']):.2f}x c4's time, {r['pairs']} pairs." for r in others)
    pt, ct = num(strong[top]["prune_mean_s"]), num(strong[top]["peer_mean_s"])
    return "".join([
        head,
        f"The empty 7x6 board solved strong by `prune solve connect4 --threads N` (the default step, "
        f"`{base['config']}`, at its default 64 MiB table) and by c4 built for N threads (his 1 GB table), on a "
        f"machine lent once ({machine(rows)}; `results/{LENT}` names it and is not part of this run). Times are "
        "whole processes, the mean of the row's pairs (alternating prune and c4), and nodes the row's first "
        "pair's (threads' counts vary from run to run); a speedup is a program's own "
        "1-thread time over its N-thread time, one run each but where the pairs column says more, so it has no "
        "interval. The nodes against one thread's are what the threads searched in all, the search overhead. "
        "DTS is Hyatt's chess speedup to the same depth (studies/parallel_published.csv), a different game and "
        "scheme, for scale.\n\n",
        table(header, body, "rrrrrrrrrrrr"), "\n\n",
        f"On {top} threads prune's speedup is {p1 / pt:.2f}x and c4's {c1 / ct:.2f}x; prune takes "
        f"{pt / ct:.2f}x c4's time there, against {p1 / c1:.2f}x on one thread.{other_text}\n\n",
        own_machine(position_rows, "### The same machine, one position in pairs\n\n",
                    f"scripts/connect4_threads.py --variant full; `results/{POSITION_LENT}`") if position_rows else "",
    ])
