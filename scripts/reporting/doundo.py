"""The doundo study: Do Do-Undo (Mini-Chess, copy-make against do-undo)."""
from .common import col, compare, fci, fci_text, fint, fops, ftime, median_or, num, study_section, table

STUDY = "doundo"
TITLE = "Do Do-Undo (Mini-Chess, copy-make against do-undo)"


@study_section(STUDY, TITLE, lambda res: any(r["study"] == STUDY for r in res.ok), "do-undo over copy-make")
def render(res, plots):
    searches = res.copy_undo(STUDY)
    out = ["The same search in both state modes (the node counts are checked equal). The post's figure is "
           "qualitative: do-undo is \"only a linear speedup, but it will be a big linear speedup\".\n"]
    header = ["config", "depth", "nodes", "copy-make", "do-undo", "undo speedup (95% interval)", "copy nodes/s",
              "undo nodes/s"]
    rows = [[f"`{r['config']}`", r["depth"], fint(col(r, "nodes")), ftime(col(r, "seconds_per_op")),
             ftime(col(u, "seconds_per_op")), fci(*compare(r, u)), fops(col(r, "nodes_per_second")),
             fops(col(u, "nodes_per_second"))] for r, u in searches]
    out.append(table(header, rows))
    # (paired summary, ratio of medians), slowest to fastest
    speedups = sorted((compare(r, u) for r, u in searches if u and compare(r, u)[1]),
                      key=lambda s: s[0]["median"] if s[0] else s[1])
    if speedups:
        (low_paired, low), (high_paired, high) = speedups[0], speedups[-1]
        out.append(f"\nReading: do-undo is {fci_text(low_paired, low)} to {fci_text(high_paired, high)} the speed of "
                   f"copy-make on Mini-Chess here: a linear factor, as the post says; how big it is depends on how "
                   f"much a copy and a recount of the material cost against the rest of the node's work. The "
                   f"comparison on every game is in the copy-against-undo section below.")
    plot_rows = [[f"{r['config']} d{r['depth']}", None, median_or(*compare(r, u)), 1.0] for r, u in searches]
    return out, plot_rows


def summary(res):
    """The README row: do-undo's speedup per search of the study."""
    parts = [f"{fci_text(*compare(r, u))} ({r['config']} depth {r['depth']})" for r, u in res.copy_undo(STUDY)]
    checked = all(num(r["copy_checked"]) == 1 for r in res.ok if r["study"] == STUDY and r["state"] == "undo")
    return [["doundo (Mini-Chess)", "do-undo \"a big linear speedup\"", ", ".join(parts) or "–",
             "identical trees" if parts and checked else "–"]]
