#!/usr/bin/env python3
"""prune match's client of external engines (docs/strength.md#an-external-engine):
long lines, position fen, the clock, an engine that does not start, and
prune ugi playing the internal side's very games.

    check_ugi_match.py PRUNE
"""
import json
import os
import sys
import tempfile

from checks import Tally
from ugi_driver import closing_check, openings, run


# --- prune match's client ----------------------------------------------------

PROXY = """import subprocess, sys, threading
log, argv = sys.argv[1], sys.argv[2:]
child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def out():
    for line in child.stdout:
        if line.startswith("bestmove"):
            sys.stdout.write("info string " + "padding " * 1000 + "\\n")
            sys.stdout.write("info depth 1 nodes 77 string x\\n")
        sys.stdout.write(line)
        sys.stdout.flush()
threading.Thread(target=out, daemon=True).start()
with open(log, "a") as f:
    for line in sys.stdin:
        f.write(line)
        f.flush()
        child.stdin.write(line)
        child.stdin.flush()
        if line.split()[:1] == ["quit"]:
            break
child.wait()
"""

ENGINE = """import sys
mode = sys.argv[1]
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "ugi": print("ugiok", flush=True)
    elif word == "isready": print("readyok", flush=True)
    elif word == "go":
        if mode == "hang": continue
        if mode == "crash": sys.exit(1)
        print({"illegal": "bestmove 9", "nonsense": "bestmove 1 2"}[mode], flush=True)
    elif word == "quit": break
"""


def match_lines(tally, prune, label, args):
    """The --json lines of a match, each parsed; [{}] (recorded) on failure."""
    done = run([prune, "match"] + args + ["--json"])
    tally.record(done.returncode == 0 and done.stderr == "", f"{label} status", f"{done.returncode} {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()] if done.returncode == 0 else [{}]


def strip(lines, nodes=False):
    """What two runs of the same games share: no times, no sides' names (nor nodes, when asked)."""
    return [{k: v for k, v in x.items() if k not in ("a", "b") and "seconds" not in k and "_ms" not in k and
             not (nodes and "nodes" in k)} for x in lines]


def check_match_client(tally, prune, tmp):
    proxy, log = os.path.join(tmp, "proxy.py"), os.path.join(tmp, "log")
    with open(proxy, "w") as f:
        f.write(PROXY)
    # Long lines (an info string of 8 KB before each bestmove) are read whole;
    # position fen goes out for a position-string opening.
    file = os.path.join(tmp, "openings.txt")
    with open(file, "w") as f:
        f.write("\n".join(fen for _, fen in openings(prune, "kalah", 2, 9)) + "\n")
    common = ["--depth", "3", "--pairs", "2", "--seed", "3", "--openings", file]
    external = f"ugi:python3 {proxy} {log} {prune} ugi kalah --config negamax-ab"
    raw = match_lines(tally, prune, "kalah proxy", ["kalah", "--a", external, "--b", "ladder-pvs"] + common)
    got = strip(raw, nodes=True)
    want = strip(match_lines(tally, prune, "kalah internal", ["kalah", "--a", "negamax-ab", "--b", "ladder-pvs"] + common),
                 nodes=True)
    tally.record(got == want and len(got) == 5 and all(g.get("end") != "nonsense" for g in got),
                 "an engine writing 8 KB info lines plays the internal side's games", got[-1])
    with open(log) as f:
        sent = f.read().splitlines()
    fens = [l for l in sent if l.startswith("position fen ")]
    tally.record(fens and not [l for l in sent if l.startswith("position startpos")],
                 "a position-string opening is sent as position fen", fens[:1])
    nodes = [(g.get("a_nodes"), g.get("a_moves")) for g in raw[:-1]]
    tally.record(nodes and all(n == 77 * m for n, m in nodes), "info depth 1 nodes 77 string x: 77 nodes a move", nodes)
    # The clock is sent as p1time/p2time/p1inc/p2inc.
    os.remove(log)
    match_lines(tally, prune, "kalah --tc", ["kalah", "--a", external, "--b", "negamax-ab", "--tc", "3000+40", "--seed", "3"])
    with open(log) as f:
        gos = [l.split() for l in f.read().splitlines() if l.startswith("go ")]
    tally.record(gos and all(g[1::2] == ["p1time", "p2time", "p1inc", "p2inc"] and g[6::2] == ["40", "40"] and
                             int(g[2]) <= 3000 + 40 * 100 and int(g[4]) <= 3000 + 40 * 100 for g in gos),
                 "--tc 3000+40: go p1time T p2time T p1inc 40 p2inc 40", gos[:2])
    # An engine that does not start is bad input before the first game.
    for command in ("/nonexistent/engine", f"python3 {os.path.join(tmp, 'missing.py')}", "/bin/false"):
        done = run([prune, "match", "kalah", "--a", "ugi:" + command, "--b", "negamax-ab", "--depth", "1"])
        ours = [l for l in done.stderr.splitlines() if l.startswith("prune: ")]  # the engine's own stderr is its own
        tally.record(done.returncode == 2 and done.stdout == "" and len(ours) == 1 and
                     (command.startswith("python3") or len(done.stderr.splitlines()) == 1),
                     f"--a ugi:{command}: status 2, one line", f"{done.returncode} {done.stderr.strip()}")


def check_match_engines(tally, prune, tmp):
    # prune's own ugi as an external engine plays the internal match's games exactly.
    for game, config in (("kalah", "ladder-pvs"), ("dots", "ladder-tt,tt-mb=2")):
        common = ["--nodes", "1500", "--pairs", "2", "--reuse", "--seed", "5"]
        for side in ("a", "b"):
            external = f"ugi:{prune} ugi {game} --config {config}"
            sides = ["--a", external, "--b", "negamax-ab"] if side == "a" else ["--a", "negamax-ab", "--b", external]
            internal = ["--a", config, "--b", "negamax-ab"] if side == "a" else ["--a", "negamax-ab", "--b", config]
            got = strip(match_lines(tally, prune, f"{game} external {side}", [game] + sides + common))
            want = strip(match_lines(tally, prune, f"{game} internal {side}", [game] + internal + common))
            tally.record(got == want and len(got) == 5, f"{game}: external {config} as {side} = internal",
                         f"{got[-1]}\n     {want[-1]}")
    # An engine that dies mid-game, answers an illegal move or nonsense, or hangs loses each game, never the match.
    script = os.path.join(tmp, "engine.py")
    with open(script, "w") as f:
        f.write(ENGINE)
    for spec, end in ((f"python3 {script} crash", "crash"), (f"python3 {script} illegal", "illegal-move"), (f"python3 {script} nonsense", "nonsense"),
                      (f"python3 {script} hang", "hang")):
        lines = match_lines(tally, prune, end, ["kalah", "--a", "negamax-ab", "--b", "ugi:" + spec, "--depth", "2"])
        games = lines[:-1]
        tally.record(len(games) == 2 and all(g.get("end") == end and g.get("failed") == "b" and g.get("result") == "win"
                                             for g in games) and lines[-1].get("wins") == 2,
                     f"engine {end}: B loses each game", [(g.get("end"), g.get("result")) for g in games])


def main():
    prune = sys.argv[1]
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        check_match_client(tally, prune, tmp)
        check_match_engines(tally, prune, tmp)
    closing_check(tally)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
