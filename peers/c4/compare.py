#!/usr/bin/env python3
"""compare.py: prune's Connect Four solver against Christophe Steininger's
c4 on the same work, side by side in time to solve, on equal terms and at
each program's defaults.

The work is positions (columns played from the empty board), each solved
by a fresh process on both sides (`c4 MOVES [weak]`, the binary
peers/c4/build.sh makes, against `prune solve connect4 --moves MOVES
[--weak] --json`), and c4's own verified test sets (tst/data/7x6 of its
repository, read from the checkout, never copied here), each set solved by
one process on both sides (`c4 - [weak]` reading the set on stdin, against
`prune solve connect4 --positions FILE`), every score checked against the
file.  Both give the score for the side to move on Pons' scale (strong) or
its sign (weak); the scores must agree.  The searches differ by design, so
node counts are reported, not compared.

The terms (SETUPS): `equal-64` and `equal-1024` build c4 with prune's own
-march (`prune --version` says its -Disa) and huge pages on (his table
aligned and madvise'd as prune's is), both programs at a table of 64 MiB
or 1 GiB; `defaults` runs each as it ships: c4 at his preset with 1 GB and
huge pages off, prune at its 64 MiB.

What is timed: the wall time of each whole process, alternating in pairs
(peers/paired.py), so both do the same work: start, allocate and clear
their table, read the work, solve, print.  Each program's own timer is in
the row too, and gives a second ratio: prune's `seconds` (its solves
alone) and c4's `Time to solve` for a position (whole milliseconds, the
table's allocation and clearing outside it), or for a set the steady clock
the batch mode reads around its solves alone.  Every pair, with both
timers, is written beside the CSV (`.pairs.csv`).

usage: compare.py PRUNE [--quick | --long] [--pairs N] [--config NAME]
                  [--threads LIST] [--setups LIST] [--position MOVES]...
                  [--sets LIST] [--mode strong|weak|both] [--checkout DIR] -o CSV
  --quick   444444 strong, on one thread, on equal terms at 64 MiB (about 15 s)
  (neither) 444444 and 4444 strong and weak on equal terms at 64 MiB, at 1
            thread and the machine's cores; 4444 strong at both programs'
            defaults; c4's six sets at their declared samples, strong and
            weak, one thread, equal terms at 64 MiB
  --long    adds the empty board, strong and weak: at 1 thread and the
            cores on equal terms at 64 MiB and at 1 GiB, and at 1 thread at
            the defaults (about 40 minutes on the 2-core VM)
  --setups LIST     equal-64, equal-1024, defaults (comma-separated): these
                    terms only
  --position MOVES  these positions instead ('' is the empty board)
  --sets LIST       these of c4's sets instead (e.g. opening_L3); `all`
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
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import paired  # noqa: E402
from measure_stats import ratio_summary  # noqa: E402  (paired puts scripts/ on the path)

BUILD_SH = os.path.join(HERE, "build.sh")
PINNED = "80baa5315c90fcc4f1491e7fa66cf6db29462581"
# position, mode and setup first: the report names a row by the first three columns that vary.
COLUMNS = ["position", "mode", "setup", "plies", "positions", "config", "prune_isa", "peer_flags", "prune_huge_pages",
           "peer_huge_pages", "prune_threads", "peer_threads", "prune_table", "peer_table", "prune_score",
           "peer_score", "prune_nodes", "peer_nodes", "prune_search_us", "peer_search_us", "prune_us_per_position",
           "peer_us_per_position", "search_speedup_median", "search_speedup_lo", "search_speedup_hi",
           "note", "prune_commit"] + paired.TIMING_COLUMNS

# The terms: c4's build and both tables.  `march` True: prune's -Disa.
Setup = dict
SETUPS = {
    "equal-64": Setup(march=True, huge=True, peer_mb=64, prune_mb=64),
    "equal-1024": Setup(march=True, huge=True, peer_mb=1024, prune_mb=1024),
    "defaults": Setup(march=False, huge=False, peer_mb=1024, prune_mb=0),
}
# c4's banner: its table's size (checked against the setup), huge pages, threads.
PEER_BANNER = re.compile(r"^Using a 7 x 6 board, a ([0-9.]+ [KMG]?B) table( \(huge pages on\))?, and (\d+) threads\.")
PEER_TABLES = {64: ("64.00 MB", "8,388,617 entries (64 MiB)"), 1024: ("1.00 GB", "134,217,757 entries (1 GiB)")}
SCORE = re.compile(r"^Final (strong|weak) score is (-?\d+) ")
NODES = re.compile(r"^\s+Total\s+= (\d+)$")
SEARCH = re.compile(r"^Time to solve\s+= ([0-9.]+) s$")
BATCH_SCORE = re.compile(r"^score (-?\d+)$")
BATCH_TOTAL = re.compile(r"^positions (\d+) nodes (\d+) seconds ([0-9.e+-]+)$")

# c4's verified sets (tst/data/7x6/NAME.txt at the pinned commit: `moves
# score` lines, columns 0..6), hardest last, each with its declared sample:
# the first N lines, sized so that one set takes a few seconds a process on
# the 2-core VM (results/apart/peer_c4.csv, 143f3f2, c4 on equal terms,
# strong, the mean of 6 processes: the whole endgame and midgame sets in
# 2.41 to 5.63 s, on the easy ones its own timer (which leaves out the
# clearing of its table before each of 1000 positions) 13% and 17% of the
# process; the first 4 of opening_L3 in 7.80 s).
C4_SETS = [("endgame_L1", 1000), ("midgame_L1", 1000), ("midgame_L2", 1000), ("opening_L1", 200),
           ("opening_L2", 100), ("opening_L3", 4)]
QUICK = ["444444"]
DEFAULT = ["444444", "4444"]
EMPTY = ""


def wall(command, **kwargs):
    """(completed process, its wall time in seconds)."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    return done, time.perf_counter() - start


def prune_build(prune):
    """(the commit, the -Disa) prune was built from and for, from `prune --version`."""
    done = subprocess.run([prune, "--version"], capture_output=True, text=True)
    match = re.search(r"\(commit (\S+), isa ([a-z0-9-]+)\)", done.stdout)
    if done.returncode != 0 or not match:
        raise paired.PeerError(f"{prune} --version does not say its commit and isa: {done.stdout.strip()!r}")
    return match.group(1), match.group(2)


def check_banner(found, setup, binary):
    size, huge = PEER_TABLES[setup["peer_mb"]][0], setup["huge"]
    if found.get("table") != size or found.get("huge") != huge:
        raise paired.PeerError(f"{binary} reports a {found.get('table')} table with huge pages "
                               f"{'on' if found.get('huge') else 'off'}, not the {size} with huge pages "
                               f"{'on' if huge else 'off'} it was built for")


def read_banner(line, found):
    """Puts c4's banner (its table's size, huge pages, threads) into `found` when `line` is it."""
    match = PEER_BANNER.match(line)
    if match:
        found.update(table=match.group(1), huge=bool(match.group(2)), threads=int(match.group(3)))


def peer_solve(binary, setup, moves, weak):
    """{score, nodes, search, whole, threads} of one c4 process on one position."""
    command = [binary, moves] + (["weak"] if weak else [])
    done, seconds = wall(command, stdin=subprocess.DEVNULL, env=dict(os.environ, LC_ALL="C"))
    found = {"whole": seconds}
    for line in done.stdout.splitlines():
        read_banner(line, found)
        match = SCORE.match(line)
        if match:
            if match.group(1) != ("weak" if weak else "strong"):
                raise paired.PeerError(f"{binary} solved '{moves}' {match.group(1)}ly, not as asked")
            found["score"] = int(match.group(2))
        match = NODES.match(line)
        if match:
            found["nodes"] = int(match.group(1))
        match = SEARCH.match(line)
        if match:
            found["search"] = float(match.group(1))
    if done.returncode != 0 or not {"threads", "score", "nodes", "search"} <= found.keys():
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}, no banner, score, "
                               f"node count and time in its output")
    check_banner(found, setup, binary)
    return found


def peer_set(binary, setup, lines, weak):
    """{scores, nodes, search, whole, threads} of one c4 process over `lines` (his form)."""
    command = [binary, "-"] + (["weak"] if weak else [])
    done, seconds = wall(command, input="".join(line + "\n" for line in lines), env=dict(os.environ, LC_ALL="C"))
    found = {"whole": seconds, "scores": []}
    for line in done.stdout.splitlines():
        read_banner(line, found)
        match = BATCH_SCORE.match(line)
        if match:
            found["scores"].append(int(match.group(1)))
        match = BATCH_TOTAL.match(line)
        if match:
            found.update(count=int(match.group(1)), nodes=int(match.group(2)), search=float(match.group(3)))
    if done.returncode != 0 or found.get("count") != len(lines) or len(found["scores"]) != len(lines) \
            or "threads" not in found:
        raise paired.PeerError(f"{' '.join(command)} on {len(lines)} positions: exit status {done.returncode}, "
                               f"not one score per position and a total line")
    check_banner(found, setup, binary)
    return found


def prune_command(prune, config, weak, threads, tt_mb):
    return [prune, "solve", "connect4", "--json"] + (["--config", config] if config else []) \
        + (["--weak"] if weak else []) + (["--threads", str(threads)] if threads > 1 else []) \
        + (["--tt-mb", str(tt_mb), "--max-memory-mb", str(tt_mb)] if tt_mb else [])


def prune_solve(prune, config, moves, weak, threads, tt_mb):
    """{score, nodes, search, whole, table, config} of one `prune solve` process on one position."""
    command = prune_command(prune, config, weak, threads, tt_mb) + ["--moves", moves]
    done, seconds = wall(command, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}: {done.stderr.strip()}")
    result = json.loads(done.stdout)
    if result.get("threads", 1) != threads:
        raise paired.PeerError(f"{' '.join(command)} ran on {result.get('threads', 1)} threads, not {threads}")
    return {"score": result["score"], "nodes": result["nodes"], "search": result["seconds"], "whole": seconds,
            "table": result.get("table_slots"), "config": result["config"]}


def prune_set(prune, config, path, weak, threads, tt_mb):
    """{scores, nodes, search, whole, table, config} of one `prune solve --positions` process; prune
    checks every score against the file itself (exit 1 when one differs)."""
    command = prune_command(prune, config, weak, threads, tt_mb) + ["--positions", path]
    done, seconds = wall(command, stdin=subprocess.DEVNULL)
    if done.returncode == 1:   # a score differs from the file's: prune stops there, and the row disagrees
        print(f"compare.py: {done.stderr.strip()}", file=sys.stderr)
        return {"scores": [], "nodes": 0, "search": 0.0, "whole": seconds, "table": None, "config": config or "",
                "count": 0}
    if done.returncode != 0:
        raise paired.PeerError(f"{' '.join(command)}: exit status {done.returncode}: {done.stderr.strip()}")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    summary = lines[-1]
    return {"scores": [line["score"] for line in lines[:-1]], "nodes": summary["total_nodes"],
            "search": summary["seconds"], "whole": seconds, "table": summary.get("table_slots"),
            "config": summary["config"], "count": summary["positions"]}


def sign(x):
    return (x > 0) - (x < 0)


class Work:
    """One row's work: a position (moves) or a set (name, his lines, prune's file)."""

    def __init__(self, moves=None, set_name=None, lines=None, path=None):
        self.moves, self.set_name, self.lines, self.path = moves, set_name, lines, path

    def name(self):
        return f"c4:{self.set_name}" if self.set_name else (self.moves or "start")


def timing(runs, key):
    """[(prune's, c4's)] of `key` over the pairs' runs."""
    return [(ours[key], theirs[key]) for ours, theirs in runs]


def summary_cells(pairs):
    summary = ratio_summary([(theirs, ours) for ours, theirs in pairs if ours > 0]) if pairs else None
    if not summary:
        return ["", "", ""]
    return ["" if summary[k] is None else f"{summary[k]:.3f}" for k in ("median", "lo", "hi")]


def compare(options, binary, setup_name, threads, work, weak, pairs):
    """(CSV row, its whole-process pairs, its search pairs in us, whether every score agrees)."""
    setup = SETUPS[setup_name]
    tt_mb = setup["prune_mb"]
    if work.set_name:
        runs = paired.alternate(lambda: prune_set(options.prune, options.config, work.path, weak, threads, tt_mb),
                                lambda: peer_set(binary, setup, work.lines, weak), max(pairs, 1))
        # A weak solve is checked by its sign: each may return a score beyond -1..1 where its search
        # proves one (prune checks its own the same way against the file).
        shown = sign if weak else int
        expected = [shown(int(line.split()[1])) for line in work.lines]

        def right(found):
            return sum(shown(s) == e for s, e in zip(found["scores"], expected))
        agree = all(right(ours) == right(theirs) == len(expected) for ours, theirs in runs)
        count = len(work.lines)
        prune_score, peer_score = right(runs[0][0]), right(runs[0][1])
    else:
        runs = paired.alternate(lambda: prune_solve(options.prune, options.config, work.moves, weak, threads, tt_mb),
                                lambda: peer_solve(binary, setup, work.moves, weak), max(pairs, 1))
        shown = sign if weak else int
        agree = all(shown(ours["score"]) == shown(theirs["score"]) for ours, theirs in runs)
        count = 1
        prune_score, peer_score = runs[0][0]["score"], runs[0][1]["score"]
    ours, theirs = runs[0]
    whole = timing(runs, "whole") if pairs else []
    search = [(a * 1e6, b * 1e6) for a, b in timing(runs, "search")] if pairs else []
    mode = "weak" if weak else "strong"

    def mean_us(side, key):
        return round(sum(run[side][key] for run in runs) / len(runs) / count * 1e6)
    table = f"{ours['table']:,} entries ({tt_mb or 64} MiB)" if ours["table"] else ""
    flags = f"-march={options.isa}" if setup["march"] and options.isa != "baseline" else "his preset"
    note = "" if not work.set_name else f"the first {count} of {work.set_name}.txt" if count < 1000 else \
        f"all {count} of {work.set_name}.txt"
    print(f"compare.py: {work.name()} {mode}, {setup_name}, {threads} thread(s): prune "
          f"{prune_score} in {ours['nodes']} nodes, c4 {peer_score} in {theirs['nodes']} nodes: "
          f"{'agree' if agree else 'DISAGREE'}; {paired.describe(whole)}", flush=True)
    row = [work.name(), mode, setup_name, "" if work.set_name else len(work.moves), count, ours["config"],
           options.isa, flags, "on", "on" if setup["huge"] else "off", threads, theirs["threads"], table,
           PEER_TABLES[setup["peer_mb"]][1], prune_score, peer_score, ours["nodes"], theirs["nodes"],
           mean_us(0, "search"), mean_us(1, "search"), mean_us(0, "whole"), mean_us(1, "whole")] \
        + summary_cells(search) + [note, options.commit] + paired.timing_cells(whole)
    if theirs["threads"] != threads:
        raise paired.PeerError(f"{binary} ran on {theirs['threads']} threads, not the {threads} it was built for")
    return row, whole, search, agree


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prune", help="the prune binary")
    parser.add_argument("--quick", action="store_true", help=f"position {QUICK[0]} only")
    paired.long_option(parser, "the empty board at 6 pairs, strong and weak, on equal terms at 64 MiB and 1 GiB "
                       "(1 thread and the cores) and at the defaults (1 thread)")
    parser.add_argument("--pairs", type=int, help="timing pairs per row (default 6); 0: scores only")
    parser.add_argument("--config", help="prune's step (default: prune solve's own, the last step)")
    parser.add_argument("--threads", help="thread counts, comma-separated (default: 1 and the machine's cores; "
                        "1 with --quick)")
    parser.add_argument("--setups", help=f"terms, comma-separated, of {', '.join(SETUPS)}")
    parser.add_argument("--position", action="append", help="a position to solve ('' the empty board), "
                        "instead of the variant's; may be repeated")
    parser.add_argument("--sets", help="c4's sets to time instead, comma-separated, or all")
    parser.add_argument("--mode", choices=["strong", "weak", "both"], help="default both; strong with --quick")
    parser.add_argument("--checkout", help="default: $PRUNE_C4_CHECKOUT")
    parser.add_argument("-o", "--output", help="CSV, one row per work, mode, terms and thread count")
    options = parser.parse_args(argv)
    options.mode = options.mode or ("strong" if options.quick else "both")
    paired.pairs_option(parser, options, quick=6, full=6)
    if options.quick and options.long:
        parser.error("--quick and --long are two variants: give one")
    paired.executable(parser, options.prune)
    cores = os.cpu_count() or 1
    try:
        options.thread_counts = [int(t) for t in options.threads.split(",")] if options.threads \
            else [1] + ([cores] if cores > 1 and not options.quick else [])
    except ValueError:
        parser.error(f"--threads must be numbers separated by commas, not '{options.threads}'")
    if any(t < 1 or t > cores for t in options.thread_counts):
        parser.error(f"--threads: each count from 1 to this machine's {cores} cores")
    options.setup_names = options.setups.split(",") if options.setups else None
    for name in options.setup_names or []:
        if name not in SETUPS:
            parser.error(f"--setups: unknown terms '{name}' (one of {', '.join(SETUPS)})")
    names = [name for name, _ in C4_SETS]
    options.set_names = None if options.sets is None else names if options.sets == "all" \
        else [s for s in options.sets.split(",") if s]
    for name in options.set_names or []:
        if name not in names:
            parser.error(f"--sets: unknown set '{name}' (one of {', '.join(names)}, or all)")
    if (options.position is not None or options.sets is not None) and (options.quick or options.long):
        parser.error("--position and --sets choose the work: no --quick or --long with them")
    return options


def plan(options):
    """The run's rows: (work, modes (weak flags), setups, thread counts), in order."""
    modes = {"strong": (False,), "weak": (True,), "both": (False, True)}[options.mode]
    every, one = options.thread_counts, [t for t in options.thread_counts if t == 1]
    chosen = options.setup_names

    def terms(default):
        return default if chosen is None else chosen
    if options.position is not None or options.set_names is not None:
        return [(Work(moves=m), modes, terms(["equal-64"]), every) for m in options.position or []] + \
            [(Work(set_name=s), modes, terms(["equal-64"]), one) for s in options.set_names or []]
    if options.quick:
        return [(Work(moves=m), modes, terms(["equal-64"]), every) for m in QUICK]
    work = [(Work(moves=m), modes, terms(["equal-64"]), every) for m in DEFAULT]
    work.append((Work(moves="4444"), (False,), terms(["defaults"]), one))
    work += [(Work(set_name=name), modes, terms(["equal-64"]), one) for name, _ in C4_SETS]
    if options.long:
        work.append((Work(moves=EMPTY), modes, terms(["equal-64", "equal-1024"]), every))
        work.append((Work(moves=EMPTY), modes, terms(["defaults"]), one))
    return work


def load_sets(options, work):
    """Reads each set's declared sample from c4's checkout (never copied into the repository) and writes
    prune's form of it (columns 1..7) into a temporary directory."""
    checkout = options.checkout or os.environ.get("PRUNE_C4_CHECKOUT", "")
    samples = dict(C4_SETS)
    directory = tempfile.mkdtemp(prefix="prune-c4-sets-")
    for item, _, _, _ in work:
        if not item.set_name:
            continue
        done = subprocess.run(["git", "-C", checkout, "show", f"{PINNED}:tst/data/7x6/{item.set_name}.txt"],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise paired.PeerError(f"cannot read tst/data/7x6/{item.set_name}.txt at {PINNED[:7]} from '{checkout}'")
        item.lines = [line.strip() for line in done.stdout.splitlines() if line.strip()][:samples[item.set_name]]
        item.path = os.path.join(directory, item.set_name + ".txt")
        with open(item.path, "w") as f:
            for line in item.lines:
                moves, score = line.split()
                f.write("".join(str(int(c) + 1) for c in moves) + f" {score}\n")
    return directory


def main(argv):
    options = parse(argv)
    options.commit, options.isa = prune_build(options.prune)
    checkout = ["--checkout", options.checkout] if options.checkout else []
    work = plan(options)
    binaries = {}
    for _, _, setups, counts in work:
        for name in setups:
            setup = SETUPS[name]
            for threads in counts:
                if (name, threads) in binaries:
                    continue
                # c4's threads, table and flags are constants of its build: one build each.
                args = ["--threads", str(threads), "--table-mb", str(setup["peer_mb"])] \
                    + (["--march", options.isa] if setup["march"] and options.isa != "baseline" else []) \
                    + (["--huge-pages"] if setup["huge"] else [])
                binary, why = paired.build(BUILD_SH, checkout + args)
                if binary is None:
                    return paired.skip(why)
                binaries[name, threads] = binary
    directory = load_sets(options, work)
    rows, whole, search, disagreements = [], [], [], 0
    try:
        for item, modes, setups, counts in work:
            for name in setups:
                for weak in modes:
                    for threads in counts:
                        row, w, s, agree = compare(options, binaries[name, threads], name, threads, item, weak,
                                                   options.pairs)
                        rows.append(row)
                        whole.append(w)
                        search.append(s)
                        disagreements += not agree
    finally:
        for entry in os.listdir(directory):
            os.remove(os.path.join(directory, entry))
        os.rmdir(directory)
    return paired.finish(options.output, COLUMNS, rows, disagreements, pairs=whole, search_pairs=search)


if __name__ == "__main__":
    paired.run(main)
