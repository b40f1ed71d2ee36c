"""Ard Ri's adjudication held against games played to the end (issue 48).

Ard Ri has an adjudication rule (a lead of a margin held for some plies,
games/ardri.h; docs/strength.md, "Adjudication").  Since issue 48 the
strength study plays its games out (scripts/strength.py passes `prune match
--play-out` for a game with a rule): each game the rule decides is played on
to its end and the rule's verdict kept beside the result, in the run's
strength.csv (its adjudged* columns), or in the node-budget matches played
apart from the run (results/apart/strength_nodes.csv, strength_rows.rows_of:
the study's rows as the report reads them).  A run from before that has
none; then the study's matches played out apart from any run are shown
(results/apart/adjudication_ardri.csv under node budgets and
adjudication_ardri_clocks.csv at the clocks, each '#' header saying how,
when and at which commit).  Per match: the games the rule judged, how many of its
verdicts held, and the Elo both ways.

Under a node budget the games are the same as without --play-out up to the
verdict, so "as judged" is the adjudicated match itself: where the run's
strength.csv has the same match (game, sides, limit, pairs) its Elo is
compared with it, which says whether the two runs played the same games.
"""
import math
import os

from .common import Section, comment_header, num, read_csv, table
from .strength_rows import apart_rows, rows_of

# Played apart: the node-budget matches, then the clocked ones (each file's header names its commit).
APART = [os.path.join("apart", "adjudication_ardri.csv"), os.path.join("apart", "adjudication_ardri_clocks.csv")]
Z95 = 1.96


def wilson(held, n):
    """The 95% Wilson interval of a share held/n, as (low, high); None for n = 0."""
    if n == 0:
        return None
    p = held / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return centre - half, centre + half


def share(held, n):
    """'x% (low–high%)', or '–' without a judged game."""
    bounds = wilson(held, n)
    if bounds is None:
        return "–"
    return f"{100 * held / n:.1f}% ({100 * bounds[0]:.1f}–{100 * bounds[1]:.1f}%)"


def elo(row, prefix):
    """The row's Elo (prefix "" as played, "adjudged_" as judged) with its interval, or '–'."""
    value, low, high = (num(row.get(prefix + k)) for k in ("elo", "elo_low", "elo_high"))
    if value is None:
        return "–"
    bounds = f" ({low:+.1f} to {high:+.1f})" if low is not None and high is not None else " (open)"
    return f"{value:+.1f}{bounds}"


def same_as_run(row, committed):
    """'yes' when the run's strength.csv has this match and its Elo is the judged one, 'no' when it differs,
    '–' when the run has no such match or the limit is a clock (its games are not reproducible)."""
    if not row["limit"].startswith("nodes="):
        return "–"
    match = committed.get((row["game"], row["a"], row["b"], row["limit"], row["pairs"]))
    if match is None:
        return "–"
    return "yes" if match.get("elo") == row.get("adjudged_elo") and match.get("pentanomial") == \
        row.get("adjudged_pentanomial") else "no"


def totals(rows):
    """(judged, held, drawn, overturned, games) over the rows."""
    keys = ("adjudged", "adjudged_held", "adjudged_drawn", "adjudged_overturned", "games")
    return tuple(sum(int(r[k]) for r in rows) for k in keys)


def limit_line(limit, rows):
    """One limit's totals over its matches, a list item."""
    judged, held, drawn, overturned, games = totals(rows)
    return (f"- At {limit}, over {len(rows)} matches, the rule judged {judged:,} of {games:,} games "
            f"({100 * judged / games:.1f}%). Played on, its verdict held in {held:,} ({share(held, judged)}), "
            f"{drawn:,} ended drawn and {overturned:,} went the other way.\n")


def render(res, plots):
    run = rows_of(res)
    rows = [r for r in run if (r.get("adjudged") or "") != ""]
    head = "## Ard Ri's adjudication, played out (study `strength`)\n\n"
    if rows:
        apart = bool(apart_rows(res))
        how = ("Played in the study's own matches" + (" (its node-budget matches, played apart from this run: "
                                                      "results/apart/strength_nodes.csv, the strength section "
                                                      "says when)" if apart else "") +
               ": the strength study plays a game with an adjudication rule out (`prune match --play-out`), "
               "so its rows' results are the games' own ends, and each verdict is kept beside them.")
        # limits the study's rows do not play out (an older run's clocks): the matches played out apart
        covered = {r["limit"] for r in rows}
        for path in APART:
            extra = [r for r in read_csv(os.path.join(res.dir, path), comments=True) if r["limit"] not in covered]
            if extra:
                rows += extra
                how += " At the other limits, played apart: " + comment_header(os.path.join(res.dir, path))
    else:
        paths = [os.path.join(res.dir, name) for name in APART]
        rows = [r for path in paths for r in read_csv(path, comments=True)]
        how = ("Played apart from this run, whose Ard Ri games the rule ended: the strength study's matches of "
               "Ard Ri, each game the rule decides played on to its end (`prune match --play-out`), the rule's "
               "verdict kept beside the result. " + " ".join(comment_header(p) for p in paths if os.path.exists(p)))
    if not rows:
        return Section(head + "Not measured: this run has no played-out matches and "
                       "results/apart/adjudication_ardri.csv is missing (docs/strength.md, \"Adjudication\").\n",
                       [])
    committed = {(r["game"], r["a"], r["b"], r["limit"], r["pairs"]): r for r in run
                 if (r.get("adjudged") or "") == ""}
    limits = list(dict.fromkeys(r["limit"] for r in rows))
    body = [[f"`{r['a']}` vs `{r['b']}`", r["limit"], r["pairs"], f"{int(r['adjudged'])} of {r['games']}",
             r["adjudged_held"], r["adjudged_drawn"], r["adjudged_overturned"],
             share(int(r["adjudged_held"]), int(r["adjudged"])), elo(r, "adjudged_"), elo(r, ""),
             same_as_run(r, committed)] for r in rows]
    same = [b[-1] for b in body]
    text = "".join([
        head, how, "\n\n",
        "".join(limit_line(limit, [r for r in rows if r["limit"] == limit]) for limit in limits),
        "\nHeld: 95% Wilson intervals, the games counted as independent, which games of one book and one seed "
        "are not quite. Drawn: the game's own draw or the ply cap, not told apart here.\n\n",
        table(["match", "limit", "pairs", "judged", "held", "drawn", "overturned", "held (95%)",
               "Elo as judged", "Elo played out", "same games as the run"], body, "llrrrrrrrrl"), "\n\n",
        "*Elo as judged* is the match with each judged game ended by the rule's verdict, as the study played "
        "Ard Ri until issue 48; *Elo played out* counts the same games' own ends. Under a node budget both come from the same games up "
        "to the verdict; *same games as the run* says whether this run's strength.csv, adjudicated at the same "
        f"pairs, has exactly the judged pentanomial ({same.count('yes')} yes, {same.count('no')} no, "
        f"{same.count('–')} not comparable: a clock, a match the run does not play at these pairs, or a run "
        "that played the games out itself).\n",
    ])
    return Section(text, [])
