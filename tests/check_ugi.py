#!/usr/bin/env python3
"""prune ugi's protocol (docs/cli.md#prune-ugi), driven line by line as a
runner drives it.

    check_ugi.py PRUNE

The transcript of a session; whole lines of any length and whitespace;
positions that fail (never a stale position) and position fen; every query
answered; bad go arguments refused at once; the seed, threads and smp
options.  The searches are tests/check_ugi_search.py's, whole games
tests/check_ugi_games.py's, and prune match's external engines
tests/check_ugi_match.py's (tests/ugi_driver.py is what they share).
"""
import sys
import time

from checks import Tally
from ugi_driver import CORES, CUTEGAMES_BUFFER_MS, closing_check, legal_moves, openings, timed_go, ugi


def check_transcript(tally, prune):
    e = ugi(prune, "connect4", "ladder-pvs")
    e.send("ugi")
    tally.record(e.until("ugiok") == ["id name prune ladder-pvs", "id author prune",
                                      "option name seed type string default 1",
                                      f"option name threads type spin default 1 min 1 max {CORES}",
                                      "option name smp type combo default lazy var lazy var abdada", "ugiok"],
                 "ugi: the handshake", "")
    e.send("isready")
    tally.record(e.until("readyok") == ["readyok"], "isready", "")
    e.send("uginewgame")
    e.send("position startpos moves 4 4")
    e.send("query p1turn")
    tally.record(e.until("response") == ["response true"], "query p1turn after two plies", "")
    for n in (1, 37, 2000):
        e.send(f"go nodes {n}")
        got = e.until("bestmove")
        nodes = [int(l.split()[2]) for l in got if l.startswith("info nodes ")]
        tally.record(len(got) == 2 and nodes and nodes[0] <= n and got[-1].split()[1] in legal_moves(prune, "connect4", ["4", "4"]),
                     f"go nodes {n}: at most {n} nodes, a legal move", got)
    e.send("position startpos moves 1 1 2 2 3 3 4")
    for question, answer in (("gameover", "true"), ("p1turn", "false"), ("result", "p1win")):
        e.send(f"query {question}")
        tally.record(e.until("response") == [f"response {answer}"], f"query {question} at a won game", "")
    e.send("go movetime 20")
    tally.record(e.until("bestmove") == ["bestmove none"], "go at a finished game: bestmove none", "")
    tally.record(e.close() == 0, "quit: status 0", e.p.returncode)


def check_lines(tally, prune):
    """Whole lines, whatever their length; spaces and tabs separate words."""
    e = ugi(prune, "connect4", "negamax-ab")
    e.send("x" * 20000 + "quit")
    got = e.until("info", 5)
    tally.record(len(got) == 1 and got[0].startswith("info string error: unknown command 'xxx"), "a 20 KB line is one command",
                 [l[:60] for l in got])
    e.send(" " * 20000 + "isready")
    tally.record(e.until("readyok", 5) == ["readyok"], "20 KB of spaces, then isready: readyok", "")
    e.send("isready" + " " * 20000 + "quit")
    tally.record(e.until("readyok", 5) == ["readyok"] and e.p.poll() is None, "isready padded to 20 KB, then quit: not a quit",
                 e.p.poll())
    for line in (" isready", "\tisready", "isready \t ", "\t isready\r"):
        e.send(line)
        tally.record(e.until("readyok", 5) == ["readyok"], f"{line!r}: readyok", "")
    e.send("  position\tstartpos \t moves\t4   4 ")
    e.send("\tquery   p1turn\t")
    tally.record(e.until("response") == ["response true"], "a position and a query in tabs and spaces", "")
    e.send("go\tnodes  50 ")
    got = e.until("bestmove")
    tally.record(got[-1].split()[:1] == ["bestmove"] and got[-1].split()[1] in legal_moves(prune, "connect4", ["4", "4"]),
                 "go in tabs: a legal move", got)
    e.send("")
    e.send(" \t ")
    tally.record(e.quiet() == [], "a blank line asks nothing", "")
    long_moves = " ".join(["1", "2"] * 3 + ["3"] * 6 + ["5"] * 6)  # 18 legal plies, padded past 16 KB below
    e.send("position startpos moves " + " " * 17000 + long_moves)
    e.send("query gameover")
    tally.record(e.until("response") == ["response false"], "a position line of 17 KB: read whole", "")
    tally.record(e.close() == 0, "quit after long lines: status 0", e.p.returncode)


def check_positions(tally, prune):
    """A position that fails leaves no position, never the last one."""
    pairs = openings(prune, "connect4", 2, 3)
    tally.record(len(pairs) == 2, "prune openings connect4 --format fen: two position strings", pairs)
    if len(pairs) != 2:
        return
    (moves, fen), _ = pairs
    e = ugi(prune, "connect4", "ladder-pvs")
    bad = ["position startpos moves 4 9", "position startpos moves 4,4", "position foo", "position", "position fen",
           "position fen moves 4", f"position fen {fen} moves 9", "position fen garbage/", f"position fen {fen} 4 4",
           "position startpos moves " + " ".join(["4"] * 7)]
    for line in bad:
        e.send("position startpos moves 4 4")  # a good position first: the bad one must not leave it
        e.send(line)
        got = e.until("info", 5)
        tally.record(len(got) == 1 and got[0].startswith("info string error: ") and "no position" in got[0],
                     f"{line[:50]!r}: an error, and no position", got)
        e.send("go movetime 50")
        got = e.until("bestmove", 5)
        tally.record(got == ["info string error: no position", "bestmove none"], f"{line[:40]!r} then go: no stale search", got)
        answers = []
        for question in ("gameover", "p1turn", "result"):
            e.send(f"query {question}")
            answers += e.until("response", 5)
        tally.record(answers == ["info string error: no position", "response true", "info string error: no position",
                                 "response false", "info string error: no position", "response none"],
                     f"{line[:40]!r} then queries: over, no result", answers)
    e.send("uginewgame")
    e.send("query gameover")
    tally.record(e.until("response") == ["response false"], "uginewgame: the start position again", "")
    e.close()
    # position fen X [moves ...] is the position of the move list that led to X.
    for game in ("connect4", "kalah"):
        for moves, fen in openings(prune, game, 2, 5):
            after = legal_moves(prune, game, moves)[:1]
            for tail in ([], after):
                a, b = ugi(prune, game, "ladder-pvs,tt-mb=4"), ugi(prune, game, "ladder-pvs,tt-mb=4")
                a.send(f"position fen {fen}" + (" moves " + " ".join(tail) if tail else ""))
                b.send("position startpos moves " + " ".join(moves + tail))
                got = []
                for e in (a, b):
                    lines = []
                    for question in ("gameover", "p1turn", "result"):
                        e.send(f"query {question}")
                        lines += e.until("response")
                    e.send("go nodes 3000")
                    got.append(lines + e.until("bestmove"))
                    e.close()
                tally.record(got[0] == got[1] and got[0][-1] != "bestmove none" and len(got[0]) == 5,
                             f"{game}: position fen {fen}{' moves ' + tail[0] if tail else ''} = its move list", got)


def check_queries(tally, prune):
    e = ugi(prune, "ttt", "negamax-ab")
    for line in ("query foo", "query", "query p1turn extra", "query gameover\tnow"):
        e.send(line)
        got = e.until("response", 5)
        ok = len(got) >= 1 and len(got[-1].split()) == 2 and got[-1].startswith("response ")
        tally.record(ok, f"{line!r}: a response of two words (cutegames reads parts[1])", got)
    e.send("query foo")
    tally.record(e.until("response") == ["info string error: unknown query 'foo' (gameover, p1turn, result)",
                                         "response unknown"], "query foo: the error, then response unknown", "")
    e.close()


def check_go_arguments(tally, prune):
    """A go that cannot be searched as asked is refused at once, never a
    silent default search."""
    e = ugi(prune, "connect4", "ladder-pvs")
    e.send("position startpos")
    for line in ("go nodes 0", "go nodes 99999999999", "go depth 0", "go movetime 0", "go movetime -5", "go",
                 "go nodes", "go nodes abc", "go movetime 5 depth 3", "go frobnicate 3", "go p1time 100",
                 "go p1time 100 p2time x", "go depth 3 infinite"):
        start = time.monotonic()
        e.send(line)
        got = e.until("bestmove", 5)
        ms = (time.monotonic() - start) * 1000
        tally.record(len(got) == 2 and got[0].startswith("info string error: ") and got[1] == "bestmove none" and ms < 500,
                     f"{line!r}: an error and bestmove none at once ({ms:.0f} ms)", got)
    e.send("go depth 1000")
    got = e.until("bestmove", 30)
    tally.record(got[0] == "info string depth 1000 is beyond connect4's deepest search: searching to 42" or
                 got[0].startswith("info string depth 1000 is beyond"), "go depth 1000: said to be capped", got[:1])
    e.close()
    # A clock: the mover's time (p2 here) by match_clock_move_us, not a second.
    e = ugi(prune, "connect4", "ladder-pvs")
    for line, most in (("go p1time 100000 p2time 600 p1inc 0 p2inc 0", 300), ("go p1time 600 p2time 3000", 100 + 25),
                       ("go p2inc 0 p1inc 0 p2time 90 p1time 900000", 45)):
        got, ms, retried = timed_go(e, "position startpos moves 4", line, most + CUTEGAMES_BUFFER_MS)
        tally.record(got[-1].split()[1:] != ["none"] and ms <= most + CUTEGAMES_BUFFER_MS,
                     f"{line!r}: the mover's share of its clock ({ms:.0f} ms, at most {most}{retried})", got[-1:])
    e.close()


def check_seed(tally, prune):
    e = ugi(prune, "ttt", "negamax-ab", None)
    best = set()
    for seed in range(1, 13):
        e.send(f"setoption name seed value {seed}")
        e.send("position startpos")
        e.send("go depth 1")
        best.add(e.until("bestmove")[-1])
    tally.record(len(best) > 1, "setoption name seed: the seed orders the moves", sorted(best))
    for line in ("setoption name seed value -1", "setoption name seed value 18446744073709551616",
                 "setoption name hash value 5", "setoption seed 5", "setoption name seed value 5 6"):
        e.send(line)
        got = e.until("info", 5)
        tally.record(got[0].startswith("info string error: "), f"{line!r}: an error", got)
    e.send("setoption name seed value 18446744073709551615")
    tally.record(e.quiet() == [], "setoption name seed value 2^64-1: taken quietly", "")
    e.close()


def check_threads(tally, prune):
    """setoption name threads / smp (a ladder config's threads, engine/ladder_run.h)."""
    e = ugi(prune, "kalah", "negamax-ab")
    e.send("ugi")
    tally.record("option name threads" not in " ".join(e.until("ugiok")), "ugi: no threads option for negamax-ab", "")
    e.send("setoption name threads value 2")
    got = e.until("info", 5)
    tally.record(got[-1] == "info string error: negamax-ab searches on one thread (threads go with the ladder's "
                 "configs, ladder-tt and up)", "setoption name threads on negamax-ab: an error", got)
    e.close()
    e = ugi(prune, "kalah", "ladder-pvs")
    for line, want in ((f"setoption name threads value {CORES + 1}", "info string error: threads must be a whole "
                        f"number from 1 to {CORES} (this machine's cores), not '{CORES + 1}'"),
                       ("setoption name threads value 0", "info string error: threads must be a whole number"),
                       ("setoption name smp value fast", "info string error: smp must be lazy or abdada, not 'fast'")):
        e.send(line)
        got = e.until("info", 5)
        tally.record(got[-1].startswith(want), f"{line!r}: an error", got)
    threads = min(CORES, 2)
    for smp in ("lazy", "abdada"):
        e.send(f"setoption name threads value {threads}")
        e.send(f"setoption name smp value {smp}")
        tally.record(e.quiet() == [], f"setoption threads {threads}, smp {smp}: taken quietly", "")
        e.send("position startpos")
        e.send("go depth 10")
        got = e.until("bestmove", 30)
        tally.record(got[-2].startswith("info nodes ") and got[-2].endswith(" score 1") and
                     got[-1].split()[1] in legal_moves(prune, "kalah", []),
                     f"go depth 10 on {threads} threads ({smp}): the one thread's score, a legal move", got)
    e.send("go infinite")
    e.send("setoption name threads value 1")
    got = e.until("info", 5)
    tally.record(got[-1] == "info string error: a search is under way: set threads before go",
                 "setoption name threads during a search: an error", got)
    e.send("stop")
    tally.record(e.until("bestmove", 5)[-1].startswith("bestmove "), "stop: the threaded search answers", "")
    e.close()


def main():
    prune = sys.argv[1]
    tally = Tally()
    check_transcript(tally, prune)
    check_lines(tally, prune)
    check_positions(tally, prune)
    check_queries(tally, prune)
    check_go_arguments(tally, prune)
    check_seed(tally, prune)
    check_threads(tally, prune)
    closing_check(tally)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
