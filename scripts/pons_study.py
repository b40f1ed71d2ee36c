#!/usr/bin/env python3
"""pons_study.py: the "pons" study (docs/connect4.md): every step of Pons'
Connect Four solver on every test set, strong and weak, within a time
budget per cell; and the merge of a set's shards (docs/cli.md, "prune solve").

    scripts/pons_study.py --prune build/prune --out DIR [--budget SECONDS]
        [--long] [--own] [--jobs N] [--sets S,...] [--configs C,...]
        [--data-dir DIR] [--published CSV]
    scripts/pons_study.py merge SHARD.jsonl...

A cell is one step (part) x test set x strong/weak: the triples that have
a row of study `pons` in studies/published.csv (the part read from its
`source`; Fhourstones, part 2, is a yardstick prune does not implement).
For each cell, a probe of the set's first lines measures the step's nodes
per second; the estimate of the whole set is then expected mean nodes
(reference, else printed, else the probe's) x lines / (nodes per second x
jobs).  Within --budget wall seconds (default 5) the cell runs every line,
in --jobs shards of `prune solve connect4 --positions`, and its mean is
checked against the published one (docs/connect4.md, "Published figures").
Beyond it the cell runs a declared sample, every k-th line from the first,
never compared (stopped at twice the budget if the estimate was wrong,
keeping the positions it finished); a cell where not even one position
fits is skipped.  --long runs every cell fully; the run times of
the default budget and of --quick's are stated in benchmarks/README.md,
"How long it takes" (the one place they are stated).

--own adds prune's own steps after the series' (the configs `prune solve
--help` lists as "prune: ...", solver/solve.c's step table, in its order):
each on the six sets, strong and weak, within the same budget per cell.
They have no published figures, so their means are never compared; where
a probe finishes no line, the step before on the same set and mode gives
the expected mean (its nodes, an estimate on the safe side while each step
explores fewer).  Their rows have an empty part.

Test sets: from --data-dir, else $PRUNE_CONNECT4_DATA (the series' files
Test_L3_R1 ... Test_L1_R3, never committed); when they are absent, prune's
own sets studies/connect4/prune_L?_R? (scripts/pons_sets.py), whose means
are prune's own and are not compared with the series'.

Output in DIR, each file written whole or not at all: pons.csv (one row per
cell) and pons_positions/CELL.jsonl (every solved position as prune printed
it).  A wrong score (checked by prune and again here) fails the run with
exit status 1 and writes nothing; a full cell whose mean differs from the
published one is written (match: no) and also exits 1.  Bad arguments exit
2 with one line on stderr.

`merge` prints the lines of shard files (`prune solve ... --shard K/N
--json`, run on any machines) in line order, then the summary line an
unsharded run prints.  The shards must be of one set, config and mode; a
line solved twice, a wrong score or a mismatch is one line on stderr and
exit status 2.
"""
import argparse
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studies  # noqa: E402
from atomic_file import write_csv_atomically, write_text_atomically  # noqa: E402
from pons_shards import SolveError, merge, merge_shards, run_shards, solve_command, totals  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OWN_SETS = os.path.join(ROOT, "studies", "connect4")
PROBE_SHARE = 0.05  # of a cell's budget, spent measuring its speed
PROBE_MAX = 20
PROBE_MIN_SECONDS = 0.5
SPEED_GUESS = 5e6  # nodes per second, until a probe of the step has measured it
SAMPLE_LIMIT = 2  # a sample's wall time, in budgets
HEADER = ["config", "part", "set", "set_name", "mode", "board", "positions_run", "sample", "mean_nodes",
          "mean_us", "kpos_per_second", "published_nodes", "reference_nodes", "match", "published_us",
          "seconds", "set_lines", "data", "estimate_seconds"]

# The six test sets of the series, in the order of its tables: file name,
# display name, and the bounds on stones played n and on the stones r still
# to be played until the game ends under perfect play (n_min < n <= n_max,
# r_min <= r < r_max; r = 1 when the side to move wins at once).  Counted
# that way, the series' files put r = 14 and r = 28 in the easier class:
# these bounds classify all 6000 of their lines into their own file.
SETS = (
    ("Test_L3_R1", "End-Easy", 28, 42, 0, 15),
    ("Test_L2_R1", "Middle-Easy", 14, 28, 0, 15),
    ("Test_L2_R2", "Middle-Medium", 14, 28, 15, 29),
    ("Test_L1_R1", "Begin-Easy", -1, 14, 0, 15),
    ("Test_L1_R2", "Begin-Medium", -1, 14, 15, 29),
    ("Test_L1_R3", "Begin-Hard", -1, 14, 29, 43),
)
SET_NAMES = {s[0]: s[1] for s in SETS}
SET_ORDER = {s[0]: i for i, s in enumerate(SETS)}

# Part -> config.  Part 6 is not a config but a representation: part 5's
# search on a bitboard; parts 3-5 are timed on the plain grid, as the series
# ran them, so that part 6's gain is the representation's alone.
CONFIGS = {3: "solve-minmax", 4: "solve-alphabeta", 5: "solve-order", 6: "solve-order",
           7: "solve-tt", 8: "solve-id", 9: "solve-nonlosing", 10: "solve-sorted",
           11: "solve-tt32", 12: "solve-lowerbound"}

# Printed figures that do not follow "rounded at the last non-zero digit"
# (docs/connect4.md, "Published figures"): how to compare them instead.
PRINTED_EXCEPTIONS = {
    (3, "Test_L3_R1", "strong"): "truncated",  # 11,024 printed for 11,024.541
    (8, "Test_L3_R1", "weak"): "typo",         # 74.40 printed for 74.479
}


class BadInput(Exception):
    pass


# ---- the sets and the cells ----

def own_set_path(set_file, directory=OWN_SETS):
    """prune's own file for a set of the series: prune_L?_R? in directory."""
    return os.path.join(directory, "prune_" + set_file.split("_", 1)[1])


class Cell:
    """One step x set x mode with its published figures (strings as printed,
    or None).  A step of the series has its part; one of prune's own has
    part None and its config."""

    def __init__(self, part, set_file, mode, config=None):
        self.part, self.set_file, self.mode = part, set_file, mode
        self.config = CONFIGS[part] if part is not None else config
        self.board = "grid" if part is not None and part <= 5 else "bitboard"
        self.published_nodes = self.reference_nodes = self.published_us = None
        self.key = (part if part is not None else config, set_file, mode)
        self.set_name = SET_NAMES[set_file]
        self.name = (f"part{part}" if part is not None else "prune") + f"_{self.config}_{self.board}_{set_file}_{mode}"

    def expected_mean(self):
        """The best known mean node count: the reference, else the printed one."""
        for text in (self.reference_nodes, self.published_nodes):
            if text is not None:
                return float(text)
        return None


def read_cells(published_path):
    """The study's cells from studies/published.csv, in table order (part,
    then set, strong before weak)."""
    cells = {}
    for row in studies.published(os.path.dirname(os.path.abspath(published_path)),
                                 os.path.basename(published_path)):
        if row["study"] != "pons" or row["config"] not in CONFIGS.values():
            continue
        found = re.search(r"part ?(\d+)", row["source"])
        if not found:
            raise ValueError(f"source '{row['source']}' names no part")
        part = int(found.group(1))
        quantity, mode = row["metric"].split("_")[1:3]
        cell = cells.setdefault((part, row["moves"], mode), Cell(part, row["moves"], mode))
        field = ("reference" if row["kind"] == "reference" else "published") + "_" + quantity
        setattr(cell, field, row["value"])
    for cell in cells.values():  # part 6 explores part 5's positions (docs/connect4.md)
        twin = cells.get((5, cell.set_file, cell.mode))
        if cell.part == 6 and cell.published_nodes is None and twin is not None:
            cell.published_nodes = twin.published_nodes
    return sorted(cells.values(), key=lambda c: (c.part, SET_ORDER[c.set_file], c.mode != "strong"))


def own_steps(prune):
    """prune's own steps, in the step table's order: the configs `prune solve
    --help` lists as "prune: ..." (solver/solve.c is their one source)."""
    done = subprocess.run([prune, "solve", "--help"], capture_output=True, text=True)
    if done.returncode != 0:
        raise BadInput(f"{prune} solve --help: exit {done.returncode}")
    return [fields[0] for fields in (line.split() for line in done.stdout.splitlines())
            if len(fields) > 1 and fields[0].startswith("solve-") and fields[1] == "prune:"]


def own_cells(steps):
    """A cell per own step, set and mode, in table order (step, set, strong first)."""
    return [Cell(None, s[0], mode, config=step) for step in steps for s in SETS for mode in ("strong", "weak")]


# ---- match rules ----

def last_nonzero_exponent(printed):
    """The power of ten of the printed value's last non-zero digit:
    '207900' -> 2, '92.84' -> -2, '74.40' -> -1."""
    return Decimal(printed).normalize().as_tuple().exponent


def rounded_match(mean, printed, rule="rounded"):
    """True when `mean` shown as printed equals `printed`: rounded (half up)
    at the printed value's last non-zero digit, or truncated there."""
    quantum = Decimal(1).scaleb(last_nonzero_exponent(printed))
    how = ROUND_DOWN if rule == "truncated" else ROUND_HALF_UP
    return Decimal(str(mean)).quantize(quantum, rounding=how) == Decimal(printed).quantize(quantum)


def exact_match(total_nodes, positions, reference):
    """The mean over the whole set, to three decimals, equals the reference."""
    mean = Decimal(total_nodes) / Decimal(positions)
    return mean.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP) == Decimal(reference)


def match(cell, total_nodes, positions, full, comparable=True):
    """exact / rounded / no / n-a for a cell's measured mean.  A sample, or a
    run on prune's own sets, is never compared (n-a)."""
    if not full or not comparable or positions == 0:
        return "n-a"
    if cell.reference_nodes is not None:
        return "exact" if exact_match(total_nodes, positions, cell.reference_nodes) else "no"
    rule = PRINTED_EXCEPTIONS.get(cell.key, "rounded")
    if cell.published_nodes is None or rule == "typo":
        return "n-a"
    mean = Decimal(total_nodes) / Decimal(positions)
    return "rounded" if rounded_match(mean, cell.published_nodes, rule) else "no"


# ---- the budget decision ----

def decide(expected_mean, positions, nodes_per_second, jobs, budget):
    """How much of a set of `positions` lines to run within `budget` wall
    seconds, solving with `jobs` processes at `nodes_per_second` each.

    Returns (kind, step, estimate): kind 'full' (every line, step 1),
    'sample' (every step-th line from the first) or 'skip' (not even one
    position fits); estimate is the full set's expected wall seconds."""
    estimate = expected_mean * positions / (nodes_per_second * jobs)
    if estimate <= budget:
        return "full", 1, estimate
    affordable = int(budget * nodes_per_second * jobs / expected_mean) if expected_mean > 0 else positions
    if affordable < 1:
        return "skip", 0, estimate
    return "sample", math.ceil(positions / affordable), estimate


def sample_size(positions, step):
    return 0 if step == 0 else (positions + step - 1) // step


# ---- the study ----

def find_sets(data_dir):
    """{set file: path} and whether they are the series' own sets."""
    if not data_dir:
        return {s[0]: own_set_path(s[0]) for s in SETS}, False
    paths = {s[0]: os.path.join(data_dir, s[0]) for s in SETS}
    missing = [s for s, p in paths.items() if not os.path.isfile(p)]
    if missing:
        raise BadInput(f"test sets {', '.join(missing)} not found in {data_dir}")
    return paths, True


def select(cells, sets, configs):
    wanted_sets = {s.strip().lower() for s in sets.split(",")} if sets else None
    wanted_configs = {c.strip() for c in configs.split(",")} if configs else None
    known = {c.config for c in cells}
    if wanted_configs and not wanted_configs <= known:
        raise BadInput(f"unknown config '{sorted(wanted_configs - known)[0]}' "
                       f"(pons configs: {', '.join(sorted(known))}; --own adds prune's own steps)")
    names = {n.lower() for s in SETS for n in s[:2]}
    if wanted_sets and not wanted_sets <= names:
        raise BadInput(f"unknown set '{sorted(wanted_sets - names)[0]}' (Test_L3_R1 ... or End-Easy ...)")
    return [c for c in cells
            if (not wanted_sets or {c.set_file.lower(), c.set_name.lower()} & wanted_sets)
            and (not wanted_configs or c.config in wanted_configs)]


def probe(args, cell, path, lines, speed, comparable, before=None):
    """(nodes per second, expected mean) of a cell, from its set's first lines;
    speed is the step's last measured rate (a guess until measured); before
    is an own step's floor, the mean of the step before it on the same set
    and mode."""
    expected = cell.expected_mean() if comparable else None
    guess = expected if expected is not None else (cell.expected_mean() or before or 1000.0)
    count = max(1, min(PROBE_MAX, lines, int(PROBE_SHARE * args.budget * speed / guess)))
    limit = max(PROBE_SHARE * args.budget, PROBE_MIN_SECONDS)
    with tempfile.TemporaryDirectory() as scratch:
        command = solve_command(args.prune, cell, path, limit=count)
        texts, stopped = run_shards([command], scratch, limit)
        _, measured = merge_shards(texts, partial=stopped)
    if measured["positions"] == 0 or measured["seconds"] <= 0:
        # Not even one line within the probe's time: keep the step's last rate,
        # and a line explores at least what that rate covers in the probe's time.
        return speed, max(guess, speed * limit)
    rate = measured["total_nodes"] / measured["seconds"]
    if expected is not None:
        return rate, expected
    # prune's own sets, or one of prune's own steps: a short probe of the first
    # lines can hit easy ones (a quick run's probe is one line), so the
    # series' mean for the same class of set, or for an own step the mean of
    # the step before it, bounds the estimate from below.
    return rate, max(measured["mean_nodes"], cell.expected_mean() or before or 0)


def solve_cell(args, cell, path, step, count):
    """Positions (with lines of the set file) and totals of one cell's run.
    A sample stops at SAMPLE_LIMIT budgets (the estimate was off: a busy
    machine, a costly stretch of the file) and keeps what it finished."""
    with tempfile.TemporaryDirectory() as scratch:
        source = path
        if step > 1:  # every step-th line of the set from the first
            source = os.path.join(scratch, "sample")
            with open(path, encoding="utf-8") as f, open(source, "w", encoding="utf-8") as out:
                out.writelines(line for i, line in enumerate(l for l in f if l.strip()) if i % step == 0)
        jobs = max(1, min(args.jobs, count))
        commands = [solve_command(args.prune, cell, source, shard=(j + 1, jobs)) for j in range(jobs)]
        texts, stopped = run_shards(commands, scratch, None if step == 1 else SAMPLE_LIMIT * args.budget)
        positions, sums = merge_shards(texts, partial=stopped)
    for p in positions:
        p["line"] = (p["line"] - 1) * step + 1
    return positions, sums, stopped


def fmt(value, digits=3):
    return "" if value is None else f"{value:.{digits}f}"


def run_cell(args, cell, path, speeds, comparable, staging, means):
    """Decides, runs and describes one cell; returns its CSV row.  means
    holds the last mean of each set and mode, for the next own step's floor."""
    with open(path, encoding="utf-8") as f:
        lines = sum(1 for line in f if line.strip())
    step_key = (cell.config, cell.board)
    before = means.get((cell.set_file, cell.mode)) if cell.part is None else None
    speeds[step_key], expected = probe(args, cell, path, lines, speeds.get(step_key, SPEED_GUESS), comparable,
                                       before)
    kind, step, estimate = decide(expected, lines, speeds[step_key], args.jobs,
                                  float("inf") if args.long else args.budget)
    count = lines if kind == "full" else sample_size(lines, step)
    started = time.monotonic()
    positions, sums, stopped = solve_cell(args, cell, path, step, count) if count else ([], totals([]), False)
    wall = time.monotonic() - started
    write_text_atomically(os.path.join(staging, "pons_positions", cell.name + ".jsonl"),
                          "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in positions))
    if sums["mean_nodes"] is not None:
        means[(cell.set_file, cell.mode)] = sums["mean_nodes"]
    verdict = match(cell, sums["total_nodes"], sums["positions"], kind == "full", comparable)
    progress(f"{cell.name}: {kind}" + (f" (every {step}. line)" if kind == "sample" else "")
             + (" (stopped at its time limit)" if stopped else "")
             + f", {sums['positions']} positions in {wall:.1f} s (estimate for all {lines}: {estimate:.1f} s)"
             + f", mean nodes {fmt(sums['mean_nodes'])}, match {verdict}")
    part = "" if cell.part is None else cell.part
    return [cell.config, part, cell.set_file, cell.set_name, cell.mode, cell.board, sums["positions"],
            "no" if kind == "full" else "yes", fmt(sums["mean_nodes"]), fmt(sums["mean_us"]),
            fmt(sums["kpos_per_second"]), cell.published_nodes or "", cell.reference_nodes or "", verdict,
            cell.published_us or "", f"{wall:.3f}", lines, "series" if comparable else "prune",
            f"{estimate:.3f}"]


def progress(message):
    print(f"pons: {message}", file=sys.stderr, flush=True)


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit status 2
        raise BadInput(message)


def parse(argv):
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prune", default=os.path.join(ROOT, "build", "prune"))
    parser.add_argument("--out", required=True, help="directory for pons.csv and the rest")
    parser.add_argument("--budget", type=float, default=5.0, help="wall seconds per cell (default 5)")
    parser.add_argument("--long", action="store_true", help="run every cell fully, whatever it costs")
    parser.add_argument("--own", action="store_true", help="prune's own steps too, after the series'")
    parser.add_argument("--jobs", type=int, default=2, help="shards solved at once (default 2)")
    parser.add_argument("--sets", help="comma-separated set files or names (default: all)")
    parser.add_argument("--configs", help="comma-separated configs (default: all)")
    parser.add_argument("--data-dir", default=os.environ.get("PRUNE_CONNECT4_DATA") or None)
    parser.add_argument("--published", default=os.path.join(ROOT, "studies", "published.csv"),
                        help="the published figures the cells come from (default studies/published.csv)")
    args = parser.parse_args(argv)
    if args.budget <= 0 or args.jobs < 1:
        raise BadInput("--budget must be above 0 seconds and --jobs at least 1")
    if not (os.path.isfile(args.prune) and os.access(args.prune, os.X_OK)):
        raise BadInput(f"no prune executable at {args.prune} (--prune)")
    return args


def publish(out, staging, rows):
    """Moves the finished files into out, each by one rename."""
    write_csv_atomically(os.path.join(staging, "pons.csv"), HEADER, rows)
    positions = os.path.join(out, "pons_positions")
    os.makedirs(positions, exist_ok=True)
    for name in os.listdir(os.path.join(staging, "pons_positions")):
        os.replace(os.path.join(staging, "pons_positions", name), os.path.join(positions, name))
    os.replace(os.path.join(staging, "pons.csv"), os.path.join(out, "pons.csv"))
    shutil.rmtree(staging)


def main(argv):
    if argv[:1] == ["merge"]:
        try:
            lines = merge(argv[1:]) if argv[1:] else None
        except (SolveError, OSError, ValueError, KeyError) as e:
            print(f"pons_study.py: {e}", file=sys.stderr)
            return 2
        if lines is None:
            print("usage: pons_study.py merge SHARD.jsonl...", file=sys.stderr)
            return 2
        print("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines), end="")
        return 0
    # A stopped run ends through the finally blocks that stop its children.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        args = parse(argv)
        paths, comparable = find_sets(args.data_dir)
        cells = read_cells(args.published) + (own_cells(own_steps(args.prune)) if args.own else [])
        cells = select(cells, args.sets, args.configs)
        for cell in cells:
            if not os.path.isfile(paths[cell.set_file]):
                raise BadInput(f"test set {paths[cell.set_file]} not found (scripts/pons_sets.py makes prune's own)")
    except (BadInput, OSError, ValueError) as error:
        print(f"pons_study.py: {error}", file=sys.stderr)
        return 2
    progress(f"{len(cells)} cells on the {'series' if comparable else 'prune'} test sets, "
             f"budget {'none (--long)' if args.long else f'{args.budget:g} s'} per cell, {args.jobs} jobs")
    os.makedirs(args.out, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".tmp-pons-", dir=args.out)
    try:
        speeds, means = {}, {}
        rows = [run_cell(args, cell, paths[cell.set_file], speeds, comparable, staging, means) for cell in cells]
    except SolveError as error:
        print(f"pons_study.py: {error}", file=sys.stderr)
        return 1
    publish(args.out, staging, rows)
    wrong = [f"{r[0]} {r[3]} {r[4]}" for r in rows if r[HEADER.index("match")] == "no"]
    if wrong:
        print(f"pons_study.py: {len(wrong)} means differ from the published ones: {', '.join(wrong)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
