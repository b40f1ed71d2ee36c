#!/usr/bin/env python3
"""compare.py: prune's tic-tac-toe searches against the Python original
they reproduce (Nicholas Boyce's solver, github nicholasboyce/tictactoe:
plain minimax at 92694af, alpha-beta at bdc086c), in-process on both sides.

The work is the post's headline: the computer's first move on the empty
board, the computer playing X (round 1, computer first), a search to the
end of the game.  Each commit's tictactoe.py is exported from the user's
checkout into a temporary directory outside the repository and imported as
a module; its game loop sits under `if __name__ == '__main__'` and never
runs.  His method TicTacToe._return_best_choice is called directly, as his
own _make_choice calls it, without stdin: that method is the whole search
(it loops over the root's moves and calls the recursive _minimax or
_minimax_ab).

What is timed: on his side time.perf_counter around that one call, the
timer his _make_choice puts around it for the published figures; on
prune's, the `seconds` of `prune search ttt --config C --depth 9 --json`,
which covers the search alone.  Neither includes a process start or an
import.  A measurement is the median of --repeats calls, the same number on
each side; a pair is one measurement of each, the order alternated
(peers/paired.py).

His code has no node counter: an untimed run wraps his recursive method on
one game object and counts its calls (every position but the root, which
_return_best_choice handles), and adds the root, as prune counts; both
counts and the chosen square must agree.

usage: compare.py PRUNE [--quick] [--long] [--pairs N] [--repeats N] [--checkout DIR] -o CSV
  --quick   alpha-beta only, 6 pairs (a few seconds; plain minimax takes
            about a second a call in Python)
Exit status: 0; 1 when a node count or the chosen square differs; 2 on bad
input; 77 with one `skipped:` line when no checkout is available.
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import paired  # noqa: E402

CHECKOUT_VARIABLE = "PRUNE_TTT_PYTHON_CHECKOUT"
GAME, DEPTH = "ttt", 9  # the empty board, searched to the end of the game
# prune's config, his commit, and his recursive method at that commit
# (docs/ttt.md names the two commits the post benchmarked).
SEARCHES = [("minimax", "92694af33e6a5f8a02a90083ef1c6a763559272e", "_minimax"),
            ("alphabeta", "bdc086ccd1407427b925916300dd42b6cfa74b8a", "_minimax_ab")]
QUICK_CONFIGS = ["alphabeta"]
SOURCE = "tictactoe.py"
COLUMNS = ["config", "commit", "depth", "prune_nodes", "peer_nodes", "prune_best", "peer_best",
           "repeats"] + paired.TIMING_COLUMNS


def export(checkout, commit, directory):
    """The path of `commit`'s tictactoe.py, written into `directory`."""
    done = subprocess.run(["git", "-C", checkout, "show", f"{commit}:{SOURCE}"], capture_output=True)
    if done.returncode != 0:
        raise paired.PeerError(f"'{checkout}' is not a git checkout of nicholasboyce/tictactoe holding "
                               f"{commit[:7]}:{SOURCE}")
    path = os.path.join(directory, f"tictactoe_{commit[:7]}.py")
    with open(path, "wb") as f:
        f.write(done.stdout)
    return path


def load(path):
    """His module, imported from `path` under a name of its own (the two
    commits are both loaded, so neither may be called `tictactoe`)."""
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # his file, whatever it raises: bad input
        raise paired.PeerError(f"cannot import {path}: {type(error).__name__}: {error}") from None
    return module


def new_game(module):
    """A fresh game with the computer as X and X to move on the empty board:
    his TicTacToe(True, 1), as his game loop makes it for 'computer first'."""
    return module.TicTacToe(True, 1)


def square(choice):
    """His (row, col) as prune's square number, 0..8 row by row."""
    row, col = choice
    return str(row * 3 + col)


def peer_counted(module, method):
    """(his chosen square, positions visited with the root counted), from one
    untimed search with `method` wrapped on one game object.  The wrapper is
    an attribute of that object only, so the recursion (self.METHOD(...))
    goes through it and the timed games never see it."""
    game = new_game(module)
    if not callable(getattr(game, method, None)):
        raise paired.PeerError(f"{module.__file__}: TicTacToe has no method {method}")
    inner = getattr(game, method)
    calls = 0

    def counting(*arguments):
        nonlocal calls
        calls += 1
        return inner(*arguments)
    setattr(game, method, counting)
    choice = game._return_best_choice(game._board.state)
    if any(cell != " " for row in game._board.state for cell in row):
        raise paired.PeerError(f"{module.__file__}: the board is not empty after the search")
    return square(choice), calls + 1


def peer_seconds(module):
    """Seconds of one call of his search, timed as his _make_choice times it."""
    game = new_game(module)
    start = time.perf_counter()
    game._return_best_choice(game._board.state)
    return time.perf_counter() - start


def prune_run(prune, config):
    """(best square, nodes, seconds) of `prune search`."""
    command = [prune, "search", GAME, "--config", config, "--depth", str(DEPTH), "--json"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}: {done.stderr.strip()}")
    result = json.loads(done.stdout)
    return result["best"], result["nodes"], result["seconds"]


def median_of(repeats, measure):
    return statistics.median(measure() for _ in range(repeats))


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help="alpha-beta only, 6 pairs")
    paired.long_option(parser)
    parser.add_argument("--pairs", type=int, help="timing pairs (default 12, --quick 6); 0: counts only")
    parser.add_argument("--repeats", type=int, default=3,
                        help="calls per measurement on each side, their median is the measurement (default 3)")
    parser.add_argument("--checkout", help=f"a git checkout or bare mirror of nicholasboyce/tictactoe "
                        f"(default: ${CHECKOUT_VARIABLE})")
    parser.add_argument("-o", "--output", help="CSV, one row per search")
    options = parser.parse_args(argv)
    paired.pairs_option(parser, options)
    if options.repeats < 1:
        parser.error("--repeats must be at least 1")
    paired.executable(parser, options.prune)
    if options.checkout is None:
        options.checkout = os.environ.get(CHECKOUT_VARIABLE, "")
    return options


def why_skipped(checkout):
    """The reason the peer cannot run here, or None."""
    if not checkout:
        return f"no checkout of nicholasboyce/tictactoe: set {CHECKOUT_VARIABLE} or pass --checkout DIR"
    if sys.version_info < (3, 9):
        return "the Python tic-tac-toe solver needs Python 3.9 or later (its annotations use list[...])"
    if subprocess.run(["git", "--version"], capture_output=True).returncode != 0:
        return "git is not installed, so the Python tic-tac-toe solver cannot be exported"
    return None


def compare_one(options, config, commit, module, method):
    """One CSV row for `config`, its pairs [(prune s, peer s)], and whether both programs agree."""
    ours = prune_run(options.prune, config)
    theirs = peer_counted(module, method)
    same = (ours[0], ours[1]) == theirs
    pairs = paired.alternate(lambda: median_of(options.repeats, lambda: prune_run(options.prune, config)[2]),
                             lambda: median_of(options.repeats, lambda: peer_seconds(module)),
                             options.pairs)
    verdict = "equal" if same else f"DIFFERENT (prune square {ours[0]}, {ours[1]} nodes; " \
        f"Python square {theirs[0]}, {theirs[1]} nodes)"
    print(f"compare.py: {config}, empty board, depth {DEPTH}: {ours[1]} nodes, square {ours[0]}, {verdict}; "
          f"{paired.describe(pairs)}", flush=True)
    row = [config, commit[:7], DEPTH, ours[1], theirs[1], ours[0], theirs[0],
           options.repeats] + paired.timing_cells(pairs)
    return row, pairs, same


def main(argv):
    options = parse(argv)
    why = why_skipped(options.checkout)
    if why:
        return paired.skip(why)
    if not os.path.isdir(options.checkout):
        raise paired.PeerError(f"{CHECKOUT_VARIABLE} '{options.checkout}' is not a directory")
    rows, row_pairs, different = [], [], 0
    with tempfile.TemporaryDirectory(prefix="prune-ttt-python-") as directory:
        for config, commit, method in SEARCHES:
            if options.quick and config not in QUICK_CONFIGS:
                continue
            module = load(export(options.checkout, commit, directory))
            row, pairs, same = compare_one(options, config, commit, module, method)
            rows.append(row)
            row_pairs.append(pairs)
            different += not same
    return paired.finish(options.output, COLUMNS, rows, different, pairs=row_pairs)


if __name__ == "__main__":
    paired.run(main)
