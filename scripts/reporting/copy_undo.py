"""Copy-make against do-undo on every game: every study row the run measured
in both state modes."""
from .common import (Section, PlotTable, col, compare, fci, fci_text, fint, ftime, geomean, geomean_time_ratio, mark,
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


def coverage(res):
    """How many of the run's measured rows are searches run in both state modes, and which studies' rows are
    copy-make only."""
    pairs = res.copy_undo()
    alone = [r for r, u in pairs if not u]
    studies = list(dict.fromkeys(r["study"] for r in alone))
    both = len(pairs) - len(alone)
    return (f"Of the run's {len(res.ok)} measured rows, {2 * both} are {both} searches run in both state modes"
            + (f"; the other {len(alone)} ({', '.join(studies)}) are copy-make only." if alone else "."))


def tree_reading(res):
    """The tree configs' rows: do-undo faster or slower, from their speedups."""
    tree = [compare(r, u) for r, u in searches(res) if r["family"] == "tree" and compare(r, u)[1]]
    if not tree:
        return ""
    medians = [median_or(*c) for c in tree]
    slower = sum(1 for paired, fallback in tree if (paired["hi"] if paired and paired["hi"] else fallback) < 1)
    return (f"Tree configs keep one position per node in copy-make mode and replay moves down the tree in do-undo "
            f"mode: do-undo is slower on {slower} of their {len(tree)} rows (the 95% interval below 1), its speedups "
            f"{mark(f'{min(medians):.2f}x')} to {mark(f'{max(medians):.2f}x')}. What either mode keeps in memory, "
            f"this run does not record.")


def render(res, plots):
    out = ["## Copy-make against do-undo on every game\n",
           coverage(res) + " The node counts are checked equal (a change of state "
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
    out.append(f"\nGeometric mean per game: {geomeans(res)}. " + tree_reading(res))
    out.append(f"\n![copy against undo]({plots}/copy_undo.svg)\n")
    return Section("\n".join(out) + "\n", [PlotTable("copy_undo", ["label", "speedup"], plot_rows, True)])


def summary(res):
    """The README row: do-undo over copy-make, geometric mean per game."""
    found = geomeans(res)
    return [["copy-make against do-undo, every game", "–", found + " (geometric means)", "identical trees"]] \
        if found else []
