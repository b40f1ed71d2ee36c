"""Ard Ri's adjudication held against games played to the end (issue 48).

The strength study ends a game of Ard Ri by a rule (a lead of a margin held
for some plies, games/ardri.h; docs/strength.md, "Adjudication").  The
study's own matches were played apart from any run with `prune match
--play-out` (scripts/strength.py --play-out): each game the rule decides is
played on to its end and the rule's verdict kept beside the result.  This
section reads that file (results/apart/adjudication_ardri.csv, its '#'
header saying how, when and at which commit) and gives, per match, the
games the rule judged, how many of its verdicts held, and the Elo both
ways.

Under a node budget the games are the same as without --play-out up to the
verdict, so "as judged" is the adjudicated match itself: where the run's
strength.csv has the same match (game, sides, limit, pairs) its Elo is
compared with it, which says whether the two runs played the same games.
"""
import math
import os

from .common import Section, num, read_csv, table

APART = os.path.join("apart", "adjudication_ardri.csv")
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


def header_text(path):
    """The '#' lines of the apart CSV, joined, or ''."""
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return " ".join(line[1:].strip() for line in f if line.startswith("#"))


def totals(rows):
    """(judged, held, drawn, overturned, games) over the rows."""
    keys = ("adjudged", "adjudged_held", "adjudged_drawn", "adjudged_overturned", "games")
    return tuple(sum(int(r[k]) for r in rows) for k in keys)


def render(res, plots):
    rows = read_csv(os.path.join(res.dir, APART), comments=True)
    head = "## Ard Ri's adjudication, played out (study `strength`)\n\n"
    if not rows:
        return Section(head + "Not measured: results/apart/adjudication_ardri.csv is missing "
                       "(docs/strength.md, \"Adjudication\", says how it is made).\n", [])
    committed = {(r["game"], r["a"], r["b"], r["limit"], r["pairs"]): r for r in res.csv("strength.csv")}
    judged, held, drawn, overturned, games = totals(rows)
    body = [[f"`{r['a']}` vs `{r['b']}`", r["limit"], r["pairs"], f"{int(r['adjudged'])} of {r['games']}",
             r["adjudged_held"], r["adjudged_drawn"], r["adjudged_overturned"],
             share(int(r["adjudged_held"]), int(r["adjudged"])), elo(r, "adjudged_"), elo(r, ""),
             same_as_run(r, committed)] for r in rows]
    same = [b[-1] for b in body]
    text = "".join([
        head,
        "Played apart from this run: the strength study's matches of Ard Ri, each game the rule "
        "decides played on to its end (`prune match --play-out`, scripts/strength.py --play-out), the "
        "rule's verdict kept beside the result. ", header_text(os.path.join(res.dir, APART)), "\n\n",
        f"Over the {len(rows)} matches the rule judged {judged} of {games} games "
        f"({100 * judged / games:.1f}%). Played on, its verdict held in {held} "
        f"({share(held, judged)}, 95% Wilson interval; the games are counted as independent, which games of "
        f"one book and one seed are not quite), {drawn} ended drawn and {overturned} went the other way.\n\n",
        table(["match", "limit", "pairs", "judged", "held", "drawn", "overturned", "held (95%)",
               "Elo as judged", "Elo played out", "same games as the run"], body, "llrrrrrrrrl"), "\n\n",
        "*Elo as judged* is the match as the study plays it, each judged game ended by its verdict; *Elo "
        "played out* counts the same games' own ends. Under a node budget both come from the same games up "
        "to the verdict; *same games as the run* says whether this run's strength.csv, at the same pairs, "
        f"has exactly the judged pentanomial ({same.count('yes')} yes, {same.count('no')} no, "
        f"{same.count('–')} not comparable: a clock, or a match the run does not play at these pairs).\n",
    ])
    return Section(text, [])
