"""The techniques study (issue 11): the technique ladder rung by rung on every
game, in the shape of Pons' steps; what the table costs per node; the rungs
that cost more than they save, read from their counters; and the
time-limited table (time_ladder.csv, benchmarks/time_ladder.c), with the
MCTS configs' playouts a second beside the ladder's nodes a second (issue
50; from results/apart/time_ladder.csv, measured apart, where the run's
time_ladder.csv predates the MCTS rows).  A game whose rows the run lacks
(Othello, issue 49) is tabled from results/apart/studies.csv, marked as
measured apart, when that file has it (shown(): the claims read the same).

The ladder's order is the study's rows of studies/studies.csv: each row's
baseline is the rung its config adds one technique to, and the study's
first config (negamax-ab) is the one every rung is also measured against.
"""
import os

from .common import (PlotTable, Section, col, comment_header, fci, fci_text, fint, fops, ftime, fx, mark, num,
                     ratio, read_csv, section_head, summed_time_ratio, table)

STUDY = "techniques"
TABLE_COST_LIMIT = 0.30  # issue 11: the table may cost at most 30% of the nodes per second
# A rung "costs more than it saves" when it needs this many times the nodes of
# the rung below (counts are exact: the margin only skips a rounding's worth),
# or saves nodes but takes more time: the 95% interval of its paired time gain
# lies below 1 (without pairs, this many times the time: beyond a shared
# machine's noise between two medians).
NODE_MARGIN = 1.01
TIME_MARGIN = 1.10
COUNTERS = ("nodes", "seconds_per_op", "tt_hits", "tt_cutoffs", "researches", "cutoffs", "first_move_cutoffs",
            "last_iteration_nodes", "id_iterations")


class Rung:
    """One rung's searches by position (copy-make), and its figures summed
    over `complete`, the positions measured for every rung (a quick run
    keeps the start only)."""

    def __init__(self, by_position, complete):
        self.by_position = by_position
        self.rows = [by_position.get(m) for m in complete]
        # A counter a run did not record (cutoffs before they were added) sums to None.
        values = {c: [col(r, c) if r is None or c in r else None for r in self.rows] for c in COUNTERS}
        self.sums = {c: sum(v) if v and None not in v else None for c, v in values.items()}
        self.rate = ratio(self.sums["nodes"], self.sums["seconds_per_op"])

    def __getitem__(self, column):
        return self.sums.get(column)

    def nodes_at(self, moves):
        return col(self.by_position.get(moves), "nodes")


def ladder(res, rows=None):
    """Per game, in the order of studies.csv: (spec, rungs, complete).  spec
    holds the game's depth, its rungs, each rung's baseline ("below") and the
    positions searched (moves; the games share positions, "" is the start).
    The measured rows are the run's (res.ok), or `rows` when given (the apart
    file's)."""
    specs = {}
    for r in res.study_rows:
        if r["study"] == STUDY:
            g = specs.setdefault(r["game"], {"depth": r["depth"], "below": {}, "positions": {}})
            g["below"].setdefault(r["config"], r["baseline"])
            g["positions"].setdefault(r["moves"])  # a dict as a set in file order
    measured = {(r["game"], r["moves"], r["config"], r["depth"]): r for r in (res.ok if rows is None else rows)
                if r["study"] == STUDY and r["state"] == "copy"}
    out = {}
    for game, spec in specs.items():
        spec["rungs"] = list(spec["below"])
        searches = {c: {m: measured.get((game, m, c, spec["depth"])) for m in spec["positions"]} for c in spec["rungs"]}
        complete = [m for m in spec["positions"] if all(by_position.get(m) for by_position in searches.values())]
        out[game] = spec, {c: Rung(by_position, complete) for c, by_position in searches.items()}, complete
    return out


def label(res, game, moves):
    return "start" if not moves else res.position_label(game, moves)


def gains(before, after):
    """'nodes / time': how many times fewer nodes and less time `after`
    needs than `before` (above 1 it pays), the time paired per repetition."""
    time = fci(summed_time_ratio(before.rows, after.rows), ratio(before["seconds_per_op"], after["seconds_per_op"]))
    return f"{fx(ratio(before['nodes'], after['nodes']), 2)} / {time}"


def ladder_table(res, game, spec, rungs, complete):
    base = spec["rungs"][0]
    timed = "start" if complete == [""] else f"{len(complete)} positions"
    header = (["rung", "adds to"] + [f"nodes: {label(res, game, m)}" for m in spec["positions"]] +
              [f"time ({timed})", "nodes/s", "gain over the rung below (nodes / time)",
               f"gain over {base} (nodes / time)", "table hits / cutoffs", "re-searches"])
    rows = []
    for config in spec["rungs"]:
        r, below, first = rungs[config], spec["below"][config], config == base
        rows.append([f"`{config}`", "–" if first else f"`{below}`"]
                    + [fint(r.nodes_at(m)) for m in spec["positions"]]
                    + [ftime(r["seconds_per_op"]), fops(r.rate), "–" if first else gains(rungs[below], r),
                       "–" if first else gains(rungs[base], r),
                       "–" if r["tt_hits"] is None else f"{fint(r['tt_hits'])} / {fint(r['tt_cutoffs'])}",
                       fint(r["researches"])])
    return table(header, rows, "ll" + "r" * (len(header) - 2))


def table_cost(spec, rungs):
    """ladder-tt's nodes per second against negamax-ab's: what the table costs per node.  Returns
    (the share's cell: '77% (75-79%)', the sentence).  The node counts are exact, so the share's
    pairs are the node ratio times the paired ratio of the summed times."""
    base = spec["rungs"][0]
    tt = next((c for c in spec["rungs"] if spec["below"][c] == base and c != base), None)
    if not tt or rungs[base].rate is None or rungs[tt].rate is None:
        return None, "table cost: not measured in this run."
    paired = summed_time_ratio(rungs[base].rows, rungs[tt].rows)
    nodes = rungs[tt]["nodes"] / rungs[base]["nodes"]
    if paired is None:
        share = rungs[tt].rate / rungs[base].rate
        cell = f"{share:.0%} (unpaired)"
    else:
        share = nodes * paired["median"]
        cell = f"{share:.0%} (n={paired['pairs']})" if paired["lo"] is None else \
            f"{share:.0%} ({nodes * paired['lo']:.0%}-{nodes * paired['hi']:.0%})"
    verdict = "within" if share >= 1 - TABLE_COST_LIMIT else "**beyond**"
    cost = f"costs {1 - share:.0%} per node" if share < 1 else "costs nothing measurable per node"
    return mark(cell), (
        f"Table cost: `{tt}` searches {fops(rungs[tt].rate)} nodes/s against `{base}`'s "
        f"{fops(rungs[base].rate)} over the same positions, {mark(cell)} of its rate: the table {cost}, "
        f"{verdict} the 30% issue 11 allows.")


def first_move_rate(r):
    """The first-move cut rate, with its counts: "96.4% (23,049 of 23,911)"."""
    return f"{ratio(r['first_move_cutoffs'], r['cutoffs']):.1%} ({fint(r['first_move_cutoffs'])} of {fint(r['cutoffs'])})"


def reading(config, below, r, b, game):
    """One sentence on a rung that needs more nodes than the rung below, from its counters."""
    head = f"`{config}` on {game} ({fint(b['nodes'])} → {fint(r['nodes'])} nodes)"
    last, last_below = r["last_iteration_nodes"], b["last_iteration_nodes"] or b["nodes"]
    if config.endswith("-id"):
        shallow = (r["nodes"] or 0) - (last or 0)
        verdict = ("the shallow passes cost more than the ordering they buy" if last < last_below else
                   "the ordering they give does not even shrink it")
        return (f"{head}: iterations 1..D-1 cost {fint(shallow)} nodes "
                f"({ratio(shallow, r['nodes']):.0%} of its search) and the last iteration, ordered by the table's "
                f"moves, needs {fint(last)} against `{below}`'s {fint(last_below)}: {verdict} (an entry of "
                f"another draft only orders, never cuts).")
    if config.endswith(("-killers", "-history")):
        what = "killer moves (refutations of a sibling)" if config.endswith("-killers") else \
            "history scores (cutoffs over the whole search)"
        shallow, shallow_below = r["nodes"] - last, b["nodes"] - last_below
        if last > last_below:
            return (f"{head}: {what} go before negamax-ab's own order, the value after each move, and the last "
                    f"iteration grows from {fint(last_below)} to {fint(last)} nodes: on {game} the order they "
                    f"replace appears to have been the better guess.")
        return (f"{head}: {what} go before negamax-ab's own order, the value after each move; the last iteration "
                f"shrinks from {fint(last_below)} to {fint(last)} nodes ({fx(ratio(last_below, last), 2)} fewer), "
                f"but the shallower iterations grow from {fint(shallow_below)} to {fint(shallow)} and outweigh it. "
                f"Which of their moves lose there, the counters do not say.")
    if config.endswith("-pvs"):
        head = (f"{head}: {fint(r['researches'])} null-window searches failed high and walked their subtree again "
                f"with the full window.")
        if r["cutoffs"] is None or b["cutoffs"] is None:  # a run before the counters
            return (f"{head} A likely reason, not measured (the run counts no first-move cutoffs): the first move "
                    f"is not the best often enough for the null windows to save what the re-searches cost.")
        return (f"{head} The first move searched made {first_move_rate(r)} of its cutoffs, against "
                f"{first_move_rate(b)} for `{below}`, whose order it keeps. How its "
                f"{fint(r['nodes'] - b['nodes'])} extra nodes divide between the re-searches and the rest, the "
                f"counters do not say.")
    if config.endswith("-mtdf"):
        return (f"{head}: {fint(r['researches'])} null-window passes beyond the first "
                f"of each iteration, each a full tree walk the table only partly answers (cutoffs "
                f"{fint(r['tt_cutoffs'])}).")
    if config.endswith("-aspiration"):
        misses = aspiration_bound(r)
        return (f"{head}: its re-search counter reads {fint(r['researches'])} against `{below}`'s "
                f"{fint(b['researches'])}, but it adds the window's misses to PVS's re-searches, so it does not "
                f"say how often the window missed: at most once an iteration after the first"
                + (f", {fint(misses)} times over these positions" if misses is not None else "")
                + ". Each miss searches the iteration again with the full window.")
    return (f"{head}: table hits {fint(r['tt_hits'])}, cutoffs {fint(r['tt_cutoffs'])}: "
            f"too few transpositions at this depth to repay the changed order.")


def aspiration_bound(rung):
    """The most misses an aspiration window can have over a rung's searches: one an iteration after the
    first (None without the iteration counts)."""
    iterations = [col(row, "id_iterations") for row in rung.rows]
    return None if not iterations or None in iterations else sum(max(0, i - 1) for i in iterations)


def slower(r, b):
    """A rung that needs fewer nodes than the rung below but more time: the paired time gain's 95% interval
    lies below 1 (without pairs, its median time is TIME_MARGIN times the rung below's).  Returns the time
    gain's summary (None without pairs), or False when it is not slower."""
    if None in (r["nodes"], b["nodes"], r.rate, b.rate) or r["nodes"] >= b["nodes"]:
        return False
    paired = summed_time_ratio(b.rows, r.rows)
    if paired:
        return paired if paired["hi"] is not None and paired["hi"] < 1 else False
    return None if r["seconds_per_op"] > TIME_MARGIN * b["seconds_per_op"] else False


def readings(spec, rungs, game):
    """Rungs that need more nodes than the rung below, then those that save
    nodes but lose time: their work per node costs more than the nodes they save."""
    more, slow = [], []
    for config in spec["rungs"][1:]:
        r, b = rungs[config], rungs[spec["below"][config]]
        if r["nodes"] is not None and b["nodes"] is not None and r["nodes"] > NODE_MARGIN * b["nodes"]:
            more.append("- " + reading(config, spec["below"][config], r, b, game))
        time = slower(r, b)
        if time is not False:
            gain = fci_text(time, ratio(b["seconds_per_op"], r["seconds_per_op"]))
            slow.append(f"- `{config}` on {game} saves nodes ({fint(b['nodes'])} → {fint(r['nodes'])}, "
                        f"{fx(ratio(b['nodes'], r['nodes']), 2)} fewer) but not time: {gain} in time, "
                        f"{fops(b.rate)} → {fops(r.rate)} nodes/s, its work per node costs more than the nodes it "
                        f"saves.")
    return more + slow


def glance(ladders, apart=()):
    """Every rung's node gain over the first rung, per game, from the start position; the games of
    `apart` (measured apart from the run: node counts are exact, so they sit in the same table) say so."""
    rungs = list(dict.fromkeys(c for spec, _, _ in ladders.values() for c in spec["rungs"]))
    rows = [[f"`{config}`"] + [fx(ratio(by_config[spec["rungs"][0]].nodes_at(""), by_config[config].nodes_at("")), 2)
                               for spec, by_config, _ in ladders.values()] for config in rungs]
    return table(["rung"] + [f"{g} (depth {spec['depth']}{', apart' if g in apart else ''})"
                             for g, (spec, _, _) in ladders.items()], rows)


APART = os.path.join("apart", "studies.csv")


def apart_ladders(res, games):
    """The ladders of `games` (those the run has no row of) from the apart file, results/apart/studies.csv:
    rows timed by studies_bench in a sitting of their own (its '#' header says how), for the games it
    measured.  A game the run measured is never taken from it: the run's own rows stand."""
    rows = [r for r in res.csv(APART, comments=True) if r["status"] == "ok" and r["game"] in games]
    return {game: entry for game, entry in ladder(res, rows).items()
            if game in games and any(row for rung in entry[1].values() for row in rung.by_position.values())}


def shown(res):
    """The ladders the report shows, and the games it names as not measured: (the run's measured games,
    the games it lacks that the apart file measured, the rest).  Each in the order of studies.csv."""
    ladders = ladder(res)
    # A game whose rows joined studies.csv after the run has no measured row of the run.
    unmeasured = [game for game, (_, rungs, _) in ladders.items()
                  if not any(row for rung in rungs.values() for row in rung.by_position.values())]
    apart = apart_ladders(res, unmeasured)
    return ({game: entry for game, entry in ladders.items() if game not in unmeasured}, apart,
            [game for game in unmeasured if game not in apart])


def game_part(res, game, spec, rungs, complete, apart):
    """One game's table, its table cost and readings; the text and its plot's table."""
    head = f"### {game}, depth {spec['depth']}" + (" (measured apart)" if apart else "")
    out = [head + "\n"]
    if apart:
        out.append(f"**Measured apart from this run** (`results/{APART}`): the same benchmark, positions and "
                   f"rungs. {comment_header(os.path.join(res.dir, APART))}\n")
    out.append(ladder_table(res, game, spec, rungs, complete) + "\n")
    if len(complete) < len(spec["positions"]):
        out.append(f"Sums over {', '.join(label(res, game, m) for m in complete) or 'no position'} only: "
                   f"the other positions were not measured in this run (a quick run keeps the start).\n")
    out.append(table_cost(spec, rungs)[1] + "\n")
    found = readings(spec, rungs, game)
    if found:
        out.append("Where a technique costs more than it saves:\n\n" + "\n".join(found) + "\n")
    return out, plot_table(res, game, spec, rungs)


def time_table(res):
    """time_ladder.csv: per game and config, the deepest completed iteration within each budget."""
    rows = res.csv("time_ladder.csv")
    if not rows:
        return "No time-limited table in this run.\n"
    budgets = sorted({int(r["budget_ms"]) for r in rows})
    runs = {int(r["budget_ms"]): r["runs"] for r in rows}
    cells = {}
    for r in rows:
        done = "*" if r["finished"] == "1" else ""
        cells.setdefault((r["game"], r["config"], r["deepening"]), {})[int(r["budget_ms"])] = (
            f"{fint(num(r['playouts']))} playouts{done} ({fint(num(r['nodes']))})" if r["deepening"] == "mcts"
            else f"{r['depth']}{done} ({fint(num(r['nodes']))})")
    header = ["game", "config", "deepened by"] + [
        f"{b} ms: depth (its nodes)" + (f", median of {runs[b]} runs" if runs[b] != "1" else "") for b in budgets]
    body = [[g, f"`{c}`", d] + [by.get(b, "–") for b in budgets] for (g, c, d), by in cells.items()]
    return table(header, body, "lll" + "r" * len(budgets)) + "\n"


TIME_LADDER_APART = os.path.join("apart", "time_ladder.csv")
SPEED_LADDER = "ladder-pvs"   # the rung the paradigm study sets against MCTS (studies/mcts_paradigm.csv)


def speed_table(res):
    """Issue 50's playouts a second beside the ladder's nodes a second: per game and budget, from the
    start, SPEED_LADDER's nodes a second and each MCTS config's playouts and nodes a second (the
    run's time_ladder.csv, or the apart file where the run predates the MCTS rows)."""
    rows, how = res.csv("time_ladder.csv"), ""
    if not any(r.get("deepening") == "mcts" for r in rows):
        path = os.path.join(res.dir, TIME_LADDER_APART)
        rows = read_csv(path, comments=True)
        how = ("This run's time_ladder.csv predates the MCTS rows; these are benchmarks/time_ladder run apart "
               f"from it (results/apart/time_ladder.csv): {comment_header(path)} ")
    mcts = [r for r in rows if r.get("deepening") == "mcts"]
    if not mcts:
        return ""

    def rate(r, column):
        seconds = num(r["seconds"])
        return num(r[column]) / seconds if seconds else None
    ladder = {(r["game"], r["budget_ms"]): r for r in rows if r["config"] == SPEED_LADDER}
    configs = list(dict.fromkeys(r["config"] for r in mcts))
    body = []
    for (game, budget) in dict.fromkeys((r["game"], r["budget_ms"]) for r in mcts):
        at = {r["config"]: r for r in mcts if r["game"] == game and r["budget_ms"] == budget}
        pvs = ladder.get((game, budget))
        body.append([game, budget, fops(rate(pvs, "total_nodes")) if pvs else "–"] +
                    [f"{fops(rate(at[c], 'playouts'))} ({fops(rate(at[c], 'nodes'))})" if c in at else "–"
                     for c in configs])
    return ("### Playouts a second beside nodes a second\n\n"
            f"From the start, within each budget: `{SPEED_LADDER}`'s nodes a second (every iteration's), and each "
            "MCTS config's playouts a second (its nodes a second in brackets: tree steps, playout plies and "
            "the hybrids' minimax nodes, docs/mcts.md), one search each, the median of its runs as above. "
            "Nodes a second over playouts a second is the nodes an iteration costs, its playout's plies among them. "
            "One search a budget, so these rates carry no spread: the ratio of two of them is no measured ratio. "
            + how + "\n\n" + table(["game", "budget ms", f"`{SPEED_LADDER}` nodes/s"] +
                                   [f"`{c}` playouts/s (nodes/s)" for c in configs], body) + "\n")


def plot_table(res, game, spec, rungs):
    """Nodes per rung, one column per position: plots/techniques.gp."""
    rows = [[c] + [rungs[c].nodes_at(m) for m in spec["positions"]] for c in spec["rungs"]]
    return PlotTable(f"techniques_{game}", ["rung"] + [label(res, game, m) for m in spec["positions"]], rows,
                     any(v for row in rows for v in row[1:]))


INTRO = ("The technique ladder of issue 11 in the shape of Pons' Connect Four steps: each rung adds one technique "
         "to the rung below (`prune configs`: a table, iterative deepening, killers, history, PVS; MTD(f) and "
         "aspiration windows beside them), searched at one depth per game (ttt its full depth; the others where "
         "`negamax-ab` takes about 0.1 s when the machine is quiet), from the start and from two middle-game "
         "positions (mid1, mid2: studies/positions.csv), copy-make. A gain above 1x means the rung needs fewer "
         "nodes (or less time) than the one below; times are medians of {reps} repetitions (studies/timing.csv) "
         "summed over the positions.\n")


def render(res, plots):
    ladders = ladder(res)
    measured = [row for _, rungs, _ in ladders.values() for rung in rungs.values()
                for row in rung.by_position.values() if row]
    out, stop = section_head(res, STUDY, "the technique ladder, rung by rung", bool(measured))
    reps = sorted({row["repetitions"] for row in measured if row.get("repetitions")})
    out.append(INTRO.format(reps=" to ".join(reps) if reps else "the run's"))
    if stop or not ladders:
        return Section("\n".join(out), [])
    # A game the run lacks is tabled from the apart file, or named once as not measured.
    ladders, apart, unmeasured = shown(res)
    out += ["### Every game at a glance: nodes from the start, gain over negamax-ab\n",
            glance({**ladders, **apart}, apart), ""]
    if apart:
        out.append(f"{', '.join(apart)}: measured apart from this run, below (`results/{APART}`).\n")
    if unmeasured:
        out.append(f"Not measured in this run: {', '.join(unmeasured)} (its rows of studies/studies.csv are "
                   "newer than the run; the next run measures them).\n")
    tables = []
    for game, (spec, rungs, complete) in {**ladders, **apart}.items():
        text, plot = game_part(res, game, spec, rungs, complete, game in apart)
        out += text
        if plot.keep:   # its plot is drawn only from data (scripts/report.py writes kept tables alone)
            out.append(f"![{game}: nodes per rung]({plots}/techniques_{game}.svg)\n")
        tables.append(plot)
    out += ["### The time-limited table\n",
            "From the start, the deepest iteration each config completes within the budget (`*`: the game's "
            "full depth reached) and that iteration's nodes. The ladder configs stop themselves (`--time-ms`); "
            "`negamax-ab` is deepened by benchmarks/time_ladder.c, a fresh search per depth. Wall-clock time on "
            "a shared machine: a depth either side is within noise." +
            (" An MCTS config has no depth: its cell gives the playouts it ran (`*`: it proved the root) and "
             "its nodes." if any(r.get("deepening") == "mcts" for r in res.csv("time_ladder.csv")) else "") + "\n",
            time_table(res), speed_table(res)]
    return Section("\n".join(out) + "\n", tables)


def summary(res):
    """The README row: what the table costs per node on each game."""
    shares = [(game, table_cost(spec, rungs)[0]) for game, (spec, rungs, _) in ladder(res).items()]
    shares = [f"{game} {cell}" for game, cell in shares if cell is not None]
    if not shares:
        return []
    return [["techniques (the ladder, every game)", "– (issue 11: the table within 30% of negamax-ab's nodes/s)",
             "ladder-tt nodes/s as a share of negamax-ab's: " + ", ".join(shares),
             "every rung equals minimax (oracle)"]]
