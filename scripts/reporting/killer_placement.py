"""Where the killers go (issue 48): the ladder's placement against a variant.

The ladder brings a ply's killers in front of every move, captures and box
completions too; `ladder-killers-late` brings them to just after the moves
that gain by the evaluation.  The strength study's "killers cost Elo" on
some games may describe that placement rather than killers, so the variant
was measured apart from any run (scripts/killer_placement.py): its nodes on
the techniques study's positions (results/apart/killer_placement_nodes.csv)
and its matches at the strength study's main budget
(results/apart/killer_placement.csv), each file's '#' header saying how,
when and at which commit.
"""
import os

from .common import Section, comment_header, fint, num, read_csv, table
from .match_stats import holm_tests
from .strength import elo_cell

NODES = os.path.join("apart", "killer_placement_nodes.csv")
MATCHES = os.path.join("apart", "killer_placement.csv")


def node_table(rows):
    """Per game, the nodes summed over its positions: ladder-id, ladder-killers, the variant."""
    games = list(dict.fromkeys(r["game"] for r in rows))
    body = []
    for game in games:
        total = {c: sum(int(r["nodes"]) for r in rows if r["game"] == game and r["config"] == c)
                 for c in ("ladder-id", "ladder-killers", "ladder-killers-late")}
        depth = next(r["depth"] for r in rows if r["game"] == game)
        positions = len({r["moves"] for r in rows if r["game"] == game})
        late, killers, plain = total["ladder-killers-late"], total["ladder-killers"], total["ladder-id"]
        body.append([game, depth, str(positions), fint(plain), fint(killers), fint(late),
                     f"{plain / killers:.2f}x", f"{plain / late:.2f}x", f"{killers / late:.2f}x"])
    return table(["game", "depth", "positions", "`ladder-id`", "`ladder-killers`", "`ladder-killers-late`",
                  "killers, in front", "killers, late", "late over in front"], body, "lrrrrrrrr")


def match_table(rows):
    """The matches by game, each tested for Elo = 0, Holm's correction over the file's matches (a
    family of their own: they are no reading of the strength study's run)."""
    tests = holm_tests(rows)
    games = list(dict.fromkeys(r["game"] for r in rows))
    body = []
    for game in games:
        at = {r["b"]: r for r in rows if r["game"] == game}
        pairs = "/".join(sorted({r["pairs"] for r in at.values()}))
        body.append([game, pairs] + [elo_cell(at[b], tests[id(at[b])]) if b in at else "–"
                                     for b in ("ladder-id", "ladder-killers")])
    return table(["game", "pairs", "`ladder-killers-late` vs `ladder-id`",
                  "`ladder-killers-late` vs `ladder-killers`"], body, "lrll")


def render(res, plots):
    head = "## Where the killers go (study `strength`)\n\n"
    nodes = read_csv(os.path.join(res.dir, NODES), comments=True)
    matches = read_csv(os.path.join(res.dir, MATCHES), comments=True)
    if not nodes and not matches:
        return Section(head + "Not measured: results/apart/killer_placement*.csv are missing "
                       "(scripts/killer_placement.py makes them).\n", [])
    parts = [head, "The ladder brings a ply's killers in front of every move, captures and box completions "
             "too. `ladder-killers-late` brings them to just after the moves that gain by the evaluation "
             "(the value after the move above the position's own, the mover's view). Both were measured "
             "apart from this run (scripts/killer_placement.py).\n\n"]
    if nodes:
        parts += ["**Nodes**, summed over the techniques study's positions at its depths (a gain above 1x: "
                  "fewer nodes). ", comment_header(os.path.join(res.dir, NODES)), "\n\n", node_table(nodes), "\n\n"]
    if matches:
        parts += ["**Elo** at the strength study's main budget, with its books (as they were at the commit the "
                  "header names) and seed (95% intervals; bold: "
                  f"kept by Holm's correction at α = 0.05 over these {len(matches)} matches, a family of their "
                  "own, outside the run's). ", comment_header(os.path.join(res.dir, MATCHES)), "\n\n", match_table(matches), "\n"]
    return Section("".join(parts), [])
