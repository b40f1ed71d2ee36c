"""The Monte Carlo family's steps (issue 50): what each step of docs/mcts.md is worth in play.

Each step against the config it builds on (mcts-solver on mcts-uct; the
hybrids and implicit backups on mcts-solver), and mcts-solver against
ladder-pvs, at 20,000 nodes a move (a node: any position either search
reaches by a move), played apart from any run by scripts/strength.py
--rows studies/mcts_steps.csv into results/apart/mcts_steps.csv, whose '#'
header says how, when and at which commit.
"""
import os

from .common import Section, comment_header, read_csv, table
from .match_stats import holm_tests
from .strength import elo_cell

MATCHES = os.path.join("apart", "mcts_steps.csv")
COLUMNS = (("mcts-solver", "mcts-uct"), ("mcts-mr", "mcts-solver"), ("mcts-ms", "mcts-solver"),
           ("mcts-mb", "mcts-solver"), ("mcts-implicit", "mcts-solver"), ("mcts-solver", "ladder-pvs"))


def step_table(rows):
    """A row per game, a column per step; Holm over the file's matches (a family of their own)."""
    tests = holm_tests(rows)
    body = []
    for game in dict.fromkeys(r["game"] for r in rows):
        at = {(r["a"], r["b"]): r for r in rows if r["game"] == game}
        pairs = "/".join(sorted({r["pairs"] for r in at.values()}))
        body.append([game, pairs] + [elo_cell(at[c], tests[id(at[c])]) if c in at else "–" for c in COLUMNS])
    return table(["game", "pairs"] + [f"`{a}` vs `{b}`" for a, b in COLUMNS], body, "lr" + "l" * len(COLUMNS))


def render(res, plots):
    head = "## The Monte Carlo family's steps (study `strength`)\n\n"
    matches = read_csv(os.path.join(res.dir, MATCHES), comments=True)
    if not matches:
        return Section(head + "Not measured: results/apart/mcts_steps.csv is missing (scripts/strength.py "
                       "--rows studies/mcts_steps.csv makes it).\n", [])
    return Section("".join([
        head, "Each step of the Monte Carlo family (docs/mcts.md) against the config it builds on, and "
        "`mcts-solver` against `ladder-pvs`, at 20,000 nodes a move for both sides (a node is any position a "
        "search reaches by a move, so both paradigms see as many positions; their times differ). Elo with "
        "95% intervals; bold: kept by Holm's correction at α = 0.05 over these "
        f"{len(matches)} matches, a family of their own, outside the run's; –: not played. ",
        comment_header(os.path.join(res.dir, MATCHES)), "\n\n", step_table(matches), "\n"]), [])
