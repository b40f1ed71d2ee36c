#!/usr/bin/env python3
"""Counts instructions per search with valgrind and checks that each
technique still pays (tests/instructions/comparisons.csv).  A row's depth is
an MCTS config's iterations (it has no depth: docs/mcts.md).

Instruction counts are the stable figure on a noisy shared machine: the
same binary and input give the same count whatever else runs.  Each count
is also compared with the committed baseline (tests/instructions/baseline.csv):
a search that got more than TOLERANCE (25%) dearer fails; any change is shown.

The Connect Four solver's rows (tests/instructions/solve.csv) are
instructions per node of one solve: callgrind collects inside the search
(solve_bitboard_run) only, the node count must equal the committed one (a
fact: a change there is a bug, not a slowdown), and a solve more than
TOLERANCE dearer per node than its committed figure fails.

usage: instruction_counts.py PRUNE [--update]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from atomic_file import write_csv_atomically
from studies import read_rows as rows

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "instructions")
COMPARISONS = os.path.join(HERE, "comparisons.csv")
BASELINE = os.path.join(HERE, "baseline.csv")
SOLVE = os.path.join(HERE, "solve.csv")
TOLERANCE = 0.25   # a count this much above its committed figure fails
KEY = ("game", "moves", "depth", "config", "state")   # a search of baseline.csv


def callgrind(function, argv, timeout):
    """(instructions callgrind collected inside `function`, the program's stdout)."""
    with tempfile.TemporaryDirectory() as tmp:
        args = ["valgrind", "--tool=callgrind", f"--toggle-collect={function}",
                f"--callgrind-out-file={os.path.join(tmp, 'callgrind.out')}", *argv]
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), done.stdout


def mcts_configs(prune):
    """The configs with no depth (family mcts, `prune configs --json`): a row's depth is their iterations."""
    done = subprocess.run([prune, "configs", "--json"], capture_output=True, text=True, timeout=60, check=True)
    return {c["name"] for c in map(json.loads, done.stdout.splitlines()) if c["family"] == "mcts"}


def count(prune, game, moves, depth, config, state, mcts=frozenset()):
    """Instructions of one search: callgrind collects only inside the game's
    `search` entry (move-list parsing, the search itself, formatting the
    result), not the process start-up.  An MCTS config searches `depth`
    iterations (it has no depth; the seed is the default, so the count is exact)."""
    limit = ["--iterations" if config in mcts else "--depth", depth]
    return callgrind("search", [prune, "search", game, "--config", config, *limit, "--moves", moves,
                                "--state", state], 900)[0]


def count_solve(prune, config, moves):
    """(instructions, nodes) of one solve, the search alone."""
    instructions, out = callgrind("solve_bitboard_run", [prune, "solve", "connect4", "--config", config,
                                                         "--moves", moves, "--json"], 1800)
    return instructions, int(re.search(r'"nodes":(\d+)', out).group(1))


def check_solves(prune, update):
    """The solver's rows: (rows checked, failures); with update, rewrites their per-node figures."""
    failures, updated = [], []
    print("\nthe solver, instructions per node of one solve (tests/instructions/solve.csv):")
    for r in rows(SOLVE):
        instructions, nodes = count_solve(prune, r["config"], r["moves"])
        per_node, old = instructions / nodes, float(r["instructions_per_node"])
        change = (per_node - old) / old if old else 0.0
        print(f"  {r['config']} {r['set']}:{r['line']} {nodes:,} nodes: {instructions:,} instructions, "
              f"{per_node:.1f} per node ({f'{change:+.1%}' if old else 'new'})")
        if nodes != int(r["nodes"]):
            failures.append(f"{r['config']} {r['moves']} visits {nodes} nodes, not {r['nodes']}")
        elif per_node > old * (1 + TOLERANCE) and not update:
            failures.append(f"{r['config']} {r['moves']} costs {change:+.1%} instructions per node")
        updated.append([r["set"], r["line"], r["moves"], r["config"], r["nodes"], f"{per_node:.1f}"])
    if update:
        with open(SOLVE) as f:
            comments = "".join(line for line in f if line.startswith("#"))
        write_csv_atomically(SOLVE, ["set", "line", "moves", "config", "nodes", "instructions_per_node"], updated,
                             comments)
    return len(updated), failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("prune")
    parser.add_argument("--update", action="store_true", help="rewrite the committed baseline")
    options = parser.parse_args()
    baseline = ({tuple(r[c] for c in KEY): int(r["instructions"]) for r in rows(BASELINE)}
                if os.path.exists(BASELINE) else {})
    measured, failures = {}, []

    mcts = mcts_configs(options.prune)

    def get(*key):   # KEY's fields
        if key not in measured:
            measured[key] = count(options.prune, *key, mcts=mcts)
        return measured[key]

    print(f"{'study':<10} {'game':<9} {'depth':>5}  {'technique':<34} {'baseline':<34} "
          f"{'instructions':>13} {'baseline':>13} {'ratio':>7}")
    comparisons = rows(COMPARISONS)
    for c in comparisons:
        a = get(c["game"], c["moves"], c["depth"], c["technique"], c["technique_state"])
        b = get(c["game"], c["moves"], c["depth"], c["baseline"], c["baseline_state"])
        ok = a < b if c["rule"] == "cheaper" else a <= b * 1.005
        print(f"{c['study']:<10} {c['game']:<9} {c['depth']:>5}  "
              f"{c['technique'] + '/' + c['technique_state']:<34} {c['baseline'] + '/' + c['baseline_state']:<34} "
              f"{a:>13,} {b:>13,} {b / a:>6.2f}x {'' if ok else 'FAIL: ' + c['rule']}")
        if not ok:
            failures.append(f"{c['technique']} is not {c['rule']} than {c['baseline']} on {c['game']}")
    print("\nagainst the committed baseline:")
    for key, value in sorted(measured.items()):
        old = baseline.get(key)
        change = f"{(value - old) / old:+.1%}" if old else "new"
        print(f"  {key[0]:<9} [{key[1]}] depth {key[2]} {key[3]}/{key[4]}: {value:,} ({change})")
        if old and value > old * (1 + TOLERANCE) and not options.update:
            failures.append(f"{key} costs {change} more instructions than the baseline")
    solves, solve_failures = check_solves(options.prune, options.update)
    failures += solve_failures
    if options.update:
        write_csv_atomically(BASELINE, [*KEY, "instructions"], [[*k, v] for k, v in sorted(measured.items())])
        print(f"baseline written: {BASELINE}")
    for failure in failures:
        print("FAIL " + failure)
    print(f"{len(comparisons) + len(measured) + solves - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
