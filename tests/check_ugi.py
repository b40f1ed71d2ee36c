#!/usr/bin/env python3
"""prune ugi and prune match's external engines (docs/cli.md#prune-ugi,
docs/strength.md#an-external-engine).

    check_ugi.py PRUNE

prune ugi is driven line by line, as a runner drives it: whole lines of
any length, whitespace, positions that fail (never a stale position),
position fen, every query answered, bad go arguments refused at once, a
search that stays responsive to isready, stop and quit, a failed search
that still answers a legal move, movetime kept by every config, and whole
games played exactly as cutegames' engine_ugi.cpp speaks.  Then prune
match's client: long lines, position fen, the clock, an engine that does
not start, and prune ugi playing the internal side's very games.
"""
import json
import os
import queue
import resource
import subprocess
import sys
import tempfile
import threading
import time

from checks import Tally

CUTEGAMES_BUFFER_MS = 25  # cutegames' timeoutbuffer: a move may take movetime + 25 ms
# A timed move over its bound is timed once more, and the check takes the faster: the host can stall
# a process for hundreds of milliseconds, which is not the engine's time (seen under ThreadSanitizer
# on a 2-core VM: 4 runs of 22 had a timed check fail, single-thread configs where the line was kept,
# a 30 ms move taking 336 and 501 ms; 300 such moves in a row in one process never did).  An engine
# that overspends fails both tries.
TIMED_TRIES = 2


def timed_go(e, position, go, most, timeout=5):
    """(lines up to bestmove, ms, retried): `position` then `go`, timed from the go, tried again (the
    same position and go) while over `most` ms, TIMED_TRIES times at most; the fastest try, and
    words naming every try's time where there was more than one ("" otherwise), for the label."""
    best, tries = None, []
    for _ in range(TIMED_TRIES):
        e.send(position)
        start = time.monotonic()
        e.send(go)
        got = e.until("bestmove", timeout)
        ms = (time.monotonic() - start) * 1000
        tries.append(f"{ms:.0f} ms")
        if best is None or ms < best[1]:
            best = (got, ms)
        if ms <= most:
            break
    return best + ((f"; tries {', '.join(tries)}" if len(tries) > 1 else ""),)


def run(args, timeout=600):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


CORES = min(256, os.sysconf("SC_NPROCESSORS_ONLN"))  # engine/cores.c's answer: threads go up to it
STARTED = []  # every Engine, for the closing check of their standard error


class Engine:
    """A prune ugi process, its lines read by a thread so that every read
    has a timeout."""

    def __init__(self, argv, preexec_fn=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, preexec_fn=preexec_fn)
        self.lines = queue.Queue()
        self.errors = []  # its standard error: nothing, unless a sanitizer speaks
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.errors.extend(self.p.stderr), daemon=True).start()
        STARTED.append(self)

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read(self, timeout=10):
        """The next line, None at the end of output, "TIMEOUT" after timeout s."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return "TIMEOUT"

    def until(self, first_word, timeout=10):
        """Lines up to and with the first that starts with `first_word`."""
        got, deadline = [], time.monotonic() + timeout
        while True:
            line = self.read(max(0.0, deadline - time.monotonic()))
            got.append(line)
            if line is None or line == "TIMEOUT" or line.split()[:1] == [first_word]:
                return got

    def quiet(self, timeout=0.2):
        """Whatever comes within timeout s (nothing, for a command without an answer)."""
        got = []
        while (line := self.read(timeout)) not in ("TIMEOUT", None):
            got.append(line)
        return got

    def close(self):
        if self.p.poll() is None:
            try:
                self.send("quit")
            except BrokenPipeError:
                pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        return self.p.returncode


def legal_moves(prune, game, moves):
    """The legal moves after `moves` (a list from the start), by prune show."""
    done = run([prune, "show", game, "--moves", ",".join(moves)])
    for line in done.stdout.splitlines():
        if line.startswith("legal moves: "):
            rest = line[len("legal moves: "):]
            return [] if rest == "none" else rest.split(",")
    return None


def replay_result(prune, game, moves):
    """p1win, p2win, draw or none after `moves`, by prune show."""
    done = run([prune, "show", game, "--moves", ",".join(moves)])
    value = next((int(l.split()[1]) for l in done.stdout.splitlines() if l.startswith("value ")), None)
    if legal_moves(prune, game, moves) != [] or value is None:
        return "none"
    return "p1win" if value > 0 else "p2win" if value < 0 else "draw"


def openings(prune, game, count, seed):
    """`count` openings as (move list, position string) pairs: prune
    openings' two formats of the same lines."""
    common = [prune, "openings", game, "--count", str(count), "--seed", str(seed)]
    lists = [l for l in run(common).stdout.splitlines() if l and not l.startswith("#")]
    fens = [l for l in run(common + ["--format", "fen"]).stdout.splitlines() if l and not l.startswith("#")]
    return list(zip([l.split(",") for l in lists], fens)) if len(lists) == len(fens) == count else []


def ugi(prune, game, config, preexec_fn=None):
    return Engine([prune, "ugi", game, "--config", config], preexec_fn)


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
    # A clock: the mover's time (p2 here) by match_clock_move_ms, not a second.
    e = ugi(prune, "connect4", "ladder-pvs")
    for line, most in (("go p1time 100000 p2time 600 p1inc 0 p2inc 0", 300), ("go p1time 600 p2time 3000", 100 + 25),
                       ("go p2inc 0 p1inc 0 p2time 90 p1time 900000", 45)):
        got, ms, retried = timed_go(e, "position startpos moves 4", line, most + CUTEGAMES_BUFFER_MS)
        tally.record(got[-1].split()[1:] != ["none"] and ms <= most + CUTEGAMES_BUFFER_MS,
                     f"{line!r}: the mover's share of its clock ({ms:.0f} ms, at most {most}{retried})", got[-1:])
    e.close()


def check_responsive(tally, prune):
    """Searches run beside the input."""
    e = ugi(prune, "connect4", "ladder-pvs")
    e.send("position startpos moves 4 4 3")
    e.send("go depth 1000")
    got = e.until("info", 5)
    time.sleep(0.3)
    start = time.monotonic()
    e.send("isready")
    got = e.until("readyok", 2)
    ms = (time.monotonic() - start) * 1000
    tally.record(got == ["readyok"] and ms < 100, f"isready during go depth 1000: readyok at once ({ms:.0f} ms)", got)
    e.send("go nodes 5")
    got = e.until("info", 2)
    tally.record(got[-1].startswith("info string error: a search is under way"), "go during a search: an error", got)
    start = time.monotonic()
    e.send("stop")
    got = e.until("bestmove", 5)
    ms = (time.monotonic() - start) * 1000
    tally.record(ms < 100 and got[-1].split()[1] in legal_moves(prune, "connect4", ["4", "4", "3"]),
                 f"stop: a legal bestmove at once ({ms:.0f} ms)", got)
    tally.record(e.quiet(0.3) == [], "stop: one bestmove, nothing more", "")
    e.send("stop")
    tally.record(e.until("info", 2) == ["info string no search to stop"], "stop with no search: answered", "")
    # A position during a search is refused, and leaves no position (the engine runs one search at a time).
    e.send("go infinite")
    e.send("position startpos moves 4")
    got = e.until("info", 2)
    tally.record(got[-1].startswith("info string error: a position during a search") and "no position" in got[-1],
                 "position during a search: an error, and no position", got)
    e.send("stop")
    got = e.until("bestmove", 5)
    e.send("go nodes 100")
    got += e.until("bestmove", 5)
    tally.record(got[-2:] == ["info string error: no position", "bestmove none"] and got[0] != "bestmove none",
                 "position during a search: the search answers, the next go has no position", got)
    e.send("position startpos moves 4 4 3")
    e.send("go infinite")
    time.sleep(0.2)
    start = time.monotonic()
    e.send("quit")
    try:
        e.p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        e.p.kill()
        e.p.wait()
    ms = (time.monotonic() - start) * 1000
    tally.record(e.p.returncode == 0 and ms < 300, f"quit during go infinite: exits 0 at once ({ms:.0f} ms)", e.p.returncode)
    # The end of input ends a search too.
    e = ugi(prune, "connect4", "ladder-pvs")
    e.send("position startpos")
    e.send("go infinite")
    time.sleep(0.1)
    e.p.stdin.close()
    try:
        e.p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        e.p.kill()
        e.p.wait()
    tally.record(e.p.returncode == 0, "the end of input during a search: exits 0", e.p.returncode)


def sanitized(prune):
    """A sanitizer reserves terabytes of address space: no RLIMIT_AS then."""
    done = run(["ldd", prune])
    return any(name in done.stdout for name in ("libasan", "libtsan", "liblsan"))


def check_out_of_memory(tally, prune):
    """A search that runs out of memory answers an error and a legal move,
    never bestmove none (the finished game's answer)."""
    if sanitized(prune):
        print("skip out of memory: a sanitized build cannot run under RLIMIT_AS")
        return
    limit = 400 << 20
    e = ugi(prune, "connect4", "tree-standard", lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    e.send("position startpos moves 4")
    e.send("go depth 14")
    got = e.until("bestmove", 60)
    tally.record(len(got) == 2 and got[0].startswith("info string error: ") and "memory" in got[0] and
                 got[1].split()[1:2] != ["none"] and got[1].split()[1] in legal_moves(prune, "connect4", ["4"]),
                 "out of memory: an error and a legal move", got)
    e.send("isready")
    tally.record(e.until("readyok") == ["readyok"], "out of memory: still answering", "")
    e.send("go depth 14")  # a tree's search cannot be stopped: quit exits without waiting for it
    time.sleep(0.05)
    start = time.monotonic()
    e.send("quit")
    try:
        e.p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        e.p.kill()
        e.p.wait()
    ms = (time.monotonic() - start) * 1000
    tally.record(e.p.returncode == 0 and ms < 300, f"quit during a tree config's search: exits 0 at once ({ms:.0f} ms)",
                 e.p.returncode)


def check_memory_bound(tally, prune):
    """A tree config's search that reaches --max-memory-mb stops there and
    is answered as a failed search is: an error naming the flag, a legal
    move, and the engine still answering (docs/cli.md#memory)."""
    e = Engine([prune, "ugi", "kalah", "--config", "tree-standard", "--max-memory-mb", "64"])
    e.send("position startpos")
    e.send("go depth 40")  # unbounded, issue 46's runaway: 9.4 GB before the node budget stopped it
    got = e.until("bestmove", 30)
    tally.record(len(got) == 2 and got[0] == "info string error: the search failed (search stopped: its tree would take "
                 "more than 64 MiB (raise --max-memory-mb)); answering a legal move (a one-ply search's)" and
                 got[1].split()[1:2] != ["none"] and got[1].split()[1] in legal_moves(prune, "kalah", []),
                 "go depth 40 of a tree config past --max-memory-mb 64: an error naming the flag and a legal move", got)
    e.send("isready")
    tally.record(e.until("readyok") == ["readyok"], "past the memory bound: still answering", "")
    tally.record(e.close() == 0, "past the memory bound: quit exits 0", e.p.returncode)


def configs(prune):
    return [line.split()[0] for line in run([prune, "configs"]).stdout.splitlines() if line.strip()]


def check_movetime(tally, prune):
    """go movetime T: every config answers within T + cutegames' 25 ms."""
    movetime, positions = 40, (["4"], ["4", "4", "3", "5"], ["1", "2", "3", "4", "5", "6", "7", "4"])
    every = configs(prune)
    for config in [c for c in every if not c.startswith("tree-")]:
        e = ugi(prune, "connect4", config)
        e.send("isready")
        e.until("readyok")
        worst, failures, retries = 0.0, [], ""
        for moves in positions:
            got, ms, retried = timed_go(e, "position startpos moves " + " ".join(moves), f"go movetime {movetime}",
                                        movetime + CUTEGAMES_BUFFER_MS, 10)
            worst, retries = max(worst, ms), retries + retried
            if got[-1] is None or got[-1] == "TIMEOUT" or got[-1].split()[1] not in legal_moves(prune, "connect4", moves):
                failures.append(got)
            errors = [l for l in got if l and l.startswith("info string error")]
            if errors:
                failures.append(errors)
        e.close()
        tally.record(not failures and worst <= movetime + CUTEGAMES_BUFFER_MS,
                     f"{config}: go movetime {movetime}, legal, at most {worst:.1f} ms{retries}", failures)


def check_tree_configs(tally, prune):
    """A tree config takes go depth D only (the engine cannot bound it by
    time or nodes): anything else is refused at once."""
    for config in [c for c in configs(prune) if c.startswith("tree-")]:
        e = ugi(prune, "connect4", config)
        e.send("position startpos moves 4")
        got = []
        for line in ("go movetime 40", "go nodes 1000", "go infinite", "go p1time 1000 p2time 1000"):
            e.send(line)
            got.append(e.until("bestmove", 5))
        e.send("go depth 4")
        depth = e.until("bestmove", 30)
        tally.record(all(len(g) == 2 and "tree config" in g[0] and g[1] == "bestmove none" for g in got) and
                     depth[-1].split()[1] in legal_moves(prune, "connect4", ["4"]),
                     f"{config}: go depth only, the other limits refused", [got[0], depth])
        e.close()


def cutegames_game(prune, game, engines, fen, opening, movetime, protocol_both=True):
    """One game as cutegames' play_game and UGIEngine speak it: engines[0]
    plays p1.  Returns (moves, result claimed, problems)."""
    history, problems, times = [], [], []

    def position(e):
        e.send(f"position fen {fen}" + (" moves " + " ".join(history) if history else ""))

    def query(e, question):
        position(e)  # UGIGame sends the position before each query
        e.send(f"query {question}")
        got = e.until("response")
        parts = got[-1].split() if got[-1] not in (None, "TIMEOUT") else []
        if len(parts) != 2:
            problems.append(f"query {question}: {got}")
            return ""
        return parts[1]

    for e in engines:
        e.send("isready")
        if e.until("readyok")[-1] != "readyok":
            problems.append("no readyok")
    for e in engines:
        e.send("uginewgame")
    query(engines[0], "p1turn")
    while len(history) < 200:
        p1 = query(engines[0], "p1turn") == "true"  # protocol.ask_turn
        us, them = (engines[0], engines[1]) if p1 else (engines[1], engines[0])
        us.send("isready")
        us.until("readyok")
        position(us)
        if query(us, "gameover") == "true" or (protocol_both and query(them, "gameover") == "true"):
            break
        start = time.monotonic()
        us.send(f"go movetime {movetime}")
        got = us.until("bestmove", 30)
        ms = (time.monotonic() - start) * 1000
        times.append(ms)
        parts = got[-1].split() if got[-1] not in (None, "TIMEOUT") else []
        if len(parts) != 2:
            problems.append(f"go: {got}")
            break
        if int(ms) > movetime + CUTEGAMES_BUFFER_MS:
            problems.append(f"move {len(history) + 1} took {ms:.1f} ms")
        if parts[1] not in (legal_moves(prune, game, opening + history) or []):
            problems.append(f"illegal move {parts[1]} after {history}")
            break
        history.append(parts[1])
    results = []
    for e in engines:
        e.send("isready")
        e.until("readyok")
        position(e)
        results.append((query(e, "gameover"), query(e, "result")))
    if results[0] != results[1]:
        problems.append(f"the engines disagree: {results}")
    return history, results[0][1], problems, times


def check_cutegames(tally, prune):
    """Whole games, two prune ugi processes, as cutegames drives them: each
    opening twice, colours swapped."""
    game, movetime = "connect4", 50
    pairs = openings(prune, game, 2, 11)
    tally.record(len(pairs) == 2, "cutegames: two openings", pairs)
    configs_ = ("ladder-pvs,tt-mb=16", "negamax-ab")
    engines = [ugi(prune, game, c) for c in configs_]
    for e in engines:
        e.send("ugi")
        tally.record(e.until("ugiok")[-1] == "ugiok", "cutegames: init (ugi, ugiok)", "")
    games = set()
    for opening, fen in pairs:
        for order in (engines, engines[::-1]):
            history, result, problems, times = cutegames_game(prune, game, order, fen, opening, movetime)
            replayed = replay_result(prune, game, opening + history)
            label = f"cutegames {fen} {'AB' if order is engines else 'BA'}"
            tally.record(not problems and result == replayed and result != "none",
                         f"{label}: {len(history)} legal plies, {result} (prune show: {replayed}), "
                         f"slowest move {max(times or [0]):.1f} ms", problems)
            games.add(tuple(history))
    tally.record(len(games) == 4, "cutegames: four different games", len(games))
    for e in engines:
        tally.record(e.close() == 0, "cutegames: quit, status 0", e.p.returncode)


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
    check_transcript(tally, prune)
    check_lines(tally, prune)
    check_positions(tally, prune)
    check_queries(tally, prune)
    check_go_arguments(tally, prune)
    check_responsive(tally, prune)
    check_out_of_memory(tally, prune)
    check_memory_bound(tally, prune)
    check_seed(tally, prune)
    check_threads(tally, prune)
    check_movetime(tally, prune)
    check_tree_configs(tally, prune)
    check_cutegames(tally, prune)
    with tempfile.TemporaryDirectory() as tmp:
        check_match_client(tally, prune, tmp)
        check_match_engines(tally, prune, tmp)
    for e in STARTED:
        e.close()
    time.sleep(0.2)
    noisy = [(e.p.args, "".join(e.errors)[:2000]) for e in STARTED if e.errors]
    tally.record(not noisy, f"{len(STARTED)} prune ugi processes: nothing on standard error", noisy)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
