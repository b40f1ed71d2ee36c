#!/usr/bin/env python3
"""Checks `prune solve connect4 --size WxH` (docs/connect4.md, "Other board sizes").

  published PRUNE         the empty board of every size of studies/sizes.csv (Tromp's and
                          Steininger's published outcomes) that the quick variant solves:
                          prune's score gives the same winner and the same move on which the
                          game ends, in the text and the JSON; the weak solve gives the same
                          winner
  same PRUNE              --board sized at 7x6 visits exactly the fixed bitboard's nodes with the
                          same score, for every step that runs on the bitboard, on a few
                          positions; --size 7x6 is the default solve plus the size and outcome
  runner PRUNE            scripts/connect4_sizes.py --variant quick (the pons study's sizes): one
                          row a quick board, each matching; a bad variant is status 2
  errors PRUNE            bad sizes, --size with a test set, the grid or a series' table on a
                          board whose keys pass 49 bits, and bad columns: status 2, one line,
                          nothing on stdout; columns past 9 as A.. or as a comma list
"""
import csv
import os
import subprocess
import sys
import tempfile

from check_solve_cli import run, solve_json as solve_lines
from checks import Tally

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import studies  # noqa: E402


def solve_json(prune, *args):
    """The one JSON line of a solve of one position."""
    lines = solve_lines(prune, *args)
    if len(lines) != 1:
        raise RuntimeError(f"{' '.join(args)}: {len(lines)} JSON lines, not one")
    return lines[0]


def winner(score):
    """Who wins from the empty board (the first player moves there)."""
    return "first" if score > 0 else "second" if score < 0 else "draw"


def check_published(prune):
    tally = Tally()
    for board in studies.size_rows(variant="quick"):
        outcome, last_move = board["outcome"], board["last_move"]
        size = f"{board['width']}x{board['height']}"
        r = solve_json(prune, "--size", size, "--moves", "")
        ok = winner(r["score"]) == outcome and r["last_move"] == last_move and r["size"] == size
        tally.record(ok, size, f"score {r['score']}, ends on move {r['last_move']}; published {outcome} "
                     f"on move {last_move}")
        text = run(prune, "--size", size, "--moves", "").stdout
        words = {"first": "the first player wins", "second": "the second player wins", "draw": "draw"}
        expected = f"outcome  {words[outcome]}, the game ending on move {last_move}\n"
        tally.record(expected in text and f"size     {size}\n" in text, f"{size} text", expected.strip())
        weak = solve_json(prune, "--size", size, "--moves", "", "--weak")
        tally.record(winner(weak["score"]) == outcome and "last_move" not in weak, f"{size} weak",
                     f"score {weak['score']}")
    return tally.summary()


# Positions for the fixed board against the sized one, from prune's own
# End-Easy and Middle-Easy sets (studies/connect4/prune_L3_R1, prune_L2_R1):
# milliseconds for the steps with a table; the steps without one get the
# End-Easy ones only.
END = ["277754765574651461355311162313273232", "5233574677751456165521132732122166"]
MIDDLE = "6326117422152661372"


def check_same(prune):
    tally = Tally()
    configs = [line.split()[0] for line in run(prune, "--help").stdout.split("configs")[1].splitlines()[1:]
               if line.startswith("  solve-")]
    for config in configs:
        positions = END + ([] if config in ("solve-minmax", "solve-alphabeta", "solve-order") else [MIDDLE])
        for moves in positions:
            fixed = solve_json(prune, "--config", config, "--moves", moves)
            sized = solve_json(prune, "--config", config, "--moves", moves, "--board", "sized")
            ok = (fixed["score"], fixed["nodes"]) == (sized["score"], sized["nodes"])
            tally.record(ok, f"{config} {moves}", f"fixed {fixed['score']}/{fixed['nodes']} nodes, "
                         f"sized {sized['score']}/{sized['nodes']}")
    plain = solve_json(prune, "--moves", MIDDLE)
    sized = solve_json(prune, "--moves", MIDDLE, "--size", "7x6")
    extra = {k: v for k, v in sized.items() if k not in plain}
    same = all(sized[k] == plain[k] for k in plain if k != "seconds")
    tally.record(same and extra == {"size": "7x6", "last_move": solve_last_move(plain["score"], len(MIDDLE), 42)},
                 "--size 7x6", f"adds {extra}")
    return tally.summary()


def solve_last_move(score, stones, cells):
    """The move on which the game ends (solver/solve.h), computed here from its definition."""
    if score == 0:
        return cells
    mover_wins = score > 0
    parity = (stones + 1) % 2 if mover_wins else stones % 2
    for m in range(stones + 1, cells + 1):
        if m % 2 == parity and (cells + 2 - m) // 2 == abs(score):
            return m
    raise ValueError(f"no move scores {score}")


ERRORS = [
    (["--size", "8x8", "--moves", ""], "--size 8x8 does not fit the solver's bitboard"),
    (["--size", "3x6", "--moves", ""], "--size 3x6 does not fit the solver's bitboard"),
    (["--size", "0x6", "--moves", ""], "--size must be WxH, e.g. 7x6, not '0x6'"),
    (["--size", "7", "--moves", ""], "--size must be WxH, e.g. 7x6, not '7'"),
    (["--size", "7x6x", "--moves", ""], "--size must be WxH, e.g. 7x6, not '7x6x'"),
    (["--size", "x6", "--moves", ""], "--size must be WxH, e.g. 7x6, not 'x6'"),
    (["--size", "6x5", "--set", "end-easy"], "--size goes with --moves: the test sets are 7x6"),
    (["--size", "6x5", "--moves", "", "--board", "grid", "--config", "solve-order"],
     "the grid is 7x6 only: a 6x5 board runs on the bitboard"),
    (["--size", "10x4", "--moves", "", "--config", "solve-lowerbound"],
     "solve-lowerbound's table keeps 49 bits of a key, and a 10x4 board's keys take 50: use solve-buckets"),
    (["--size", "5x4", "--moves", "6"], "move 1 ('6') of '6' is not a column 1..5"),
    (["--size", "10x4", "--moves", "B"], "move 1 ('B') of 'B' is not a column 1..9, A..A"),
    (["--size", "10x4", "--moves", "11,1"], "--moves '11,1' is not a list of columns 1..10"),
    (["--size", "4x4", "--moves", "11111"], "move 5 ('1') of '11111' is a full column"),
    (["--board", "cube", "--moves", ""], "--board must be bitboard, grid or sized, not 'cube'"),
]


def check_errors(prune):
    tally = Tally()
    for args, message in ERRORS:
        done = run(prune, *args)
        lines = done.stderr.splitlines()
        ok = done.returncode == 2 and not done.stdout and len(lines) == 1 and message in lines[0]
        tally.record(ok, " ".join(args), f"exit {done.returncode}, stderr {done.stderr.strip()[:160]!r}")
    # Column 10 written A or 10 in a comma list: the same position, the same solve (36 of 40 cells
    # played, no four: a random game's, seeded).
    moves = "355662495974842A81979A15817A78242661"
    listed = ",".join(str("123456789A".index(c) + 1) for c in moves)
    a = solve_json(prune, "--size", "10x4", "--moves", moves)
    b = solve_json(prune, "--size", "10x4", "--moves", listed)
    tally.record(a["moves"] == b["moves"] == moves and (a["score"], a["nodes"]) == (b["score"], b["nodes"]),
                 "column 10", f"{moves}: {a['score']}/{a['nodes']} nodes; {listed}: {b['moves']} "
                 f"{b['score']}/{b['nodes']}")
    return tally.summary()


def check_runner(prune):
    tally = Tally()
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "connect4_sizes.py")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "sizes.csv")
        done = subprocess.run([sys.executable, script, "--prune", prune, "--variant", "quick", "--out", out],
                              capture_output=True, text=True, timeout=300)
        rows = list(csv.DictReader(open(out))) if os.path.exists(out) else []
        boards = studies.size_rows(variant="quick")
        got = sorted((int(r["width"]), int(r["height"]), r["match"]) for r in rows)
        want = sorted((b["width"], b["height"], "yes") for b in boards)
        tally.record(done.returncode == 0 and got == want, "quick variant",
                     f"exit {done.returncode}, {len(rows)} rows of {len(boards)}, all matching: {got == want}")
        bad = subprocess.run([sys.executable, script, "--prune", prune, "--variant", "sometimes", "--out", out + "2"],
                             capture_output=True, text=True)
        tally.record(bad.returncode == 2 and not os.path.exists(out + "2"), "bad variant", f"exit {bad.returncode}")
    return tally.summary()


def main(argv):
    if len(argv) == 3 and argv[1] == "published":
        return check_published(argv[2])
    if len(argv) == 3 and argv[1] == "same":
        return check_same(argv[2])
    if len(argv) == 3 and argv[1] == "runner":
        return check_runner(argv[2])
    if len(argv) == 3 and argv[1] == "errors":
        return check_errors(argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
