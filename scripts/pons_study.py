#!/usr/bin/env python3
"""pons_study.py: runs the "pons" study (docs/connect4.md): every step of
Pons' Connect Four solver on every test set, strong and weak, within a time
budget per cell.

    scripts/pons_study.py --prune build/prune --out DIR [--budget SECONDS]
        [--long] [--jobs N] [--pool auto|python|gnu] [--sets S,...] [--configs C,...]
        [--data-dir DIR] [--plotdata DIR] [--published CSV]

The cells are the (part, set, strong/weak) triples of study `pons` in
studies/published.csv.  For each cell, a probe of the set's first lines
measures the step's nodes per second; the estimate of the whole set is then
expected mean nodes (reference, else printed, else the probe's) x lines /
(nodes per second x jobs).  Within --budget wall seconds (default 5) the
cell runs every line, and its mean is checked against the published one
(docs/connect4.md, "Published figures": reference rows exactly at three
decimals, printed rows at their last non-zero digit).  Beyond it the cell
runs a declared sample, every k-th line from the first, reported as a
sample and never compared (stopped at twice the budget if the estimate was
wrong, keeping the positions it finished); a cell where not even one
position fits is skipped.  --long runs every cell fully.

Test sets: from --data-dir, else $PRUNE_CONNECT4_DATA (the series' files
Test_L3_R1 ... Test_L1_R3, never committed); when they are absent, prune's
own sets studies/connect4/prune_L?_R? (scripts/pons_sets.py), whose means
are prune's own and are not compared with the series'.

Cost: the default budget lands the 85 cells in about 6 minutes on 2 busy
cores (about half a minute with --budget 0.15, the quick reproduction); --long
is hours.  To spread a long run over machines, see scripts/pons_solve.py.

Output in DIR, each file written whole or not at all: pons.csv (one row per
cell), pons_positions/CELL.jsonl (every solved position as prune printed
it), pons_plot_strong.csv and pons_plot_weak.csv (scripts/reporting/pons_plotdata.py,
for plots/pons.gp; into --plotdata DIR when given).
Every score is checked (by prune and again here); a wrong score fails the
run with exit status 1 and writes nothing; a full cell whose mean differs
from the published one is written (match: no) and also exits 1.  Bad arguments exit 2 with one line on stderr.
"""
import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_file import write_csv_atomically, write_text_atomically  # noqa: E402
import pons_cells  # noqa: E402
from reporting import pons_plotdata  # noqa: E402
from pons_solve import SolveError, merge_shards, run_shards, solve_command, totals  # noqa: E402

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


class BadInput(Exception):
    pass


def own_set_path(set_file):
    return os.path.join(OWN_SETS, "prune_" + set_file.split("_", 1)[1])


def find_sets(data_dir):
    """{set file: path} and whether they are the series' own sets."""
    if data_dir:
        paths = {s[0]: os.path.join(data_dir, s[0]) for s in pons_cells.SETS}
        if not all(os.path.isfile(p) for p in paths.values()):
            missing = [s for s, p in paths.items() if not os.path.isfile(p)]
            raise BadInput(f"test sets {', '.join(missing)} not found in {data_dir}")
        return paths, True
    return {s[0]: own_set_path(s[0]) for s in pons_cells.SETS}, False


def count_lines(path):
    with open(path, encoding="utf-8") as f:
        return sum(1 for line in f if line.strip())


def select(cells, sets, configs):
    wanted_sets = {s.strip().lower() for s in sets.split(",")} if sets else None
    wanted_configs = {c.strip() for c in configs.split(",")} if configs else None
    known = set(pons_cells.CONFIGS.values())
    if wanted_configs and not wanted_configs <= known:
        raise BadInput(f"unknown config '{sorted(wanted_configs - known)[0]}' (pons configs: {', '.join(sorted(known))})")
    names = {n.lower() for s in pons_cells.SETS for n in s[:2]}
    if wanted_sets and not wanted_sets <= names:
        raise BadInput(f"unknown set '{sorted(wanted_sets - names)[0]}' (Test_L3_R1 ... or End-Easy ...)")
    return [c for c in cells
            if (not wanted_sets or {c.set_file.lower(), c.set_name.lower()} & wanted_sets)
            and (not wanted_configs or c.config in wanted_configs)]


def probe(args, cell, path, lines, speed, comparable):
    """(nodes per second, expected mean) of a cell, from its set's first lines;
    speed is the step's last measured rate (a guess until measured)."""
    expected = cell.expected_mean() if comparable else None
    guess = expected if expected is not None else (cell.expected_mean() or 1000.0)
    count = max(1, min(PROBE_MAX, lines, int(PROBE_SHARE * args.budget * speed / guess)))
    with tempfile.TemporaryDirectory() as scratch:
        command = solve_command(args.prune, cell, path, cell.mode == "weak", limit=count)
        texts, stopped = run_shards([command], scratch, max(PROBE_SHARE * args.budget, PROBE_MIN_SECONDS))
        _, measured = merge_shards(texts, partial=stopped)
    if measured["positions"] == 0 or measured["seconds"] <= 0:
        return speed, guess  # not even one line within the probe's time: keep the step's last rate
    rate = measured["total_nodes"] / measured["seconds"]
    if expected is not None:
        return rate, expected
    # prune's own sets: a short probe of the first lines can hit easy ones (a
    # quick run's probe is one line), so the series' mean for the same class
    # of set, where there is one, bounds the estimate from below.
    return rate, max(measured["mean_nodes"], cell.expected_mean() or 0)


def sample_file(path, step, directory):
    """Every step-th line of path from the first, as a file of directory."""
    target = os.path.join(directory, "sample")
    with open(path, encoding="utf-8") as f, open(target, "w", encoding="utf-8") as out:
        out.writelines(line for i, line in enumerate(l for l in f if l.strip()) if i % step == 0)
    return target


def solve_cell(args, cell, path, step, count):
    """Positions (with lines of the set file) and totals of one cell's run.
    A sample stops at SAMPLE_LIMIT budgets (the estimate was off: a busy
    machine, a costly stretch of the file) and keeps what it finished."""
    with tempfile.TemporaryDirectory() as scratch:
        source = path if step == 1 else sample_file(path, step, scratch)
        jobs = max(1, min(args.jobs, count))
        commands = [solve_command(args.prune, cell, source, cell.mode == "weak", shard=(j + 1, jobs))
                    for j in range(jobs)]
        limit = None if step == 1 else SAMPLE_LIMIT * args.budget
        texts, stopped = run_shards(commands, scratch, limit, args.pool != "python")
        positions, sums = merge_shards(texts, partial=stopped)
    for p in positions:
        p["line"] = (p["line"] - 1) * step + 1
    return positions, sums, stopped


def fmt(value, digits=3):
    return "" if value is None else f"{value:.{digits}f}"


def run_cell(args, cell, path, speeds, comparable, staging):
    """Decides, runs and describes one cell; returns its CSV row."""
    lines = count_lines(path)
    step_key = (cell.config, cell.board)
    speeds[step_key], expected = probe(args, cell, path, lines, speeds.get(step_key, SPEED_GUESS), comparable)
    kind, step, estimate = pons_cells.decide(expected, lines, speeds[step_key], args.jobs,
                                             float("inf") if args.long else args.budget)
    count = lines if kind == "full" else pons_cells.sample_size(lines, step)
    started = time.monotonic()
    positions, sums, stopped = solve_cell(args, cell, path, step, count) if count else ([], totals([]), False)
    wall = time.monotonic() - started
    write_text_atomically(os.path.join(staging, "pons_positions", cell.name + ".jsonl"),
                          "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in positions))
    verdict = pons_cells.match(cell, sums["total_nodes"], sums["positions"], kind == "full", comparable)
    progress(f"{cell.name}: {kind}" + (f" (every {step}. line)" if kind == "sample" else "")
             + (" (stopped at its time limit)" if stopped else "")
             + f", {sums['positions']} positions in {wall:.1f} s (estimate for all {lines}: {estimate:.1f} s)"
             + f", mean nodes {fmt(sums['mean_nodes'])}, match {verdict}")
    return [cell.config, cell.part, cell.set_file, cell.set_name, cell.mode, cell.board, sums["positions"],
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
    parser.add_argument("--jobs", type=int, default=2, help="shards solved at once (default 2)")
    parser.add_argument("--pool", choices=("auto", "python", "gnu"), default="auto",
                        help="shards run by GNU parallel when installed (auto, gnu) or by this script (python)")
    parser.add_argument("--sets", help="comma-separated set files or names (default: all)")
    parser.add_argument("--configs", help="comma-separated configs (default: all)")
    parser.add_argument("--data-dir", default=os.environ.get("PRUNE_CONNECT4_DATA") or None)
    parser.add_argument("--plotdata", help="directory for the plot data (default: --out)")
    parser.add_argument("--published", default=os.path.join(ROOT, "studies", "published.csv"),
                        help="the published figures the cells come from (default studies/published.csv)")
    args = parser.parse_args(argv)
    if args.budget <= 0 or args.jobs < 1:
        raise BadInput("--budget must be above 0 seconds and --jobs at least 1")
    if not (os.path.isfile(args.prune) and os.access(args.prune, os.X_OK)):
        raise BadInput(f"no prune executable at {args.prune} (--prune)")
    return args


def main(argv):
    # A stopped run ends through the finally blocks that stop its children.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        args = parse(argv)
        paths, comparable = find_sets(args.data_dir)
        cells = select(pons_cells.read_cells(args.published), args.sets, args.configs)
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
        speeds, rows = {}, []
        for cell in cells:
            rows.append(run_cell(args, cell, paths[cell.set_file], speeds, comparable, staging))
    except SolveError as error:
        print(f"pons_study.py: {error}", file=sys.stderr)
        return 1
    publish(args.out, args.plotdata or args.out, staging, rows)
    wrong = [f"{r[0]} {r[3]} {r[4]}" for r in rows if r[HEADER.index("match")] == "no"]
    if wrong:
        print(f"pons_study.py: {len(wrong)} means differ from the published ones: {', '.join(wrong)}",
              file=sys.stderr)
        return 1
    return 0


def publish(out, plotdata, staging, rows):
    """Moves the finished files into out, each by one rename."""
    write_csv_atomically(os.path.join(staging, "pons.csv"), HEADER, rows)
    for mode in ("strong", "weak"):
        pons_plotdata.write(os.path.join(staging, f"pons_plot_{mode}.csv"), HEADER, rows, mode)
    positions = os.path.join(out, "pons_positions")
    os.makedirs(positions, exist_ok=True)
    for name in os.listdir(os.path.join(staging, "pons_positions")):
        os.replace(os.path.join(staging, "pons_positions", name), os.path.join(positions, name))
    os.makedirs(plotdata, exist_ok=True)
    for name in ("pons_plot_strong.csv", "pons_plot_weak.csv"):
        os.replace(os.path.join(staging, name), os.path.join(plotdata, name))
    os.replace(os.path.join(staging, "pons.csv"), os.path.join(out, "pons.csv"))
    shutil.rmtree(staging)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
