#!/usr/bin/env python3
"""compare.py: prune's Connect Four solver against John Tromp's
Fhourstones on Fhourstones' own input, side by side in time to solve.

Fhourstones' input (`inputs`, beside the binary build.sh makes) holds three
8-ply positions and an empty line, the empty board.  Each position is
solved by a fresh Fhourstones process given that one line and by a fresh
`prune solve connect4 --moves M --weak [--config NAME]` (default: prune's default step): both
decide win, draw or loss.  The two searches differ by design (history
ordering and a two-entry table in Fhourstones), so node counts are reported,
not compared; the scores must agree.

What is timed: the wall time of each whole process.  Both then do the same
work: read the position, set up and clear their table, solve.  Fhourstones'
own timer reads user CPU time in whole milliseconds (getrusage), which is
neither wall time nor fine enough for its first position; prune's covers the
search alone.  The fixed cost both processes pay (start-up and the table)
is small against solves of a second or more; on the first position it is
nearly all of the time, and the report quotes no speedup of that row
(peers/README.md).

usage: compare.py PRUNE [--quick] [--pairs N] [--empty-board N] [--long]
                  [--config NAME] [--checkout DIR] -o CSV
  --quick          the first position of the input only (about 2 s)
  --empty-board N  also the empty board, N pairs (1 to 3 minutes a solve;
                   default 0: not solved)
  --long           the empty board, 6 pairs (the fewest with a 95%
                   interval, about 25 minutes)
Exit status: 0; 1 when a score disagrees; 2 on bad input; 77 with one
`skipped:` line when no copy of Fhourstones is available.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import paired  # noqa: E402

BUILD_SH = os.path.join(HERE, "build.sh")
COLUMNS = ["position", "plies", "config", "prune_score", "peer_score", "prune_nodes", "peer_nodes"] \
    + paired.TIMING_COLUMNS
# Fhourstones' scores: 1 LOSS, 2 DRAWLOSS (draw or loss), 3 DRAW, 4 DRAWWIN,
# 5 WIN, for the side to move; each maps to the weak scores it allows.
ALLOWED = {1: {-1}, 2: {-1, 0}, 3: {0}, 4: {0, 1}, 5: {1}}
SCORE = re.compile(r"^score = (\d) \((.)\)")
NODES = re.compile(r"^(\d+) pos / (\d+) msec")
# The empty board: about 1 minute for prune's best step, 3 for Fhourstones;
# 6 pairs are the fewest with a 95% interval (scripts/measure_stats.py).
LONG_EMPTY_BOARD = 6
QUICK_POSITIONS = 1   # 45461667: the whole path in a second; the second costs 25 s


def read_input(binary):
    """The positions of Fhourstones' input file, in order: move strings,
    '' for the empty board (its empty line)."""
    path = os.path.join(os.path.dirname(binary), "inputs")
    with open(path) as f:
        lines = [line.strip() for line in f.read().split("\n")]
    if lines and lines[-1] == "":
        lines.pop()  # the newline ending the last line
    for line in lines:
        if any(c not in "1234567" for c in line):
            raise paired.PeerError(f"{path}: '{line}' is not a line of columns 1..7")
    return lines


def wall(command, **kwargs):
    """(completed process, its wall time in seconds)."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    return done, time.perf_counter() - start


def peer_solve(binary, moves):
    """(score 1..5, nodes, seconds of wall time) of one Fhourstones process."""
    done, seconds = wall([binary], input=moves + "\n")
    score = nodes = None
    for line in done.stdout.splitlines():
        if SCORE.match(line):
            score = int(SCORE.match(line).group(1))
        if NODES.match(line):
            nodes = int(NODES.match(line).group(1))
    if done.returncode != 0 or score not in ALLOWED or nodes is None:
        raise paired.PeerError(f"{binary} on '{moves}': exit status {done.returncode}, "
                               f"no score and node count in its output")
    return score, nodes, seconds


def prune_solve(prune, config, moves):
    """(score, nodes, seconds of wall time, the step that ran) of one `prune solve` process."""
    command = [prune, "solve", "connect4", "--moves", moves, "--weak", "--json"] + (["--config", config] if config else [])
    done, seconds = wall(command)
    if done.returncode != 0:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}: {done.stderr.strip()}")
    result = json.loads(done.stdout)
    return result["score"], result["nodes"], seconds, result["config"]


def compare_position(options, binary, moves, pairs):
    """One CSV row; prints its one-line summary.  Every run's score is
    checked; with no pairs, one untimed run of each."""
    runs = paired.alternate(lambda: prune_solve(options.prune, options.config, moves),
                            lambda: peer_solve(binary, moves), max(pairs, 1))
    times = [(ours[2], theirs[2]) for ours, theirs in runs] if pairs else []
    agree = all(ours[0] in ALLOWED[theirs[0]] for ours, theirs in runs)
    ours, theirs = runs[0]
    name = moves or "start"
    print(f"compare.py: {name}: prune {ours[0]:+d} in {ours[1]} nodes, Fhourstones {'#-<=>+'[theirs[0]]} "
          f"in {theirs[1]} nodes: {'agree' if agree else 'DISAGREE'}; {paired.describe(times)}", flush=True)
    row = [name, len(moves), ours[3], ours[0], "#-<=>+"[theirs[0]], ours[1], theirs[1]]
    return row + paired.timing_cells(times), times, agree


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help="the first position only")
    parser.add_argument("--pairs", type=int, help="timing pairs per position (default 6); 0: scores only")
    parser.add_argument("--empty-board", type=int, metavar="N",
                        help=f"pairs on the empty board (default 0: not solved; {LONG_EMPTY_BOARD} under --long)")
    paired.long_option(parser, f"the empty board, {LONG_EMPTY_BOARD} pairs")
    parser.add_argument("--config", help="prune's step (default: prune solve's own, the last step, its best on "
                        "long solves: docs/connect4.md)")
    parser.add_argument("--checkout", help="default: $PRUNE_FHOURSTONES_CHECKOUT")
    parser.add_argument("-o", "--output", help="CSV, one row per position and one for the 8-ply positions")
    options = parser.parse_args(argv)
    if options.pairs is None:
        options.pairs = 6
    if options.empty_board is None:
        options.empty_board = LONG_EMPTY_BOARD if options.long else 0
    if options.pairs < 0 or options.empty_board < 0:
        parser.error("--pairs and --empty-board must be at least 0")
    if options.quick and (options.empty_board or options.long):
        parser.error("--quick does not solve the empty board")
    paired.executable(parser, options.prune)
    return options


def main(argv):
    options = parse(argv)
    binary, why = paired.build(BUILD_SH, ["--checkout", options.checkout] if options.checkout else [])
    if binary is None:
        return paired.skip(why)
    positions = [p for p in read_input(binary) if p]
    if options.quick:
        positions = positions[:QUICK_POSITIONS]
    rows, pairs, sums, disagreements = [], [], [], 0
    for moves in positions:
        row, times, agree = compare_position(options, binary, moves, options.pairs)
        rows.append(row)
        pairs.append(times)
        sums = [(a + x, b + y) for (a, b), (x, y) in zip(sums, times)] if sums else times
        disagreements += not agree
    if len(positions) > 1:
        rows.append([f"{len(positions)} positions", "", rows[0][2], "", "", sum(r[5] for r in rows),
                     sum(r[6] for r in rows)] + paired.timing_cells(sums))
        pairs.append(sums)
        print(f"compare.py: the {len(positions)} positions together: {paired.describe(sums)}")
    if options.empty_board:
        row, times, agree = compare_position(options, binary, "", options.empty_board)
        rows.append(row)
        pairs.append(times)
        disagreements += not agree
    return paired.finish(options.output, COLUMNS, rows, disagreements, pairs=pairs)


if __name__ == "__main__":
    paired.run(main)
