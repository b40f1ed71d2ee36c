#!/usr/bin/env python3
"""compare.py: prune's Connect Four solver against Pons' own, position by
position and side by side in time.

For each tag (part3 .. part12) and mode (strong, weak) it runs the peer
built by build.sh and `prune solve connect4 --config NAME` (the config of
that tag, pons.CONFIG_OF_TAG) on the same positions, and checks that every
position gets the same score and the same node count from both.  Then,
unless --windows 0, it times the two in paired windows: each window solves
the same positions once with each program, one right after the other,
swapping which goes first, so that both see the same state of a shared
machine (the positions are repeated until one program's share of a window
lasts about --window-time seconds); a window's time is the sum of the per-position times each program
prints (his `time_us`, prune's `seconds`), so process start-up and table
allocation are left out of both.  The figure is the median over the pairs
of prune's time / his time (above 1: prune is slower); the range shows how
noisy the machine was.

usage: compare.py PRUNE --positions FILE [--tags part12,...] [--modes strong,weak]
                  [--limit N] [--windows 6] [--window-time 0.5] [--checkout DIR]
                  [-o compare.csv]
FILE: a test file (`moves score` per line) or `moves` per line.
Exit status: 0 when every count and score agrees, 1 when one differs,
2 on bad input or a failed run, 77 when no checkout of the peer is available.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

import pons
from measure import cpu_name

sys.path.insert(0, os.path.join(pons.HERE, "..", "..", "scripts"))
from atomic_file import write_csv_atomically  # noqa: E402

COLUMNS = ["tag", "config", "positions_file", "mode", "positions", "node_mismatches", "score_mismatches",
           "pairs", "prune_mean_us", "pons_mean_us", "ratio_median", "ratio_min", "ratio_max", "cpu"]
SHOWN = 5  # mismatching positions printed per cell


def prune_solve(prune, config, positions_file, limit, weak):
    """[(moves, score, nodes, microseconds)] from `prune solve --json`, the
    summary line left out."""
    command = [prune, "solve", "connect4", "--positions", positions_file, "--config", config,
               "--limit", str(limit), "--json"] + (["--weak"] if weak else [])
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise pons.PeerError(f"{' '.join(command)}: exit status {done.returncode}: "
                             f"{done.stderr.strip() or 'no message'}")
    results = []
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if not record.get("summary"):
            results.append((record["moves"], record["score"], record["nodes"], record["seconds"] * 1e6))
    return results


def pons_solve(binary, positions, weak):
    """[(moves, score, nodes, microseconds)] from his program."""
    results, _ = pons.solve(binary, positions, weak)
    return [(moves, score, nodes, us) for (_, moves, _), (score, nodes, us) in zip(positions, results)]


def normalised(moves):
    """prune may print moves as digits or comma-separated columns."""
    return str(moves).replace(",", "")


def check_counts(label, ours, theirs):
    """(node mismatches, score mismatches), the first few printed."""
    if len(ours) != len(theirs):
        raise pons.PeerError(f"{label}: prune solved {len(ours)} positions, Pons' solver {len(theirs)}")
    nodes = scores = 0
    for (moves, score, count, _), (their_moves, their_score, their_count, _) in zip(ours, theirs):
        if normalised(moves) != their_moves:
            raise pons.PeerError(f"{label}: prune answered '{moves}' where Pons' solver answered '{their_moves}'")
        nodes += count != their_count
        scores += score != their_score
        if (count != their_count or score != their_score) and nodes + scores <= SHOWN:
            print(f"compare.py: {label} {their_moves}: prune score {score} nodes {count}, "
                  f"Pons score {their_score} nodes {their_count}", file=sys.stderr)
    return nodes, scores


def repeated_file(directory, positions, repeats):
    """A position file holding `positions` `repeats` times over, so that one
    window lasts long enough to be timed; (its path, the positions)."""
    path = os.path.join(directory, "window.txt")
    repeated = positions * repeats
    with open(path, "w") as f:
        f.writelines(f"{moves} {expected}\n" if expected is not None else f"{moves}\n"
                     for _, moves, expected in repeated)
    return path, repeated


def pairs_of_windows(options, binary, config, positions, weak, seconds):
    """[(prune microseconds, his microseconds)] per position, one pair per
    window; a window solves the positions (repeated to last about
    --window-time, given that one pass took `seconds` of wall time) once
    with each program."""
    repeats = max(1, math.ceil(options.window_time / max(seconds, 1e-6)))
    pairs = []
    with tempfile.TemporaryDirectory() as tmp:
        path, repeated = repeated_file(tmp, positions, repeats)

        def ours():
            return sum(r[3] for r in prune_solve(options.prune, config, path, len(repeated), weak))

        def theirs():
            return sum(r[3] for r in pons_solve(binary, repeated, weak))
        for window in range(options.windows):
            if window % 2 == 0:
                first = ours()
                pairs.append((first / repeats, theirs() / repeats))
            else:
                first = theirs()
                pairs.append((ours() / repeats, first / repeats))
    return pairs


def compare_cell(options, tag, binary, positions, weak):
    """One CSV row for one tag and mode; prints its one-line summary."""
    config = pons.CONFIG_OF_TAG[tag]
    mode = "weak" if weak else "strong"
    label = f"{tag}/{config}/{mode}"
    start = pons.now()
    ours = prune_solve(options.prune, config, options.positions, len(positions), weak)
    middle = pons.now()
    theirs = pons_solve(binary, positions, weak)
    # Wall time, not the printed times: clearing a transposition table for
    # each position (outside both programs' timers) can cost more than the
    # search itself, and a window must stay short in wall time.
    seconds = max(middle - start, pons.now() - middle)
    node_mismatches, score_mismatches = check_counts(label, ours, theirs)
    pairs = pairs_of_windows(options, binary, config, positions, weak, seconds)
    count = len(positions)
    row = [tag, config, os.path.basename(options.positions), mode, count, node_mismatches, score_mismatches,
           len(pairs), "", "", "", "", "", cpu_name()]
    if pairs:
        ratios = [a / b for a, b in pairs if b > 0]
        row[8] = f"{statistics.median(a for a, _ in pairs) / count:.3f}"
        row[9] = f"{statistics.median(b for _, b in pairs) / count:.3f}"
        if ratios:
            row[10:13] = [f"{statistics.median(ratios):.3f}", f"{min(ratios):.3f}", f"{max(ratios):.3f}"]
    timing = (f"; prune {row[8]} us, Pons {row[9]} us per position, ratio median {row[10]} "
              f"(range {row[11]}..{row[12]}) over {len(pairs)} pairs on {row[13]}") if row[10] else ""
    verdict = "equal" if node_mismatches == score_mismatches == 0 else \
        f"DIFFERENT ({node_mismatches} node counts, {score_mismatches} scores)"
    print(f"compare.py: {label} on {count} positions: {verdict}{timing}", flush=True)
    return row


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--positions", required=True, help="test file or position file")
    parser.add_argument("--tags", default="part12")
    parser.add_argument("--modes", default="strong,weak")
    parser.add_argument("--limit", type=int, default=1000, help="first N positions of the file")
    parser.add_argument("--windows", type=int, default=6, help="paired timing windows; 0: counts only")
    parser.add_argument("--window-time", type=float, default=0.5, help="seconds per program per window")
    parser.add_argument("--checkout", help="default: $PRUNE_PONS_CHECKOUT")
    parser.add_argument("-o", "--output", help="CSV of one row per tag and mode")
    options = parser.parse_args(argv)
    options.tags = options.tags.split(",")
    options.modes = options.modes.split(",")
    for tag in options.tags:
        if tag not in pons.TAGS:
            parser.error(f"unknown tag '{tag}' (one of {', '.join(pons.TAGS)})")
    for mode in options.modes:
        if mode not in ("strong", "weak"):
            parser.error(f"unknown mode '{mode}' (strong or weak)")
    if options.limit < 1 or options.windows < 0 or options.window_time <= 0:
        parser.error("--limit must be at least 1, --windows at least 0, --window-time positive")
    if not os.access(options.prune, os.X_OK):
        parser.error(f"'{options.prune}' is not an executable prune binary")
    return options


def main(argv):
    options = parse(argv)
    try:
        positions = pons.read_positions(options.positions, options.limit)
    except (OSError, ValueError) as error:
        print(f"compare.py: {error}", file=sys.stderr)
        return 2
    if not positions:
        print(f"compare.py: no positions in {options.positions}", file=sys.stderr)
        return 2
    rows = []
    for tag in options.tags:
        binary, why = pons.build(tag, options.checkout)
        if binary is None:
            print(why)
            return pons.SKIPPED
        for mode in options.modes:
            if mode == "weak" and tag not in pons.WEAK_TAGS:
                continue  # part3 has no weak solver
            rows.append(compare_cell(options, tag, binary, positions, mode == "weak"))
    if options.output:
        write_csv_atomically(options.output, COLUMNS, rows)
    different = sum(r[5] + r[6] for r in rows)
    print(f"compare.py: {len(rows)} cells, {len(positions)} positions each: "
          + ("every node count and score equal" if different == 0 else f"{different} differences"))
    return 1 if different else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except pons.PeerError as error:
        print(f"compare.py: {error}", file=sys.stderr)
        sys.exit(2)
