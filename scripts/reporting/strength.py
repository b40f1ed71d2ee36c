"""The strength study (issue 29 item 5): what each ladder rung is worth in
Elo, against the rung it builds on and against negamax-ab, on every game, at
each limit a move the run played (a node budget; in --long also a larger
budget and two clocks).

The run's strength.csv holds one row per match (scripts/strength.py, from
`prune match --json` merged over its shards): the counts, the pentanomial,
Elo and normalized Elo with their 95% intervals, and the bias counts.  A
table set is the tables of one limit; its family of readings is every match
in it, and a reading is written only when its interval survives Holm's
step-down correction over that family at ALPHA (docs/strength.md).  This
module reads that CSV alone: nothing here imports the runner.
"""
import math

from .common import PlotTable, Section, mark, num, table

STUDY = "strength"
BASE = "negamax-ab"
ALPHA = 0.05
REGULARISED = 0.001   # an empty pentanomial count, as match/elo.c reads it (fishtest's)
SCORES = (0, 0.25, 0.5, 0.75, 1)
# Fewer pairs than this are not tested (p = 1, still counted in the family): the normal approximation
# behind the interval needs pairs, and with one or two the regularised empty counts make any one-sided
# match look decisive (a --quick run's matches).
MIN_PAIRS = 20


def limit_of(row):
    """The match's limit as studies/strength.csv writes it (nodes=2000, tc=20+1); an older run's
    strength.csv has limit and limit_value apart (nodes 5000, time 10)."""
    if "=" in row["limit"]:
        return row["limit"]
    return f"{row['limit']}={row.get('limit_value', '')}"


def limit_text(limit):
    """'2,000 nodes a move', 'a clock of 20 ms + 1 ms a move', '10 ms a move'."""
    kind, value = limit.split("=", 1)
    if kind == "nodes":
        return f"{int(value):,} nodes a move"
    if kind == "tc":
        base, inc = value.split("+")
        return f"a clock of {base} ms + {inc} ms a move (each side)"
    return f"{value} ms a move"


def exact(limit):
    return limit.startswith("nodes=")


def pentanomial(row):
    """The five pair counts (LL LD DD WD WW), or None."""
    cells = (row.get("pentanomial") or "").split()
    return [int(c) for c in cells] if len(cells) == 5 else None


def p_value(row):
    """The two-sided p-value of Elo = 0 for the match: z = (mu - 1/2) / sqrt(var / pairs) on the
    regularised pentanomial (match/elo.c's mu, var and pairs), so that p < 0.05 exactly when the
    95% interval excludes 0.  1 without counts, and for a match of fewer than MIN_PAIRS pairs."""
    counts = pentanomial(row)
    if not counts or sum(counts) < MIN_PAIRS:
        return 1.0
    n = [c if c else REGULARISED for c in counts]
    pairs = sum(n)
    mu = sum(c * a for c, a in zip(n, SCORES)) / pairs
    var = sum(c * (a - mu) ** 2 for c, a in zip(n, SCORES)) / pairs
    if var <= 0:
        return 1.0
    return math.erfc(abs(mu - 0.5) / math.sqrt(var / pairs) / math.sqrt(2))


def holm(p_values, alpha=ALPHA):
    """Holm's step-down over a family: (survives, adjusted p) for each p-value, in the given order.
    The i-th smallest p (from 0) is compared with alpha / (m - i), stopping at the first that is
    above; the adjusted p is the running maximum of (m - i) p, at most 1."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out, running, rejecting = [None] * m, 0.0, True
    for rank, i in enumerate(order):
        rejecting = rejecting and p_values[i] <= alpha / (m - rank)
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = (rejecting, running)
    return out


def felo(value):
    """An Elo as '+147' (never '-0': a rounding to zero has no sign)."""
    return "0" if round(value) == 0 else f"{value:+.0f}"


def interval(row, prefix):
    """'+147 ± 18': the figure and half its 95% interval's width; the interval is not symmetric
    (the logistic curve), and a side at a score of 0 or 1 has no finite bound: its finite bound alone."""
    value, low, high = (num(row.get(prefix + c)) for c in ("", "_low", "_high"))
    if value is None:
        return "–"
    if low is None or high is None:
        bound = f"≥ {felo(low)}" if low is not None else (f"≤ {felo(high)}" if high is not None else "unbounded")
        return f"{felo(value)}, interval {bound}"
    return f"{felo(value)} ± {(high - low) / 2:.0f}"


def share(count, total):
    """count / total as '12.3%', '–' when either is missing."""
    count, total = num(count), num(total)
    return "–" if count is None or not total else f"{100 * count / total:.1f}%"


def per_side(row, column):
    """A per-side summary field ('3 1': A, B) as two numbers, or None."""
    cells = [num(c) for c in (row.get(column) or "").split()]
    return cells if len(cells) == 2 and None not in cells else None


def move_times(row):
    """'A 4.4 / 13.9, B 4.3 / 18.1': each side's mean and longest move, ms."""
    mean, longest = per_side(row, "move_ms_mean"), per_side(row, "move_ms_max")
    if not mean or not longest:
        return "–"
    return mark(", ".join(f"{side} {m:.1f} / {x:.1f}" for side, m, x in zip("AB", mean, longest)))


def overruns(row):
    """'A 87%, B 86%; 0 / 0': the moves past their allotted time, then the games lost on time, per side."""
    over, moves, lost = per_side(row, "overruns"), per_side(row, "moves"), per_side(row, "time_losses")
    if not over or not lost:
        return "–"
    shares = ", ".join(f"{side} {share(o, m)}" if moves else f"{side} {o:.0f}"
                       for side, o, m in zip("AB", over, moves or (None, None)))
    return f"{shares}; {lost[0]:.0f} / {lost[1]:.0f}"


def capped_share(row):
    capped, adjudicated = num(row.get("capped")), num(row.get("adjudicated"))
    if capped is None and adjudicated is None:
        return "–"
    return share((capped or 0) + (adjudicated or 0), row["games"])


def verdict(row):
    if not row.get("llr"):
        return "–"
    return f"{num(row['llr']):.2f}" + (f" ({row['verdict']})" if row.get("verdict") else "")


def holds_zero(row):
    """Whether the match's 95% Elo interval holds 0 (a side without a finite bound is open that way)."""
    low, high = num(row.get("elo_low")), num(row.get("elo_high"))
    return (low is None or low <= 0) and (high is None or high >= 0)


def is_self(row):
    """A side against itself: a sanity line, not a reading (outside Holm's family)."""
    return row["a"] == row["b"]


def match_table(rows, limit, tests):
    """One game's ladder table at one limit: a row per match, in the rows' order."""
    clock = not exact(limit)
    sprt = any(r.get("llr") for r in rows)
    header = ["rung", "against", "Elo ± 95%", "nElo ± 95%", "games", "LL LD DD WD WW", "draws", "colour-decided",
              "capped or adjudicated", "Holm (adjusted p)"]
    header += ["LLR (verdict)"] if sprt else []
    header += ["move ms: mean / max", "moves overrun; games lost on time (A / B)"] if clock else []
    body = []
    for r in rows:
        survives, adjusted = tests.get(id(r), (False, None))
        tested = ("– (self-play)" if is_self(r) else f"– (under {MIN_PAIRS} pairs)"
                  if sum(pentanomial(r) or [0]) < MIN_PAIRS else
                  f"{'**survives**' if survives else 'no'} ({adjusted:.2g})")
        elo, nelo = interval(r, "elo"), interval(r, "nelo")
        line = [f"`{r['a']}`", f"`{r['b']}`", elo if not clock else mark(elo), nelo if not clock else mark(nelo),
                r["games"], r.get("pentanomial") or "–", share(r["draws"], r["games"]),
                share(r.get("colour_decided"), num(r["games"]) / 2 if num(r["games"]) else None), capped_share(r),
                tested]
        line += [verdict(r)] if sprt else []
        if clock:
            line += [move_times(r), overruns(r)]
        body.append(line)
    return table(header, body, "ll" + "r" * (len(header) - 2))


def readings(limit, rows, tests):
    """The readings of one table set: the family, what survives Holm, what excludes 0 without surviving."""
    family = [r for r in rows if not is_self(r)]
    m = len(family)
    unadjusted = [r for r in family if p_value(r) < ALPHA]
    survivors = [r for r in family if tests[id(r)][0]]
    out = [f"**Readings at {limit_text(limit)}.** The family is the {m} matches of these tables (every interval "
           f"above); each is tested for Elo = 0 (two-sided, from the pentanomial, as the interval is; a match of "
           f"fewer than {MIN_PAIRS} pairs counts as untested), and Holm's step-down correction at α = {ALPHA} keeps "
           f"{len(survivors)} of the {len(unadjusted)} tested matches whose 95% interval excludes 0. Only those are "
           "read:\n"]

    def named(r):
        stronger = "stronger than" if num(r["elo"]) > 0 else "weaker than"
        nelo = "" if interval(r, "nelo") == "–" else f", nElo {interval(r, 'nelo')}"
        return (f"- {r['game']}: `{r['a']}` is {stronger} `{r['b']}`: Elo {interval(r, 'elo')}{nelo} "
                f"({r['games']} games, Holm-adjusted p {tests[id(r)][1]:.2g}).")
    out += [named(r) for r in survivors] or ["- none: no difference at this limit is shown beyond chance."]
    dropped = [r for r in unadjusted if not tests[id(r)][0]]
    if dropped:
        out.append("\nNot readings (the interval excludes 0, but not after the correction): " + ", ".join(
            f"{r['game']} `{r['a']}` vs `{r['b']}` ({interval(r, 'elo')})" for r in dropped) + ".")
    selves = [r for r in rows if is_self(r)]
    judged = [r for r in selves if sum(pentanomial(r) or [0]) >= MIN_PAIRS]
    if selves:
        off = [r for r in judged if not holds_zero(r)]
        verdict_text = (f"under {MIN_PAIRS} pairs each, too few to judge." if not judged else
                        "every interval holds 0, as it must." if not off else
                        "**an interval excludes 0, which a fair clock must not give:** " + ", ".join(
                            f"{r['game']} `{r['a']}` ({interval(r, 'elo')}, {r['games']} games)" for r in off) + ".")
        out.append("\nThe self-play lines, each side against itself under the clock: " + verdict_text)
    sanity = [r for r in rows if r["game"] == "ttt"]
    if sanity:
        drawn = all(num(r["wins"]) == 0 and num(r["losses"]) == 0 for r in sanity)
        out.append("\nThe sanity line, tic-tac-toe: " + ("every game drawn, as sound play must." if drawn else
                                                          "**not every game drawn: a config plays it unsoundly.**"))
    return "\n".join(out) + "\n"


def reuse_note(rows):
    """Which games replayed their openings (--reuse), and how many games repeated an earlier one exactly."""
    reused = {r["game"]: r.get("openings") for r in rows if r.get("reuse") == "yes"}
    if not reused:
        return ""
    repeated = sum(int(num(r.get("repeated")) or 0) for r in rows)
    return ("Openings replayed (`--reuse`: the pairs outnumber the file's openings): " +
            ", ".join(f"{g} ({n} openings)" for g, n in reused.items()) +
            f"; {repeated} games of these tables repeat an earlier game of their match move for move.\n")


def plot_tables(rows, limit):
    """At the main limit, each rung's Elo against the rung it builds on (strength) and against
    negamax-ab (strength_base), per game with its bounds: plots/strength.gp.  A side with no
    finite bound is drawn at the figure itself (the text under the plot names it)."""
    at = [r for r in rows if limit_of(r) == limit and r["game"] != "ttt"]   # the sanity line is no series
    games = list(dict.fromkeys(r["game"] for r in at))
    rungs = list(dict.fromkeys(r["a"] for r in at))
    header = ["rung"] + [f"{g}{suffix}" for g in games for suffix in ("", "_low", "_high")]

    def bar(row):
        if not row:
            return [None, None, None]
        elo = num(row["elo"])
        return [elo] + [elo if num(row[c]) is None else num(row[c]) for c in ("elo_low", "elo_high")]
    # Against the rung below: the rung's row whose opponent is not negamax-ab, else (ladder-tt, which
    # builds on negamax-ab) its row against negamax-ab.
    below = {(r["game"], r["a"]): r for r in at if r["b"] == BASE}
    below.update({(r["game"], r["a"]): r for r in at if r["b"] != BASE})
    base = {(r["game"], r["a"]): r for r in at if r["b"] == BASE}
    return [PlotTable(name, header, [[rung] + [v for g in games for v in bar(of.get((g, rung)))] for rung in rungs],
                      bool(of)) for name, of in (("strength", below), ("strength_base", base))]


def rows_of(res):
    """The run's matches: strength.csv, and an older run's fixed-time strength_time.csv after it."""
    return res.csv("strength.csv") + res.csv("strength_time.csv")


def render(res, plots):
    rows = rows_of(res)
    out = [f"## {STUDY}: what each rung is worth in Elo\n"]
    if not rows:
        return Section("\n".join(out + ["**Not measured in this run:** no strength.csv.\n"]), [])
    limits = list(dict.fromkeys(limit_of(r) for r in rows))
    out.append(f"Each rung of the ladder plays the rung it builds on and `{BASE}` (studies/strength.csv) over "
               "the game's committed openings (studies/openings/), every opening twice with colours swapped, "
               "seed 1; each match is played as shards and added up by `prune match-merge`. A row is one match "
               "from the rung's side: Elo and normalized Elo (nElo, fishtest's: the score's excess in units of "
               "the pairs' spread), each ± half its 95% interval; the pentanomial (pairs scoring 0, ¼, ½, ¾, 1); "
               "the games drawn; the pairs whose two games the same colour won (the opening decided them); the "
               "games ended by the ply cap or adjudicated. A node budget makes a match exact whatever the "
               "machine; a clock does not (its figures carry the noisy mark when the run is noisy). "
               "docs/strength.md has the design, the precision each budget is sized for and the rules.\n")
    for limit in limits:
        at = [r for r in rows if limit_of(r) == limit]
        family = [r for r in at if not is_self(r)]
        results = holm([p_value(r) for r in family])
        tests = {id(r): t for r, t in zip(family, results)}
        for game in dict.fromkeys(r["game"] for r in at):
            out.append(f"### {game}, {limit_text(limit)}\n")
            out.append(match_table([r for r in at if r["game"] == game], limit, tests) + "\n")
        note = reuse_note(at)
        out += ([note] if note else []) + [readings(limit, at, tests)]
    main = limits[0]
    tables = plot_tables(rows, main)
    unbounded = [f"{r['game']} `{r['a']}` vs `{r['b']}`" for r in rows if limit_of(r) == main and r["game"] != "ttt"
                 and (num(r["elo_low"]) is None or num(r["elo_high"]) is None)]
    out.append(f"![Elo of each rung against the rung it builds on, per game, at {limit_text(main)}]"
               f"({plots}/strength.svg)\n")
    out.append(f"![Elo of each rung against {BASE}, per game, at {limit_text(main)}]({plots}/strength_base.svg)\n")
    if unbounded:
        out.append("Drawn without one end of their bar (a score of 0 or 1: no finite bound): "
                   + ", ".join(unbounded) + ".\n")
    return Section("\n".join(out) + "\n", tables)


def summary(res):
    """The README row: the top rung against negamax-ab on each game at the main limit, and how many
    of that limit's intervals survive Holm."""
    rows = rows_of(res)
    if not rows:
        return []
    main = limit_of(rows[0])
    at = [r for r in rows if limit_of(r) == main and not is_self(r)]
    vs_base = [r for r in at if r["b"] == BASE and r["game"] != "ttt"]
    if not vs_base:
        return []
    top = vs_base[-1]["a"]
    tests = holm([p_value(r) for r in at])
    kept = {id(r) for r, (ok, _) in zip(at, tests) if ok}
    survive = len(kept)
    # a figure Holm does not keep is not a reading: it is named as holding 0, not quoted as a gain
    cells = [f"{r['game']} {interval(r, 'elo')}" if id(r) in kept else f"{r['game']} not shown ({interval(r, 'elo')})"
             for r in vs_base if r["a"] == top]
    return [[f"strength (Elo at {limit_text(main)})", "– (issue 29)",
             f"`{top}` vs `{BASE}`: " + ", ".join(cells) + f"; {survive} of {len(at)} matches survive Holm",
             "exact under node budgets (seeded)"]]
