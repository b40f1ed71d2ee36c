"""Connect Four on other board sizes (part of the pons study; docs/connect4.md,
"Other board sizes").

scripts/connect4_sizes.py solved each size's empty board into the run's
sizes.csv; the section gives, per size, the published outcome and last move
beside prune's, its nodes and its time, and names the sizes of
studies/sizes.csv the run did not solve (another variant's, or none's).
"""
import studies

from .common import Section, fint, ftime, table

OUTCOME = {"first": "first player", "second": "second player", "draw": "draw"}


def render(res, plots):
    return Section(section(res.csv("sizes.csv")), [])


def section(rows):
    head = "## Connect Four on other board sizes (study `pons`)\n\n"
    if not rows:
        return head + "Not run in this reproduction (no sizes.csv).\n"
    solved = {(int(r["width"]), int(r["height"])) for r in rows}
    matched = sum(r["match"] == "yes" for r in rows)
    header = ["size", "cells", "published: winner", "published: last move", "prune: score", "prune: winner",
              "prune: last move", "nodes", "time", "match"]
    body = [[f"{r['width']}x{r['height']}", r["cells"], OUTCOME[r["published_outcome"]], r["published_last_move"],
             r["score"], OUTCOME[r["outcome"]], r["last_move"], fint(float(r["nodes"])), ftime(float(r["seconds"])),
             "✓" if r["match"] == "yes" else "✗ MISMATCH"] for r in rows]
    left = [f"{b['width']}x{b['height']}" for b in studies.size_rows() if (b["width"], b["height"]) not in solved]
    config, tt_mb = rows[0]["config"], rows[0]["tt_mb"]
    return "".join([
        head,
        f"The empty board of each size, solved strong by `prune solve connect4 --size WxH` (`{config}`, a "
        f"{tt_mb} MiB table, one thread), beside the outcome and the move on which the game ends that John Tromp "
        "(width + height up to 15, and 8x8) and Christophe Steininger (width + height 16) publish. prune's last "
        "move follows from its score: a win with the m-th stone of a board of C cells scores ⌊(C + 2 − m)/2⌋. "
        f"{matched} of {len(rows)} sizes agree. Time is prune's own timer of the search, one solve each, "
        "unpaired.\n\n",
        table(header, body, "lrlrrlrrrl"), "\n",
        (f"\nNot solved in this run (studies/sizes.csv lists them with the variant that solves them): "
         f"{', '.join(left)}.\n" if left else ""),
    ])
