"""The strength study (issue 20 item 6): each ladder rung's playing strength
in Elo at a fixed node budget per move, against negamax-ab and against the
rung it builds on, on every game; read beside the techniques section's node
and time tables (the same rungs at a fixed depth).

The matches are studies/strength.csv's rows (scripts/studies.py); the run's
strength.csv holds their counts and statistics (scripts/strength.py, from
`prune match --json`), strength_time.csv the fixed-time variant of a --long
run.  Elo is the logistic model's, its 95% interval from the pentanomial
variance of the game pairs (docs/strength.md).
"""
import studies

from . import techniques
from .common import PlotTable, Section, col, fx, mark, num, ratio, table

STUDY = "strength"
BASE = "negamax-ab"


def felo(value):
    """An Elo as '+147' (never '-0': a rounding to zero has no sign)."""
    return "0" if round(value) == 0 else f"{value:+.0f}"


def cell(row):
    """'+147 ± 182 (80)': the Elo, half its 95% interval's width, the games.
    The interval is not symmetric (the logistic curve): a side at a score of
    0 or 1 has no finite bound, shown as its finite bound alone."""
    elo, low, high = (col(row, c) for c in ("elo", "elo_low", "elo_high"))
    if elo is None:
        return "–"
    if low is None or high is None:
        bound = f"≥ {felo(low)}" if low is not None else (f"≤ {felo(high)}" if high is not None else "unbounded")
        return f"{felo(elo)}, interval {bound} ({row['games']})"
    return f"{felo(elo)} ± {(high - low) / 2:.0f} ({row['games']})"


def decided(row):
    """+1 when the interval lies above 0, -1 below, 0 when it holds 0 (or is missing)."""
    low, high = num(row["elo_low"]), num(row["elo_high"])
    if low is None and high is None:
        return (num(row["score"]) > 0.5) - (num(row["score"]) < 0.5)
    return 1 if low is not None and low > 0 else -1 if high is not None and high < 0 else 0


def node_gains(res):
    """Per (game, rung): its node gain over the rung below at the techniques
    study's depth, summed over the positions that run measured (None when absent)."""
    return {(game, config): ratio(rungs[spec["below"][config]]["nodes"], rungs[config]["nodes"])
            for game, (spec, rungs, complete) in techniques.ladder(res).items() if complete
            for config in spec["rungs"]}


def game_readings(game, rows, gains, budget):
    """Sentences on what a reader would not expect from the node tables."""
    if rows and all(r["wins"] == "0" and r["losses"] == "0" for r in rows):
        return [f"- Every match on {game} is drawn, game after game: at {budget} nodes a move every sound "
                f"config plays {game} perfectly, so no technique can show a difference in strength here."]
    out = []
    for r in (r for r in rows if r["b"] != BASE and decided(r) < 0):
        gain = gains.get((game, r["a"]))
        if gain is not None and gain > 1:
            out.append(f"- `{r['a']}` saves nodes over `{r['b']}` at a fixed depth ({fx(gain, 2)}) but loses "
                       f"strength against it at {budget} nodes a move ({cell(r)}): the nodes it saves on one "
                       f"search do not become a deeper or better move within the budget.")
        else:
            cost = "" if gain is None else \
                f" (it needs {fx(ratio(1, gain), 2)} the nodes of `{r['b']}` at a fixed depth)"
            out.append(f"- `{r['a']}` loses to the rung it builds on, `{r['b']}`, at {budget} nodes a move "
                       f"({cell(r)}){cost}: within the budget what it adds costs more than it buys.")
    for verdict, how in ((-1, "weaker than"), (0, "not shown stronger than")):
        named = [f"`{r['a']}` ({cell(r)})" for r in rows if r["b"] == BASE and decided(r) == verdict]
        if named:
            these, save = ("These rungs are", "they save") if len(named) > 1 else ("This rung is", "it saves")
            out.append(f"- {these} {how} `{BASE}` on {game} at {budget} nodes a move: {', '.join(named)}. What "
                       f"{save} at a fixed depth does not turn into better moves within this budget on {game}"
                       + (" (or the interval is too wide to say: more pairs would tell)." if verdict == 0 else "."))
    return out


def plot_table(games, rungs, vs_base):
    """Elo against negamax-ab per rung, then for each game its Elo and bounds: plots/strength.gp."""
    header = ["rung"] + [f"{g}{suffix}" for g in games for suffix in ("", "_low", "_high")]
    rows = [[rung] + [v for g in games for v in elo_bar(vs_base.get((g, rung)))] for rung in rungs]
    return PlotTable("strength", header, rows, bool(vs_base))


def elo_bar(row):
    """A match's Elo and its bar's ends; an unbounded side (a score of 0 or 1) is drawn without its bar."""
    if not row:
        return [None, None, None]
    elo = num(row["elo"])
    return [elo] + [elo if num(row[c]) is None else num(row[c]) for c in ("elo_low", "elo_high")]


def time_section(res):
    rows = res.csv("strength_time.csv")
    if not rows:
        return ("The fixed-time variant (each match at `time_ms` a move, studies/strength.csv) runs only in "
                "`scripts/reproduce.sh --long`; this run did not.\n")
    # The clock decides each move here, so a busy machine moves these figures: they carry the noisy mark.
    body = [[r["game"], f"`{r['a']}`", f"`{r['b']}`", mark(cell(r))] for r in rows]
    return (f"At {rows[0]['limit_value']} ms a move (not reproducible: the clock decides each move's depth):\n\n"
            + table(["game", "rung", "against", "Elo ± interval (games)"], body, "lllr") + "\n")


def render(res, plots):
    rows = res.csv("strength.csv")
    out = [f"## {STUDY}: what each rung is worth in Elo at a fixed node budget\n"]
    if not rows:
        return Section("\n".join(out + ["**Not measured in this run:** no strength.csv.\n"]), [])
    budget = f"{int(num(rows[0]['limit_value'])):,}"
    out.append(f"Each rung of the ladder plays `{BASE}` and the rung it builds on (studies/strength.csv) at "
               f"{budget} nodes a move, over the game's committed openings (studies/openings/), every opening "
               "twice with colours swapped, seed 1: exact, reproducible, whatever the machine's load. A cell is "
               "the rung's Elo, ± half its 95% interval (from the pentanomial variance of the pairs), and the "
               "games played; positive means the rung is stronger. Read it beside the techniques section: the "
               "same rungs' nodes and times at a fixed depth. docs/strength.md has the rules.\n")
    gains = node_gains(res)
    opponents = studies.strength_opponents()
    by = {(r["game"], r["a"], r["b"]): r for r in rows}
    vs_base = {(r["game"], r["a"]): r for r in rows if r["b"] == BASE}
    games = list(dict.fromkeys(r["game"] for r in rows))
    rungs = list(dict.fromkeys(r["a"] for r in rows))
    for game in games:
        out.append(f"### {game}, {budget} nodes a move\n")
        body = []
        for rung, against in opponents.get(game, {}).items():
            below = next((b for b in against if b != BASE), BASE)
            body.append([f"`{rung}`", cell(vs_base.get((game, rung))), f"`{below}`", cell(by.get((game, rung, below))),
                         fx(gains.get((game, rung)), 2)])
        out.append(table(["rung", f"vs `{BASE}`: Elo ± interval (games)", "the rung below",
                          "vs the rung below: Elo ± interval (games)", "node gain over the rung below (techniques)"],
                         body, "lrlrr") + "\n")
        found = game_readings(game, [r for r in rows if r["game"] == game], gains, budget)
        if found:
            out.append("\n".join(found) + "\n")
    out += [f"![Elo of each rung against {BASE}, per game]({plots}/strength.svg)\n", "### The fixed-time variant\n",
            time_section(res)]
    return Section("\n".join(out) + "\n", [plot_table(games, rungs, vs_base)])


def summary(res):
    """The README row: the top rung against negamax-ab on each game."""
    rows = res.csv("strength.csv")
    vs_base = [r for r in rows if r["b"] == BASE]
    if not vs_base:
        return []
    top = vs_base[-1]["a"]
    cells = [f"{r['game']} {cell(r)}" for r in vs_base if r["a"] == top]
    return [[f"strength (Elo at {int(num(rows[0]['limit_value'])):,} nodes a move)", "– (issue 20)",
             f"`{top}` vs `{BASE}`: " + ", ".join(cells), "exact under node budgets (seeded)"]]
