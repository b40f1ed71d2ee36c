"""paired.py: what every peer's compare.py shares: the exit statuses, the
paired and alternating timing, and the timing columns of a result row.

A peer is timed against prune in pairs: one measurement of each, one right
after the other, the order swapped from pair to pair, so that both see the
same state of a shared machine.  The figure is prune's speedup, the peer's
time over prune's (above 1: prune is faster), as the median of the pairs'
ratios with its 95% interval (scripts/measure_stats.py, the one module for
that).  Every pair goes on record: `finish` writes them beside the CSV, one
line a pair with both times, and scripts/recompute_intervals.py recomputes
each row's figures from them.  Standard library only.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from atomic_file import write_csv_atomically  # noqa: E402,F401  (re-exported for the peers)
from measure_stats import cpu_name, format_ratio, pairs_path, ratio_summary  # noqa: E402

# Exit statuses of every compare.py (peers/README.md).
OK, DIFFERENT, BAD_INPUT, SKIPPED = 0, 1, 2, 77

# The columns every row ends with: pairs, both sides' mean times (seconds),
# the speedup's median and 95% interval, and the CPU.
TIMING_COLUMNS = ["pairs", "prune_mean_s", "peer_mean_s", "speedup_median", "speedup_lo", "speedup_hi", "cpu"]


class PeerError(Exception):
    """A run failed or printed something unexpected: bad input, exit 2."""


def alternate(measure_prune, measure_peer, pairs):
    """[(prune's time, the peer's time)], `pairs` of them; even pairs run
    prune first, odd ones the peer first.  Each measure_* returns one time
    (or any value the caller sums later, with the same meaning on both
    sides)."""
    found = []
    for pair in range(pairs):
        if pair % 2 == 0:
            ours = measure_prune()
            found.append((ours, measure_peer()))
        else:
            theirs = measure_peer()
            found.append((measure_prune(), theirs))
    return found


def speedup(pairs):
    """measure_stats' summary of the peer's time / prune's, or None when
    there are no pairs."""
    usable = [(theirs, ours) for ours, theirs in pairs if ours > 0]
    return ratio_summary(usable) if usable else None


def timing_cells(pairs):
    """The TIMING_COLUMNS cells of a row for `pairs` [(prune s, peer s)]."""
    summary = speedup(pairs)
    if summary is None:
        return [0, "", "", "", "", "", cpu_name()]

    def cell(x):
        return "" if x is None else f"{x:.3f}"
    mean_ours = sum(p[0] for p in pairs) / len(pairs)
    mean_theirs = sum(p[1] for p in pairs) / len(pairs)
    return [len(pairs), f"{mean_ours:.6f}", f"{mean_theirs:.6f}", cell(summary["median"]),
            cell(summary["lo"]), cell(summary["hi"]), cpu_name()]


def describe(pairs):
    """'prune's speedup 1.80x (95% CI 1.71x-1.86x, 8 pairs)', for the
    one-line summaries on stdout."""
    summary = speedup(pairs)
    return "not timed" if summary is None else f"prune's speedup {format_ratio(summary)}"


def pairs_option(parser, options, quick=6, full=12):
    """Sets options.pairs, when not given, to `quick` under --quick and
    `full` otherwise; a negative --pairs is a usage error (exit 2)."""
    if options.pairs is None:
        options.pairs = quick if options.quick else full
    if options.pairs < 0:
        parser.error("--pairs must be at least 0")


def long_option(parser, variant=None):
    """--long, which scripts/reproduce.sh --long passes to every peer:
    `variant` says what the peer's long variant adds (None: nothing)."""
    parser.add_argument("--long", action="store_true",
                        help=f"the long run's variant: {variant}" if variant
                        else "the long run's variant: nothing more for this peer")


PAIRS_COLUMNS = ["row", "pair", "first", "prune_s", "peer_s"]
SEARCH_PAIRS_COLUMNS = ["prune_search_us", "peer_search_us"]


def pairs_rows(pairs, search_pairs=None):
    """The rows of a pairs file (PAIRS_COLUMNS, then SEARCH_PAIRS_COLUMNS
    when `search_pairs` is given): one a pair, for `pairs` parallel to the
    main CSV's rows, each [(prune s, peer s)] in measurement order (pair i
    ran prune first when i is even, as `alternate` does).  `search_pairs`,
    parallel to `pairs`: each pair's own-timer search times, or None for a
    row without them."""
    out = []
    for row, found in enumerate(pairs, 1):
        search = (search_pairs[row - 1] if search_pairs else None) or []
        for pair, times in enumerate(found or []):
            cells = [row, pair, "prune" if pair % 2 == 0 else "peer", repr(float(times[0])), repr(float(times[1]))]
            if search_pairs is not None:
                cells += [repr(float(x)) for x in search[pair]] if pair < len(search) else ["", ""]
            out.append(cells)
    return out


def finish(output, columns, rows, differ, pairs=None, search_pairs=None):
    """Writes `rows` to the CSV `output` (when one was asked for) and
    returns the exit status: DIFFERENT when `differ`, else OK.  `pairs`,
    None or a list parallel to `rows` of each row's [(prune s, peer s)] in
    measurement order, also writes them, one line a pair, to the pairs file
    beside it (`pairs_path`: columns PAIRS_COLUMNS, `row` the 1-based data
    row of the CSV, `first` the side that ran first), from which
    scripts/recompute_intervals.py recomputes every row's median and
    interval.  `search_pairs` (pons): the same rows' own-timer pairs, as two
    more columns."""
    if output:
        if pairs is not None:
            if len(pairs) != len(rows):
                raise ValueError(f"{len(pairs)} lists of pairs for {len(rows)} rows")
            write_csv_atomically(pairs_path(output),
                                 PAIRS_COLUMNS + (SEARCH_PAIRS_COLUMNS if search_pairs is not None else []),
                                 pairs_rows(pairs, search_pairs))
        write_csv_atomically(output, columns, rows)
    return DIFFERENT if differ else OK


def skip(why):
    """Prints the one `skipped:` line (`why` may already be one) and
    returns SKIPPED."""
    line = why if why.startswith("skipped:") else f"skipped: {why}"
    print(line.splitlines()[0])
    return SKIPPED


def executable(parser, path):
    """A usage error (exit 2) unless `path` is an executable file."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        parser.error(f"'{path}' is not an executable prune binary")


def build(build_sh, arguments=()):
    """(path of the peer's binary, None) from its build.sh, or (None, the
    `skipped:` line) when build.sh skips (exit 77); PeerError when the
    build fails."""
    done = subprocess.run([build_sh, *arguments], capture_output=True, text=True)
    if done.returncode == SKIPPED:
        return None, done.stdout.strip()
    if done.returncode != 0 or not done.stdout.strip():
        lines = done.stderr.strip().splitlines()
        raise PeerError(lines[-1] if lines else f"{build_sh} exited with status {done.returncode}")
    return done.stdout.strip().splitlines()[-1], None


def run(main):
    """Exits with main(argv)'s status; a PeerError, an unreadable file or
    an unexpected value on the way is one line on stderr and BAD_INPUT."""
    try:
        sys.exit(main(sys.argv[1:]))
    except (PeerError, OSError, ValueError, KeyError) as error:
        print(f"{os.path.basename(sys.argv[0])}: {error}", file=sys.stderr)
        sys.exit(BAD_INPUT)
