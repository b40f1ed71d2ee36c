"""Copy-make against do-undo on every game: every study row in both state
modes."""
from .common import (Section, PlotTable, fci, fci_text, fint, ftime, geomean, geomean_time_ratio, median_or, num,
                     ratio, table, time_ratio)


def render(res, plots):
    out = ["## Copy-make against do-undo on every game\n",
           "Every study row is run in both state modes; the node counts are checked equal (a change of state "
           "mode keeps the search order). Speedup = copy-make time / do-undo time; above 1, do-undo is faster. "
           "Each speedup is the median of the repetitions' pairs with its 95% interval; a game's geometric "
           "mean is taken per repetition over its rows, and its interval comes from those.\n"]
    rows, plot_rows, per_game, pairs_per_game = [], [], {}, {}
    for r in res.rows:
        if r["status"] != "ok" or r["state"] != "copy" or r["study"] == "tictactoe-rounds":
            continue
        u = res.get(r["study"], r["moves"], r["config"], "undo", r["depth"])
        if not u:
            continue
        s = ratio(num(r["seconds_per_op"]), num(u["seconds_per_op"]))
        per_game.setdefault(r["game"], []).append(s)
        pairs_per_game.setdefault(r["game"], []).append((r, u))
        position = res.position_label(r["game"], r["moves"])
        label = f"{r['game']} {r['config']}{'' if position == 'start' else ' ' + position} d{r['depth']}"
        rows.append([r["game"], f"`{r['config']}`", position, r["depth"],
                     fint(num(r["nodes"])), ftime(num(r["seconds_per_op"])), ftime(num(u["seconds_per_op"])),
                     fci(time_ratio(r, u), s)])
        plot_rows.append([label, median_or(time_ratio(r, u), s)])
    if not rows:
        return Section("\n".join(out + ["No results.\n"]), [])
    out.append(table(["game", "config", "position", "depth", "nodes", "copy-make", "do-undo", "speedup"], rows,
                     ["---", "---", "---", "---:", "---:", "---:", "---:", "---:"]))
    out.append("\nGeometric mean per game: " +
               ", ".join(f"{g} {fci_text(geomean_time_ratio(pairs_per_game[g]), geomean(v))}"
                         for g, v in per_game.items()) +
               ". Tree configs keep one position per node in copy-make mode and replay moves down the tree in "
               "do-undo mode, so do-undo saves memory there but not always time.")
    out.append(f"\n![copy against undo]({plots}/copy_undo.svg)\n")
    return Section("\n".join(out) + "\n", [PlotTable("copy_undo", ["label", "speedup"], plot_rows, True)])


def summary(res):
    """The README row: do-undo over copy-make, geometric mean per game."""
    per_game, pairs_per_game = {}, {}
    for r in res.rows:
        if r["status"] != "ok" or r["state"] != "copy" or r["study"] == "tictactoe-rounds":
            continue
        undo = res.get(r["study"], r["moves"], r["config"], "undo", r["depth"])
        speedup = ratio(num(r["seconds_per_op"]), num(undo["seconds_per_op"])) if undo else None
        if speedup:
            per_game.setdefault(r["game"], []).append(speedup)
            pairs_per_game.setdefault(r["game"], []).append((r, undo))
    if not per_game:
        return []
    return [["copy-make against do-undo, every game", "–",
             ", ".join(f"{game} {fci_text(geomean_time_ratio(pairs_per_game[game]), geomean(v))}"
                       for game, v in per_game.items()) + " (geometric means)",
             "identical trees"]]
