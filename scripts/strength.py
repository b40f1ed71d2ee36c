#!/usr/bin/env python3
"""strength.py: the strength study's runner (studies_meta.csv's runner `match`).

Plays every row of studies/strength.csv (game, a, b, nodes, pairs,
quick_pairs, time_ms; scripts/studies.py reads it) as one
`prune match GAME --a A --b B --nodes NODES --pairs PAIRS
--openings studies/openings/GAME.txt --seed 1 --json` and writes one CSV
row per match, the summary's counts and statistics, atomically.  Under
--nodes a match is exactly reproducible, so the rows may run in any order
on any number of cores (--jobs) and give the same file.

    strength.py --prune PRUNE --out strength.csv [--quick] [--jobs N] [--rows PATH]
    strength.py --prune PRUNE --time --out strength_time.csv [--jobs N]
    strength.py --prune PRUNE --time --shard K/N --out FILE.jsonl|-
    strength.py --prune PRUNE --merge FILE.jsonl... --out strength_time.csv

--time: the fixed-time variant, each row at its time_ms a move, each match
split into --jobs shards run side by side and added up by `prune
match-merge`; --shard: one shard of every such match, the summaries' JSON
lines (on stdout with --out -), for --merge to add up match by match
(docs/strength.md, "The strength study", shows shards over hosts).

Exit status: 0 done, 1 a match failed (its message on stderr), 2 bad usage
or rows (one line on stderr; nothing written).
"""
import argparse
import concurrent.futures
import json
import operator
import os
import subprocess
import sys

from atomic_file import write_csv_atomically, write_text_atomically
import studies

OPENINGS = os.path.join(studies.ROOT, "studies", "openings")
SEED = 1
EXIT_FAILED, EXIT_USAGE = 1, 2
# The columns of strength.csv: the row, then prune match's summary.
COLUMNS = ["game", "a", "b", "limit", "limit_value", "pairs", "games", "wins", "draws", "losses", "pentanomial",
           "score", "elo", "elo_low", "elo_high", "los"]
match_of = operator.itemgetter("game", "a", "b")   # a row's match, and a summary's


class MatchFailed(Exception):
    """A match that did not give a summary: one line for the user."""


def match_argv(prune, row, quick=False, shard=None):
    """The row's match: at its node budget, or, as shard K/N, at its time a move."""
    limit = ["--time-ms", row["time_ms"]] if shard else ["--nodes", row["nodes"]]
    argv = [prune, "match", row["game"], "--a", row["a"], "--b", row["b"], *limit,
            "--pairs", row["quick_pairs"] if quick else row["pairs"],
            "--openings", os.path.join(OPENINGS, row["game"] + ".txt"), "--seed", str(SEED), "--json"]
    return argv + (["--shard", shard] if shard else [])


def summary_line(argv, stdin=None):
    """The summary line of a `prune match ... --json` run, as printed (match-merge reads it so)."""
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        raise MatchFailed(f"{' '.join(argv[1:8])}: exit {done.returncode}: {done.stderr.strip()}")
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "{}"
    if not json.loads(last).get("summary"):
        raise MatchFailed(f"{' '.join(argv[1:8])}: no summary line")
    return last


def merged(prune, lines):
    """`prune match-merge` over one match's summary lines (on its standard input), as a dict."""
    text = "".join(line + "\n" for line in lines)
    return json.loads(summary_line([prune, "match-merge", "/dev/stdin", "--json"], text))


def csv_row(row, summary):
    """The match's COLUMNS (a null bound is an empty cell, as csv writes None)."""
    cells = dict(summary, game=row["game"], a=row["a"], b=row["b"], pairs=summary["games"] // 2,
                 pentanomial=" ".join(str(n) for n in summary["pentanomial"]))
    return [cells[c] for c in COLUMNS]


def progress(done, total, summary):
    """One line a finished match on stdout (the driver shows it): a long study shows where it is."""
    bounds = "" if summary.get("elo_low") is None or summary.get("elo_high") is None else \
        f" ({summary['elo_low']:+.0f} to {summary['elo_high']:+.0f})"
    print(f"{done}/{total} {summary['game']} {summary['a']} vs {summary['b']}: "
          f"{summary['elo'] + 0:+.0f}{bounds} Elo, {summary['games']} games", flush=True)


def node_matches(prune, rows, quick, jobs):
    """Each row at its node budget: one match per row, rows spread over jobs."""
    lines = in_parallel([match_argv(prune, r, quick) for r in rows], jobs, report=True)
    return [json.loads(line) for line in lines]


def time_matches(prune, rows, jobs):
    """Each row at its time per move, split into jobs shards side by side, merged."""
    out = []
    for r in rows:
        shards = [match_argv(prune, r, shard=f"{k}/{jobs}") for k in range(1, jobs + 1)]
        out.append(merged(prune, in_parallel(shards, jobs)))
        progress(len(out), len(rows), out[-1])
    return out


def in_parallel(argvs, jobs, report=False):
    """The summary lines of the matches, run `jobs` at a time, in the argvs' order;
    with `report`, a progress line as each match ends."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(summary_line, argv) for argv in argvs]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            if report:
                progress(done, len(futures), json.loads(future.result()))
        return [future.result() for future in futures]


def merge_files(prune, rows, paths):
    """The shards' summary lines, grouped by match (game, a, b) and merged, in the rows' order."""
    groups = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                groups.setdefault(match_of(json.loads(line)), []).append(line.strip())
    for r in rows:
        if match_of(r) not in groups:
            raise MatchFailed("no shard of {} {} vs {}".format(*match_of(r)))
    return [merged(prune, groups[match_of(r)]) for r in rows]


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="strength.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.error = lambda message: parser.exit(EXIT_USAGE, f"strength.py: {message}\n")   # one line, exit 2
    parser.add_argument("--prune", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--rows", default=studies.STRENGTH)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--shard")
    parser.add_argument("--merge", nargs="+")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.shard and not args.time:
        parser.error("--shard is for the time-limited variant (--time): node budgets fit one machine")
    return args


def main(argv):
    args = parse_args(argv)
    try:
        rows = studies.strength_rows(args.rows)
        if args.merge:
            summaries = merge_files(args.prune, rows, args.merge)
        elif args.time and args.shard:
            lines = [summary_line(match_argv(args.prune, r, shard=args.shard)) for r in rows]
            text = "".join(line + "\n" for line in lines)
            # "-": the lines on stdout, for GNU parallel to collect from another host.
            sys.stdout.write(text) if args.out == "-" else write_text_atomically(args.out, text)
            return 0
        elif args.time:
            summaries = time_matches(args.prune, rows, args.jobs)
        else:
            summaries = node_matches(args.prune, rows, args.quick, args.jobs)
    except (studies.StudiesError, MatchFailed, OSError, ValueError, KeyError) as e:
        print(f"strength.py: {e}", file=sys.stderr)
        return EXIT_USAGE if isinstance(e, studies.StudiesError) else EXIT_FAILED
    write_csv_atomically(args.out, COLUMNS, [csv_row(r, s) for r, s in zip(rows, summaries)])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
