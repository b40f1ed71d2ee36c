"""The tictactoe study: Understanding Game Trees, part 3 (tic-tac-toe in
Python): the first move, and the decision time per round of the scripted
games (tictactoe_games.csv, benchmarks/ttt_rounds.c)."""
import statistics

from .common import (Section, PlotTable, fci, fci_text, fint, fms, ftime, fx, median_or, num, ratio, section_head,
                     speedup_plot, table, time_ratio)

STUDY = "tictactoe"
TITLE = "Understanding Game Trees, part 3 (tic-tac-toe in Python)"
# The blog's four columns: (computer, config).
COLUMNS = (("first", "minimax"), ("second", "minimax"), ("first", "alphabeta"), ("second", "alphabeta"))
OPPONENTS = {
    "perfect": "plays the move plain minimax plays (first best move, full depth): every game is a draw",
    "blocker-centre": "wins if it can, else blocks the computer's open line, else takes the centre, then the "
                      "first free corner (0, 2, 6, 8), then the first free edge",
    "blocker-lowest": "wins if it can, else blocks, else plays the lowest free square",
    "blocker-random": "wins if it can, else blocks, else plays a free square chosen by a seeded splitmix64 "
                      "generator (fixed seeds)",
}


def ttt_rounds(res):
    """round -> {(computer, config): (published ms, our mean ms, games, mean nodes)}"""
    by_name = {r["benchmark"]: r for r in res.rows if r["status"] == "ok"}
    table_rows = {}
    for round_number in range(1, 6):
        for computer in ("first", "second"):
            for config in ("minimax", "alphabeta"):
                published = res.pubnum("tictactoe", "round_ms", config=config,
                                       note=f"computer {computer}, round {round_number},")
                decisions = [g for g in res.games if g["computer"] == computer and g["config"] == config
                             and g["round"] == str(round_number)]
                times = [num(by_name[g["benchmark"]]["seconds_per_op"]) for g in decisions if g["benchmark"] in by_name]
                nodes = [num(g["nodes"]) for g in decisions]
                ours = statistics.mean(times) * 1e3 if times and len(times) == len(decisions) else None
                table_rows.setdefault(round_number, {})[(computer, config)] = (
                    published, ours, len(decisions), statistics.mean(nodes) if nodes else None)
    return table_rows


def render(res, plots):
    out, stop = section_head(res, STUDY, TITLE, res.get("tictactoe", "", "minimax", "copy", 9))
    if stop:
        return Section("\n".join(out), [])
    first, speed_rows = first_move(res)
    out.append(first)
    rounds, rounds_plot = rounds_tables(res)
    out.append(rounds)
    out.append(f"\n![decision time per round]({plots}/ttt_rounds.svg)\n")
    header = ["round"] + [f"{side}_{config}_{who}" for side, config in COLUMNS for who in ("published", "ours")]
    return Section("\n".join(out) + "\n", [speedup_plot(STUDY, speed_rows),
                                            PlotTable("ttt_rounds", header, rounds_plot, bool(rounds_plot))])


def minimax_over_alphabeta(res):
    """minimax's time over alpha-beta's on the first move, paired."""
    return time_ratio(res.get(STUDY, "", "minimax", "copy", 9), res.get(STUDY, "", "alphabeta", "copy", 9))


def first_move(res):
    """The first move from the empty board: the post's speedup against ours."""
    out = []
    pm = res.pubnum("tictactoe", "round_ms", config="minimax", note="computer first, round 1,")
    pa = res.pubnum("tictactoe", "round_ms", config="alphabeta", note="computer first, round 1,")
    sp = res.pubnum("tictactoe", "speedup_round1")
    nm = res.value("tictactoe", "", "minimax", "copy", 9, "nodes")
    na = res.value("tictactoe", "", "alphabeta", "copy", 9, "nodes")
    tm = res.value("tictactoe", "", "minimax", "copy", 9, "seconds_per_op")
    ta = res.value("tictactoe", "", "alphabeta", "copy", 9, "seconds_per_op")
    out.append("The first move from the empty board (computer first, full depth), copy-make:\n")
    out.append(table(["config", "published", "ours", "reference nodes", "our nodes", "our time per node"], [
        ["`minimax`", f"{fms(pm, True)} ms", ftime(tm),
         fint(res.pubnum('tictactoe', 'nodes', config='minimax', depth=9)),
         fint(nm), ftime(ratio(tm, nm))],
        ["`alphabeta`", f"{fms(pa, True)} ms", ftime(ta),
         fint(res.pubnum('tictactoe', 'nodes', config='alphabeta', depth=9)),
         fint(na), ftime(ratio(ta, na))],
        ["ratio", fx(sp, 2) + " (time)", fci(minimax_over_alphabeta(res), ratio(tm, ta)) + " (time)", "",
         fx(ratio(nm, na), 2) + " (nodes)",
         fx(ratio(ratio(ta, na), ratio(tm, nm)), 2) + " (alpha-beta node / minimax node)"],
    ], ["---", "---:", "---:", "---:", "---:", "---:"]))
    if sp and nm and na and tm and ta:
        out.append(f"\nReading: alpha-beta visits {fx(ratio(nm, na), 2)} fewer nodes, but the published speedup is "
                   f"a time ratio, {fx(sp, 2)}: in the Python code an alpha-beta call costs "
                   f"{fx(ratio(nm, na) / sp, 2)} as much as a plain call. In prune the per-node cost ratio is "
                   f"{fx(ratio(ratio(ta, na), ratio(tm, nm)), 2)}, so our time ratio is "
                   f"{fci_text(minimax_over_alphabeta(res), ratio(tm, ta))}.")
    return "\n".join(out), [["alphabeta d9", sp, median_or(minimax_over_alphabeta(res), ratio(tm, ta)), ratio(nm, na)]]


def rounds_tables(res):
    """Decision time and nodes per round, and the reading of their shape."""
    out = []
    rounds = ttt_rounds(res)
    out.append("\nDecision time per round in the blog's shape: milliseconds per decision, published (Python, the "
               "author's M1, mean of 4 games against a human) and ours (prune, the median of our repetitions of "
               "each decision, mean over the 4 scripted opponents' games; n = games that reached the round). Round "
               "r is the computer's r-th move; the computer searches at full depth (depth = empty squares).\n")
    header = ["round", "first, plain (pub / ours)", "second, plain (pub / ours)", "first, alpha-beta (pub / ours)",
              "second, alpha-beta (pub / ours)"]
    rows, plot_rows = [], []
    for round_number, cells in sorted(rounds.items()):
        row = [round_number]
        plot_row = [round_number]
        for computer, config in COLUMNS:
            published, ours, n, _ = cells[(computer, config)]
            if published is None and ours is None:
                row.append("")
            else:
                row.append(f"{fms(published, True)} / {fms(ours)}" + (f" (n={n})" if n and n != 4 else ""))
            plot_row += [published, ours]
        rows.append(row)
        plot_rows.append(plot_row)
    out.append(table(header, rows))
    node_rows = []
    for round_number, cells in sorted(rounds.items()):
        node_rows.append([round_number] + [fint(cells[key][3]) for key in COLUMNS])
    out.append("\nMean nodes per decision (ours; the time per round follows them):\n")
    out.append(table(["round", "first, plain", "second, plain", "first, alpha-beta", "second, alpha-beta"], node_rows))
    out.append("\nThe scripted opponents (the post does not say what the human played):\n")
    out.append("\n".join(f"- `{name}`: {text}." for name, text in OPPONENTS.items()))
    out.append("\nThe games, decision by decision, are in `tictactoe_games.csv`.")
    reading = rounds_reading(rounds)
    if reading:
        out.append(reading)
    return "\n".join(out), plot_rows


def rounds_reading(rounds):
    """Round 1 against round 2 and computer first against second."""
    r1 = rounds.get(1, {})
    if r1:
        fp, fo = r1[("first", "minimax")][:2]
        sp2, so = r1[("second", "minimax")][:2]
        if fp and fo and sp2 and so:
            fp2, fo2 = rounds.get(2, {}).get(("first", "minimax"), (None, None))[:2]
            line = "\nReading: the shape is the blog's: round 1 dominates"
            if fp2 and fo2:
                line += (f" (computer first, plain: round 2 is {fx(fp / fp2)} cheaper than round 1 published and "
                         f"{fx(fo / fo2)} here)")
            line += (f"; computer second starts one ply deeper, so its round 1 is {fx(fp / sp2)} cheaper than "
                     f"computer first's published and {fx(fo / so)} here. Absolute times differ by the factor "
                     f"between CPython on the author's laptop and C here ({fx(fp / fo)} on round 1, plain). Late "
                     f"rounds search a handful of nodes, so their times are mostly the fixed cost of a search call.")
            return line
    return None


def summary(res):
    """The README row: alpha-beta over minimax on the first move."""
    nm = res.value(STUDY, "", "minimax", "copy", 9, "nodes")
    na = res.value(STUDY, "", "alphabeta", "copy", 9, "nodes")
    tm = res.value(STUDY, "", "minimax", "copy", 9, "seconds_per_op")
    ta = res.value(STUDY, "", "alphabeta", "copy", 9, "seconds_per_op")
    return [["tictactoe", f"alpha-beta {fx(res.pubnum(STUDY, 'speedup_round1'))} faster (time)",
             f"{fci_text(minimax_over_alphabeta(res), ratio(tm, ta))} time, {fx(ratio(nm, na))} nodes",
             f"{fint(nm)} and {fint(na)}"]]
