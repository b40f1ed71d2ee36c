"""The doundo study: Do Do-Undo (Mini-Chess, copy-make against do-undo)."""
from .common import (Section, fci, fci_text, fint, fops, ftime, median_or, num, ratio, section_head, speedup_plot,
                     table, time_ratio)

STUDY = "doundo"
TITLE = "Do Do-Undo (Mini-Chess, copy-make against do-undo)"


def render(res, plots):
    out, stop = section_head(res, STUDY, TITLE, any(r["study"] == "doundo" and r["status"] == "ok" for r in res.rows))
    if stop:
        return Section("\n".join(out), [])
    out.append("The same search in both state modes (the node counts are checked equal). The post's figure is "
               "qualitative: do-undo is \"only a linear speedup, but it will be a big linear speedup\".\n")
    header = ["config", "depth", "nodes", "copy-make", "do-undo", "undo speedup (95% interval)", "copy nodes/s",
              "undo nodes/s"]
    rows, plot_rows = [], []
    for r in (r for r in res.rows if r["study"] == "doundo" and r["state"] == "copy" and r["status"] == "ok"):
        u = res.get("doundo", r["moves"], r["config"], "undo", r["depth"])
        tc, tu = num(r["seconds_per_op"]), num(u["seconds_per_op"]) if u else None
        rows.append([f"`{r['config']}`", r["depth"], fint(num(r["nodes"])), ftime(tc), ftime(tu),
                     fci(time_ratio(r, u), ratio(tc, tu)),
                     fops(num(r["nodes_per_second"])), fops(num(u["nodes_per_second"])) if u else "–"])
        plot_rows.append([f"{r['config']} d{r['depth']}", None, median_or(time_ratio(r, u), ratio(tc, tu)), 1.0])
    out.append(table(header, rows, ["---", "---:"] + ["---:"] * 6))
    speedups = [(ratio(num(r["seconds_per_op"]), num(u["seconds_per_op"])), time_ratio(r, u))
                for r in res.rows if r["study"] == "doundo" and r["state"] == "copy" and r["status"] == "ok"
                for u in [res.get("doundo", r["moves"], r["config"], "undo", r["depth"])] if u]
    speedups = sorted((s for s in speedups if s[0]), key=lambda s: s[1]["median"] if s[1] else s[0])
    if speedups:
        low, high = speedups[0], speedups[-1]
        out.append(f"\nReading: do-undo is {fci_text(low[1], low[0])} to {fci_text(high[1], high[0])} the speed of "
                   f"copy-make "
                   f"on Mini-Chess here: a linear factor, as the post says; how big it is depends on how much a "
                   f"copy and a recount of the material cost against the rest of the node's work. The comparison on "
                   f"every game is in the copy-against-undo section below.")
    out.append(f"\n![do-undo over copy-make]({plots}/speedup_doundo.svg)\n")
    return Section("\n".join(out) + "\n", [speedup_plot(STUDY, plot_rows)])


def summary(res):
    """The README row: do-undo's speedup per search of the study."""
    parts = []
    for r in res.rows:
        if r["study"] != STUDY or r["state"] != "copy" or r["status"] != "ok":
            continue
        undo = res.get(STUDY, r["moves"], r["config"], "undo", r["depth"])
        medians = ratio(num(r["seconds_per_op"]), num(undo["seconds_per_op"])) if undo else None
        parts.append(f"{fci_text(time_ratio(r, undo), medians)} ({r['config']} depth {r['depth']})")
    checked = all(num(r["copy_checked"]) == 1 for r in res.rows
                  if r["study"] == STUDY and r["state"] == "undo" and r["status"] == "ok")
    return [["doundo (Mini-Chess)", "do-undo \"a big linear speedup\"", ", ".join(parts) or "–",
             "identical trees" if parts and checked else "–"]]
