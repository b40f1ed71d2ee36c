#!/usr/bin/env python3
"""Checks prune's Connect Four solver (prune solve) with exact figures.

  nodes PRUNE NODES_FILE     every (config, weak/strong) of NODES_FILE run over its
                             position file (beside it): score and node count of every
                             position equal, on the bitboard and, for the steps the grid
                             runs (parts 3 to 8), on the grid too
  oracle PRUNE GENERATOR     seeded random positions near the end: every step's score
                             equals solve-alphabeta's (weak: by sign), on both boards
  oracle-deep PRUNE GENERATOR  seeded random positions of 14 to 28 stones: prune's own steps
                             score them as solve-lowerbound (part 12) does (weak: by sign)
  shards PRUNE MERGE FILE    --shard 1/3, 2/3, 3/3 merged by scripts/pons_study.py merge equal
                             the unsharded summary
  errors PRUNE               a malformed test-set line exits 2 naming FILE:LINE with nothing
                             on stdout; a wrong score exits 1 naming FILE:LINE
  means PRUNE MEANS_FILE     test sets (needs PRUNE_CONNECT4_DATA): the mean nodes over the
                             1000 positions equal the reference at 3 decimals exactly
  scores PRUNE SCORES_FILE   test sets: the first N lines' scores agree with the file
                             (prune solve checks each one; weak by sign)

The test-set checks exit 77 (skipped) when PRUNE_CONNECT4_DATA is unset or absent.
"""
import json
import os
import subprocess
import sys
import tempfile

from checks import Tally, data_lines

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from pons_study import own_steps  # noqa: E402  (which steps are prune's own: one reading of --help)

GRID_PARTS = {"solve-minmax", "solve-alphabeta", "solve-order", "solve-tt", "solve-id"}
SKIPPED = 77


def solve(prune, args):
    """Runs prune solve --json; returns (per-position dicts, summary dict) or raises."""
    done = subprocess.run([prune, "solve", "connect4", "--json", *args], capture_output=True, text=True,
                          timeout=1200)
    if done.returncode != 0:
        raise RuntimeError(f"exit {done.returncode}: {done.stderr.strip()}")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    return [r for r in rows if not r.get("summary")], next((r for r in rows if r.get("summary")), None)


def mode_args(mode):
    return ["--weak"] if mode == "weak" else []


def check_nodes(prune, nodes_file):
    tally = Tally()
    groups = {}
    for line in data_lines(nodes_file):
        config, mode, name, moves, score, nodes = line.split()
        groups.setdefault((config, mode, name), {})[moves] = (int(score), int(nodes))
    folder = os.path.dirname(nodes_file)
    for (config, mode, name), want in groups.items():
        boards = ["bitboard", "grid"] if config in GRID_PARTS else ["bitboard"]
        for board in boards:
            label = f"{config} {mode} {name}.txt --board {board}"
            try:
                rows, _ = solve(prune, ["--config", config, "--positions", os.path.join(folder, name + ".txt"),
                                        "--board", board, *mode_args(mode)])
                got = {r["moves"]: (r["score"], r["nodes"]) for r in rows}
            except RuntimeError as error:
                got = {"error": str(error)}
            diff = [m for m in want if got.get(m) != want[m]]
            tally.record(got == want, label, f"{len(want)} positions" if got == want else
                         f"differ at {diff[:3]}: got {[got.get(m) for m in diff[:3]]}, "
                         f"expected {[want[m] for m in diff[:3]]}")
    return tally.summary()


def configs(prune):
    """Every step, as `prune solve --help` lists them (solver/solve.c): the series', then prune's own."""
    lines = subprocess.run([prune, "solve", "--help"], capture_output=True, text=True, check=True).stdout.splitlines()
    return [line.split()[0] for line in lines if line.startswith("  solve-")]


def own_configs(prune):
    """prune's own steps after the series: those --help labels "prune:" (scripts/pons_study.py reads them
    the same way for the study)."""
    return own_steps(prune)


def check_oracle(prune, generator):
    """Labels positions with solve-alphabeta, then lets prune solve check every step against them."""
    tally = Tally()
    made = random_positions(generator, 424242, 40, 30, 38, quiet=False)
    for mode in ("strong", "weak"):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "positions.txt")
            scores = []
            for moves in made:
                rows, _ = solve(prune, ["--config", "solve-alphabeta", "--moves", moves])
                scores.append(rows[0]["score"])
            write_labelled(path, zip(made, scores))
            for config in configs(prune):
                for board in (["bitboard", "grid"] if config in GRID_PARTS else ["bitboard"]):
                    args = ["--config", config, "--positions", path, "--board", board, *mode_args(mode)]
                    tally.record(*agrees(prune, args, len(made), f"oracle {config} {mode} {board}"))
    return tally.summary()


def random_positions(generator, seed, count, low, high, quiet):
    """tests/connect4/make_positions.py's seeded games of `low` to `high` stones (quiet: the side to
    move cannot win at once)."""
    return subprocess.run([sys.executable, generator, str(seed), str(count), str(low), str(high), str(int(quiet))],
                          capture_output=True, text=True, check=True).stdout.split()


def write_labelled(path, labelled):
    """A positions file of `moves score` lines, which prune solve checks line by line."""
    with open(path, "w") as f:
        f.writelines(f"{moves} {score}\n" for moves, score in labelled)


def agrees(prune, args, count, label):
    """(ok, label, detail) for Tally.record: prune solve ran `args` over a positions file
    of `count` labelled lines and every score agreed (it stops at the first that does not)."""
    try:
        _, summary = solve(prune, args)
        return summary["positions"] == count, label, f"{count} positions agree"
    except RuntimeError as error:
        return False, label, str(error)


def check_oracle_deep(prune, generator):
    """Seeded random positions of 14 to 28 stones, where prune's own steps prune most (the claimeven
    bound, the table's cutoffs): every one of those steps scores them as solve-lowerbound does, the
    series' last step (whose node counts equal Pons' own, connect4-nodes)."""
    tally = Tally()
    made = random_positions(generator, 313131, 150, 14, 28, quiet=True)
    for mode in ("strong", "weak"):
        with tempfile.TemporaryDirectory() as folder:
            bare = os.path.join(folder, "bare.txt")
            with open(bare, "w") as f:
                f.writelines(f"{moves}\n" for moves in made)
            rows, _ = solve(prune, ["--config", "solve-lowerbound", "--positions", bare, *mode_args(mode)])
            path = os.path.join(folder, "positions.txt")
            write_labelled(path, ((r["moves"], r["score"]) for r in rows))
            for config in own_configs(prune):
                args = ["--config", config, "--positions", path, *mode_args(mode)]
                tally.record(*agrees(prune, args, len(made), f"oracle-deep {config} {mode}"))
    return tally.summary()


def check_shards(prune, merge, positions):
    tally = Tally()
    for config, mode in (("solve-sorted", "strong"), ("solve-lowerbound", "weak")):
        base = ["--config", config, "--positions", positions, *mode_args(mode)]
        _, whole = solve(prune, base)
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for k in (1, 2, 3):
                done = subprocess.run([prune, "solve", "connect4", "--json", *base, "--shard", f"{k}/3"],
                                      capture_output=True, text=True, timeout=600, check=True)
                paths.append(os.path.join(folder, f"shard{k}.jsonl"))
                with open(paths[-1], "w") as f:
                    f.write(done.stdout)
            merged = subprocess.run([sys.executable, merge, "merge", *paths], capture_output=True, text=True, check=True)
            rows = [json.loads(line) for line in merged.stdout.splitlines()]
            summary = rows[-1]
        keys = ("positions", "total_nodes", "mean_nodes", "config", "weak")
        want, got = {k: whole[k] for k in keys}, {k: summary.get(k) for k in keys}
        lines_ok = [r["line"] for r in rows[:-1]] == sorted(r["line"] for r in rows[:-1]) and len(rows) - 1 == whole["positions"]
        tally.record(got == want and lines_ok, f"shards {config} {mode}", f"{got}" if got == want else f"got {got}, expected {want}")
    return tally.summary()


def check_errors(prune):
    tally = Tally()
    cases = [("malformed", ["4453 -2", "44 0", "4x53 1"], 2, ":3: move 2 ('x')", True),
             ("bad score", ["4453 -2", "277754765574651461355311162313273232 x"], 2, ":2: the score", True),
             ("wrong score", ["277754765574651461355311162313273232 -3", "44512457462164412515566563736 6"], 1,
              ":2: solve-tt scores 7, the file says 6", False)]
    for label, lines, status, message, quiet in cases:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "set.txt")
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            done = subprocess.run([prune, "solve", "connect4", "--config", "solve-tt", "--positions", path],
                                  capture_output=True, text=True, timeout=60)
        errors = done.stderr.splitlines()
        ok = (done.returncode == status and len(errors) == 1 and message in errors[0]
              and (not quiet or done.stdout == ""))
        tally.record(ok, label, f"exit {done.returncode}: {done.stderr.strip()}")
    return tally.summary()


def data_present():
    folder = os.environ.get("PRUNE_CONNECT4_DATA", "")
    return folder and os.path.isfile(os.path.join(folder, "Test_L3_R1"))


def check_means(prune, means_file):
    if not data_present():
        print("PRUNE_CONNECT4_DATA unset or without the test sets: skipped")
        return SKIPPED
    tally = Tally()
    for line in data_lines(means_file):
        name, config, mode, mean = line.split()
        try:
            _, summary = solve(prune, ["--config", config, "--set", name, *mode_args(mode)])
            got = f"{summary['total_nodes'] / summary['positions']:.3f}" if summary["positions"] == 1000 else "not 1000 positions"
        except RuntimeError as error:
            got = str(error)
        tally.record(got == mean, f"{name} {config} {mode}", f"mean {got}" + ("" if got == mean else f", expected {mean}"))
    return tally.summary()


def check_scores(prune, scores_file):
    if not data_present():
        print("PRUNE_CONNECT4_DATA unset or without the test sets: skipped")
        return SKIPPED
    tally = Tally()
    for line in data_lines(scores_file):
        name, config, mode, limit = line.split()
        try:
            _, summary = solve(prune, ["--config", config, "--set", name, "--limit", limit, *mode_args(mode)])
            ok, detail = summary["positions"] == int(limit), f"{summary['positions']} scores agree"
        except RuntimeError as error:
            ok, detail = False, str(error)
        tally.record(ok, f"{name} first {limit} {config} {mode}", detail)
    return tally.summary()


def main():
    command, prune, *rest = sys.argv[1:]
    checks = {"errors": check_errors, "nodes": check_nodes, "oracle": check_oracle,
              "oracle-deep": check_oracle_deep, "shards": check_shards, "means": check_means,
              "scores": check_scores}
    return checks[command](prune, *rest)


if __name__ == "__main__":
    sys.exit(main())
