"""Othello's endgame solve against the FFO suite (part of the techniques
study; docs/othello.md, "The FFO endgame suite").

peers/edax/compare.py solves the suite's positions, read from a checkout of
Edax's repository, into the run's peer_edax.csv; a solve made apart from
any run (results/apart/peer_edax.csv, its '#' header saying how, when and
at which commit) is shown when the run has none.  The section gives, per
position, the file's best score and moves beside prune's, its nodes and
its time, and how many agree.
"""
import os

from .common import Section, comment_header, fint, ftime, table

RUN = "peer_edax.csv"
APART = os.path.join("apart", "peer_edax.csv")


def render(res, plots):
    rows, how = res.csv(RUN), "in this run"
    if not rows:
        rows, how = res.csv(APART, comments=True), "apart from this run (results/apart/peer_edax.csv)"
    return Section(section(rows, how, comment_header(os.path.join(res.dir, APART))), [])


def section(rows, how, apart_header):
    head = "## Othello: the FFO endgame suite (study `techniques`)\n\n"
    if not rows:
        return head + ("Not solved in this reproduction: it needs a checkout of Edax's repository "
                       "(`PRUNE_EDAX_CHECKOUT`, peers/edax/README.md).\n")
    agreed = sum(r["agrees"] == "yes" for r in rows)
    header = ["position", "empty", "to move", "FFO: score", "FFO: best moves", "prune: move", "prune: value",
              "agrees", "nodes", "time"]
    body = [[f"#{r['position']}", r["empties"], r["side"], f"{int(r['ffo_score']):+d}", r["ffo_moves"],
             r["prune_move"], f"{int(r['prune_value']):+d}", "✓" if r["agrees"] == "yes" else "✗ DIFFERENT",
             fint(float(r["nodes"])), ftime(float(r["seconds"]))] for r in rows]
    config, tt_mb = rows[0]["config"], rows[0]["tt_mb"]
    return "".join([
        head,
        f"Solved {how}. Each position of the \"fforum\" files in Edax's repository (commit "
        f"{rows[0]['edax_commit']}), solved to the end of the game by `prune search othello --config {config} "
        f"--tt-mb {tt_mb}` at twice the empty squares (every line has ended by then), beside the file's exact "
        f"best score (the side to move's) and the moves that reach it. {agreed} of {len(rows)} agree. Time is "
        f"prune's own timer of the search, one solve each, unpaired, on {rows[0]['cpu']}. No other program's "
        "time stands beside it: Edax needs weights this machine cannot fetch, and no published time for these "
        "positions was found (peers/edax/README.md).\n\n",
        (apart_header + "\n\n") if apart_header and how.startswith("apart") else "",
        table(header, body, "lrlrllrlrr"), "\n",
    ])
