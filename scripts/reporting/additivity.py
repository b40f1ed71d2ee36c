"""The strength study's sums along the ladder (issue 48): does Elo add up?

Each rung of the ladder plays the rung it builds on (a step) and negamax-ab
(the direct result), at the study's main limit (studies/strength.csv).  If
Elo were additive along the ladder, a rung's direct result would equal the
sum of the steps from negamax-ab up to it.  This section sets the two side
by side, game by game, with their difference.

Each figure's standard error is read off its printed 95% interval, as half
its width over 1.96 (the interval is the logistic curve's, nearly symmetric
at these scores); the sum's and the difference's add the variances of their
matches as if independent.  They are not quite: every match plays the same
book with the same seed, so the errors may correlate, and the difference's
interval is an approximation, said so under the table.  A row whose
difference is beyond 1.96 standard errors is named; no cause is given,
because none is measured here.
"""
import math

from .common import Section, num, table
from .strength import BASE
from .strength_rows import limit_of, rows_of

Z95 = 1.96


def standard_error(row):
    """Half the Elo interval's width over 1.96, None without both bounds."""
    low, high = num(row.get("elo_low")), num(row.get("elo_high"))
    return None if low is None or high is None else (high - low) / 2 / Z95


def chains(rows):
    """Per game, per rung with a direct row and more than one step: (steps (rows, from negamax-ab up), the
    direct row).  A rung's step is its row against a rung other than negamax-ab, else (ladder-tt, which
    builds on it) its row against negamax-ab."""
    out = {}
    for game in dict.fromkeys(r["game"] for r in rows):
        at = [r for r in rows if r["game"] == game and r["a"] != r["b"]]
        direct = {r["a"]: r for r in at if r["b"] == BASE}
        step = dict(direct)
        step.update({r["a"]: r for r in at if r["b"] != BASE})
        for rung, row in direct.items():
            path, seen = [], set()
            current = rung
            while current in step and current not in seen:
                seen.add(current)
                path.append(step[current])
                current = step[current]["b"]
            if current == BASE and len(path) > 1:
                out.setdefault(game, []).append((list(reversed(path)), row))
    return out


def line(steps, direct):
    """The table's cells for one rung, and its z (None where an interval is open)."""
    total = sum(num(r["elo"]) for r in steps)
    errors = [standard_error(r) for r in steps]
    d_error = standard_error(direct)
    if None in errors or d_error is None:
        return [f"`{direct['a']}`", str(len(steps)), f"{total:+.1f}", f"{num(direct['elo']):+.1f}", "–", "–"], None
    sum_error = math.sqrt(sum(e * e for e in errors))
    diff = num(direct["elo"]) - total
    diff_error = math.sqrt(sum_error ** 2 + d_error ** 2)
    z = diff / diff_error if diff_error else 0.0
    return [f"`{direct['a']}`", str(len(steps)), f"{total:+.1f} ± {Z95 * sum_error:.1f}",
            f"{num(direct['elo']):+.1f} ± {Z95 * d_error:.1f}", f"{diff:+.1f} ± {Z95 * diff_error:.1f}",
            f"{z:+.2f}"], z


def render(res, plots):
    rows = rows_of(res)
    head = "## strength: does Elo add up along the ladder?\n"
    if not rows:
        return Section(head + "\n**Not measured in this run:** no strength.csv.\n", [])
    main = limit_of(rows[0])
    found = chains([r for r in rows if limit_of(r) == main and r["game"] != "ttt"])
    if not found:
        return Section(head + "\nNo rung of this run has both its steps and its direct result.\n", [])
    out = [head, f"At {main}: each rung's result against `{BASE}` played directly, beside the sum of the steps "
                 f"from `{BASE}` up to it (each rung against the rung it builds on), with the difference "
                 "(direct − sum) and its z. Each ± is half a 95% interval; the sum's and the difference's treat "
                 "the matches as independent, which they are not quite (one book, one seed), so those two are "
                 "approximate. scripts/reporting/additivity.py says how.\n"]
    beyond = []
    for game, rungs in found.items():
        body = []
        for steps, direct in rungs:
            cells, z = line(steps, direct)
            body.append(cells)
            if z is not None and abs(z) > Z95:
                beyond.append(f"{game} `{direct['a']}` ({cells[4]})")
        out.append(f"### {game}\n")
        out.append(table(["rung", "steps", "sum of the steps", "direct", "difference", "z"], body, "lrrrrr") + "\n")
    total = sum(len(r) for r in found.values())
    out.append(f"The difference lies beyond its interval on {len(beyond)} of the {total} rungs"
               + (f": {', '.join(beyond)}. There Elo measured step by step does not add up to the direct "
                  "result; why is not measured." if beyond else ": Elo adds up within the intervals.")
               + f" These are unadjusted: were every rung additive and the rungs independent, about "
                 f"{0.05 * total:.1f} of {total} would lie beyond by chance alone, and the rungs of a game are not "
                 "independent (they share their steps).\n")
    return Section("\n".join(out) + "\n", [])
