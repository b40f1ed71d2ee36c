"""Copy-make against do-undo on every game: every study row in both state
modes."""
from .common import (Section, PlotTable, col, compare, fci, fci_text, fint, ftime, geomean, geomean_time_ratio,
                     median_or, table)


def searches(res):
    """Every measured search with its do-undo twin (the tictactoe rounds
    are single decisions, not studies of a search)."""
    return [(r, u) for r, u in res.copy_undo() if u and r["study"] != "tictactoe-rounds"]


def geomeans(res):
    """'game 1.23x (95% CI ...)' per game: the geometric mean of its speedups."""
    per_game = {}
    for r, u in searches(res):
        if compare(r, u)[1]:
            per_game.setdefault(r["game"], []).append((r, u))
    return ", ".join(f"{game} {fci_text(geomean_time_ratio(pairs), geomean(compare(r, u)[1] for r, u in pairs))}"
                     for game, pairs in per_game.items())


def render(res, plots):
    out = ["## Copy-make against do-undo on every game\n",
           "Every study row is run in both state modes; the node counts are checked equal (a change of state "
           "mode keeps the search order). Speedup = copy-make time / do-undo time; above 1, do-undo is faster. "
           "Each speedup is the median of the repetitions' pairs with its 95% interval; a game's geometric "
           "mean is taken per repetition over its rows, and its interval comes from those.\n"]
    rows, plot_rows = [], []
    for r, u in searches(res):
        position = res.position_label(r["game"], r["moves"])
        label = f"{r['game']} {r['config']}{'' if position == 'start' else ' ' + position} d{r['depth']}"
        rows.append([r["game"], f"`{r['config']}`", position, r["depth"], fint(col(r, "nodes")),
                     ftime(col(r, "seconds_per_op")), ftime(col(u, "seconds_per_op")), fci(*compare(r, u))])
        plot_rows.append([label, median_or(*compare(r, u))])
    if not rows:
        return Section("\n".join(out + ["No results.\n"]), [])
    out.append(table(["game", "config", "position", "depth", "nodes", "copy-make", "do-undo", "speedup"], rows,
                     "lll" + "r" * 5))
    out.append(f"\nGeometric mean per game: {geomeans(res)}. Tree configs keep one position per node in copy-make "
               "mode and replay moves down the tree in do-undo mode, so do-undo saves memory there but not always "
               "time.")
    out.append(f"\n![copy against undo]({plots}/copy_undo.svg)\n")
    return Section("\n".join(out) + "\n", [PlotTable("copy_undo", ["label", "speedup"], plot_rows, True)])


def summary(res):
    """The README row: do-undo over copy-make, geometric mean per game."""
    found = geomeans(res)
    return [["copy-make against do-undo, every game", "–", found + " (geometric means)", "identical trees"]] \
        if found else []
