#!/usr/bin/env python3
"""Checks that `prune solve connect4 --threads N` gives the one thread's scores.

  sets PRUNE     the first lines of the test sets (needs PRUNE_CONNECT4_DATA, else
                 skipped, status 77): every step that takes threads (solve-nonlosing
                 on) on middle-medium, the default step on end-easy, middle-easy,
                 middle-medium, begin-easy and begin-medium, strong and weak, with
                 --threads 2: status 0 (a wrong score is status 1), each score the file's (weak:
                 its sign), equal line by line to a --threads 1 run's, "threads":2
  moves PRUNE    4444443 (score -1): --threads 1 visits exactly the single thread's
                 nodes and table counts (pinned); --threads 2 gives -1, strong and
                 weak, with "threads":2 in the JSON and `threads  2` in the text;
                 without --threads neither appears; a node budget passed while two
                 threads search is status 2, one line, nothing on stdout
  errors PRUNE   --threads 0, x, -1, more than the cores, 2 with a step before
                 solve-nonlosing: status 2, exactly one line on stderr (the
                 message's text), nothing on stdout; 1 with such a step is accepted
  runner PRUNE   scripts/connect4_threads.py --variant quick: its CSV's columns, a
                 row per thread count (1, then 2 ... the cores) on 444444 (score 1),
                 the one-thread row's speedup 1, every row's node ratio its nodes
                 over the one thread's; a variant it does not know is status 2

Node counts with two threads vary from run to run, so only scores are compared.
On a machine with one core the two-thread checks are skipped (status 77, with a
`skipped:` line saying so) and the rest still run.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

from check_solve_cli import run
from checks import Tally

SKIPPED = 77
MOVES, SCORE = "4444443", -1
# 4444443 with solve-buckets (64 MiB) on one thread: nodes, table_probes,
# table_hits, mirror_hits, table_entries, table_slots (as check_solve_cli.py's
# `tables` pins without --threads).
CONFIG = ["--config", "solve-buckets"]
ONE_THREAD = (6789024, 5624161, 1184616, 13589, 3789617, 8388602)
FIELDS = ("nodes", "table_probes", "table_hits", "mirror_hits", "table_entries", "table_slots")
# The steps that take threads (solver/solve.h, solve_threads_run), and the last one before them.
THREADED = ["solve-nonlosing", "solve-sorted", "solve-tt32", "solve-lowerbound", "solve-mirror", "solve-buckets",
            "solve-etc", "solve-threats", "solve-claimeven", "solve-weights",
            "solve-aspiration"]
UNTHREADED = ["solve-tt", "solve-id"]
# An end-game position (prune's End-Easy set, studies/connect4/prune_L3_R1): milliseconds for any step.
END = "277754765574651461355311162313273232"


def cores():
    """What cli/solve.c's threads_of allows: sysconf(_SC_NPROCESSORS_ONLN), at most 256."""
    try:
        online = os.sysconf("SC_NPROCESSORS_ONLN")
    except (ValueError, OSError):
        online = 1
    return max(1, min(online, 256))


def skip_line(what):
    print(f"skipped: {what}: this machine has {cores()} core, and --threads 2 needs two")


def data_present():
    folder = os.environ.get("PRUNE_CONNECT4_DATA", "")
    return folder and os.path.isfile(os.path.join(folder, "Test_L3_R1"))


def json_lines(done):
    return [json.loads(line) for line in done.stdout.splitlines()]


def sign(x):
    return (x > 0) - (x < 0)


# (config, set, limit) for the sets part, each strong and weak: about 6 s on two cores.
SAMPLE = [(config, "middle-medium", 20) for config in THREADED[:-1]] + [
    ("solve-aspiration", "end-easy", 50), ("solve-aspiration", "middle-easy", 50),
    ("solve-aspiration", "middle-medium", 50), ("solve-aspiration", "begin-easy", 20),
    ("solve-aspiration", "begin-medium", 5)]


def check_sets(prune):
    if not data_present():
        print("PRUNE_CONNECT4_DATA unset or without the test sets: skipped")
        return SKIPPED
    if cores() < 2:
        skip_line("the test sets with --threads 2")
        return SKIPPED
    tally = Tally()
    for config, name, limit in SAMPLE:
        for weak in ([], ["--weak"]):
            label = f"{name} --limit {limit} {config}{' --weak' if weak else ''}"
            args = ["--json", "--config", config, "--set", name, "--limit", str(limit), *weak]
            one, two = run(prune, *args, "--threads", "1"), run(prune, *args, "--threads", "2")
            if one.returncode != 0 or two.returncode != 0:
                tally.record(False, label, f"exit {one.returncode} and {two.returncode}: "
                             f"{(one.stderr + two.stderr).strip()[:200]}")
                continue
            ones, twos = json_lines(one)[:-1], json_lines(two)[:-1]
            tally.record(len(twos) == limit and [r["moves"] for r in twos] == [r["moves"] for r in ones],
                         label + ": the same positions", f"{len(twos)} lines of {limit}")
            if weak:
                agree = all(sign(r["score"]) == sign(r["expected"]) for r in twos)
            else:
                agree = all(r["score"] == r["expected"] for r in twos)
            tally.record(agree, label + ": --threads 2 gives the file's scores",
                         str([(r["score"], r["expected"]) for r in twos if r["score"] != r["expected"]][:5]))
            same = [r["score"] for r in twos] == [r["score"] for r in ones]
            tally.record(same, label + ": --threads 2 gives --threads 1's scores line by line",
                         str([(a["line"], a["score"], b["score"]) for a, b in zip(ones, twos)
                              if a["score"] != b["score"]][:5]))
            tally.record(all(r["threads"] == 2 for r in twos) and all(r["threads"] == 1 for r in ones),
                         label + ": each line says its threads",
                         str(sorted({r.get("threads") for r in ones} | {r.get("threads") for r in twos})))
    return tally.summary()


def one_json(done):
    lines = json_lines(done) if done.returncode == 0 else []
    if len(lines) != 1:
        raise RuntimeError(f"exit {done.returncode}, {len(lines)} JSON lines: {done.stderr.strip()[:200]}")
    return lines[0]


def check_moves(prune):
    tally = Tally()
    plain = one_json(run(prune, *CONFIG, "--moves", MOVES, "--json"))
    one = one_json(run(prune, *CONFIG, "--moves", MOVES, "--json", "--threads", "1"))
    got = tuple(one[f] for f in FIELDS)
    tally.record(one["score"] == SCORE and got == ONE_THREAD and one["threads"] == 1,
                 f"{MOVES} --threads 1: the one thread's exact counts", f"score {one['score']}, {got}")
    tally.record("threads" not in plain and tuple(plain[f] for f in FIELDS) == ONE_THREAD,
                 f"{MOVES} without --threads: the same counts, no threads field", str(sorted(plain)))
    text = run(prune, "--moves", MOVES).stdout
    tally.record("threads" not in text and f"score    {SCORE}\n" in text, f"{MOVES} text without --threads",
                 text.replace("\n", " | "))
    if cores() < 2:
        skip_line(f"{MOVES} with --threads 2")
        return SKIPPED if tally.failed == 0 else 1
    for weak in ([], ["--weak"]):
        label = f"{MOVES} --threads 2{' --weak' if weak else ''}"
        single = one_json(run(prune, "--moves", MOVES, "--json", *weak))
        r = one_json(run(prune, "--moves", MOVES, "--json", "--threads", "2", *weak))
        tally.record(r["score"] == single["score"] == SCORE and r["threads"] == 2 and r["weak"] == bool(weak),
                     label + ": one thread's score, \"threads\":2", f"score {r['score']} (one thread "
                     f"{single['score']}), threads {r.get('threads')}, nodes {r['nodes']}")
    done = run(prune, "--moves", MOVES, "--threads", "2")
    lines = done.stdout.splitlines()
    tally.record(done.returncode == 0 and "threads  2" in lines and f"score    {SCORE}" in lines
                 and lines.index("threads  2") == lines.index("weak     no") + 1,
                 f"{MOVES} --threads 2: text says `threads  2` after weak", done.stdout.replace("\n", " | "))
    done = run(prune, "--moves", MOVES, "--threads", "2", "--max-nodes", "100000")
    ok = (done.returncode == 2 and not done.stdout and done.stderr == "prune: solve stopped: it would exceed "
          "the node budget of 100000 (raise --max-nodes)\n")
    tally.record(ok, f"{MOVES} --threads 2 --max-nodes 100000: status 2, one line, nothing on stdout",
                 f"exit {done.returncode}, stderr {done.stderr.strip()[:200]!r}")
    return tally.summary()


def errors():
    """(arguments, the one line on stderr) for this machine's cores."""
    most = cores()
    number = "prune: --threads must be a whole number from 1 to 1000000, not '{}'"
    too_many = "prune: --threads: at most {} on this machine (its cores), not {}"
    one_thread = ("prune: --threads: {} searches on one thread; threads share the table of solve-nonlosing "
                  "and later steps")
    out = [(["--threads", "0"], number.format("0")),
           (["--threads", "x"], number.format("x")),
           (["--threads=-1"], number.format("-1")),
           (["--threads", "100000"], too_many.format(most, 100000)),
           (["--threads", str(most + 1)], too_many.format(most, most + 1))]
    for config in UNTHREADED:
        out.append((["--threads", "2", "--config", config],
                    one_thread.format(config) if most >= 2 else too_many.format(most, 2)))
    return out


def check_errors(prune):
    tally = Tally()
    for args, message in errors():
        done = run(prune, "--moves", MOVES, *args)
        ok = done.returncode == 2 and not done.stdout and done.stderr == message + "\n"
        tally.record(ok, " ".join(args), f"exit {done.returncode}, stdout {done.stdout[:80]!r}, "
                     f"stderr {done.stderr.strip()[:200]!r}")
    for config in UNTHREADED:  # one thread is any step's
        done = run(prune, "--moves", END, "--config", config, "--threads", "1")
        tally.record(done.returncode == 0 and "threads  1\n" in done.stdout and not done.stderr,
                     f"--threads 1 --config {config}: accepted", f"exit {done.returncode} {done.stderr.strip()}")
    if cores() < 2:
        skip_line("the refusal of --threads 2 by a step before solve-nonlosing")
        return SKIPPED if tally.failed == 0 else 1
    done = run(prune, "--moves", END, "--config", THREADED[0], "--threads", "2")
    tally.record(done.returncode == 0 and "threads  2\n" in done.stdout,
                 f"--threads 2 --config {THREADED[0]}: accepted", f"exit {done.returncode} {done.stderr.strip()}")
    return tally.summary()


RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "connect4_threads.py")
RECOMPUTE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "recompute_intervals.py")


def check_runner(prune):
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "threads.csv")
        done = subprocess.run([sys.executable, RUNNER, "--prune", prune, "--variant", "quick", "--out", out],
                              capture_output=True, text=True)
        tally.record(done.returncode == 0, "runner: quick exits 0", f"exit {done.returncode}: {done.stderr[-300:]}")
        rows = list(csv.DictReader(open(out, encoding="utf-8"))) if os.path.exists(out) else []
        # Its pairs beside it (threads.pairs.csv): every speedup recomputed from them.
        again = subprocess.run([sys.executable, RECOMPUTE, tmp], capture_output=True, text=True)
        threaded = len(rows) - 1
        tally.record(again.returncode == 0 and (threaded < 1 or f"threads.csv: {threaded} row{'s' if threaded != 1 else ''}"
                                                 " recomputed, all equal" in again.stdout.splitlines()),
                     "runner: every speedup recomputed from its pairs", (again.stdout + again.stderr).strip()[-300:])
    expected = [1] + [n for n in (2, 4, 8, 16, 32, 64, 128) if n < cores()] + ([cores()] if cores() > 1 else [])
    tally.record([int(r["threads"]) for r in rows] == expected, "runner: a row per thread count",
                 f"{[r['threads'] for r in rows]} against {expected}")
    tally.record(all(r["position"] == "444444" and r["score"] == "1" and r["config"] == "solve-aspiration" for r in rows),
                 "runner: 444444, score 1, the default step", str([(r["position"], r["score"]) for r in rows]))
    tally.record(bool(rows) and rows[0]["speedup"] == "1.000" and rows[0]["node_ratio"] == "1.000",
                 "runner: the one-thread row is the baseline", str(rows[:1]))
    tally.record(all(abs(float(r["node_ratio"]) - int(r["nodes"]) / int(r["one_thread_nodes"])) < 0.001
                     for r in rows), "runner: node ratio = nodes / one thread's nodes",
                 str([(r["nodes"], r["one_thread_nodes"], r["node_ratio"]) for r in rows]))
    bad = subprocess.run([sys.executable, RUNNER, "--prune", prune, "--variant", "huge", "--out", "/dev/null"],
                         capture_output=True, text=True)
    tally.record(bad.returncode == 2 and "invalid choice: 'huge'" in bad.stderr, "runner: an unknown variant is status 2",
                 f"exit {bad.returncode}")
    return tally.summary()


def main(argv):
    parts = {"sets": check_sets, "moves": check_moves, "errors": check_errors, "runner": check_runner}
    if len(argv) == 3 and argv[1] in parts:
        return parts[argv[1]](argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
