#!/usr/bin/env python3
"""measure.py: Pons' own solver on the blog's test sets, alone.

For each tag and test set (a "cell"), strong and weak, runs the peer built
by build.sh over the positions in one process, as the blog did, and
records the mean number of explored positions, the mean time his program
prints per position, and K pos/s (thousands of explored positions per
second).  A cell that does not finish within --cell-timeout seconds is kept
as a declared partial sample (complete=0), never as if it were the mean.
Scores are checked against the file's (weak: by sign).

usage: measure.py --data DIR [--tags part3,...] [--sets Test_L3_R1,...]
                  [--modes strong,weak] [--limit N] [--cell-timeout S]
                  [--checkout DIR] [--positions-out FILE] [--counts DIR]
                  [-o summary.csv]
--counts DIR writes DIR/TAG-SET.txt: `part set line moves weak score nodes` per
position, for diffing node counts position by position.
Exit status: 0; 2 on bad input; 77 when no checkout of the peer is available.
"""
import argparse
import os
import sys

import pons  # puts scripts/ on the path, through peers/paired.py
from atomic_file import write_csv_atomically, write_text_atomically
from measure_stats import cpu_name

SUMMARY = ["tag", "config", "set", "name", "mode", "positions", "complete", "mean_nodes",
           "mean_us", "kpos_per_second", "score_mismatches", "cpu"]
PER_POSITION = ["tag", "set", "line", "moves", "weak", "score", "nodes", "us"]


def score_agrees(score, expected, weak):
    """Strong: the exact score.  Weak: the sign only (docs/connect4.md)."""
    if expected is None:
        return True
    if weak:
        return (score > 0) - (score < 0) == (expected > 0) - (expected < 0)
    return score == expected


def run_cell(binary, tag, set_file, positions, weak, timeout):
    """One cell: (summary row, per-position rows)."""
    results, complete = pons.solve(binary, positions, weak, timeout)
    rows = [[tag, os.path.basename(set_file), number, moves, int(weak), score, nodes, us]
            for (number, moves, _), (score, nodes, us) in zip(positions, results)]
    mismatches = sum(not score_agrees(score, expected, weak)
                     for (_, _, expected), (score, _, _) in zip(positions, results))
    count = len(results)
    nodes = sum(r[1] for r in results)
    us = sum(r[2] for r in results)
    name = os.path.basename(set_file)
    summary = [tag, pons.CONFIG_OF_TAG[tag], name, pons.SET_NAMES.get(name, name),
               "weak" if weak else "strong", count, int(complete and count == len(positions)),
               f"{nodes / count:.3f}" if count else "", f"{us / count:.3f}" if count else "",
               f"{nodes / us * 1000:.1f}" if us else "", mismatches, cpu_name()]
    return summary, rows


def write_counts(directory, tag, name, rows):
    """DIRECTORY/TAG-SET.txt: one `part set line moves weak score nodes`
    line per position solved."""
    os.makedirs(directory, exist_ok=True)
    text = "# part set line moves weak score nodes\n" + "".join(" ".join(map(str, r[:7])) + "\n" for r in rows)
    write_text_atomically(os.path.join(directory, f"{tag}-{name}.txt"), text)


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="directory of the test files")
    parser.add_argument("--tags", default=",".join(pons.TAGS))
    parser.add_argument("--sets", default="Test_L3_R1,Test_L2_R1,Test_L2_R2")
    parser.add_argument("--modes", default="strong,weak")
    parser.add_argument("--limit", type=int, help="first N positions of each file")
    parser.add_argument("--cell-timeout", type=float, default=60.0)
    parser.add_argument("--checkout", help="default: $PRUNE_PONS_CHECKOUT")
    parser.add_argument("--positions-out", help="per-position CSV")
    parser.add_argument("--counts", help="directory for TAG-SET.txt per-position counts")
    parser.add_argument("-o", "--output", help="summary CSV (default: stdout only)")
    options = parser.parse_args(argv)
    options.sets = options.sets.split(",")
    pons.check_tags_and_modes(parser, options)
    for name in options.sets:
        if not os.path.isfile(os.path.join(options.data, name)):
            parser.error(f"no test file {os.path.join(options.data, name)}")
    if options.limit is not None and options.limit < 1 or options.cell_timeout <= 0:
        parser.error("--limit must be at least 1 and --cell-timeout positive")
    return options


def main(argv):
    options = parse(argv)
    try:
        files = {name: pons.read_positions(os.path.join(options.data, name), options.limit)
                 for name in options.sets}
    except (OSError, ValueError) as error:
        print(f"measure.py: {error}", file=sys.stderr)
        return 2
    summary, per_position = [], []
    for tag in options.tags:
        binary, why = pons.build(tag, options.checkout)
        if binary is None:
            print(why)
            return pons.SKIPPED
        for name in options.sets:
            counts = []
            for mode in options.modes:
                if not pons.has_mode(tag, mode):
                    continue
                row, rows = run_cell(binary, tag, name, files[name], mode == "weak", options.cell_timeout)
                print(",".join(map(str, row)), flush=True)
                summary.append(row)
                counts += rows
            per_position += counts
            if options.counts:
                write_counts(options.counts, tag, name, counts)
    if options.output:
        write_csv_atomically(options.output, SUMMARY, summary)
    if options.positions_out:
        write_csv_atomically(options.positions_out, PER_POSITION, per_position)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except pons.PeerError as error:
        print(f"measure.py: {error}", file=sys.stderr)
        sys.exit(2)
