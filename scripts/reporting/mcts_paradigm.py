"""Which paradigm, where (issue 50): the best MCTS config against ladder-pvs, game by game, clock by clock.

The rows of studies/mcts_paradigm.csv, played apart from any run by
scripts/strength.py --rows studies/mcts_paradigm.csv into
results/apart/mcts_paradigm.csv, whose '#' header says how, when and at
which commit.  A clock is not reproducible, so the figures are one
sitting's on a quiet machine.  The plot: Elo against each clock's base
time, a series per game (plots/mcts_paradigm.gp draws it).
"""
import os

from .common import PlotTable, Section, comment_header, num, read_csv, table
from .match_stats import holm_tests
from .strength import interval_cell, pairs_of
from .strength_rows import limit_of

MATCHES = os.path.join("apart", "mcts_paradigm.csv")
TARGET_HALF_WIDTH = 10.0   # issue 50: each reading to +-10 Elo or better


def base_ms(limit):
    """tc=100+1 -> 100, tc=10+0.1 -> 10: the clock's base in milliseconds, the plot's x."""
    base = float(limit.split("=", 1)[1].split("+")[0])
    return int(base) if base.is_integer() else base


def half_width(row):
    low, high = num(row.get("elo_low")), num(row.get("elo_high"))
    return None if low is None or high is None else (high - low) / 2


def pair_seconds(row):
    """The thinking time of one pair, both sides: each side's moves × its mean move time, over the pairs."""
    moves = [num(x) for x in (row.get("moves") or "").split()]
    means = [num(x) for x in (row.get("move_ms_mean") or "").split()]
    if len(moves) != 2 or len(means) != 2 or None in moves + means or not pairs_of(row):
        return None
    return sum(m * t for m, t in zip(moves, means)) / 1000 / pairs_of(row)


def cell(row, test):
    """Elo and nElo, each +- half its interval, the pairs, and Holm's verdict in bold."""
    kept, adjusted = test
    elo = interval_cell(row, "elo")
    verdict = (f" **{'MCTS stronger' if num(row['elo']) > 0 else 'MCTS weaker'}** (Holm p {adjusted:.2g})"
               if kept else "")
    return f"{elo}; nElo {interval_cell(row, 'nelo')}; {pairs_of(row)} pairs{verdict}"


def paradigm_table(rows, tests):
    clocks = list(dict.fromkeys(limit_of(r) for r in rows))
    body = []
    for game in dict.fromkeys(r["game"] for r in rows):
        at = {limit_of(r): r for r in rows if r["game"] == game}
        body.append([game] + [cell(at[c], tests[id(at[c])]) if c in at else "–" for c in clocks])
    header = ["game"] + [f"`{c.split('=', 1)[1]}` ms" for c in clocks]
    return table(header, body, "l" + "l" * len(clocks))


def hours_text(hours):
    """Hours, to a tenth below ten ('0.7 hours') and whole above ('15 hours')."""
    return f"{hours:.1f} hours" if hours < 10 else f"{hours:,.0f} hours"


def target_note(rows):
    """Which readings meet issue 50's +-10 Elo, and what the others would need: pairs grow with the
    square of the ratio of half-widths (the pair variance held), and a score of 0 or 1 has no
    finite interval at any count."""
    met = [r for r in rows if (half_width(r) or 1e9) <= TARGET_HALF_WIDTH]
    open_ = [r for r in rows if half_width(r) is None]
    wide, need, hours = [], [], []
    for r in rows:
        w = half_width(r)
        if w is not None and w > TARGET_HALF_WIDTH:
            wide.append(f"{r['game']} at `{limit_of(r).split('=', 1)[1]}`")
            need.append(pairs_of(r) * (w / TARGET_HALF_WIDTH) ** 2)
            seconds = pair_seconds(r)
            if seconds is not None:
                hours.append(need[-1] * seconds / 3600)
    text = (f"**Precision.** Issue 50 asks for ±{TARGET_HALF_WIDTH:.0f} Elo a reading; {len(met)} of the "
            f"{len(rows)} readings meet it. ")
    if need:
        # One reading or several: the sentence names them, and gives a range only where there is one.
        pairs = (f"{need[0]:,.0f} pairs" if len(need) == 1
                 else f"{min(need):,.0f} to {max(need):,.0f} pairs each")
        text += (f"{'The one' if len(need) == 1 else f'The {len(need)}'} with a finite interval wider than "
                 f"that ({', '.join(wide)}) would need about {pairs} at "
                 f"{'its' if len(need) == 1 else 'their'} pair variance (pairs × (half-width "
                 f"/ {TARGET_HALF_WIDTH:.0f})²)")
        if len(hours) == len(need):
            text += (f": at the thinking time a pair took here (the summaries' moves × mean move time, both "
                     f"sides), {hours_text(sum(hours))} of one core"
                     + (f" in all, {hours_text(max(hours))} for the costliest reading. " if len(need) > 1 else ". "))
        else:
            text += ". "
    if open_:
        text += (f"{len(open_)} have an open end (a score so near 0 or 1 that the logistic curve gives no "
                 "finite bound: " + ", ".join(f"{r['game']} at `{limit_of(r).split('=', 1)[1]}`" for r in open_)
                 + "); more pairs bound such a reading only once the losing side scores, and nElo is the "
                 "reading that stays finite. ")
    return text + "\n"


def plot_table(rows):
    """Elo against the clock's base time, per game, with its bounds (a missing bound drawn at the figure)."""
    games = list(dict.fromkeys(r["game"] for r in rows))
    clocks = sorted(dict.fromkeys(limit_of(r) for r in rows), key=base_ms)
    header = ["base_ms"] + [f"{g}{suffix}" for g in games for suffix in ("", "_low", "_high")]
    at = {(r["game"], limit_of(r)): r for r in rows}
    body = []
    for clock in clocks:
        line = [base_ms(clock)]
        for g in games:
            r = at.get((g, clock))
            elo = num(r["elo"]) if r else None
            line += [elo] + ([elo if num(r[c]) is None else num(r[c]) for c in ("elo_low", "elo_high")]
                             if r else [None, None])
        body.append(line)
    return PlotTable("mcts_paradigm", header, body, bool(rows))


def render(res, plots):
    head = "## Which paradigm, at which clock (study `strength`)\n\n"
    path = os.path.join(res.dir, MATCHES)
    rows = read_csv(path, comments=True)
    if not rows:
        return Section(head + "Not measured: results/apart/mcts_paradigm.csv is missing (scripts/strength.py "
                       "--rows studies/mcts_paradigm.csv makes it).\n", [])
    tests = holm_tests(rows)
    return Section("".join([
        head, "The best Monte Carlo config, `mcts-implicit` (docs/mcts.md), against `ladder-pvs` on every game "
        f"at {len(set(limit_of(r) for r in rows))} clocks (BASE+INC: BASE ms a side, INC ms added after each move), over the strength study's "
        "books as they were at the commit the file's header names, every opening twice with colours swapped. "
        "Elo and nElo from `mcts-implicit`'s side, each ± "
        "half its 95% interval; bold: kept by Holm's correction at α = 0.05 over these "
        f"{len(rows)} matches, a family of their own. ", comment_header(path), "\n\n",
        paradigm_table(rows, tests), "\n\n", target_note(rows), "\n",
        f"![Elo of mcts-implicit against ladder-pvs against the clock's base time, per game]"
        f"({plots}/mcts_paradigm.svg)\n"]), [plot_table(rows)])


def summary(res):
    """The README row: the paradigm at each clock, a cell per game at the longest clock and how many
    readings Holm keeps (measured apart: the file's header says when)."""
    rows = read_csv(os.path.join(res.dir, MATCHES), comments=True)
    if not rows:
        return []
    tests = holm_tests(rows)
    clocks = set(limit_of(r) for r in rows)
    longest = max(clocks, key=base_ms)
    at = [r for r in rows if limit_of(r) == longest]
    kept_weaker = sum(tests[id(r)][0] and num(r["elo"]) < 0 for r in rows)
    kept_stronger = sum(tests[id(r)][0] and num(r["elo"]) > 0 for r in rows)
    cells = ", ".join(f"{r['game']} {interval_cell(r, 'elo')}" for r in at)
    return [["paradigm (MCTS against alpha-beta at a clock), measured apart (apart/mcts_paradigm.csv)", "–",
             f"`mcts-implicit` vs `ladder-pvs` at {longest.split('=', 1)[1]} ms: {cells}; of {len(rows)} matches "
             f"at {len(clocks)} clocks Holm keeps {kept_weaker} where MCTS is weaker, {kept_stronger} where it is "
             "stronger", "a clock: not reproducible (sittings on a quiet machine, the file's header names each)"]]
