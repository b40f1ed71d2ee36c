#!/usr/bin/env python3
"""ugi_driver.py: what the prune ugi tests share (check_ugi.py,
check_ugi_search.py, check_ugi_games.py, check_ugi_match.py): a prune ugi
process driven line by line (Engine: every read has a timeout), the
positions' facts from prune show and prune openings, and the closing check
that no process wrote to its standard error."""
import os
import queue
import subprocess
import threading
import time

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

    def wait(self, timeout=5):
        """Waits for the process to exit (killing it after `timeout` seconds); its status."""
        try:
            self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        return self.p.returncode

    def quit_ms(self):
        """Sends quit and waits for the exit: the milliseconds it took."""
        start = time.monotonic()
        self.send("quit")
        self.wait()
        return (time.monotonic() - start) * 1000

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


def sanitized(prune):
    """A sanitizer reserves terabytes of address space: no RLIMIT_AS then."""
    done = run(["ldd", prune])
    return any(name in done.stdout for name in ("libasan", "libtsan", "liblsan"))


def configs(prune):
    return [line.split()[0] for line in run([prune, "configs"]).stdout.splitlines() if line.strip()]


def closing_check(tally):
    """Every Engine closed, then nothing on any one's standard error (but a sanitizer's report)."""
    for e in STARTED:
        e.close()
    time.sleep(0.2)
    noisy = [(e.p.args, "".join(e.errors)[:2000]) for e in STARTED if e.errors]
    tally.record(not noisy, f"{len(STARTED)} prune ugi processes: nothing on standard error", noisy)
