#!/usr/bin/env python3
"""check_playouts.py PRUNE: the Monte Carlo family's playouts are legal games (docs/mcts.md).

For every game of `prune games`, mcts-uct (uniformly random playouts) and
mcts-mr (playouts chosen by minimax), from the start and from the first
line of the game's book (studies/openings/GAME.txt): `prune search
--sample-playouts 20` prints its first 20 iterations' lines, and each is
replayed through `prune show` from the same root.  Every line must replay
(each move legal where it was played), and a line said to end the game
("over", "no-move") must leave a position with no legal move.  The sample
must hold its 20 lines, and at least one must reach the game's end, so that
a sample that says nothing fails.
"""
import json
import os
import subprocess
import sys

from checks import Tally

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SAMPLE = 20


def book_line(game):
    """The first line of the game's book, or "" (the start) when it has none."""
    path = os.path.join(ROOT, "studies", "openings", f"{game}.txt")
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return next((line.split()[0] for line in f if line.strip() and not line.startswith("#")), "")


def check_sample(tally, prune, game, config, root):
    args = [prune, "search", game, "--config", config, "--iterations", str(SAMPLE), "--sample-playouts",
            str(SAMPLE), "--json"] + (["--moves", root] if root else [])
    done = subprocess.run(args, capture_output=True, text=True)
    label = f"{game} {config} from [{root}]"
    if done.returncode != 0:
        tally.record(False, label, done.stderr.strip())
        return
    sample = json.loads(done.stdout)["sample"]
    bad, ended = [], 0
    for line in sample:
        moves = ",".join(m for m in (root, line["moves"]) if m)
        show = subprocess.run([prune, "show", game] + (["--moves", moves] if moves else []), capture_output=True,
                              text=True)
        finished = "legal moves: none" in show.stdout
        said_finished = line["end"] in ("over", "no-move")
        if show.returncode != 0 or (said_finished != finished and line["end"] != "proven"):
            bad.append(f"{line['moves']} ({line['end']}): show says {show.returncode} {show.stderr.strip()}")
        ended += line["end"] in ("over", "no-move")
    tally.record(len(sample) == SAMPLE and not bad and ended > 0, f"{label}: {len(sample)} playouts replayed, "
                 f"{ended} to the game's end", bad[:3])


def main():
    prune = sys.argv[1]
    tally = Tally()
    games = subprocess.run([prune, "games"], capture_output=True, text=True, check=True).stdout.split()
    for game in games:
        for config in ("mcts-uct", "mcts-mr"):
            for root in ("", book_line(game)):
                check_sample(tally, prune, game, config, root)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
