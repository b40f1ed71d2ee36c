#!/usr/bin/env python3
"""strength.py: the strength study's runner (studies_meta.csv's runner `match`).

Plays the rows of studies/strength.csv (scripts/studies.py reads it) that
the variant plays (--variant quick|full|long: the row's pairs in that
column, 0 for none), each as `prune match GAME --a A --b B LIMIT --pairs
PAIRS --openings studies/openings/GAME.txt --seed 1 --json`, LIMIT `--nodes
N` or `--tc BASE+INC` from the row's limit, `--reuse` where the pairs
outnumber the game's openings.  Each match is split into N = ceil(pairs /
--shard-pairs) shards (`--shard K/N`: the pairs whose opening is K - 1
modulo N, every pair of an opening in one shard; at most --shard-pairs
pairs a shard where the pairs do not outnumber the openings, about that
past them, docs/strength.md); GNU parallel runs every shard of every
match, --jobs at a time, here or over --sshlogin hosts (each with this
checkout and prune at the same paths), and `prune match-merge` adds each
match's shards up.  A match whose side searches on threads (`threads=N`,
docs/parallel.md) runs with --jobs / N shards at a time, so that the
threads have their cores.  Under a node budget a match is exact, so the file is the
same whatever the jobs, hosts, order or shards (`repeated` too: a shard sees every
replay of its openings, so match-merge's sum is the match's count).  One CSV row per match
(COLUMNS: the row, the merged summary, then PLAY_OUT's), written atomically.

A game with an adjudication rule (`prune games --json`: Ard Ri) is played
with `prune match --play-out`: a game the rule decides is played on to its
end, so that the results are the games' own ends, and the rule's verdict
is kept beside each; PLAY_OUT's columns say how the verdicts compare with
the ends (docs/strength.md, "Adjudication": at the main budget half of
them held).  A game without a rule leaves them empty.

    strength.py --prune PRUNE --out strength.csv [--variant full] [--jobs N]
                [--sshlogin LOGINS] [--shard-pairs N] [--rows PATH] [--openings-dir DIR]
                [--game GAME] [--limit-kind nodes|tc] [--done-dir DIR]

--game and --limit-kind play only the rows of that game and of that kind
of limit.  --done-dir keeps each finished match's merged summary in DIR (a
file a match, written atomically, named by a hash of its command), and a
match whose file is there is not played again: a stopped run resumed
(scripts/reproduce.sh --resume) plays only the rest.  Until a sharded match
is done, DIR keeps each of its finished shards too (HASH.shard-K-of-N.json),
so that a match of hours stopped midway resumes at its next shard.  Under a
node budget the kept summary is the one a replay would give.

Exit status: 0 done, 1 a match failed (its message on stderr), 2 bad usage
or rows, or GNU parallel missing (one line on stderr; nothing written).
"""
import argparse
import glob
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from atomic_file import write_csv_atomically, write_text_atomically
import studies

OPENINGS = os.path.join(studies.ROOT, "studies", "openings")
openings_dir = OPENINGS   # --openings-dir (tests/check_strength.py pins its counts on openings of its own)
SEED = 1
SHARD_PAIRS = 200   # pairs a shard (about, past the book): small enough to spread a long match over the jobs evenly
EXIT_FAILED, EXIT_USAGE = 1, 2
# The columns of strength.csv: the row (limit as in studies/strength.csv), then prune match's merged
# summary (a list, as the pentanomial, space-separated; a field the summary lacks is empty), then
# the openings file's count of openings and whether the match replayed them (--reuse).
SUMMARY = ["games", "wins", "draws", "losses", "pentanomial", "score", "elo", "elo_low", "elo_high", "los",
           "nelo", "nelo_low", "nelo_high", "first_score", "colour_decided", "capped", "adjudicated", "repeated", "time_losses",
           "overruns", "moves", "move_ms_mean", "move_ms_max", "llr", "verdict", "reproducible"]
COLUMNS = ["game", "a", "b", "limit", "pairs"] + SUMMARY + ["openings", "reuse"]
# After COLUMNS, for a game with an adjudication rule (played with --play-out): the games the rule judged,
# how their ends compare with its verdicts, and the pentanomial and Elo the verdicts would have given
PLAY_OUT = ["adjudged", "adjudged_held", "adjudged_drawn", "adjudged_overturned", "adjudged_pentanomial",
            "adjudged_elo", "adjudged_elo_low", "adjudged_elo_high"]
played_out = set()   # the games with an adjudication rule (prune games --json), played with --play-out
TIMES = ("move_ms_mean", "move_ms_max")   # the summary's clock readings: empty under a node budget


class MatchFailed(Exception):
    """A match that did not give a summary: one line for the user."""


def openings_file(game):
    return os.path.join(openings_dir, game + ".txt")


def openings_count(game):
    """The openings of the game's file (a line each; '#' lines are comments)."""
    with open(openings_file(game), encoding="utf-8") as f:
        return sum(1 for line in f if line.strip() and not line.startswith("#"))


def limit_argv(limit):
    """studies/strength.csv's limit as prune match's option: nodes=N -> --nodes N, tc=B+I -> --tc B+I."""
    kind, value = limit.split("=", 1)
    return ["--" + kind, value]


def match_argv(prune, row, pairs, shard=None):
    """The row's match at `pairs` pairs (one shard K/N of it when given)."""
    reuse = ["--reuse"] if pairs > openings_count(row["game"]) else []
    return ([prune, "match", row["game"], "--a", row["a"], "--b", row["b"], *limit_argv(row["limit"]),
             "--pairs", str(pairs), "--openings", openings_file(row["game"]), "--seed", str(SEED), *reuse,
             "--json"] + (["--shard", shard] if shard else []) + (["--play-out"] if row["game"] in played_out else []))


def games_with_rules(prune):
    """The games whose `prune games --json` line has an adjudication rule."""
    done = subprocess.run([prune, "games", "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        raise MatchFailed(f"prune games --json: exit {done.returncode}: {done.stderr.strip()}")
    return {g["name"] for g in map(json.loads, done.stdout.splitlines()) if g.get("adjudication")}


def shards(pairs, shard_pairs):
    """How many shards a match of `pairs` pairs is split into (a function of the pairs alone)."""
    return max(1, -(-pairs // shard_pairs))


def shard_command(argv):
    """One job of GNU parallel: the shard's summary line alone (prune's exit status when it fails).
    POSIX sh, so that a host of --sshlogin runs it whatever its shell."""
    return f"out=$({shlex.join(argv)}) && printf '%s\\n' \"$out\" | tail -n 1"


def summary_of(line, what):
    try:
        summary = json.loads(line)
    except ValueError:
        summary = {}
    if not summary.get("summary"):
        raise MatchFailed(f"{what}: no summary line")
    return summary


def merged(prune, lines, what):
    """`prune match-merge` over one match's summary lines (on its standard input), as a dict."""
    done = subprocess.run([prune, "match-merge", "/dev/stdin", "--json"], input="".join(l + "\n" for l in lines),
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise MatchFailed(f"{what}: match-merge: exit {done.returncode}: {done.stderr.strip()}")
    summary = summary_of(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "", what + " (merged)")
    if summary.get("missing_shards") or summary.get("missing_pairs"):
        raise MatchFailed(f"{what}: match-merge is missing shards {summary.get('missing_shards')}")
    return summary


def cell(value):
    """A summary field as a CSV cell: a list space-separated, null empty, a boolean yes/no."""
    if isinstance(value, list):
        return " ".join(cell(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def columns():
    """The CSV's columns: COLUMNS, then PLAY_OUT's."""
    return COLUMNS + PLAY_OUT


def csv_row(row, pairs, summary):
    """The match's columns()."""
    count = summary.get("openings_count", openings_count(row["game"]))   # prune's own count, when it says
    reused = pairs > count
    timed = not row["limit"].startswith("nodes=")   # under a node budget the move times are no result: left out,
    cells = dict({k: summary.get(k) for k in SUMMARY if timed or k not in TIMES},   # so the file is exact
                 game=row["game"], a=row["a"], b=row["b"],
                 limit=row["limit"], pairs=pairs, openings=count, reuse=reused)
    cells.update({k: summary.get(k) for k in PLAY_OUT})
    return [cell(cells.get(c)) for c in columns()]


def progress(done, total, row, summary, started):
    """One line a finished match on stdout (the driver shows it): a long study shows where it is."""
    bounds = "" if summary.get("elo_low") is None or summary.get("elo_high") is None else \
        f" ({summary['elo_low']:+.0f} to {summary['elo_high']:+.0f})"
    print(f"{done}/{total} {row['game']} {row['a']} vs {row['b']} at {row['limit']}: "
          f"{summary['elo'] + 0:+.0f}{bounds} Elo, {summary['games']} games "
          f"({time.monotonic() - started:.0f} s)", flush=True)


def done_path(done_dir, prune, row, pairs, shard_pairs):
    """The file --done-dir keeps the match's summary in: named by its whole command (its shards' too)
    and its book's bytes, so that a changed row, budget, book or binary path is a match of its own."""
    with open(openings_file(row["game"]), "rb") as f:
        book = hashlib.sha256(f.read()).hexdigest()
    key = json.dumps([match_argv(prune, row, pairs), shards(pairs, shard_pairs), book])
    return os.path.join(done_dir, hashlib.sha256(key.encode()).hexdigest()[:20] + ".json")


def shard_file(path, shard):
    """The file --done-dir keeps shard K/N of the match whose file is path in, until the match is done."""
    k, n = shard.split("/")
    return f"{path[:-len('.json')]}.shard-{k}-of-{n}.json"


def shard_glob(path):
    """Every shard file of the match whose file is path."""
    return f"{glob.escape(path[:-len('.json')])}.shard-*-of-*.json"


def kept_summary(path):
    """The summary a finished match left in --done-dir, or None."""
    try:
        with open(path, encoding="utf-8") as f:
            return summary_of(f.read().strip(), path)
    except (OSError, MatchFailed):
        return None


def kept_shard(path, row, shard):
    """The summary line shard K/N of the row's match left at path (shard_path), or None: a file
    that is not that shard's summary counts as missing, and the shard is played again."""
    try:
        with open(path, encoding="utf-8") as f:
            line = f.read().strip()
        got = summary_of(line, path)
    except (OSError, MatchFailed):
        return None
    return line if (got.get("game"), got.get("a"), got.get("b"), got.get("shard")) == \
        (row["game"], row["a"], row["b"], shard) else None


def play(prune, rows, variant, jobs, sshlogin=None, shard_pairs=SHARD_PAIRS, keep=None, shard_path=None):
    """Every shard of every row's match through GNU parallel (-k: its outputs in the jobs' order,
    one summary line each), each match merged once its shards are in, and given to keep(row index,
    summary) when given; the summaries in the rows' order.  With shard_path(row index, shard label)
    (--done-dir), each finished shard of a sharded match is kept at that path, and a shard kept
    there is not played again: a long match stopped midway loses only the shards in flight."""
    if not shutil.which("parallel"):
        raise studies.StudiesError("GNU parallel is not installed (Debian: apt-get install parallel)")
    jobs_of, commands = [], []   # per job: (row index, shard label)
    pending = {i: [] for i in range(len(rows))}   # per row: its shards' summary lines so far
    for i, row in enumerate(rows):
        pairs = int(row[variant])
        n = shards(pairs, shard_pairs)
        for k in range(1, n + 1):
            shard = f"{k}/{n}" if n > 1 else None
            line = kept_shard(shard_path(i, shard), row, shard) if shard_path and shard else None
            if line:
                pending[i].append(line)
                continue
            jobs_of.append((i, shard))
            commands.append(shard_command(match_argv(prune, row, pairs, shard)))
    # No command: each line of the input is one (a shell command line); -k: the jobs' outputs in
    # their order, so output line j is job j's summary.
    # --halt soon: after a failure no new job starts; those running end, and -k prints the failed
    # one's message (a shard is at most shard_pairs pairs: seconds).
    argv = ["parallel", "-k", "--halt", "soon,fail=1", "-j", str(jobs)] + (["--sshlogin", sshlogin] if sshlogin else [])
    left = {i: sum(1 for j, _ in jobs_of if j == i) for i in range(len(rows))}
    out, finished, started = [None] * len(rows), 0, time.monotonic()
    kept = sum(len(lines) for lines in pending.values())
    if kept:
        print(f"{kept} shard{'s' if kept != 1 else ''} kept from an earlier sitting", flush=True)

    def finish(i):
        nonlocal finished
        row = rows[i]
        out[i] = merged(prune, pending.pop(i), f"{row['game']} {row['a']} vs {row['b']} at {row['limit']}")
        if keep:
            keep(i, out[i])
        finished += 1
        progress(finished, len(rows), row, out[i], started)
    for i in [i for i in range(len(rows)) if left[i] == 0]:   # every shard kept: nothing to play
        finish(i)
    if not commands:
        return out
    # The commands from a file and the errors into one: pipes both ways could each wait on the other.
    with tempfile.TemporaryFile("w+") as commands_file, tempfile.TemporaryFile("w+") as errors:
        commands_file.write("".join(c + "\n" for c in commands))
        commands_file.seek(0)
        child = subprocess.Popen(argv, stdin=commands_file, stdout=subprocess.PIPE, stderr=errors, text=True)
        try:
            for j, line in enumerate(child.stdout):
                i, shard = jobs_of[j]
                row = rows[i]
                what = f"{row['game']} {row['a']} vs {row['b']} at {row['limit']}"
                got = summary_of(line, what + (f", shard {shard}" if shard else ""))
                if (got.get("game"), got.get("a"), got.get("b")) != (row["game"], row["a"], row["b"]):
                    raise MatchFailed(f"{what}: job {j + 1}'s summary is of another match")
                if got.get("shard") != (shard or "1/1"):   # a job before it failed and printed nothing:
                    break                                  # parallel stops soon, its exit status says why
                pending[i].append(line.strip())
                if shard_path and shard:
                    write_text_atomically(shard_path(i, shard), line.strip() + "\n")
                left[i] -= 1
                if left[i] == 0:
                    finish(i)
        finally:
            if child.poll() is None and finished != len(rows):
                child.terminate()
            child.wait()
            child.stdout.close()
        errors.seek(0)
        # What the failed job said: its lines less parallel's own and the commands it names.
        said = [l for l in errors.read().splitlines() if l.strip() and not l.startswith("parallel:")
                and l not in commands]
    if child.returncode != 0 or finished != len(rows):
        why = said[-1].strip() if said else f"GNU parallel exit {child.returncode}"
        raise MatchFailed(f"{finished} of {len(rows)} matches done: {why}")
    return out


def side_threads(side):
    """The threads a side's search takes: its threads=N option (docs/parallel.md), else 1."""
    for option in side.split(",")[1:]:
        name, _, value = option.partition("=")
        if name == "threads" and value.isdigit():
            return max(1, int(value))
    return 1


def play_by_threads(prune, rows, variant, jobs, sshlogin=None, shard_pairs=SHARD_PAIRS, done_dir=None):
    """play(), the rows grouped by the most threads a side of theirs takes: a group of T threads a
    side runs jobs // T shards at a time (at least one), so that a threaded side has its cores and
    its opponent one; the summaries in the rows' order.  With done_dir, a match kept there is not
    played, and each match played is kept there."""
    paths = [done_path(done_dir, prune, r, int(r[variant]), shard_pairs) if done_dir else None for r in rows]
    out = [kept_summary(p) if p else None for p in paths]
    if any(s is not None for s in out):
        print(f"{sum(s is not None for s in out)} of {len(rows)} matches kept from an earlier sitting "
              f"({done_dir})", flush=True)
    if done_dir:
        os.makedirs(done_dir, exist_ok=True)
    need = [max(side_threads(r["a"]), side_threads(r["b"])) for r in rows]
    for threads in sorted(set(need)):
        group = [i for i, n in enumerate(need) if n == threads and out[i] is None]
        if not group:
            continue

        def keep(j, summary, group=group):
            if paths[group[j]]:
                write_text_atomically(paths[group[j]], json.dumps(summary) + "\n")
                for shard in glob.glob(shard_glob(paths[group[j]])):   # the match's file holds them now
                    os.unlink(shard)

        def shard_path(j, shard, group=group):
            return shard_file(paths[group[j]], shard) if paths[group[j]] else None
        done = play(prune, [rows[i] for i in group], variant, max(1, jobs // threads), sshlogin, shard_pairs,
                    keep, shard_path if done_dir else None)
        for i, summary in zip(group, done):
            out[i] = summary
    return out


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="strength.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.error = lambda message: parser.exit(EXIT_USAGE, f"strength.py: {message}\n")   # one line, exit 2
    parser.add_argument("--prune", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--rows", default=studies.STRENGTH)
    parser.add_argument("--variant", choices=studies.STRENGTH_VARIANTS, default="full")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sshlogin")
    parser.add_argument("--shard-pairs", type=int, default=SHARD_PAIRS)
    parser.add_argument("--openings-dir", default=OPENINGS)
    parser.add_argument("--game")
    parser.add_argument("--limit-kind", choices=("nodes", "tc"))
    parser.add_argument("--done-dir")
    args = parser.parse_args(argv)
    if args.jobs < 1 or args.shard_pairs < 1:
        parser.error("--jobs and --shard-pairs must be at least 1")
    return args


def main(argv):
    global openings_dir, played_out
    args = parse_args(argv)
    openings_dir = os.path.abspath(args.openings_dir)
    try:
        rows = [r for r in studies.strength_rows(args.rows, args.variant)
                if (not args.game or r["game"] == args.game)
                and (not args.limit_kind or r["limit"].startswith(args.limit_kind + "="))]
        if not rows:
            raise studies.StudiesError(f"{os.path.basename(args.rows)}: no row plays in the {args.variant} variant"
                                       + (f" for {args.game}" if args.game else "")
                                       + (f" under {args.limit_kind}" if args.limit_kind else ""))
        played_out = games_with_rules(os.path.abspath(args.prune))
        summaries = play_by_threads(os.path.abspath(args.prune), rows, args.variant, args.jobs, args.sshlogin,
                                    args.shard_pairs, args.done_dir and os.path.abspath(args.done_dir))
    except (studies.StudiesError, MatchFailed, OSError, ValueError, KeyError) as e:
        print(f"strength.py: {e}", file=sys.stderr)
        return EXIT_USAGE if isinstance(e, studies.StudiesError) else EXIT_FAILED
    write_csv_atomically(args.out, columns(), [csv_row(r, int(r[args.variant]), s) for r, s in zip(rows, summaries)])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
