"""The strength study (issue 29 item 5): what each ladder rung is worth in
Elo, against the rung it builds on and against negamax-ab, on every game, at
each limit a move the run played (a node budget; in --long also a larger
budget and two clocks).

The run's strength.csv holds one row per match (scripts/strength.py, from
`prune match --json` merged over its shards): the counts, the pentanomial,
Elo and normalized Elo with their 95% intervals, and the bias counts.
Which rows stand for the study, the run's or those played apart from it
(results/apart/), is strength_rows.py's (rows_of).  A
table set is the tables of one limit; a reading is written only when its
interval survives Holm's step-down correction at ALPHA over one family,
every match of the run at every limit but the self-play lines
(holm_family; docs/strength.md).  An interval of
fewer pairs than COVERED_FROM asks is printed with COVERAGE_MARK.  This
module reads those CSVs alone: nothing here imports the runner; the
statistics of a row are match_stats.py's.
"""
import os

import studies

from .common import PlotTable, Section, comment_header, mark, num, read_csv, table
from .match_stats import ALPHA, COVERED_FROM, MIN_PAIRS, holm, holm_tests, p_value, pentanomial, sign_test
from .strength_rows import apart_note, apart_rows, exact, limit_of, limit_text, rows_of

STUDY = "strength"
BASE = "negamax-ab"
COVERAGE_MARK = "‡"


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


def pairs_of(row):
    return sum(pentanomial(row) or [0])


def interval_cell(row, prefix):
    """interval(), with COVERAGE_MARK when the match has fewer pairs than that interval needs."""
    text = interval(row, prefix)
    return text + COVERAGE_MARK if text != "–" and pairs_of(row) < COVERED_FROM[prefix] else text


def coverage_note():
    """What COVERAGE_MARK means."""
    return (f"{COVERAGE_MARK}: an interval of fewer pairs than it needs to hold its coverage. Simulated under "
            f"the null (two equal sides) at the study's pair counts and draw rates (tests/check_elo_coverage.py), "
            f"the 95% Elo interval holds 0 in at least 93% of matches only from {COVERED_FROM['elo']} pairs on, "
            f"and the nElo interval only from {COVERED_FROM['nelo']} on (the test prints each count's lowest "
            f"coverage). A marked interval is shown, not read: a match of fewer than "
            f"{MIN_PAIRS} pairs is not tested, and a marked nElo interval that excludes 0 is no finding.")


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


def holds_zero(row, prefix="elo"):
    """Whether the match's 95% Elo (or nElo) interval holds 0 (a side without a finite bound is open
    that way)."""
    low, high = num(row.get(prefix + "_low")), num(row.get(prefix + "_high"))
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
                  if pairs_of(r) < MIN_PAIRS else
                  f"{'**survives**' if survives else 'no'} ({adjusted:.2g})")
        elo, nelo = interval_cell(r, "elo"), interval_cell(r, "nelo")
        line = [f"`{r['a']}`", f"`{r['b']}`", elo if not clock else mark(elo), nelo if not clock else mark(nelo),
                r["games"], r.get("pentanomial") or "–", share(r["draws"], r["games"]),
                share(r.get("colour_decided"), num(r["games"]) / 2 if num(r["games"]) else None), capped_share(r),
                tested]
        line += [verdict(r)] if sprt else []
        if clock:
            line += [move_times(r), overruns(r)]
        body.append(line)
    return table(header, body, "ll" + "r" * (len(header) - 2))


def holm_family(rows):
    """The study's one Holm family: every match of the run, at every limit, but the self-play lines
    (sanity lines, not readings), each tested for Elo = 0.  (family, {id(row): (survives, adjusted p)});
    render() and summary() both use it."""
    family = [r for r in rows if not is_self(r)]
    return family, holm_tests(family)


def family_note(rows, family, tests):
    """The family, declared once: its size, and what survives at each limit."""
    kept = [r for r in family if tests[id(r)][0]]
    tested = [r for r in family if pairs_of(r) >= MIN_PAIRS]
    excluding = [r for r in family if p_value(r) < ALPHA]
    per_limit = ", ".join(f"{sum(limit_of(r) == limit for r in kept)} at {limit_text(limit)}"
                          for limit in dict.fromkeys(limit_of(r) for r in rows))
    return (f"**One Holm family.** Every reading below is of one family: all {len(family)} matches of the study, "
            f"at every limit (every interval in these tables but the self-play lines). Each is tested for Elo = 0 "
            f"(two-sided, from the pentanomial, as the interval is; a match of fewer than {MIN_PAIRS} pairs counts "
            f"as untested, {len(family) - len(tested)} here), and Holm's step-down correction at α = {ALPHA} over "
            f"the {len(family)} keeps {len(kept)} of the {len(excluding)} tested matches whose 95% interval excludes "
            f"0: {per_limit}. Each limit's readings list its survivors.\n")


def readings(limit, rows, family, tests):
    """The readings of one limit: what survives the study's one Holm family here, what excludes 0 without
    surviving, and the self-play and sanity lines."""
    at = [r for r in rows if not is_self(r)]
    unadjusted = [r for r in at if p_value(r) < ALPHA]
    survivors = [r for r in at if tests[id(r)][0]]
    out = [f"**Readings at {limit_text(limit)}.** {len(at)} of the study's {len(family)} matches, tested in its "
           f"one Holm family (above): of this limit's {len(unadjusted)} tested matches whose 95% interval excludes "
           f"0, the correction keeps {len(survivors)}. Only those are read:\n"]

    def named(r):
        stronger = "stronger than" if num(r["elo"]) > 0 else "weaker than"
        nelo = "" if interval(r, "nelo") == "–" else f", nElo {interval_cell(r, 'nelo')}"
        return (f"- {r['game']}: `{r['a']}` is {stronger} `{r['b']}`: Elo {interval_cell(r, 'elo')}{nelo} "
                f"({r['games']} games, Holm-adjusted p {tests[id(r)][1]:.2g}).")
    untested = not any(pairs_of(r) >= MIN_PAIRS for r in at)
    out += [named(r) for r in survivors] or [f"- none: no match at this limit has the {MIN_PAIRS} pairs a test needs."
                                             if untested else
                                             "- none: no difference at this limit is shown beyond chance."]
    dropped = [r for r in unadjusted if not tests[id(r)][0]]
    if dropped:
        out.append("\nNot readings (the interval excludes 0, but not after the correction): " + ", ".join(
            f"{r['game']} `{r['a']}` vs `{r['b']}` ({interval_cell(r, 'elo')})" for r in dropped) + ".")
    selves = [r for r in rows if is_self(r)]
    if selves:
        out.append("\nThe self-play lines, each side against itself: " + self_verdict(selves))
    sanity = [r for r in rows if r["game"] == "ttt"]
    if sanity:
        drawn = all(num(r["wins"]) == 0 and num(r["losses"]) == 0 for r in sanity)
        out.append("\nThe sanity line, tic-tac-toe: " + ("every game drawn, as sound play must." if drawn else
                                                          "**not every game drawn: a config plays it unsoundly.**"))
    return "\n".join(out) + "\n"


def short_verdict(short):
    """The self-play lines too short for a bare interval, judged by the sign test, Holm over them."""
    if not short:
        return ""
    tests = [sign_test(r) for r in short]
    kept = holm([p for _, _, p in tests])
    cells = ", ".join(f"{r['game']} `{r['a']}` {won} of {n} (p {p:.2g})" for r, (n, won, p) in zip(short, tests))
    failing = [f"{r['game']} `{r['a']}`" for r, (ok, _) in zip(short, kept) if ok]
    many = len(short) > 1
    return (f" {f'The {len(short)} lines' if many else 'The line'} under {COVERED_FROM['elo']} pairs "
            f"{'are' if many else 'is'} judged by an exact sign test on the informative pairs (those not scoring "
            f"½), side A's wins of them: {cells}; "
            + ("a line of fewer than 6 informative pairs cannot reach p < 0.05, so it cannot fail; "
               if any(n < 6 for n, _, _ in tests) else "")
            + (f"**Holm's correction over these keeps {', '.join(failing)}: equal sides must not give that.**"
               if failing else "Holm's correction over these keeps none."))


def self_verdict(selves):
    """Whether the self-play lines hold 0: their Elo intervals from MIN_PAIRS pairs, their nElo intervals
    from COVERED_FROM['nelo'] (the intervals printed bare); a line too short for a bare interval is judged
    by the sign test instead (short_verdict)."""
    short = [r for r in selves if pairs_of(r) < COVERED_FROM["elo"]]
    return interval_verdict(selves) + short_verdict(short)


def interval_verdict(selves):
    """self_verdict's judgement of the lines' intervals."""
    judged = {k: [r for r in selves if pairs_of(r) >= COVERED_FROM[k]] for k in ("elo", "nelo")}
    if not judged["elo"] and not judged["nelo"]:
        return (f"under {COVERED_FROM['elo']} pairs each, too few for their intervals to be judged (they are "
                f"marked {COVERAGE_MARK}).")
    off = [(r, k) for k in ("elo", "nelo") for r in judged[k] if not holds_zero(r, k)]
    if off:
        # The self-play lines are a family of null tests of their own: one of many excluding 0 is what chance
        # gives at 95%, so a line fails when Holm's correction over the judged lines keeps it.
        tests = holm([p_value(r) for r in judged["elo"]])
        failing = [r for r, (kept, _) in zip(judged["elo"], tests) if kept]
        named = ", ".join(f"{r['game']} `{r['a']}` ({'Elo' if k == 'elo' else 'nElo'} {interval_cell(r, k)}, "
                          f"{r['games']} games)" for r, k in off)
        if failing:
            return ("**a line fails: equal sides must hold 0, and Holm's correction over the "
                    f"{len(judged['elo'])} judged lines keeps** " + ", ".join(
                        f"{r['game']} `{r['a']}` (Elo {interval_cell(r, 'elo')}, {r['games']} games)"
                        for r in failing) + f". Unadjusted, these intervals exclude 0: {named}.")
        return (f"{len(off)} interval{'s' if len(off) > 1 else ''} of the {len(selves)} lines "
                f"exclude{'' if len(off) > 1 else 's'} 0 "
                f"unadjusted ({named}); after Holm's correction over the {len(judged['elo'])} judged lines none "
                f"does, so no line is shown to fail beyond what chance gives.")
    said = [f"every Elo interval of the {len(judged['elo'])} lines of {COVERED_FROM['elo']} pairs or more"]
    if judged["nelo"]:
        said.append(f"every nElo interval of the {len(judged['nelo'])} of {COVERED_FROM['nelo']} pairs or more")
    unjudged = len(selves) - len(judged["elo"])
    return (" and ".join(said) + " holds 0, as it must" +
            (f"; the other intervals, of fewer pairs (marked {COVERAGE_MARK}), are not judged" if
             unjudged or len(judged["nelo"]) < len(selves) else "") + ".")


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
    # the sanity line and the self-play lines are no series (a self-play row would stand for its rung)
    at = [r for r in rows if limit_of(r) == limit and r["game"] != "ttt" and not is_self(r)]
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


FIRST_PLAYER_APART = os.path.join("apart", "first_player.csv")


def first_player_note(rows, limits, res=None):
    """The first player's score per game and limit, pooled over the limit's matches (issue 48: how
    balanced each book is at the budget the study plays it), from the summaries' first_score.  A run
    from before that column says so, and shows the matches replayed apart from it
    (results/apart/first_player.csv, its '#' header saying how) when there are some."""
    have = [r for r in rows if num(r.get("first_score")) is not None and num(r.get("games"))]
    how = ""
    if not have and res is not None:
        path = os.path.join(res.dir, FIRST_PLAYER_APART)
        have = [r for r in read_csv(path, comments=True) if num(r.get("first_score")) is not None
                and num(r.get("games"))]
        limits = list(dict.fromkeys(limit_of(r) for r in have))
        if have:
            header = comment_header(path)
            how = ("This run's matches predate the summaries' `first_score` (issue 48); these are the study's "
                   f"matches replayed apart from it (results/apart/first_player.csv): {header} ")
    if not have:
        return ("**The first player's score** (how balanced each book is at each budget) is not recorded in "
                "this run: its matches predate the summaries' `first_score` (issue 48); the next run has it.\n")
    games = list(dict.fromkeys(r["game"] for r in have))
    body = []
    for game in games:
        cells = [game]
        for limit in limits:
            at = [r for r in have if r["game"] == game and limit_of(r) == limit]
            played = sum(num(r["games"]) for r in at)
            cells.append(f"{sum(num(r['first_score']) * num(r['games']) for r in at) / played:.3f}" if played
                         else "–")
        body.append(cells)
    return ("**The first player's score** per game and budget, pooled over the budget's matches (0.5: the "
            "book is balanced for the configs that played it; from the summaries' `first_score`). " + how + "\n\n"
            + table(["game"] + [limit_text(l) for l in limits], body, "l" + "r" * len(limits)) + "\n")


def render(res, plots):
    rows = rows_of(res)
    out = [f"## {STUDY}: what each rung is worth in Elo\n"]
    if not rows:
        return Section("\n".join(out + ["**Not measured in this run:** no strength.csv.\n"]), [])
    limits = list(dict.fromkeys(limit_of(r) for r in rows))
    out.append(f"Each rung of the ladder plays the rung it builds on and `{BASE}` (studies/strength.csv) over "
               "the game's book (studies/openings/ as it was at the commit that played the match), every opening "
               "twice with colours swapped, "
               "seed 1; each match is played as shards and added up by `prune match-merge`. A row is one match "
               "from the rung's side: Elo and normalized Elo (nElo, fishtest's: the score's excess in units of "
               "the pairs' spread), each ± half its 95% interval; the pentanomial (pairs scoring 0, ¼, ½, ¾, 1); "
               "the games drawn; the pairs whose two games the same colour won (the opening decided them); the "
               "games ended by the ply cap or adjudicated. A node budget makes a match exact whatever the "
               "machine; a clock does not (its figures carry the noisy mark when the run is noisy). "
               "docs/strength.md has the design, the precision each budget is sized for and the rules.\n")
    note = apart_note(res)
    out += [note] if note else []
    out.append(coverage_note() + "\n")
    out.append(first_player_note(rows, limits, res))
    family, tests = holm_family(rows)
    out.append(family_note(rows, family, tests))
    for limit in limits:
        at = [r for r in rows if limit_of(r) == limit]
        for game in dict.fromkeys(r["game"] for r in at):
            out.append(f"### {game}, {limit_text(limit)}\n")
            out.append(match_table([r for r in at if r["game"] == game], limit, tests) + "\n")
        note = reuse_note(at)
        out += ([note] if note else []) + [readings(limit, at, family, tests)]
    planned = studies.strength_rows(os.path.join(res.studies_dir, os.path.basename(studies.STRENGTH)))
    # a game missing at a limit the run played (a game newer than the run, or than its clocked rows)
    played = {(r["game"], limit_of(r)) for r in rows}
    unplayed = list(dict.fromkeys(f"{r['game']} at {limit_text(r['limit'])}" for r in planned
                                  if r["limit"] in limits and (r["game"], r["limit"]) not in played))
    if unplayed:
        out.append(f"Not played in this run: {'; '.join(unplayed)} (their rows of studies/strength.csv are newer "
                   "than the run; the next run plays them).\n")
    main = limits[0]
    tables = plot_tables(rows, main)
    unbounded = [f"{r['game']} `{r['a']}` vs `{r['b']}`" for r in rows if limit_of(r) == main and r["game"] != "ttt"
                 and not is_self(r)
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
    of the study's one Holm family (holm_family: every limit) survive."""
    rows = rows_of(res)
    if not rows:
        return []
    main = limit_of(rows[0])
    family, tests = holm_family(rows)
    vs_base = [r for r in family if limit_of(r) == main and r["b"] == BASE and r["game"] != "ttt"]
    if not vs_base:
        return []
    top = vs_base[-1]["a"]
    kept = {id(r) for r in family if tests[id(r)][0]}
    # a figure Holm does not keep is not a reading: it is named as holding 0, not quoted as a gain
    cells = [f"{r['game']} {interval_cell(r, 'elo')}" if id(r) in kept else
             f"{r['game']} not shown ({interval_cell(r, 'elo')})" for r in vs_base if r["a"] == top]
    where = ", measured apart (apart/strength_nodes.csv)" if apart_rows(res) else ""
    return [[f"strength (Elo at {limit_text(main)}){where}", "– (issue 29)",
             f"`{top}` vs `{BASE}`: " + ", ".join(cells) +
             f"; {len(kept)} of {len(family)} matches survive Holm (one family, every limit)",
             "exact under node budgets (seeded)"]]


def elo_cell(row, test):
    """Elo (95% interval), bold with its verdict where Holm over the file's matches keeps it."""
    value, low, high = (num(row.get(k)) for k in ("elo", "elo_low", "elo_high"))
    if value is None:
        return "–"
    if low is None or high is None:
        return f"{value:+.1f} (open)"
    kept, adjusted = test
    verdict = f" **{'stronger' if value > 0 else 'weaker'}** (Holm p {adjusted:.2g})" if kept else ""
    return f"{value:+.1f} ({low:+.1f} to {high:+.1f}){verdict}"
