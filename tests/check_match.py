#!/usr/bin/env python3
"""Playing strength (docs/strength.md): exact figures of the limits, the
match runner, its shards and its statistics.

    check_match.py search PRUNE      a limit without --depth deepens as deep as the game allows
    check_match.py match PRUNE       reproducibility, sanity, shards and merge, malformed openings
    check_match.py ugi PRUNE         prune ugi, and external engines in a match (equal results, failures)
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


def without_times(lines):
    return [{k: v for k, v in line.items() if not k.endswith("_seconds")} for line in lines]


def check_reproducible(tally, prune):
    for limit in (["--nodes", "3000"], ["--depth", "3"]):
        args = ["minichess", "--a", "ladder-pvs,tt-mb=2", "--b", "negamax-ab", "--pairs", "3", "--seed", "7"] + limit
        first, second = (without_times(match_lines(tally, prune, " ".join(limit), args)) for _ in range(2))
        tally.record(first == second and len(first) == 7, f"{' '.join(limit)}: two runs, the same games",
                     f"{len(first)} lines")
        tally.record(first[-1].get("reproducible") is True, f"{' '.join(limit)} says reproducible", first[-1])
    timed = match_lines(tally, prune, "time", ["ttt", "--a", "ladder-id", "--b", "ladder-id", "--time-ms", "5"])
    tally.record(timed[-1].get("reproducible") is False, "--time-ms says it is not reproducible", timed[-1])
    done = run([prune, "match", "ttt", "--a", "ladder-id", "--b", "ladder-id", "--time-ms", "5"])
    tally.record("reproducible no" in done.stdout, "--time-ms text says so", done.stdout.splitlines()[-1:])


def check_sanity(tally, prune):
    # A config against itself: the interval holds 0 (seeded orderings differ per game).
    for game in ("kalah", "connect4"):
        s = match_lines(tally, prune, f"{game} self", [game, "--a", "ladder-pvs", "--b", "ladder-pvs",
                                                       "--nodes", "2000", "--pairs", "20"])[-1]
        low, high = s.get("elo_low"), s.get("elo_high")
        tally.record(s.get("games") == 40 and (low is None or low <= 0) and (high is None or high >= 0),
                     f"{game}: ladder-pvs against itself holds 0", f"{low} .. {high}")
    # Depth 1 against depth 4 loses decisively: the whole interval far below 0.
    for game in ("kalah", "connect4"):
        s = match_lines(tally, prune, f"{game} crippled", [game, "--a", "negamax-ab,depth=1", "--b", "negamax-ab,depth=4",
                                                           "--depth", "1", "--pairs", "10"])[-1]
        tally.record(s.get("elo_high") is not None and s["elo_high"] < -200 and s.get("los", 1) < 0.001,
                     f"{game}: depth 1 against depth 4 loses", f"{s.get('pentanomial')} elo_high {s.get('elo_high')}")
    # The SPRT decides, and the match stops there.
    s = match_lines(tally, prune, "sprt", ["kalah", "--a", "negamax-ab,depth=4", "--b", "negamax-ab,depth=1",
                                           "--depth", "1", "--pairs", "100", "--sprt", "0,50"])[-1]
    tally.record(s.get("verdict") == "H1" and s.get("stopped_early") is True and s.get("games", 200) < 200,
                 "sprt 0,50: H1, stopped early", f"{s.get('verdict')} {s.get('games')} games llr {s.get('llr')}")


def check_shards(tally, prune):
    args = ["dots", "--a", "ladder-killers", "--b", "negamax-ab", "--nodes", "1500", "--pairs", "7", "--seed", "3"]
    whole = match_lines(tally, prune, "unsharded", args)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "shards.jsonl")
        pairs = []
        with open(path, "w") as out:
            for k in (1, 2, 3):
                done = run([prune, "match"] + args + ["--shard", f"{k}/3", "--json"])
                tally.record(done.returncode == 0, f"shard {k}/3 status", done.stderr.strip())
                pairs += [json.loads(line).get("pair") for line in done.stdout.splitlines()[:-1]]
                out.write(done.stdout)  # as written, the way GNU parallel collects it
        tally.record(sorted(pairs) == sorted(p for p in range(7) for _ in range(2)), "shards play every pair once", pairs)
        done = run([prune, "match-merge", path, "--json"])
        merged = json.loads(done.stdout) if done.returncode == 0 else {}
    tally.record(merged == whole[-1], "3 shards merged = the unsharded summary", f"{merged}\n     {whole[-1]}")
    games = sorted(json.dumps(g, sort_keys=True) for g in without_times(whole[:-1]))
    tally.record(len(games) == 14, "unsharded games", len(games))


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
                                                        "--openings", path, "--pairs", "3"])
        tally.record([line.get("opening") for line in lines[:-1]] == ["4,4,5,3"] * 2 + ["4,4"] * 2 + ["4,4,5,3"] * 2,
                     "pair i plays opening i modulo the count", [line.get("opening") for line in lines[:-1]])


def check_openings_data(tally, prune, repo):
    """Each committed openings file is what its first line's command prints."""
    for game in ("ttt", "kalah", "connect4", "dots"):
        path = os.path.join(repo, "studies", "openings", game + ".txt")
        with open(path) as f:
            text = f.read()
        command = text.splitlines()[0].split(" (")[0].split()
        tally.record(command[:3] == ["#", "prune", "openings"], f"{game}: header", command)
        done = run([prune] + command[2:])
        tally.record(done.returncode == 0 and done.stdout == text, f"{game}: openings regenerate", done.stderr.strip())
        lines = [line for line in text.splitlines() if not line.startswith("#")]
        tally.record(len(lines) == len(set(lines)), f"{game}: no duplicate", len(lines))


def check_caps(tally, prune, repo):
    """docs/strength.md's ply caps (its first table of `| game | number | why |`
    rows; later tables of the page have rows of the same shape) are the ones
    the summaries print."""
    rows = {}
    with open(os.path.join(repo, "docs", "strength.md")) as f:
        for game, cap in re.findall(r"^\| (\w+) \| (\d+) \| [^|]*\|$", f.read(), re.M):
            rows.setdefault(game, cap)
    for game in ("ttt", "kalah", "dots", "minichess", "ardri", "connect4"):
        s = match_lines(tally, prune, f"{game} cap", [game, "--a", "negamax", "--b", "negamax", "--depth", "1"])[-1]
        tally.record(str(s.get("ply_cap")) == rows.get(game), f"{game}: ply cap in docs/strength.md",
                     f"{s.get('ply_cap')} docs {rows.get(game)}")


def check_match(tally, prune):
    check_reproducible(tally, prune)
    check_sanity(tally, prune)
    check_shards(tally, prune)
    check_openings_file(tally, prune)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    check_openings_data(tally, prune, repo)
    check_caps(tally, prune, repo)


ENGINE = """import sys
mode = sys.argv[1]
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "ugi": print("ugiok", flush=True)
    elif word == "isready": print("readyok", flush=True)
    elif word == "go":
        if mode == "hang": continue
        print({"illegal": "bestmove 9", "nonsense": "bestmove 1 2"}[mode], flush=True)
    elif word == "quit": break
"""


def check_ugi(tally, prune):
    transcript = "ugi\nisready\nuginewgame\nposition startpos moves 4 4\nquery p1turn\ngo nodes 2000\n" \
                 "position startpos moves 1 1 2 2 3 3 4\nquery gameover\nquery result\nquit\n"
    done = subprocess.run([prune, "ugi", "connect4", "--config", "ladder-pvs"], input=transcript, capture_output=True,
                          text=True, timeout=60)
    want = ["id name prune ladder-pvs", "id author prune", "option name seed type string default 1", "ugiok", "readyok",
            "response true", "info nodes 2001 score 0", "bestmove 5", "response true", "response p1win"]
    tally.record(done.stdout.splitlines() == want, "prune ugi transcript", done.stdout.splitlines())
    # prune's own ugi as an external engine plays the internal match's games exactly.
    for game, config in (("kalah", "ladder-pvs"), ("dots", "ladder-tt,tt-mb=2")):
        common = ["--nodes", "1500", "--pairs", "2", "--seed", "5"]
        for side in ("a", "b"):
            external = f"ugi:{prune} ugi {game} --config {config}"
            sides = ["--a", external, "--b", "negamax-ab"] if side == "a" else ["--a", "negamax-ab", "--b", external]
            internal = ["--a", config, "--b", "negamax-ab"] if side == "a" else ["--a", "negamax-ab", "--b", config]
            strip = lambda lines: [{k: v for k, v in x.items() if k not in ("a", "b") and not k.endswith("seconds")}
                                   for x in lines]
            got = strip(match_lines(tally, prune, f"{game} external {side}", [game] + sides + common))
            want = strip(match_lines(tally, prune, f"{game} internal {side}", [game] + internal + common))
            tally.record(got == want and len(got) == 5, f"{game}: external {config} as {side} = internal",
                         f"{got[-1]}\n     {want[-1]}")
    # An engine that dies, answers an illegal move or nonsense, or hangs loses each game, never the match.
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "engine.py")
        with open(script, "w") as f:
            f.write(ENGINE)
        for spec, end in (("/bin/false", "crash"), (f"python3 {script} illegal", "illegal-move"),
                          (f"python3 {script} nonsense", "nonsense"), (f"python3 {script} hang", "hang")):
            lines = match_lines(tally, prune, end, ["kalah", "--a", "negamax-ab", "--b", "ugi:" + spec, "--depth", "2"])
            games = lines[:-1]
            tally.record(len(games) == 2 and all(g.get("end") == end and g.get("failed") == "b" and g.get("result") == "win"
                                                 for g in games) and lines[-1].get("wins") == 2,
                         f"engine {end}: B loses each game", [(g.get("end"), g.get("result")) for g in games])


def main():
    mode, prune = sys.argv[1], sys.argv[2]
    tally = Tally()
    {"search": check_search, "match": check_match, "ugi": check_ugi}[mode](tally, prune)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
