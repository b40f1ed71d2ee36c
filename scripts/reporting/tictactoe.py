"""The tictactoe study: Understanding Game Trees, part 3 (tic-tac-toe in
Python): the first move, and the decision time per round of the scripted
games (tictactoe_games.csv, benchmarks/ttt_rounds.c)."""
import statistics

from .common import (PlotTable, col, compare, fci, fci_text, fint, fms, ftime, fx, mark, median_or, num,
                     published_ratio, ratio, scaled, study_section, summed_time_ratio, table)

STUDY = "tictactoe"
TITLE = "Understanding Game Trees, part 3 (tic-tac-toe in Python)"
# The blog's four columns: (computer, config).
COLUMNS = (("first", "minimax"), ("second", "minimax"), ("first", "alphabeta"), ("second", "alphabeta"))
COLUMN_NAMES = ["first, plain", "second, plain", "first, alpha-beta", "second, alpha-beta"]
OPPONENTS = {
    "perfect": "plays the move plain minimax plays (first best move, full depth): every game is a draw",
    "blocker-centre": "wins if it can, else blocks the computer's open line, else takes the centre, then the "
                      "first free corner (0, 2, 6, 8), then the first free edge",
    "blocker-lowest": "wins if it can, else blocks, else plays the lowest free square",
    "blocker-random": "wins if it can, else blocks, else plays a free square chosen by a seeded splitmix64 "
                      "generator (fixed seeds)",
}


def ttt_rounds(res):
    """round -> {(computer, config): (published ms, our mean ms, games, mean nodes, the decisions' timed
    rows)}, for rounds 1 to 5 in order, each with every column (None where there is no figure)."""
    by_name = {r["benchmark"]: r for r in res.ok}
    table_rows = {}
    for round_number in range(1, 6):
        for computer, config in COLUMNS:
            published = res.pubnum(STUDY, "round_ms", config=config, note=f"computer {computer}, round {round_number},")
            decisions = [g for g in res.games if g["computer"] == computer and g["config"] == config
                         and g["round"] == str(round_number)]
            timed = [by_name[g["benchmark"]] for g in decisions if g["benchmark"] in by_name]
            times = [num(r["seconds_per_op"]) for r in timed]
            nodes = [num(g["nodes"]) for g in decisions]
            ours = statistics.mean(times) * 1e3 if times and len(times) == len(decisions) else None
            table_rows.setdefault(round_number, {})[(computer, config)] = (
                published, ours, len(decisions), statistics.mean(nodes) if nodes else None, timed)
    return table_rows


@study_section(STUDY, TITLE, lambda res: res.get(STUDY, "minimax", 9))
def render(res, plots):
    rounds = ttt_rounds(res)
    first, speed_rows = first_move(res, rounds[1])
    text, rounds_plot = rounds_tables(rounds)
    header = ["round"] + [f"{side}_{config}_{who}" for side, config in COLUMNS for who in ("published", "ours")]
    return ([first, text, f"\n![decision time per round]({plots}/ttt_rounds.svg)\n"], speed_rows,
            PlotTable("ttt_rounds", header, rounds_plot, bool(rounds_plot)))


def first_searches(res):
    """The first move's two searches (full depth): minimax, alpha-beta."""
    return res.get(STUDY, "minimax", 9), res.get(STUDY, "alphabeta", 9)


def first_move(res, round1):
    """The first move from the empty board: the post's speedup against ours."""
    minimax, alpha = first_searches(res)
    pm, pa = (round1[("first", config)][0] for config in ("minimax", "alphabeta"))
    sp = res.pubnum(STUDY, "speedup_round1")
    nm, na = col(minimax, "nodes"), col(alpha, "nodes")
    tm, ta = col(minimax, "seconds_per_op"), col(alpha, "seconds_per_op")
    speedup = compare(minimax, alpha)
    cost = scaled(speedup[0], ratio(nm, na), invert=True), ratio(ratio(ta, na), ratio(tm, nm))
    out = ["The first move from the empty board (computer first, full depth), copy-make:\n", table(
        ["config", "published", "ours", "reference nodes", "our nodes", "our time per node"],
        [[f"`{config}`", f"{fms(p, True)} ms", ftime(t), fint(res.pubnum(STUDY, 'nodes', config=config, depth=9)),
          fint(n), ftime(ratio(t, n))] for config, p, t, n in (("minimax", pm, tm, nm), ("alphabeta", pa, ta, na))]
        + [["ratio", fx(sp, 2) + " (time)", fci(*speedup) + " (time)", "",
            fx(ratio(nm, na), 2) + " (nodes)", fci(*cost) + " (alpha-beta node / minimax node)"]])]
    if sp and nm and na and tm and ta:
        out.append(f"\nReading: alpha-beta visits {fx(ratio(nm, na), 2)} fewer nodes, but the published speedup is "
                   f"a time ratio, {fx(sp, 2)}: on the post's own figures (its author's M1) an alpha-beta call took "
                   f"{fx(ratio(ratio(pa, na), ratio(pm, nm)), 2)} as long as a plain call. "
                   + peer_calls(res, nm, na) + f"In prune the per-node cost ratio is {fci_text(*cost)}, so our time "
                   f"ratio is {fci_text(*speedup)}.")
    return "\n".join(out), [["alphabeta d9", sp, median_or(*speedup), ratio(nm, na)]]


def peer_calls(res, nm, na):
    """His code run here (peer_ttt-python.csv, the same counts on both sides): its time per call, alpha-beta
    against plain, from the means of its timed runs ("" when the peer did not run)."""
    rows = {r["config"]: r for r in res.csv("peer_ttt-python.csv")}
    m, a = rows.get("minimax"), rows.get("alphabeta")
    if not (m and a and col(m, "peer_nodes") == nm and col(a, "peer_nodes") == na):
        return ""
    per_call = ratio(ratio(col(a, "peer_mean_s"), na), ratio(col(m, "peer_mean_s"), nm))
    verdict = ("so the published ratio is not explained by what a call of his code costs" if per_call < 1.5 else
               "close to the post's")
    return (f"His code run here (peer ttt-python below, the same counts) takes {ftime(col(a, 'peer_mean_s'))} for "
            f"{fint(na)} alpha-beta calls and {ftime(col(m, 'peer_mean_s'))} for {fint(nm)} plain ones, "
            f"{mark(fx(per_call, 2))} as long a call (the means of its timed runs), a time ratio of "
            f"{mark(fx(ratio(col(m, 'peer_mean_s'), col(a, 'peer_mean_s'))))}: {verdict}. ")


def rounds_tables(rounds):
    """Decision time and nodes per round (ttt_rounds), and the reading of their shape."""
    rows, plot_rows = [], []
    for round_number, cells in rounds.items():
        row, plot_row = [round_number], [round_number]
        for published, ours, n, *_ in (cells[key] for key in COLUMNS):
            row.append("" if published is None and ours is None else
                       f"{fms(published, True)} / {fms(ours)}" + (f" (n={n})" if n and n != 4 else ""))
            plot_row += [published, ours]
        rows.append(row)
        plot_rows.append(plot_row)
    out = ["\nDecision time per round in the blog's shape: milliseconds per decision, published (Python, the "
           "author's M1, mean of 4 games against a human) and ours (prune, the median of our repetitions of "
           "each decision, mean over the 4 scripted opponents' games; n = games that reached the round). Round "
           "r is the computer's r-th move; the computer searches at full depth (depth = empty squares).\n",
           table(["round"] + [f"{name} (pub / ours)" for name in COLUMN_NAMES], rows),
           "\nMean nodes per decision (ours; the time per round follows them):\n",
           table(["round"] + COLUMN_NAMES,
                 [[n] + [fint(cells[key][3]) for key in COLUMNS] for n, cells in rounds.items()]),
           "\nThe scripted opponents (the post does not say what the human played):\n",
           "\n".join(f"- `{name}`: {text}." for name, text in OPPONENTS.items()),
           "\nThe games, decision by decision, are in `tictactoe_games.csv`."]
    reading = rounds_reading(rounds)
    if reading:
        out.append(reading)
    return "\n".join(out), plot_rows


def mean_time_ratio(cell_a, cell_b):
    """Two cells' mean decision times' ratio, a over b, paired (summed_time_ratio
    over their decisions, scaled from sums to means), else from the means."""
    paired = summed_time_ratio(cell_a[4], cell_b[4]) if len(cell_a[4]) == cell_a[2] and \
        len(cell_b[4]) == cell_b[2] else None
    return scaled(paired, ratio(cell_b[2], cell_a[2])), ratio(cell_a[1], cell_b[1])


def rounds_reading(rounds):
    """Round 1 against round 2 and computer first against second."""
    first, second, first2 = rounds[1][("first", "minimax")], rounds[1][("second", "minimax")], \
        rounds[2][("first", "minimax")]
    (fp, fo), (sp2, so), (fp2, fo2) = first[:2], second[:2], first2[:2]
    if not (fp and fo and sp2 and so):
        return None
    line = "\nReading: the shape is the blog's: round 1 dominates"
    if fp2 and fo2:
        line += (f" (computer first, plain: round 2 is {fx(fp / fp2)} cheaper than round 1 published and "
                 f"{fci_text(*mean_time_ratio(first, first2))} here)")
    return line + (f"; computer second starts one ply deeper, so its round 1 is {fx(fp / sp2)} cheaper than "
                   f"computer first's published and {fci_text(*mean_time_ratio(first, second))} here. Absolute "
                   f"times differ by the factor between CPython on the author's M1 laptop and C on this machine, "
                   f"two different machines: "
                   f"{fci_text(published_ratio(fp, first[4], first[2] / 1e3), fp / fo, 0)} on round 1, plain (the "
                   f"post's time is one figure, so the interval covers our repetitions only). "
                   f"Late rounds search a handful of nodes, so their times are mostly the fixed cost of a search call.")


def summary(res):
    """The README row: alpha-beta over minimax on the first move."""
    minimax, alpha = first_searches(res)
    nm, na = col(minimax, "nodes"), col(alpha, "nodes")
    return [["tictactoe", f"alpha-beta {fx(res.pubnum(STUDY, 'speedup_round1'))} faster (time)",
             f"{fci_text(*compare(minimax, alpha))} time, {fx(ratio(nm, na))} nodes", f"{fint(nm)} and {fint(na)}"]]
