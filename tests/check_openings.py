#!/usr/bin/env python3
"""prune openings and the committed books (docs/strength.md#openings).

    check_openings.py PRUNE

- each studies/openings/GAME.txt (every book there, each of a game of
  `prune games`) starts with the command that wrote it, and
  that command with --count 20 prints exactly the book's first 20 lines
  (a candidate's verdict depends on the seed and its index only);
- each book (ttt aside) holds at least 1000 openings, as many as its header
  asked for, no line twice, and its first lines reach distinct positions;
- each book is balanced at a node budget its game's strength-study matches
  play (studies/strength.csv), as the study plays its games (--play-out for
  a game with an adjudication rule, `prune games --json`, as
  scripts/strength.py plays it), and holds as many openings as the game's
  longest match there, so that no match replays its book (issue 48);
- --format fen writes each opening's position string, which prune show
  --position reads back to the same position (skipped without --position);
- bad options exit 2 with one line on stderr and nothing on stdout.
"""
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from checks import Tally, data_lines

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
import strength  # noqa: E402  (the runner: which games it plays with --play-out)
import studies  # noqa: E402

BOOKS = os.path.join("studies", "openings")   # every GAME.txt there is checked
PREFIX = 20
DISTINCT_SAMPLE = 100  # lines per book whose positions are computed one prune show each


def run(args, timeout=300):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def header_args(path):
    """The book's first line as prune's arguments (without its closing remark)."""
    with open(path) as f:
        first = f.readline()
    words = first.split(" (")[0].split()
    return words[2:] if words[:3] == ["#", "prune", "openings"] else None


def with_option(args, name, value):
    """args with --name's value replaced, or appended."""
    args = list(args)
    if name in args:
        args[args.index(name) + 1] = value
    else:
        args += [name, value]
    return args


def shown_position(prune, game, flag, text):
    """The `position:` line of prune show GAME FLAG TEXT, or None."""
    done = run([prune, "show", game, flag, text], timeout=60)
    for line in done.stdout.splitlines():
        if line.startswith("position: "):
            return line[len("position: "):]
    return None


def books(prune, repo):
    """The games of the committed books, in `prune games`' order; a book of no such game is a failure."""
    games = run([prune, "games"]).stdout.split()
    found = sorted(name[:-len(".txt")] for name in os.listdir(os.path.join(repo, BOOKS)) if name.endswith(".txt"))
    return [g for g in games if g in found], [g for g in found if g not in games]


def check_study_fit(tally, game, args, lines, ruled):
    """The book is filtered at a budget its game's strength-study matches play, its games ending as
    the study's end (played out where a rule would adjudicate them), and is as long as their longest
    match (the pairs of any variant): a study match never replays an opening."""
    matches = [r for r in studies.strength_rows() if r["game"] == game]
    if not matches:
        return
    budgets = sorted({int(r["limit"].split("=", 1)[1]) for r in matches if r["limit"].startswith("nodes=")})
    nodes = int(args[args.index("--nodes") + 1]) if "--nodes" in args else None
    tally.record(nodes in budgets, f"{game}: balanced at a budget the study plays (--nodes {nodes})",
                 f"the study's node budgets: {budgets}")
    given = "--play-out" in args
    tally.record(given == (game in ruled), f"{game}: its test games end as the study's (--play-out {given})",
                 f"games with an adjudication rule: {sorted(ruled)}")
    longest = max(int(r[v]) for r in matches for v in studies.STRENGTH_VARIANTS)
    tally.record(len(lines) >= longest, f"{game}: {len(lines)} openings cover the study's longest match",
                 f"{longest} pairs")


def check_books(tally, prune, repo):
    games, strangers = books(prune, repo)
    ruled = strength.games_with_rules(prune)   # the games scripts/strength.py plays out
    tally.record(not strangers and games, f"{BOOKS}: every book is of a game of `prune games`",
                 f"books of no game: {strangers}" if strangers else "no book")
    for game in games:
        path = os.path.join(repo, "studies", "openings", game + ".txt")
        args = header_args(path)
        tally.record(args is not None and args[:2] == ["openings", game], f"{game}: header is the command", args)
        if args is None:
            continue
        lines = data_lines(path)
        done = run([prune] + with_option(args, "--count", str(PREFIX)))
        got = [line for line in done.stdout.splitlines() if not line.startswith("#")]
        tally.record(done.returncode == 0 and done.stderr == "" and got == lines[:PREFIX],
                     f"{game}: --count {PREFIX} prints the book's first {PREFIX} lines",
                     done.stderr.strip() or (got[:3], lines[:3]))
        count = int(args[args.index("--count") + 1]) if "--count" in args else None
        tally.record(len(lines) == count, f"{game}: the header's --count lines", f"{len(lines)} lines, --count {count}")
        tally.record(len(set(lines)) == len(lines), f"{game}: no line twice", len(set(lines)))
        if game != "ttt":
            tally.record(len(lines) >= 1000, f"{game}: at least 1000 openings", len(lines))
        check_study_fit(tally, game, args, lines, ruled)
        with ThreadPoolExecutor(max_workers=2) as pool:
            positions = list(pool.map(lambda moves: shown_position(prune, game, "--moves", moves),
                                      lines[:DISTINCT_SAMPLE]))
        tally.record(None not in positions and len(set(positions)) == len(positions),
                     f"{game}: the first {len(positions)} lines reach distinct positions", len(set(positions)))


def check_fen(tally, prune, repo):
    if "--position" not in run([prune, "show", "--help"]).stdout:
        print("skip --format fen round trip: prune show has no --position yet")
        return
    for game in books(prune, repo)[0]:
        args = header_args(os.path.join(repo, "studies", "openings", game + ".txt"))
        if args is None:
            continue
        args = with_option(with_option(args, "--count", "5"), "--format", "fen")
        done = run([prune] + args)
        lines = done.stdout.splitlines()
        tally.record(done.returncode == 0 and lines[:1] and lines[0].startswith("# prune openings ") and
                     " --format fen" in lines[0] and len(lines) == 6, f"{game}: --format fen", done.stderr.strip())
        moves = data_lines(os.path.join(repo, "studies", "openings", game + ".txt"))[:5]
        for text, line in zip(lines[1:], moves):
            tally.record(shown_position(prune, game, "--position", text) == text ==
                         shown_position(prune, game, "--moves", line),
                         f"{game}: {text} reads back, and is where {line} goes", text)


def check_bad(tally, prune):
    cases = [
        (["kalah", "--format", "pgn"], "--format must be moves or fen"),
        (["kalah", "--band", "51"], "--band"),
        (["kalah", "--games", "0"], "--games"),
        (["kalah", "--count", "0"], "--count"),
        (["kalah", "--plies", "x"], "--plies"),
        (["kalah", "--config", "nosuch"], "unknown config 'nosuch' in --config"),
        (["kalah", "--config", "ugi:./engine"], "--config must be one of prune's configs"),
        (["kalah", "--config", "negamax-ab,tt-mb=4"], "--config: bad option"),
        (["kalah", "--depth", "4"], "--depth"),
        (["kalah", "--play-out"], "--play-out plays on a game the adjudication rule decides, and kalah has none"),
        (["nosuch"], "nosuch"),
        (["ttt", "--count", "25", "--plies", "2", "--config", "ladder-tt,tt-mb=1", "--nodes", "1000"],
         "only 24 of 25 openings of 2 plies"),
    ]
    for args, message in cases:
        done = run([prune, "openings"] + args)
        lines = done.stderr.splitlines()
        tally.record(done.returncode == 2 and done.stdout == "" and len(lines) == 1 and message in lines[0],
                     f"openings {' '.join(args)}: status 2, one line", f"{done.returncode} {done.stderr.strip()}")


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    prune = sys.argv[1]
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tally = Tally()
    check_books(tally, prune, repo)
    check_fen(tally, prune, repo)
    check_bad(tally, prune)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
