#!/usr/bin/env python3
"""compare.py: prune's alpha-beta on Ard Ri against the Rust engine it
reproduces (jmkopper/tafl-rust a0475c2), at equal node counts.

The positions are the ardri study's alpha-beta rows at depth 8
(studies/studies.csv, labelled by studies/positions.csv): the start and
each position one move further along the line the post plays.  The Rust
engine searches a position, prints its best move, evaluation, node count
and time, then reads the next move, so one process walks the whole line.

What is timed: each program's own timer around its search alone.  The
Rust engine's `Instant` covers `find_best_move` only (no board printing,
no reading of moves, no process start); prune's `seconds` covers the
search alone too.  Timing whole processes instead would charge the Rust
engine, at the fourth move, for the searches of the positions before it.
Both sides search the same tree node for node (checked on every run).

usage: compare.py PRUNE [--quick] [--long] [--pairs N] [--checkout DIR] -o CSV
  --quick   the start position only, 6 pairs (well under 30 s)
Exit status: 0; 1 when a node count, best move or evaluation differs;
2 on bad input; 77 with one `skipped:` line when no checkout is available.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import paired  # noqa: E402
import studies  # noqa: E402  (the one reader of studies/)

BUILD_SH = os.path.join(HERE, "build.sh")
STUDY, GAME, CONFIG = "ardri", "ardri", "alphabeta"
DEPTH = 8  # the depth the study and the post search at (build.sh --depth)
COLUMNS = ["position", "moves", "depth", "prune_nodes", "peer_nodes", "prune_best", "peer_best",
           "prune_eval", "peer_eval"] + paired.TIMING_COLUMNS
# The engine reads each move with one read() of at most 10 bytes: a move
# padded to exactly 10 bytes is read whole even when all are already in
# the pipe.
MOVE_BYTES = 10
EVALUATION = re.compile(r"^Evaluation: (-?\d+) \((\d+) nodes\) \(([\d.]+)(ns|µs|ms|s)\)$")
UNIT = {"ns": 1e-9, "µs": 1e-6, "ms": 1e-3, "s": 1.0}


def study_line():
    """[(label, moves)] of the study's alpha-beta rows at DEPTH, shortest
    line first; each position must extend the one before by one move, so
    that one run of the engine walks them all."""
    rows = [r for r in studies.rows(STUDY) if r["config"] == CONFIG and int(r["depth"]) == DEPTH]
    labels = {moves: label for (game, moves), label in studies.position_labels().items() if game == GAME}
    line = sorted(((labels.get(r["moves"], r["moves"] or "start"), r["moves"]) for r in rows),
                  key=lambda p: len(p[1]))
    for (_, before), (label, moves) in zip(line, line[1:]):
        played = [m for m in moves.split(",") if m]
        if [m for m in before.split(",") if m] != played[:-1]:
            raise paired.PeerError(f"studies/studies.csv: {label} ({moves}) does not extend {before or 'the start'} "
                                   "by one move")
    if not line:
        raise paired.PeerError(f"studies/studies.csv has no {STUDY} rows for {CONFIG} at depth {DEPTH}")
    return line


def peer_run(binary, line):
    """[(best, evaluation, nodes, seconds)] for each position of `line`,
    from one run of the engine, which is stopped once it has searched the
    last one (it has no way to quit: it would wait for the next move)."""
    moves = [m for m in line[-1][1].split(",") if m]
    text = "".join(f"{m:<{MOVE_BYTES}}" for m in moves).encode()
    process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    found, best = [], None
    try:
        process.stdin.write(text)
        process.stdin.flush()
        for raw in process.stdout:
            text_line = raw.decode("utf-8", "replace").rstrip("\n")
            if text_line.startswith("Recommended Move: "):
                best = text_line.split(": ", 1)[1].strip()
            match = EVALUATION.match(text_line.split("Make a move: ")[-1])
            if match:
                value, nodes, amount, unit = match.groups()
                found.append((best, int(value), int(nodes), float(amount) * UNIT[unit]))
                if len(found) == len(line):
                    break
    finally:
        process.kill()
        process.wait()
    if len(found) != len(line):
        raise paired.PeerError(f"{binary} printed {len(found)} evaluations, not {len(line)}")
    return found


def prune_run(prune, moves):
    """(best, maximiser's value, nodes, seconds) of `prune search`."""
    command = [prune, "search", GAME, "--config", CONFIG, "--depth", str(DEPTH), "--json"]
    command += ["--moves", moves] if moves else []
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}: {done.stderr.strip()}")
    result = json.loads(done.stdout)
    return result["best"], result["maximiser_value"], result["nodes"], result["seconds"]


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help="the start position only, 6 pairs")
    paired.long_option(parser)
    parser.add_argument("--pairs", type=int, help="timing pairs (default 12, --quick 6); 0: counts only")
    parser.add_argument("--checkout", help="default: $PRUNE_TAFL_CHECKOUT")
    parser.add_argument("-o", "--output", help="CSV, one row per position and one for the line")
    options = parser.parse_args(argv)
    paired.pairs_option(parser, options)
    paired.executable(parser, options.prune)
    return options


def main(argv):
    options = parse(argv)
    line = study_line()
    if options.quick:
        line = line[:1]
    binary, why = paired.build(BUILD_SH, ["--depth", str(DEPTH)] + (["--checkout", options.checkout]
                                                                     if options.checkout else []))
    if binary is None:
        return paired.skip(why)
    ours = [prune_run(options.prune, moves) for _, moves in line]
    theirs = peer_run(binary, line)
    different = sum(o[:3] != t[:3] for o, t in zip(ours, theirs))
    # Each pair: every position once with prune, the line once with the engine.
    pairs = paired.alternate(lambda: [prune_run(options.prune, m)[3] for _, m in line],
                             lambda: [t[3] for t in peer_run(binary, line)], options.pairs)
    rows, row_pairs = [], []
    for index, ((label, moves), o, t) in enumerate(zip(line, ours, theirs)):
        times = [(p[0][index], p[1][index]) for p in pairs]
        row_pairs.append(times)
        rows.append([label, moves, DEPTH, o[2], t[2], o[0], t[0], o[1], t[1]] + paired.timing_cells(times))
        verdict = "equal" if o[:3] == t[:3] else f"DIFFERENT (prune {o[:3]}, tafl-rust {t[:3]})"
        print(f"compare.py: {label} ({moves or 'start'}) depth {DEPTH}: {o[2]} nodes, {verdict}; "
              f"{paired.describe(times)}", flush=True)
    if len(line) > 1:
        times = [(sum(p[0]), sum(p[1])) for p in pairs]
        rows.append(["line", line[-1][1], DEPTH, sum(o[2] for o in ours), sum(t[2] for t in theirs),
                     "", "", "", ""] + paired.timing_cells(times))
        row_pairs.append(times)
        print(f"compare.py: the whole line: {paired.describe(times)}")
    return paired.finish(options.output, COLUMNS, rows, different, pairs=row_pairs)


if __name__ == "__main__":
    paired.run(main)
