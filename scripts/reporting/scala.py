"""The scala study: Implementing Minimax in Scala (Dots and Boxes)."""
import studies

from .common import (Section, fci, fci_text, fint, ftime, fx, median_or, num, ratio, section_head, speedup_plot, table,
                     time_ratio)

STUDY = "scala"
# From the study's rows (studies/studies.csv): its one depth, its baseline, its configs.
DEPTH = studies.depths(STUDY)[0]
BASE = studies.baseline(STUDY)
TITLE = "Implementing Minimax in Scala (Dots and Boxes, naive and alpha-beta)"


def render(res, plots):
    out, stop = section_head(res, STUDY, TITLE, res.get("scala", "", BASE, "copy", DEPTH))
    if stop:
        return Section("\n".join(out), [])
    out.append("Empty 4x4-dot board, the Scala code's `maxDepth = 3` below each root child (depth 4 here), "
               "copy-make. The post gives no number beyond \"an order of magnitude faster\".\n")
    header = ["config", "reference nodes", "our nodes", "node ratio vs naive", "published time ratio",
              "our time", "our time ratio (95% interval)", "best", "value"]
    rows, plot_rows = [], []
    base_n = res.value("scala", "", BASE, "copy", DEPTH, "nodes")
    base_t = res.value("scala", "", BASE, "copy", DEPTH, "seconds_per_op")
    base = res.get("scala", "", BASE, "copy", DEPTH)
    for config in studies.configs(STUDY):
        r = res.get("scala", "", config, "copy", DEPTH)
        ref = res.pubnum("scala", "nodes", config=config, depth=DEPTH)
        n = num(r["nodes"]) if r else None
        t = num(r["seconds_per_op"]) if r else None
        published = "\"order of magnitude\"" if config == "alphabeta-scala" else "–"
        rows.append([f"`{config}`", fint(ref), fint(n), fx(ratio(base_n, n)), published, ftime(t),
                     fci(time_ratio(base, r), ratio(base_t, t)), r["best"] if r else "–",
                     fint(num(r["value"])) if r else "–"])
        if config != BASE:
            plot_rows.append([config, 10.0 if config == "alphabeta-scala" else None,
                              median_or(time_ratio(base, r), ratio(base_t, t)),
                              ratio(base_n, n)])
    out.append(table(header, rows, ["---"] + ["---:"] * 6 + ["---", "---:"]))
    slip = res.get("scala", "", "alphabeta-scala", "copy", DEPTH)
    naive = res.get("scala", "", BASE, "copy", DEPTH)
    if slip and naive and base_t:
        t_slip = num(slip["seconds_per_op"])
        same = slip["best"] == naive["best"] and slip["value"] == naive["value"]
        out.append(f"\nReading: the published alpha-beta is {fci_text(time_ratio(naive, slip), ratio(base_t, t_slip))} "
                   f"faster here against a node "
                   f"ratio of {fx(ratio(base_n, num(slip['nodes'])))}, which is the post's \"order of magnitude\". "
                   f"Its slip {'does not change' if same else 'changes'} the root's choice here "
                   f"(best {slip['best']}, value {slip['value']}; naive best {naive['best']}, value "
                   f"{naive['value']}); a correct alpha-beta (`alphabeta`) visits far fewer nodes.")
    out.append(f"\n![alpha-beta over naive]({plots}/speedup_scala.svg)\n")
    return Section("\n".join(out) + "\n", [speedup_plot(STUDY, plot_rows)])


def summary(res):
    """The README row: the published alpha-beta against the naive search."""
    naive = res.get(STUDY, "", BASE, "copy", DEPTH)
    slip = res.get(STUDY, "", "alphabeta-scala", "copy", DEPTH)
    if not naive or not slip:
        return [["scala (Dots and Boxes)", "alpha-beta \"an order of magnitude faster\"", "–", "–"]]
    medians = ratio(num(naive["seconds_per_op"]), num(slip["seconds_per_op"]))
    node_ratio = ratio(num(naive["nodes"]), num(slip["nodes"]))
    return [["scala (Dots and Boxes)", "alpha-beta \"an order of magnitude faster\"",
             f"{fci_text(time_ratio(naive, slip), medians)} (node ratio {fx(node_ratio)}), move {slip['best']}",
             f"{fint(num(naive['nodes']))} and {fint(num(slip['nodes']))}"]]
