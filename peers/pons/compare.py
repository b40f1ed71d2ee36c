#!/usr/bin/env python3
"""compare.py: prune's Connect Four solver against Pons' own, set by set:
the same node counts position by position, then the same work timed.

For each test set (End-Easy, Middle-Easy, Middle-Medium, Begin-Easy,
Begin-Medium whole; Begin-Hard as a declared sample of its first
--begin-hard positions), strong and weak, it runs Pons' part 12 (built by
build.sh) and `prune solve connect4 --config solve-lowerbound` on the same
positions and checks that every position gets the same score and node
count.  Then it times the two in pairs: each pair is one whole process of
each solving the whole set, one right after the other, the order swapped
from pair to pair.  A process does everything a user's run does: parse
each position, empty its table (his main clears all 40 MB before every
position, prune starts a new generation of its table), solve.  So both sides do the
same work, each in its own way (peers/pons/README.md says why this and not
the programs' own timers).  The figure is prune's speedup, his time over
prune's (above 1: prune is faster), the median of the pairs with its 95%
interval.  Beside it, from the same runs, the per-position times each
program prints itself (search only, reset excluded on both sides but with
unequal cache state after it): a diagnostic of where the time goes.

A set is a headline row when its mean position takes 100 us or more of
search for both programs (search dominates).  The empty board, in each of
--empty-modes, is a whole-solve row behind --empty-board N or --long (2 to 8
minutes a solve); --long solves it weak only.

usage: compare.py PRUNE [--quick] [--data DIR | --positions FILE] [--sets ...]
                  [--tags part12,...] [--modes strong,weak] [--limit N]
                  [--begin-hard N] [--pairs N] [--empty-board N] [--empty-modes strong,weak]
                  [--long] [--checkout DIR]
                  [-o CSV]
The sets are read from --data, else $PRUNE_CONNECT4_DATA (the blog's
Test_L*_R* files), else prune's own sets of the same shape
(studies/connect4/prune_L*_R*, named so in the CSV).  --positions FILE times
one file instead (`moves score` or `moves` per line).  --quick: Middle-Medium
and Begin-Easy, their first 50 positions, 6 pairs (about 8 s).
Exit status: 0 when every count and score agrees, 1 when one differs,
2 on bad input or a failed run, 77 with one `skipped:` line when no checkout
of the peer is available.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import pons

sys.path.insert(0, os.path.join(pons.HERE, ".."))
import paired  # noqa: E402

ROOT = os.path.join(pons.HERE, "..", "..")
OWN_SETS = os.path.join(ROOT, "studies", "connect4")
SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"]
SAMPLED = "Test_L1_R3"  # Begin-Hard: a declared sample of its first positions
# Begin-Medium takes about 100 ms a position: whole, its 6 pairs of both
# programs in both modes would take half an hour, so by default it is a
# declared sample too (--begin-medium 0: the whole set).
HEAVY = "Test_L1_R2"
# The empty board takes both programs 2 to 8 minutes a solve (weak, strong):
# one pair in each mode was 16 minutes of a --long run (ee00640), the strong
# pair 11 of them.  Six pairs, the fewest with a 95% interval, would be two
# hours; the report says the row has none.  So --long solves it weak only:
# one pair, 5 minutes, whose node count (1,981,310,992) must equal his; the
# strong row is --empty-board 1 --empty-modes strong, outside the run.
LONG_EMPTY_BOARD, LONG_EMPTY_MODES = 1, "weak"
QUICK_SETS, QUICK_LIMIT = ["Test_L2_R2", "Test_L1_R1"], 50
HEADLINE_US = 100  # a set whose mean position takes this much search is a headline row
COLUMNS = ["tag", "config", "set", "name", "mode", "positions", "sample", "node_mismatches", "score_mismatches",
           "prune_mean_nodes", "peer_mean_nodes", "prune_us_per_position", "peer_us_per_position",
           "prune_search_us", "peer_search_us", "search_speedup_median", "search_speedup_lo", "search_speedup_hi",
           "headline"] + paired.TIMING_COLUMNS
SHOWN = 5  # mismatching positions printed per cell


def prune_solve(prune, config, path, limit, weak):
    """([(moves, score, nodes, microseconds)], wall seconds) of one `prune
    solve --json` process over a set, the summary line left out."""
    command = [prune, "solve", "connect4", "--positions", path, "--config", config, "--limit", str(limit),
               "--json"] + (["--weak"] if weak else [])
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise pons.PeerError(f"{' '.join(command)}: exit status {done.returncode}: "
                             f"{done.stderr.strip() or 'no message'}")
    results = []
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if not record.get("summary"):
            results.append((str(record["moves"]).replace(",", ""), record["score"], record["nodes"],
                            record["seconds"] * 1e6))
    return results, seconds


def peer_solve(binary, positions, weak):
    """([(moves, score, nodes, microseconds)], wall seconds) of one process
    of his program over the positions."""
    start = time.perf_counter()
    results, _ = pons.solve(binary, positions, weak)
    seconds = time.perf_counter() - start
    return [(moves, score, nodes, us) for (_, moves, _), (score, nodes, us) in zip(positions, results)], seconds


def check_counts(label, ours, theirs):
    """(node mismatches, score mismatches), the first few printed."""
    if len(ours) != len(theirs):
        raise pons.PeerError(f"{label}: prune solved {len(ours)} positions, Pons' solver {len(theirs)}")
    nodes = scores = 0
    for (moves, score, count, _), (their_moves, their_score, their_count, _) in zip(ours, theirs):
        if moves != their_moves:
            raise pons.PeerError(f"{label}: prune answered '{moves}' where Pons' solver answered '{their_moves}'")
        nodes += count != their_count
        scores += score != their_score
        if (count != their_count or score != their_score) and nodes + scores <= SHOWN:
            print(f"compare.py: {label} {their_moves}: prune score {score} nodes {count}, "
                  f"Pons score {their_score} nodes {their_count}", file=sys.stderr)
    return nodes, scores


def compare_cell(options, tag, binary, path, positions, sample, weak):
    """(One CSV row for one set, tag and mode, its pairs of whole processes
    [(prune s, peer s)], its pairs of own-timer search times [(prune us,
    peer us)]); prints its one-line summary."""
    config = pons.CONFIG_OF_TAG[tag]
    mode = "weak" if weak else "strong"
    name = os.path.basename(path)
    label = f"{tag}/{config}/{name}/{mode}"
    count = len(positions)
    ours, _ = prune_solve(options.prune, config, path, count, weak)
    theirs, _ = peer_solve(binary, positions, weak)
    node_mismatches, score_mismatches = check_counts(label, ours, theirs)
    runs = paired.alternate(lambda: prune_solve(options.prune, config, path, count, weak),
                            lambda: peer_solve(binary, positions, weak), options.pairs)
    whole = [(o[1], t[1]) for o, t in runs]
    search = [(sum(r[3] for r in o[0]), sum(r[3] for r in t[0])) for o, t in runs]
    row = [tag, config, name, pons.SET_NAMES.get(name.replace("prune_", "Test_"), name), mode, count, sample,
           node_mismatches, score_mismatches, f"{sum(r[2] for r in ours) / count:.3f}",
           f"{sum(r[2] for r in theirs) / count:.3f}", "", "", "", "", "", "", "", ""]
    timing = ""
    if runs:
        row[11] = f"{statistics.fmean(w[0] for w in whole) / count * 1e6:.3f}"
        row[12] = f"{statistics.fmean(w[1] for w in whole) / count * 1e6:.3f}"
        prune_search, peer_search = (statistics.fmean(s[i] for s in search) / count for i in (0, 1))
        row[13], row[14] = f"{prune_search:.3f}", f"{peer_search:.3f}"
        diagnostic = paired.timing_cells(search)
        row[15:18] = diagnostic[3:6]
        row[18] = int(min(prune_search, peer_search) >= HEADLINE_US)
        timing = (f"; whole processes: {paired.describe(whole)}; search only (own timers): "
                  f"{paired.describe(search)}")
    verdict = "equal" if node_mismatches == score_mismatches == 0 else \
        f"DIFFERENT ({node_mismatches} node counts, {score_mismatches} scores)"
    print(f"compare.py: {label} on {count} positions: {verdict}{timing}", flush=True)
    return row + paired.timing_cells(whole), whole, search


def empty_board_row(options, tag, binary, weak):
    """The empty board solved whole by one process of each, paired; the
    counts and scores are checked on every pair's runs (no extra solve).
    (The row, its pairs of whole processes, None: no own-timer pairs.)"""
    config, mode = pons.CONFIG_OF_TAG[tag], "weak" if weak else "strong"
    start = [(0, "", None)]

    def ours():
        command = [options.prune, "solve", "connect4", "--moves", "", "--config", config, "--json"] + \
            (["--weak"] if weak else [])
        began = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise pons.PeerError(f"prune solve --moves '': exit status {done.returncode}: {done.stderr.strip()}")
        record = json.loads(done.stdout)
        return (record["score"], record["nodes"]), time.perf_counter() - began

    runs = paired.alternate(ours, lambda: peer_solve(binary, start, weak), options.empty_board)
    results = [(o[0], (t[0][0][1], t[0][0][2])) for o, t in runs]
    whole = [(o[1], t[1]) for o, t in runs]
    scores = sum(a[0] != b[0] for a, b in results)
    nodes = sum(a[1] != b[1] for a, b in results)
    first = results[0]
    print(f"compare.py: {tag}/{config}/start/{mode}: prune {first[0][1]} nodes, Pons {first[1][1]}: "
          f"{'equal' if nodes + scores == 0 else 'DIFFERENT'}; {paired.describe(whole)}", flush=True)
    return [tag, config, "start", "empty board", mode, 1, "whole", nodes, scores, first[0][1], first[1][1],
            "", "", "", "", "", "", "", 1] + paired.timing_cells(whole), whole, None


def set_files(options):
    """[(path, sample)] of the sets to run: sample is 'all' or 'first N'."""
    if options.positions:
        return [(options.positions, "all" if options.limit is None else f"first {options.limit}")]
    data = options.data or os.environ.get("PRUNE_CONNECT4_DATA")
    prefix = "Test_"
    if not data:
        data, prefix = OWN_SETS, "prune_"
    names = QUICK_SETS if options.quick else options.sets
    found = []
    for name in names:
        path = os.path.join(data, name.replace("Test_", prefix))
        if not os.path.isfile(path):
            raise pons.PeerError(f"no test set {path} (set --data or PRUNE_CONNECT4_DATA)")
        limit = options.begin_hard if name == SAMPLED else \
            options.begin_medium or options.limit if name == HEAVY else options.limit
        found.append((path, "all" if limit is None else f"first {limit}"))
    return found


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help="two sets, 50 positions each, 6 pairs")
    parser.add_argument("--data", help="directory of the blog's test sets (default: $PRUNE_CONNECT4_DATA)")
    parser.add_argument("--positions", help="one file of positions instead of the sets")
    parser.add_argument("--sets", default=",".join(SETS + [SAMPLED]))
    parser.add_argument("--tags", default="part12")
    parser.add_argument("--modes", default="strong,weak")
    parser.add_argument("--limit", type=int, help="the first N positions of each set (default: all)")
    parser.add_argument("--begin-hard", type=int, default=1, metavar="N",
                        help="Begin-Hard's declared sample: its first N positions (default 1)")
    parser.add_argument("--begin-medium", type=int, default=100, metavar="N",
                        help="Begin-Medium's declared sample: its first N positions (default 100; 0: --limit's)")
    parser.add_argument("--pairs", type=int, default=6, help="timing pairs per row (default 6); 0: counts only")
    parser.add_argument("--empty-board", type=int, metavar="N",
                        help=f"pairs of whole solves of the empty board in each mode (default 0: not run; "
                             f"{LONG_EMPTY_BOARD} under --long)")
    parser.add_argument("--empty-modes", help=f"the modes of the empty board's rows (default: --modes; "
                                              f"{LONG_EMPTY_MODES} under --long)")
    paired.long_option(parser, f"the empty board, {LONG_EMPTY_BOARD} pair(s), {LONG_EMPTY_MODES}")
    parser.add_argument("--checkout", help="default: $PRUNE_PONS_CHECKOUT")
    parser.add_argument("-o", "--output", help="CSV of one row per set, tag and mode")
    options = parser.parse_args(argv)
    pons.check_tags_and_modes(parser, options)
    options.sets = options.sets.split(",")
    for name in options.sets:
        if name not in pons.SET_NAMES:
            parser.error(f"unknown set '{name}' (one of {', '.join(pons.SET_NAMES)})")
    if options.empty_board is None:
        options.empty_board = LONG_EMPTY_BOARD if options.long else 0
    if options.empty_modes is None:
        options.empty_modes = LONG_EMPTY_MODES if options.long else ",".join(options.modes)
    options.empty_modes = options.empty_modes.split(",")
    for mode in options.empty_modes:
        if mode not in ("strong", "weak"):
            parser.error(f"--empty-modes takes strong and weak, not '{mode}'")
    if options.quick:
        options.limit = QUICK_LIMIT if options.limit is None else options.limit
        if options.empty_board or options.long:
            parser.error("--quick does not solve the empty board")
    if (options.limit is not None and options.limit < 1) or options.begin_hard < 1 or options.pairs < 0 \
            or options.empty_board < 0:
        parser.error("--limit and --begin-hard must be at least 1, --pairs and --empty-board at least 0")
    paired.executable(parser, options.prune)
    return options


def main(argv):
    options = parse(argv)
    binaries = {}
    for tag in options.tags:
        binaries[tag], why = pons.build(tag, options.checkout)
        if binaries[tag] is None:
            return paired.skip(why)
    try:
        files = [(path, sample, pons.read_positions(path, None if sample == "all" else int(sample.split()[1])))
                 for path, sample in set_files(options)]
    except (OSError, ValueError) as error:
        print(f"compare.py: {error}", file=sys.stderr)
        return paired.BAD_INPUT
    found = []   # (row, whole pairs, search pairs)
    for tag in options.tags:
        for path, sample, positions in files:
            if not positions:
                raise pons.PeerError(f"no positions in {path}")
            for mode in options.modes:
                if not pons.has_mode(tag, mode):
                    continue
                found.append(compare_cell(options, tag, binaries[tag], path, positions, sample, mode == "weak"))
        for mode in options.empty_modes if options.empty_board else ():
            if pons.has_mode(tag, mode):
                found.append(empty_board_row(options, tag, binaries[tag], mode == "weak"))
    rows = [row for row, _, _ in found]
    for row in rows:
        if row[18] == 1:
            cells = dict(zip(COLUMNS, row))
            print(f"compare.py: headline {cells['name']} {cells['mode']} ({cells['positions']} positions): "
                  f"prune's speedup {cells['speedup_median']}x, 95% CI {cells['speedup_lo'] or '?'}x-"
                  f"{cells['speedup_hi'] or '?'}x over {cells['pairs']} pairs of whole processes")
    different = sum(r[7] + r[8] for r in rows)
    status = paired.finish(options.output, COLUMNS, rows, different, pairs=[w for _, w, _ in found],
                           search_pairs=[s for _, _, s in found])
    print(f"compare.py: {len(rows)} rows: " + ("every node count and score equal" if different == 0
                                              else f"{different} differences"))
    return status


if __name__ == "__main__":
    paired.run(main)
