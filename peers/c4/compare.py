#!/usr/bin/env python3
"""compare.py: prune's Connect Four solver against Christophe Steininger's
c4 on the same positions, strong and weak, side by side in time to solve.

Each position (columns played from the empty board) is solved by a fresh c4
process (`c4 MOVES [weak]`, the binary peers/c4/build.sh makes: his `c4`
with the position and the weak/strong switch taken from its command line)
and by a fresh `prune solve connect4 --moves MOVES [--weak] --config NAME
--json` (default: no --config, prune's default step).  Both give the score for the side to move
on Pons' scale (strong) or its sign (weak); the scores must agree.  The
searches differ by design, so node counts are reported, not compared.

Both run at each thread count of --threads (default 1 and the machine's
cores, c4's default): c4 built for that count, prune with `--threads N`.
The tables differ too and each row names both: c4's 1 GB (134,217,757
entries, his default), prune's the config's at --prune-tt-mb (default 64
MiB; solve-buckets: 8,388,602 entries, 67 MB; 1024: c4's memory).

What is timed: the wall time of each whole process, alternating in pairs.
Both then do the same work: start, allocate and clear their table, play
the moves, solve, print.  Each program's own timer (c4's `Time to solve`,
in milliseconds; prune's `seconds`) covers its search alone; both are in
the row (`*_search_us`) beside the whole process (`*_us_per_position`).

usage: compare.py PRUNE [--quick | --long] [--pairs N] [--config NAME]
                  [--threads LIST] [--prune-tt-mb N] [--position MOVES]...
                  [--mode strong|weak|both] [--checkout DIR] -o CSV
  --mode    strong, weak or both (default both; strong with --quick)
  --quick   the 6-ply position 444444 only, strong only unless --mode
            says otherwise, on one thread unless --threads says otherwise
            (about 15 s; its weak solve, 0.1 s for prune, times mostly c4's
            start and its 1 GB table's clearing)
  --long    adds the empty board, strong and weak, at 6 pairs unless
            --pairs is given (prune ~18 s and c4 ~26 s a strong solve at
            1 thread on the 2-core VM: about 12 minutes with 1 and 2
            threads), and 4444, strong and weak on one thread, with
            prune at c4's memory (--tt-mb 1024) unless --prune-tt-mb is
            given (about 2 minutes)
  --position MOVES  these positions instead ('' is the empty board)
  --threads LIST    thread counts, e.g. 1,2,4,8,16 (default 1 and the cores;
                    1 with --quick)
Exit status: 0; 1 when a score disagrees; 2 on bad input; 77 with one
`skipped:` line when no checkout of c4 is available.
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
COLUMNS = ["position", "plies", "mode", "config", "prune_threads", "peer_threads", "prune_table", "peer_table",
           "prune_score", "peer_score", "prune_nodes", "peer_nodes", "prune_search_us", "peer_search_us",
           "prune_us_per_position", "peer_us_per_position", "note"] + paired.TIMING_COLUMNS
# c4's table at commit 80baa53 (settings.h, NUM_TABLE_ENTRIES; its banner
# says 1.00 GB): checked against its banner on every run.
PEER_TABLE = "134,217,757 entries (1 GB)"
PEER_BANNER = re.compile(r"^Using a 7 x 6 board, a 1\.00 GB table, and (\d+) threads\.")
SCORE = re.compile(r"^Final (strong|weak) score is (-?\d+) ")
NODES = re.compile(r"^\s+Total\s+= (\d+)$")
SEARCH = re.compile(r"^Time to solve\s+= ([0-9.]+) s$")
# The positions, strong on one thread (whole processes in the committed run
# of 17b53c4, the 2-core EPYC VM): 444444 in 0.5 s (prune) and 1.2 s (c4),
# 4444 in 3.4 s and 5.6 s; the empty board under --long only, at LONG_PAIRS
# unless --pairs is given: the fewest pairs that give a 95% interval
# (scripts/measure_stats.py), for the rows the solver is judged by (issue
# 31's goals).  --long also gives prune c4's memory on MEMORY_POSITION, on
# one thread (the empty board at 1 GB would add 5 minutes for the same
# question: what the larger table does to prune's time).
QUICK = ["444444"]
DEFAULT = ["444444", "4444"]
EMPTY = ""
LONG_PAIRS = 6
MEMORY_POSITION, MEMORY_MB = "4444", 1024


def wall(command, **kwargs):
    """(completed process, its wall time in seconds)."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kwargs)
    return done, time.perf_counter() - start


def peer_solve(binary, moves, weak):
    """{score, nodes, search, whole, threads} of one c4 process."""
    command = [binary, moves] + (["weak"] if weak else [])
    done, seconds = wall(command, env=dict(os.environ, LC_ALL="C"))
    found = {"whole": seconds}
    for line in done.stdout.splitlines():
        for key, pattern, group in (("threads", PEER_BANNER, 1), ("score", SCORE, 2), ("nodes", NODES, 1),
                                    ("search", SEARCH, 1)):
            match = pattern.match(line)
            if match:
                found[key] = float(match.group(group)) if key == "search" else int(match.group(group))
        match = SCORE.match(line)
        if match and match.group(1) != ("weak" if weak else "strong"):
            raise paired.PeerError(f"{binary} solved '{moves}' {match.group(1)}ly, not as asked")
    if done.returncode != 0 or len(found) != 5:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}, no banner, score, "
                               f"node count and time in its output")
    return found


def prune_solve(prune, config, moves, weak, threads=1, tt_mb=0):
    """{score, nodes, search, whole, table} of one `prune solve` process."""
    command = [prune, "solve", "connect4", "--moves", moves, "--json"] + (["--config", config] if config else []) \
        + (["--weak"] if weak else []) + (["--threads", str(threads)] if threads > 1 else []) \
        + (["--tt-mb", str(tt_mb), "--max-memory-mb", str(tt_mb)] if tt_mb else [])
    done, seconds = wall(command)
    if done.returncode != 0:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}: {done.stderr.strip()}")
    result = json.loads(done.stdout)
    if result.get("threads", 1) != threads:
        raise paired.PeerError(f"{' '.join(command)} ran on {result.get('threads', 1)} threads, not {threads}")
    return {"score": result["score"], "nodes": result["nodes"], "search": result["seconds"], "whole": seconds,
            "table": result.get("table_slots"), "config": result["config"]}


def compare(options, binary, threads, moves, weak, pairs, tt_mb):
    """One CSV row and whether the scores agree; prints its one-line summary."""
    runs = paired.alternate(lambda: prune_solve(options.prune, options.config, moves, weak, threads, tt_mb),
                            lambda: peer_solve(binary, moves, weak), max(pairs, 1))
    times = [(ours["whole"], theirs["whole"]) for ours, theirs in runs] if pairs else []
    agree = all(ours["score"] == theirs["score"] for ours, theirs in runs)
    ours, theirs = runs[0]
    name, mode = moves or "start", "weak" if weak else "strong"

    def mean_us(side, key):
        return round(sum(run[side][key] for run in runs) / len(runs) * 1e6)
    table = f"{ours['table']:,} entries ({tt_mb or 64} MiB)" if ours["table"] else ""
    note = ""
    print(f"compare.py: {name} {mode}, {threads} thread(s), prune at {tt_mb or 64} MiB: prune {ours['score']:+d} in "
          f"{ours['nodes']} nodes, c4 {theirs['score']:+d} in {theirs['nodes']} nodes: "
          f"{'agree' if agree else 'DISAGREE'}; {paired.describe(times)}", flush=True)
    row = [name, len(moves), mode, ours["config"], threads, theirs["threads"], table, PEER_TABLE,
           ours["score"], theirs["score"], ours["nodes"], theirs["nodes"], mean_us(0, "search"),
           mean_us(1, "search"), mean_us(0, "whole"), mean_us(1, "whole"), note]
    return row + paired.timing_cells(times), agree


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help=f"position {QUICK[0]} only")
    paired.long_option(parser, f"the empty board at {LONG_PAIRS} pairs unless --pairs is given, and "
                       f"{MEMORY_POSITION} with prune at {MEMORY_MB} MiB")
    parser.add_argument("--pairs", type=int, help="timing pairs per row (default 6); 0: scores only")
    parser.add_argument("--config", help="prune's step (default: prune solve's own, the last step, its best on "
                        "long solves: docs/connect4.md)")
    parser.add_argument("--threads", help="thread counts, comma-separated (default: 1 and the machine's cores; "
                        "1 with --quick)")
    parser.add_argument("--prune-tt-mb", type=int, default=0, help="prune's table in MiB (default: prune's, 64)")
    parser.add_argument("--position", action="append", help="a position to solve ('' the empty board), "
                        "instead of the variant's; may be repeated")
    parser.add_argument("--mode", choices=["strong", "weak", "both"],
                        help="default both; strong with --quick")
    parser.add_argument("--checkout", help="default: $PRUNE_C4_CHECKOUT")
    parser.add_argument("-o", "--output", help="CSV, one row per position, mode and c4 thread count")
    options = parser.parse_args(argv)
    options.pairs_given = options.pairs is not None
    options.mode = options.mode or ("strong" if options.quick else "both")
    paired.pairs_option(parser, options, quick=6, full=6)
    if options.quick and options.long:
        parser.error("--quick does not solve the empty board")
    paired.executable(parser, options.prune)
    cores = os.cpu_count() or 1
    try:
        options.thread_counts = [int(t) for t in options.threads.split(",")] if options.threads \
            else [1] + ([cores] if cores > 1 and not options.quick else [])
    except ValueError:
        parser.error(f"--threads must be numbers separated by commas, not '{options.threads}'")
    if any(t < 1 or t > cores for t in options.thread_counts):
        parser.error(f"--threads: each count from 1 to this machine's {cores} cores")
    if options.prune_tt_mb < 0:
        parser.error("--prune-tt-mb must be positive")
    if options.position is not None and (options.quick or options.long):
        parser.error("--position chooses the positions: no --quick or --long with it")
    return options


def plan(options):
    """The run's work: (moves, modes (weak flags), pairs, prune's MiB (0: its default), thread counts)
    for each position, in order."""
    modes = {"strong": (False,), "weak": (True,), "both": (False, True)}[options.mode]
    every = options.thread_counts
    work = [(moves, modes, options.pairs, options.prune_tt_mb, every) for moves in
            (options.position if options.position is not None else QUICK if options.quick else DEFAULT)]
    if options.long and options.position is None:
        work.append((EMPTY, modes, options.pairs if options.pairs_given else LONG_PAIRS, options.prune_tt_mb, every))
        if not options.prune_tt_mb and 1 in every:
            work.append((MEMORY_POSITION, modes, options.pairs, MEMORY_MB, [1]))
    return work


def main(argv):
    options = parse(argv)
    checkout = ["--checkout", options.checkout] if options.checkout else []
    binaries = []
    for threads in options.thread_counts:
        # c4's thread count is a constant of its build: one build each.
        binary, why = paired.build(BUILD_SH, checkout + ["--threads", str(threads)])
        if binary is None:
            return paired.skip(why)
        binaries.append((threads, binary))
    rows, disagreements = [], 0
    for moves, position_modes, pairs, tt_mb, counts in plan(options):
        for weak in position_modes:
            for threads, binary in binaries:
                if threads not in counts:
                    continue
                row, agree = compare(options, binary, threads, moves, weak, pairs, tt_mb)
                if row[5] != threads:
                    raise paired.PeerError(f"{binary} ran on {row[5]} threads, not the {threads} it was built for")
                rows.append(row)
                disagreements += not agree
    return paired.finish(options.output, COLUMNS, rows, disagreements)


if __name__ == "__main__":
    paired.run(main)
