#!/usr/bin/env python3
"""prune ugi's searches (docs/cli.md#prune-ugi): a search that stays
responsive to isready, stop and quit, a failed search that still answers
a legal move, the memory bound, movetime kept by every config, and the
tree configs' depth-only rule.

    check_ugi_search.py PRUNE
"""
import resource
import sys
import time

from checks import Tally
from ugi_driver import CUTEGAMES_BUFFER_MS, Engine, closing_check, configs, legal_moves, sanitized, timed_go, ugi


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
    ms = e.quit_ms()
    tally.record(e.p.returncode == 0 and ms < 300, f"quit during go infinite: exits 0 at once ({ms:.0f} ms)", e.p.returncode)
    # The end of input ends a search too.
    e = ugi(prune, "connect4", "ladder-pvs")
    e.send("position startpos")
    e.send("go infinite")
    time.sleep(0.1)
    e.p.stdin.close()
    e.wait()
    tally.record(e.p.returncode == 0, "the end of input during a search: exits 0", e.p.returncode)


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
    ms = e.quit_ms()
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


def check_mcts_configs(tally, prune):
    """An MCTS config has no depth: go depth D is refused at once (it would
    never answer); go nodes N answers within N nodes, and go infinite when
    stopped, each with a legal move."""
    for config in [c for c in configs(prune) if c.startswith("mcts-")]:
        e = ugi(prune, "connect4", config)
        e.send("position startpos moves 4")
        e.send("go depth 4")
        refused = e.until("bestmove", 5)
        e.send("go nodes 3000")
        nodes = e.until("bestmove", 30)
        e.send("go infinite")
        time.sleep(0.05)
        e.send("stop")
        stopped = e.until("bestmove", 5)
        legal = legal_moves(prune, "connect4", ["4"])
        info = [line for line in nodes if line.startswith("info nodes")]
        ok = (len(refused) == 2 and "searches to a budget, not a depth" in refused[0] and refused[1] == "bestmove none"
              and info and int(info[-1].split()[2]) <= 3000 and nodes[-1].split()[1] in legal
              and stopped[-1].split()[1] in legal)
        tally.record(ok, f"{config}: go depth refused, go nodes 3000 and a stopped go infinite answer legal moves",
                     [refused, nodes, stopped])
        e.close()


def main():
    prune = sys.argv[1]
    tally = Tally()
    check_responsive(tally, prune)
    check_out_of_memory(tally, prune)
    check_memory_bound(tally, prune)
    check_movetime(tally, prune)
    check_tree_configs(tally, prune)
    check_mcts_configs(tally, prune)
    closing_check(tally)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
