#!/usr/bin/env python3
"""Playing strength (docs/strength.md): exact figures of the limits, the
match runner, its shards and its statistics.

    check_match.py search PRUNE      a limit without --depth deepens as deep as the game allows
    check_match.py match PRUNE       reproducibility, sanity, shards and merge (repeats across shards),
                                     malformed openings
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from checks import Tally


def run(args, timeout=600):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def search_json(tally, prune, label, args):
    done = run([prune, "search"] + args + ["--json"])
    tally.record(done.returncode == 0 and done.stderr == "", f"{label} status", f"{done.returncode} {done.stderr.strip()}")
    return json.loads(done.stdout) if done.returncode == 0 else {}


def check_search(tally, prune):
    # (args, depth, depth_completed, best): node limits are deterministic.
    cases = [
        (["ttt", "--config", "ladder-pvs", "--node-limit", "100000"], 9, 9, "5"),
        (["minichess", "--config", "ladder-id", "--node-limit", "100000"], 63, 8, "d2d3"),
        (["connect4", "--config", "ladder-id", "--depth", "12", "--node-limit", "50000"], 12, 8, "5"),
        (["kalah", "--config", "ladder-aspiration", "--depth", "8"], 8, 8, "5"),
        (["kalah", "--config", "negamax-ab", "--depth", "5"], 5, 5, None),
    ]
    for args, depth, completed, best in cases:
        got = search_json(tally, prune, " ".join(args), args)
        want = (depth, completed) + ((best,) if best else ())
        have = (got.get("depth"), got.get("depth_completed")) + ((got.get("best"),) if best else ())
        tally.record(have == want, " ".join(args), f"{have} expected {want}")
    # Under a time limit alone Ard Ri deepens past the old cap of 12 only as
    # far as the time allows, and names the iteration it completed.
    got = search_json(tally, prune, "ardri --time-ms 50", ["ardri", "--config", "ladder-aspiration", "--time-ms", "50"])
    tally.record(got.get("depth") == 63 and 1 <= got.get("depth_completed", 0) == got.get("iterations"),
                 "ardri --time-ms 50 alone", f"depth {got.get('depth')} completed {got.get('depth_completed')}")
    done = run([prune, "search", "ttt", "--config", "ladder-id"])
    tally.record(done.returncode == 2 and done.stdout == "" and "missing --depth" in done.stderr,
                 "no depth and no limit", done.stderr.strip())


def match_lines(tally, prune, label, args):
    """The --json lines of a match, each parsed; [] (recorded) on failure."""
    done = run([prune, "match"] + args + ["--json"])
    tally.record(done.returncode == 0 and done.stderr == "", f"{label} status", f"{done.returncode} {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()] if done.returncode == 0 else [{}]


# What the clock measures (never reproducible): left out where runs are compared.
TIMING = ("_seconds", "_ms_max", "move_ms", "move_ms_sum", "move_ms_mean", "move_ms_max")


def without_times(lines):
    return [{k: v for k, v in line.items() if not k.endswith(TIMING)} for line in lines]


def check_reproducible(tally, prune):
    for limit in (["--nodes", "3000"], ["--depth", "3"]):
        args = ["minichess", "--a", "ladder-pvs,tt-mb=2", "--b", "negamax-ab", "--pairs", "3", "--seed", "7",
                "--reuse"] + limit
        first, second = (without_times(match_lines(tally, prune, " ".join(limit), args)) for _ in range(2))
        tally.record(first == second and len(first) == 7, f"{' '.join(limit)}: two runs, the same games",
                     f"{len(first)} lines")
        tally.record(first[-1].get("reproducible") is True, f"{' '.join(limit)} says reproducible", first[-1])
    timed = match_lines(tally, prune, "time", ["ttt", "--a", "ladder-id", "--b", "ladder-id", "--time-ms", "5"])
    tally.record(timed[-1].get("reproducible") is False, "--time-ms says it is not reproducible", timed[-1])
    done = run([prune, "match", "ttt", "--a", "ladder-id", "--b", "ladder-id", "--time-ms", "5"])
    tally.record("reproducible no" in done.stdout, "--time-ms text says so", done.stdout.splitlines()[-1:])
    # A side on threads (threads=N, engine/ladder_run.h): its tree depends on the threads' timing.
    threads = str(min(2, os.sysconf("SC_NPROCESSORS_ONLN")))
    threaded = match_lines(tally, prune, "threads", ["kalah", "--a", f"ladder-pvs,threads={threads},smp=abdada",
                                                     "--b", "ladder-pvs", "--nodes", "3000", "--pairs", "2",
                                                     "--reuse"])
    tally.record(threaded[-1].get("reproducible") is (threads == "1") and threaded[-1].get("games") == 4,
                 f"threads={threads}: four games, not reproducible", threaded[-1])
    # Time odds (time=K): under --time-ms the side's moves get K times the match's time.
    odds = match_lines(tally, prune, "time odds", ["kalah", "--a", "ladder-pvs,time=3", "--b", "ladder-pvs",
                                                   "--time-ms", "4", "--pairs", "2", "--reuse"])
    mean = odds[-1].get("move_ms_mean") or [0, 0]
    tally.record(odds[-1].get("games") == 4 and mean[0] > 1.5 * mean[1],
                 f"time=3 at 4 ms a move: A's moves {mean[0]} ms against B's {mean[1]} ms", odds[-1])


def check_sanity(tally, prune):
    # A config against itself: the interval holds 0 (seeded orderings differ per game).
    # Under a node budget too, a self-match is a null test that can fail, not 0 by construction
    # (docs/strength.md, "A side against itself"): every pair starts from the one start position,
    # yet its games are not one game replayed, nor each pair one game with the colours swapped.
    for game in ("kalah", "connect4"):
        lines = match_lines(tally, prune, f"{game} self", [game, "--a", "ladder-pvs", "--b", "ladder-pvs",
                                                           "--nodes", "2000", "--pairs", "20", "--reuse"])
        games, s = lines[:-1], lines[-1]
        first = {g["moves"] for g in games if g.get("a_plays") == "first"}
        swapped = sum(1 for a, b in zip(games[::2], games[1::2]) if a["moves"] == b["moves"])
        tally.record(len(games) == 40 and len(first) > 1 and swapped < 20,
                     f"{game}: ladder-pvs against itself under --nodes plays different games",
                     f"{len(first)} distinct games with A first, {swapped} of 20 pairs one game twice")
        low, high = s.get("elo_low"), s.get("elo_high")
        tally.record(s.get("games") == 40 and (low is None or low <= 0) and (high is None or high >= 0),
                     f"{game}: ladder-pvs against itself holds 0", f"{low} .. {high}")
        # The first player's points (issue 48: a book's balance), counted from the game lines.
        points = {"win": 2, "draw": 1, "loss": 0}
        first = sum(points[g["result"]] if g["a_plays"] == "first" else 2 - points[g["result"]] for g in games)
        tally.record(s.get("first_points") == first and s.get("first_score") == round(first / 80, 6),
                     f"{game}: the first player's points and score", (s.get("first_points"), first,
                                                                      s.get("first_score")))
    # Depth 1 against depth 4 loses decisively: the whole interval far below 0.
    for game in ("kalah", "connect4"):
        s = match_lines(tally, prune, f"{game} crippled", [game, "--a", "negamax-ab,depth=1", "--b", "negamax-ab,depth=4",
                                                           "--depth", "1", "--pairs", "10", "--reuse"])[-1]
        tally.record(s.get("elo_high") is not None and s["elo_high"] < -200 and s.get("los", 1) < 0.001,
                     f"{game}: depth 1 against depth 4 loses", f"{s.get('pentanomial')} elo_high {s.get('elo_high')}")
    # The SPRT decides, and the match stops there.
    s = match_lines(tally, prune, "sprt", ["kalah", "--a", "negamax-ab,depth=4", "--b", "negamax-ab,depth=1",
                                           "--depth", "1", "--pairs", "100", "--reuse", "--sprt", "0,50"])[-1]
    tally.record(s.get("verdict") == "H1" and s.get("stopped_early") is True and s.get("games", 200) < 200,
                 "sprt 0,50: H1, stopped early", f"{s.get('verdict')} {s.get('games')} games llr {s.get('llr')}")


def book(tmp, lines):
    """An openings file of `lines` in tmp, its path."""
    path = os.path.join(tmp, "book.txt")
    with open(path, "w") as f:
        f.write("".join(line + "\n" for line in lines))
    return path


def check_shards(tally, prune, repo):
    # 7 pairs over the first 5 openings of dots' book: shard K/3 plays the
    # pairs whose opening (index modulo 5) is K - 1 modulo 3, so 1/3 plays
    # openings 0 and 3 (pairs 0, 3, 5), 2/3 openings 1 and 4 (1, 4, 6), 3/3
    # opening 2 (pair 2).
    with open(os.path.join(repo, "studies", "openings", "dots.txt")) as f:
        first = [line.strip() for line in f if line.strip() and not line.startswith("#")][:5]
    with tempfile.TemporaryDirectory() as tmp:
        args = ["dots", "--a", "ladder-killers", "--b", "negamax-ab", "--nodes", "1500", "--pairs", "7", "--seed", "3",
                "--openings", book(tmp, first), "--reuse"]
        whole = match_lines(tally, prune, "unsharded", args)
        path = os.path.join(tmp, "shards.jsonl")
        pairs = []
        with open(path, "w") as out:
            for k, want in ((1, [0, 3, 5]), (2, [1, 4, 6]), (3, [2])):
                done = run([prune, "match"] + args + ["--shard", f"{k}/3", "--json"])
                tally.record(done.returncode == 0, f"shard {k}/3 status", done.stderr.strip())
                got = [json.loads(line).get("pair") for line in done.stdout.splitlines()[:-1]]
                tally.record(got == [p for p in want for _ in range(2)], f"shard {k}/3 plays pairs {want}", got)
                pairs += got
                out.write(done.stdout)  # as written, the way GNU parallel collects it
        tally.record(sorted(pairs) == sorted(p for p in range(7) for _ in range(2)), "shards play every pair once", pairs)
        done = run([prune, "match-merge", path, "--json"])
        merged = json.loads(done.stdout) if done.returncode == 0 else {}
    merged = {k: v for k, v in without_times([merged])[0].items() if k not in ("shards_merged", "missing_shards",
                                                                                "missing_pairs")}
    tally.record(merged == without_times(whole[-1:])[0], "3 shards merged = the unsharded summary",
                 f"{merged}\n     {whole[-1]}")
    games = sorted(json.dumps(g, sort_keys=True) for g in without_times(whole[:-1]))
    tally.record(len(games) == 14, "unsharded games", len(games))


def merged_shards(prune, tmp, args, shards):
    """prune match-merge --json of the shards (K/N each) of the match `args`: (status, summary, stderr)."""
    path = os.path.join(tmp, "shards.jsonl")
    with open(path, "w") as out:
        for shard in shards:
            out.write(run([prune, "match"] + args + ["--shard", shard, "--json"]).stdout)
    done = run([prune, "match-merge", path, "--json"])
    return done.returncode, json.loads(done.stdout) if done.returncode == 0 else {}, done.stderr


def check_shard_repeats(tally, prune):
    """Issue 48's case: minimax ignores the seed, so 6 pairs over a book of
    3 openings replay pairs 0 to 2 (repeated 6).  Merged shards say so too,
    and equal the unsharded run on every count: a shard holds every pair of
    its openings.  (By pair index, 1/2 held pairs 0, 2, 4 and 2/2 pairs 1,
    3, 5, no shard saw a replay, and the merge said repeated 0.)"""
    with tempfile.TemporaryDirectory() as tmp:
        args = ["connect4", "--a", "minimax", "--b", "minimax", "--depth", "2", "--pairs", "6", "--reuse",
                "--openings", book(tmp, ["4", "3", "5"])]
        whole = without_times(match_lines(tally, prune, "book of 3, 6 pairs", args)[-1:])[0]
        tally.record(whole.get("repeated") == 6 and whole.get("games") == 12, "6 pairs over 3 openings: repeated 6",
                     whole)
        # A match longer than its book says so in JSON: 3 pairs past the book, each opening in up to 2 pairs.
        book_fields = ("openings_count", "reuse", "pairs_past_book", "pairs_per_opening_max")
        tally.record([whole.get(k) for k in book_fields] == [3, True, 3, 2],
                     "the JSON summary says the match is longer than its book", whole)
        within = match_lines(tally, prune, "book of 3, 3 pairs", args[:args.index("--pairs")] + [
            "--pairs", "3", "--openings", args[-1]])[-1]
        tally.record([within.get(k) for k in book_fields] == [3, False, 0, 1],
                     "a match within its book: 0 pairs past it, each opening in 1 pair", within)
        text = run([prune, "match"] + args).stdout
        tally.record("3 lines, FNV-1a " in text and ", replayed past the last (--reuse): 6 pairs, each opening in up "
                     "to 2 of them\n" in text, "the text summary says the match is longer than its book", text[:300])
        merge_only = ("shards_merged", "missing_shards", "missing_pairs")
        for shards in (["1/2", "2/2"], ["1/2", "2/4", "4/4"], ["2/3", "1/2"]):
            status, merged, err = merged_shards(prune, tmp, args, shards)
            merged = {k: v for k, v in without_times([merged])[0].items() if k not in merge_only}
            tally.record(status == 0 and err == "" and merged == whole,
                         f"{' + '.join(shards)} merged = the unsharded run, repeated {merged.get('repeated')}",
                         f"{err.strip()} {merged}")
            tally.record([merged.get(k) for k in ("repeated",) + book_fields] == [6, 3, True, 3, 2],
                         f"{' + '.join(shards)} merged: repeated 6, 3 pairs past the book of 3",
                         [merged.get(k) for k in ("repeated",) + book_fields])
        text = run([prune, "match-merge", os.path.join(tmp, "shards.jsonl")]).stdout
        tally.record(", replayed past the last (--reuse): 6 pairs, each opening in up to 2 of them\n" in text,
                     "the merged text summary says the match is longer than its book", text[:300])
        for shard, pairs, repeated in (("1/2", [0, 2, 3, 5], 4), ("2/2", [1, 4], 2), ("4/4", [], 0)):
            lines = match_lines(tally, prune, f"shard {shard}", args + ["--shard", shard])
            got = [line.get("pair") for line in lines[:-1]]
            tally.record(got == [p for p in pairs for _ in range(2)] and lines[-1].get("repeated") == repeated,
                         f"shard {shard} plays pairs {pairs}, repeated {repeated}", (got, lines[-1].get("repeated")))
        status, merged, err = merged_shards(prune, tmp, args, ["1/2", "1/3"])
        tally.record(status == 2 and merged == {} and len(err.splitlines()) == 1
                     and "shard 1/3 overlaps shard 1/2 at" in err and "(both hold pair 0)" in err,
                     "1/2 with 1/3 refused: both hold opening 0", err.strip())


def check_openings_file(tally, prune):
    with tempfile.TemporaryDirectory() as tmp:
        for text, message in (("# two good lines, then a bad one\n4,4\n\n3\n4,x\n", r"openings.txt:5: malformed move 'x'"),
                              ("1,1,2,2,3,3,4\n", r"openings.txt:1: the game is over after these moves")):
            path = os.path.join(tmp, "openings.txt")
            with open(path, "w") as f:
                f.write(text)
            done = run([prune, "match", "connect4", "--a", "negamax-ab", "--b", "negamax-ab", "--depth", "1",
                        "--openings", path])
            lines = done.stderr.splitlines()
            tally.record(done.returncode == 2 and done.stdout == "" and len(lines) == 1 and re.search(message, lines[0]),
                         f"openings: {message}", done.stderr.strip())
        with open(path, "w") as f:
            f.write("4453\n4,4\n")
        lines = match_lines(tally, prune, "openings", ["connect4", "--a", "negamax-ab", "--b", "negamax-ab", "--depth", "1",
                                                        "--openings", path, "--pairs", "3", "--reuse"])
        tally.record([line.get("opening") for line in lines[:-1]] == ["4,4,5,3"] * 2 + ["4,4"] * 2 + ["4,4,5,3"] * 2,
                     "pair i plays opening i modulo the count", [line.get("opening") for line in lines[:-1]])


def check_caps(tally, prune, repo):
    """docs/strength.md's ply caps (its first table of `| game | number | why |`
    rows; later tables of the page have rows of the same shape) are the ones
    the summaries print, for every game of `prune games` (each header's
    NAME_MATCH_MAX_PLIES, games/README.md)."""
    rows = {}
    with open(os.path.join(repo, "docs", "strength.md")) as f:
        for game, cap in re.findall(r"^\| (\w+) \| (\d+) \| [^|]*\|$", f.read(), re.M):
            rows.setdefault(game, cap)
    for game in run([prune, "games"]).stdout.split():   # every game: its header's NAME_MATCH_MAX_PLIES
        tally.record(game in rows, f"{game}: a row in docs/strength.md's table of ply caps", sorted(rows))
        s = match_lines(tally, prune, f"{game} cap", [game, "--a", "negamax", "--b", "negamax", "--depth", "1"])[-1]
        tally.record(str(s.get("ply_cap")) == rows.get(game), f"{game}: ply cap in docs/strength.md",
                     f"{s.get('ply_cap')} docs {rows.get(game)}")


def check_fair_limits(tally, prune, repo):
    """Issue 29's fair limits: every config keeps a node budget exactly and
    a movetime within the margin, a clock is kept per side, and A against A
    under a clock holds 0."""
    openings = os.path.join(repo, "studies", "openings", "minichess.txt")
    # Two of the Monte Carlo family too: before this check held them, a clock made
    # their side's check search a day's time (200,000,000 nodes, then a refusal).
    configs = ["negamax-ab", "ladder-tt", "ladder-id", "ladder-killers", "ladder-history", "ladder-pvs", "ladder-mtdf",
               "ladder-aspiration", "mcts-uct", "mcts-implicit"]
    for config in configs:
        # At most N nodes a move: 2 pairs at 3,000 nodes; a game's nodes over its moves.
        lines = match_lines(tally, prune, f"{config} nodes", ["minichess", "--a", config, "--b", "negamax-ab",
                                                              "--nodes", "3000", "--pairs", "2", "--openings", openings])
        over = [g for g in lines[:-1] if g.get("a_nodes", 0) > 3000 * g.get("a_moves", 0)
                or g.get("b_nodes", 0) > 3000 * g.get("b_moves", 0)]
        tally.record(len(lines) == 5 and not over, f"{config}: at most 3000 nodes a move", over[:1])
        # A movetime of 10 ms, kept by every config.  Before the engine kept
        # the limit, negamax-ab and ladder-tt took 2x on average (their last
        # depth ran over); the bound of 5 ms over the mean catches that and
        # still holds on a loaded machine, where preemption alone adds a few
        # ms.  Losses on time agree with the games' ends.
        lines = match_lines(tally, prune, f"{config} movetime", ["minichess", "--a", config, "--b", config,
                                                                 "--time-ms", "10", "--pairs", "1", "--openings",
                                                                 openings])
        s = lines[-1]
        mean, longest = s.get("move_ms_mean", [99, 99]), s.get("move_ms_max", [999, 999])
        lost = [sum(g.get("end") == "time" and g.get("failed") == side for g in lines[:-1]) for side in "ab"]
        tally.record(max(mean) <= 10 + 5 and max(longest) <= 10 + 100 and s.get("time_losses") == lost,
                     f"{config}: --time-ms 10 kept (mean {max(mean):.2f} ms, longest {max(longest):.2f} ms)", s)
    # A clock: BASE+INC in the summary, no side loses on time.
    s = match_lines(tally, prune, "clock", ["kalah", "--a", "ladder-pvs", "--b", "negamax-ab", "--tc", "300+5",
                                            "--pairs", "1", "--openings", os.path.join(repo, "studies", "openings",
                                                                                      "kalah.txt")])[-1]
    tally.record(s.get("limit") == "clock" and s.get("limit_value") == 300 and s.get("increment_ms") == 5
                 and s.get("time_losses") == [0, 0] and s.get("reproducible") is False, "--tc 300+5", s)
    # A clock to the microsecond (10+0.1: a move has about 400 us): the summary says 10 and 0.1 as it
    # was given, and match-merge reads them back (the time of each move is a sitting's, not checked here:
    # tests/clock_test.c pins the shares).
    s = match_lines(tally, prune, "clock 10+0.1", ["kalah", "--a", "ladder-pvs", "--b", "mcts-implicit", "--tc",
                                                   "10+0.1", "--pairs", "1", "--openings",
                                                   os.path.join(repo, "studies", "openings", "kalah.txt")])[-1]
    merged = subprocess.run([prune, "match-merge", "/dev/stdin", "--json"], input=json.dumps(s, separators=(",", ":")) + "\n",
                            capture_output=True, text=True)
    back = json.loads(merged.stdout.strip().splitlines()[-1]) if merged.returncode == 0 and merged.stdout.strip() else {}
    tally.record(s.get("limit") == "clock" and s.get("limit_value") == 10 and s.get("increment_ms") == 0.1
                 and s.get("games") == 2 and back.get("limit_value") == 10 and back.get("increment_ms") == 0.1,
                 "--tc 10+0.1, and match-merge reading it back", (s, merged.stderr.strip()))
    # A against A under a clock: 0 within the interval.  The clock makes it
    # random, so the check is at 99.9% (3.29 sigma), not 95%: a test that
    # fails one run in twenty would be noise.
    s = match_lines(tally, prune, "A against A, clock", ["connect4", "--a", "ladder-pvs", "--b", "ladder-pvs",
                                                         "--tc", "100+2", "--pairs", "30", "--openings",
                                                         os.path.join(repo, "studies", "openings", "connect4.txt")])[-1]
    counts = s.get("pentanomial", [0] * 5)
    pairs = sum(counts) or 1
    mu = sum(c * i / 4 for i, c in enumerate(counts)) / pairs
    var = sum(c * (i / 4 - mu) ** 2 for i, c in enumerate(counts)) / pairs
    tally.record(s.get("games") == 60 and abs(mu - 0.5) <= 3.29 * (var / pairs) ** 0.5 + 1e-9,
                 "ladder-pvs against itself under --tc 100+2 holds 0", f"score {mu:.3f} {counts}")
    # Ard Ri: every game that did not end by the rules says why.
    lines = match_lines(tally, prune, "ardri ends", ["ardri", "--a", "ladder-tt", "--b", "negamax-ab", "--nodes", "2000",
                                                     "--pairs", "6", "--openings",
                                                     os.path.join(repo, "studies", "openings", "ardri.txt")])
    unexplained = [g for g in lines[:-1] if g.get("end") in ("ply-cap", "adjudicated") and not g.get("why")]
    ends = [g.get("end") for g in lines[:-1]]
    tally.record(len(ends) == 12 and not unexplained and lines[-1].get("adjudicated") == ends.count("adjudicated")
                 and lines[-1].get("capped") == ends.count("ply-cap"), "ardri: adjudicated and capped games say why",
                 ends)
    # Repeated games are counted: negamax ignores the seed, so with --reuse pair 1 replays pair 0.
    s = match_lines(tally, prune, "repeated", ["kalah", "--a", "negamax", "--b", "negamax", "--depth", "2",
                                               "--pairs", "2", "--reuse"])[-1]
    tally.record(s.get("repeated") == 2 and s.get("reuse") is True, "a replayed opening's games count as repeated", s)


def check_memory_bound(tally, prune):
    """A tree side's search stops at --max-memory-mb less the sides' tables,
    failing the match (status 1, docs/cli.md#memory) with one line that
    names the flag."""
    for b, bound, tree in (("negamax", 16, 16), ("ladder-tt,tt-mb=16", 24, 8)):
        done = run([prune, "match", "kalah", "--a", "tree-standard", "--b", b, "--depth", "40",
                    "--max-memory-mb", str(bound), "--json"])
        want = f"prune: pair 0 game 1: search stopped: its tree would take more than {tree} MiB (raise --max-memory-mb)\n"
        tally.record(done.returncode == 1 and done.stdout == "" and done.stderr == want,
                     f"tree-standard against {b} at --max-memory-mb {bound}: its tree stops at {tree} MiB",
                     f"status {done.returncode}, {done.stderr!r}")


def check_match(tally, prune):
    check_fair_limits(tally, prune, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    check_reproducible(tally, prune)
    check_sanity(tally, prune)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    check_shards(tally, prune, repo)
    check_shard_repeats(tally, prune)
    check_openings_file(tally, prune)
    check_caps(tally, prune, repo)
    check_memory_bound(tally, prune)


def main():
    mode, prune = sys.argv[1], sys.argv[2]
    tally = Tally()
    {"search": check_search, "match": check_match}[mode](tally, prune)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
