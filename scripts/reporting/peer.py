"""prune against minimaxer 3.2.3 on the same machine: the peer's counts and
rates beside prune's, and the paired windows of peers/minimaxer/peer_ab.py."""
from .common import Section, PlotTable, col, fci, fci_text, fint, fops, fx, geomean, num, table


def render(res, plots):
    out = ["## prune against minimaxer 3.2.3 (same machine, same session)\n"]
    if not res.peer:
        return Section("\n".join(out + ["**Not measured in this run** (the peer did not run).\n"]), [])
    first = res.peer[0]
    out.append(f"The Minimaxer library {first['minimaxer_version']} (pinned in peers/minimaxer/package.json) on "
               f"Node.js {first['node_version']}, with a mancala written from docs/kalah.md "
               f"(peers/minimaxer/mancala.mjs), runs the same searches right after prune's minimaxer study. One "
               f"operation builds a fresh root and tree and searches it. Counts must be equal, and are checked.\n")
    header = ["config", "depth", "created (minimaxer / prune)", "evals (minimaxer / prune)", "equal",
              "minimaxer op/s", "prune op/s (copy)", "prune / minimaxer (paired windows where measured)",
              "prune op/s (undo)"]
    order = res.tree_configs("minimaxer")
    peer = sorted(res.peer, key=lambda r: (int(r["depth"]), order.index(r["config"]) if r["config"] in order
                                           else len(order)))
    # Each search's row of peer_ab.csv (its paired windows' ratio), or None (the two separate medians' ratio).
    windows = {(r["config"], r["depth"]): r for r in res.peer_ab}
    paired = [windows.get((r["config"], r["depth"])) for r in peer]
    rows = [[f"`{r['config']}`", r["depth"], f"{fint(col(r, 'minimaxer_created'))} / {fint(col(r, 'prune_created'))}",
             f"{fint(col(r, 'minimaxer_evals'))} / {fint(col(r, 'prune_evals'))}", r["counts_equal"],
             fops(col(r, "minimaxer_ops_per_second")), fops(col(r, "prune_ops_per_second")),
             window_ratio(w, cell=True) if w else fci(None, col(r, "ratio"), 1),
             fops(col(r, "prune_undo_ops_per_second"))] for r, w in zip(peer, paired)]
    out += [table(header, rows, "lrrrlrrrr"), headline_peer(res)]
    ratios = [num(r["ratio"]) for r in res.peer if num(r["ratio"])]
    if all(paired):
        medians = [num(w["ratio_median"]) for w in paired]
        out.append(f"Across all {len(medians)} searches the paired windows put prune {fx(min(medians))} to "
                   f"{fx(max(medians))} faster (each with its interval above), with identical trees: the difference "
                   f"is the cost per node, not the search.")
    elif ratios:
        out.append(f"Across all {len(ratios)} searches the separate medians put prune {fx(min(ratios))} to "
                   f"{fx(max(ratios))} faster (geometric mean {fx(geomean(ratios))}, unpaired), with identical trees: "
                   f"the difference is the cost per node, not the search.")
    out += [section_peer_ab(res), f"\n![prune against minimaxer]({plots}/peer_minimaxer.svg)\n"]
    plot_rows = [[f"{r['config'].replace('tree-', '')} d{r['depth']}", col(r, "minimaxer_ops_per_second"),
                  col(r, "prune_ops_per_second")] for r in peer]
    return Section("\n".join(out) + "\n", [PlotTable("peer_minimaxer", ["label", "minimaxer", "prune"], plot_rows,
                                                     bool(plot_rows))])


def headline_rows(res):
    """tree-optimal at depth 6: its row of peer_ab.csv and of peer_minimaxer.csv (None when absent)."""
    return [next((r for r in rows if r["config"] == "tree-optimal" and r["depth"] == "6"), None)
            for rows in (res.peer_ab, res.peer)]


def window_range(r):
    return f"{fx(num(r['ratio_min']))} to {fx(num(r['ratio_max']))}"


def headline_peer(res):
    """tree-optimal at depth 6 against minimaxer: the paired-window median
    when peers/minimaxer/peer_ab.py ran (it is the steadier figure on a shared
    machine), else the ratio of the two separate medians above."""
    paired, opt6 = headline_rows(res)
    if paired:
        return (f"\nHeadline: `tree-optimal` at depth 6 is {window_ratio(paired)} minimaxer's speed, the median of "
                f"{paired['pairs']} paired windows (range {window_range(paired)}; prune "
                f"{fops(num(paired['prune_ops_per_second']))} and minimaxer "
                f"{fops(num(paired['minimaxer_ops_per_second']))} searches per second).")
    if opt6 and num(opt6["ratio"]):
        return (f"\nHeadline: `tree-optimal` at depth 6 runs {fops(num(opt6['prune_ops_per_second']))} searches "
                f"per second in prune and {fops(num(opt6['minimaxer_ops_per_second']))} in minimaxer: "
                f"{fci(None, num(opt6['ratio']), 1)}.")
    return ""


def window_ratio(r, cell=False):
    """A row of peer_ab.csv's ratio with its 95% interval (cell: the short
    form).  Every run with a manifest, the only runs report.py reads, has
    the interval's columns: they came before the manifest."""
    summary = {"pairs": int(r["pairs"]), "median": num(r["ratio_median"]), "lo": num(r["ratio_lo"]),
               "hi": num(r["ratio_hi"])}
    return fci(summary, digits=1) if cell else fci_text(summary, digits=1)


def section_peer_ab(res):
    """The paired-window measurement of peers/minimaxer/peer_ab.py, when it ran."""
    if not res.peer_ab:
        return ""
    header = ["config", "depth", "pairs", "prune op/s (median)", "minimaxer op/s (median)",
              "ratio (median of pairs, 95% interval)", "ratio range"]
    rows = [[f"`{r['config']}`", r["depth"], r["pairs"], fops(num(r["prune_ops_per_second"])),
             fops(num(r["minimaxer_ops_per_second"])), window_ratio(r, cell=True), window_range(r)]
            for r in res.peer_ab]
    return ("\nMeasured in paired windows (peers/minimaxer/peer_ab.py): a warmed-up minimaxer process and prune time "
            "the same search for one short window each, one right after the other, so that the machine's drift "
            "hits both; the pairs are spread over several node processes (each one draw of the JIT). The figure "
            "is the median of the pairs' ratios with its 95% interval (order statistics), and the range shows how "
            "noisy the machine was.\n\n" + table(header, rows))


def summary(res):
    """The README row: the headline ratio, and whether the counts were equal."""
    if not res.peer:
        return []
    paired, opt6 = headline_rows(res)
    measured = "–"
    if paired:
        measured = (f"tree-optimal depth 6: {window_ratio(paired)}, median of {paired['pairs']} paired windows "
                    f"(range {window_range(paired)})")
    elif opt6 and num(opt6["ratio"]):
        measured = fci_text(None, num(opt6["ratio"]), 1)
    equal = all(r["counts_equal"] == "yes" for r in res.peer)
    return [["prune against minimaxer 3.2.3", "–", measured, "equal, checked live" if equal else "**counts differ**"]]
