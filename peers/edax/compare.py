#!/usr/bin/env python3
"""compare.py (edax): prune's Othello endgame solve checked against the FFO suite.

The "fforum" positions in Edax's repository (github abulmo/edax-reversi,
commit 14f048c, problem/fforum-1-19.obf and problem/fforum-40-59.obf) give
the exact score of every move of each position.  This reads them from a
checkout the user gives (nothing of them is committed), solves each with
prune (ladder-tt to the end of the game: --depth twice the empty squares,
at most 63), and checks that prune's value equals the file's best score and
its move is one of the file's best moves.  One CSV row a position: the
suite's number, empty squares, the file's best score and moves, prune's
move, value, nodes and seconds (prune's own timer of the search, which
--json reports; the process's start is not in it).

Exit statuses as every peer's (peers/README.md): 0 every position agrees,
1 one differs, 2 bad input or a failed run, 77 no checkout.

usage: compare.py PRUNE [--quick | --long] [--positions LIST] [--checkout DIR] [-o CSV]
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import paired  # noqa: E402

CHECKOUT_VARIABLE = "PRUNE_EDAX_CHECKOUT"
COMMIT = "14f048c"
# The suite's files and the numbers of their first positions, one line a position.
FILES = (("problem/fforum-1-19.obf", 1), ("problem/fforum-40-59.obf", 40))
# What each mode solves: --quick (the quick pass and the full run) and a
# plain run positions 1 to 19 (14 to 16 empty squares, 2.5 s of search
# together on the 2-core VM), --long 40 to 44 too (20 to 23 empty squares,
# 27 s to 324 s each there: results/apart/peer_edax.csv).
SHORT = list(range(1, 20))
MODES = {"quick": SHORT, "full": SHORT, "long": SHORT + list(range(40, 45))}
CONFIG = "ladder-tt"
TT_MB = 64
COLUMNS = ["position", "empties", "side", "ffo_score", "ffo_moves", "prune_move", "prune_value", "agrees",
           "nodes", "seconds", "config", "tt_mb", "edax_commit", "cpu"]


def read_suite(checkout):
    """{number: (position string, side, best score, [best moves])} from the pinned commit."""
    suite = {}
    for path, first in FILES:
        done = subprocess.run(["git", "-C", checkout, "show", f"{COMMIT}:{path}"], capture_output=True, text=True)
        if done.returncode != 0:
            raise paired.PeerError(f"'{checkout}' is not a git checkout of abulmo/edax-reversi holding "
                                   f"{COMMIT}:{path}")
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        for offset, line in enumerate(lines):
            suite[first + offset] = parse_line(line, f"{path} line {offset + 1}")
    return suite


def parse_line(line, where):
    """An obf line: 64 squares (X, O, -), a space, the side to move, then
    `;`-separated `MOVE:SCORE` pairs.  The best score is the largest."""
    fields = [field.strip() for field in line.split(";") if field.strip()]
    board, _, side = fields[0].partition(" ")
    if len(board) != 64 or set(board) - set("XO-") or side not in ("X", "O") or len(fields) < 2:
        raise ValueError(f"{where}: not an obf position: {line[:80]!r}")
    scores = {}
    for field in fields[1:]:
        move, _, score = field.partition(":")
        scores[move.lower()] = int(score)
    best = max(scores.values())
    position = "/".join(board[i:i + 8] for i in range(0, 64, 8)).replace("-", ".") + ":" + side
    return position, side, best, sorted(move for move, score in scores.items() if score == best)


def solve(prune, position):
    """prune's JSON answer for a solve of `position`."""
    empties = position.count(".")
    argv = [prune, "search", "othello", "--config", CONFIG, "--tt-mb", str(TT_MB), "--position", position,
            "--depth", str(min(63, 2 * empties)), "--max-nodes", "4000000000", "--json"]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise paired.PeerError(f"prune failed on {position}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help="positions 1 to 19 (as without it)")
    parser.add_argument("--long", action="store_true", help="positions 1 to 19 and 40 to 44")
    parser.add_argument("--positions", help="the suite's numbers to solve, e.g. 1,2,40 (default: the mode's)")
    parser.add_argument("--checkout", help=f"a git checkout or bare mirror of abulmo/edax-reversi "
                        f"holding {COMMIT} (default: ${CHECKOUT_VARIABLE})")
    parser.add_argument("-o", "--output", help="CSV, one row a position")
    options = parser.parse_args(argv)
    if options.quick and options.long:
        parser.error("--quick and --long exclude each other")
    paired.executable(parser, options.prune)
    mode = "quick" if options.quick else "long" if options.long else "full"
    try:
        options.numbers = [int(n) for n in options.positions.split(",")] if options.positions \
            else list(MODES[mode])
    except ValueError:
        parser.error(f"--positions: '{options.positions}' is not a list of numbers")
    if options.checkout is None:
        options.checkout = os.environ.get(CHECKOUT_VARIABLE, "")
    return options


def main(argv):
    options = parse(argv)
    if not options.checkout:
        return paired.skip(f"no checkout of abulmo/edax-reversi: set {CHECKOUT_VARIABLE} or pass --checkout DIR")
    if not os.path.isdir(options.checkout):
        raise paired.PeerError(f"{CHECKOUT_VARIABLE} '{options.checkout}' is not a directory")
    suite = read_suite(options.checkout)
    missing = [n for n in options.numbers if n not in suite]
    if missing:
        raise paired.PeerError(f"--positions: the suite has no position {missing[0]} "
                               f"(it holds {min(suite)} to 19 and 40 to {max(suite)})")
    rows, different, cpu = [], 0, paired.cpu_name()
    for number in options.numbers:
        position, side, best, moves = suite[number]
        answer = solve(options.prune, position)
        value = answer["value"]  # the side to move's view, as the suite scores
        agrees = value == best and answer["best"] in moves
        different += not agrees
        print(f"compare.py: #{number} ({position.count('.')} empty, {side} to move): file {best:+d} {','.join(moves)}; "
              f"prune {answer['best']} {value:+d}, {answer['nodes']} nodes, {answer['seconds']:.3f} s"
              f"{'' if agrees else '  DIFFERENT'}", flush=True)
        rows.append([number, position.count("."), side, best, " ".join(moves), answer["best"], value,
                     "yes" if agrees else "no", answer["nodes"], f"{answer['seconds']:.6f}", CONFIG, TT_MB,
                     COMMIT, cpu])
    return paired.finish(options.output, COLUMNS, rows, different)


if __name__ == "__main__":
    paired.run(main)
