#!/usr/bin/env python3
"""Checks what `prune solve` offers a user beyond the series' test sets.

  bare PRUNE SET        bare `moves` lines are solved and not checked, `moves score`
                        lines checked, line by line in one file; an empty line is bad input
  analyze PRUNE SET     --analyze on the first positions of SET: each column's score is
                        minus the solve of the position after it (a win at once: the
                        series' score), the position's score is their maximum, and the
                        signs equal `prune search --config minimax` to the end (the oracle)
  budgets PRUNE SET     --max-nodes: the exact count succeeds, one less is status 2 with
                        one line and an empty stdout (one position, --analyze, a set);
                        --time-ms stops a long solve the same way
  tables PRUNE          --tt-mb: one position's exact counts at the default table (64 MiB,
                        the same with --tt-mb 64) and at 1 MiB, three kinds of table, twice
                        each (deterministic); no --config runs the last step of --help's
                        list (solve-buckets), named in the text and the JSON
  progress PRUNE        a solve of more than 2 s on a terminal (a pseudo-terminal here)
                        shows nodes, rate, elapsed and the window on stderr; through a
                        pipe, stderr holds only the one closing line

SET is a committed file of `moves score` lines (studies/connect4/prune_L3_R1).
"""
import json
import os
import pty
import subprocess
import sys
import tempfile

from checks import Tally

CONFIG = "solve-lowerbound"


def run(prune, *args, timeout=600):
    return subprocess.run([prune, "solve", "connect4", *args], capture_output=True, text=True, timeout=timeout)


def solve_json(prune, *args):
    done = run(prune, "--json", *args)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def first_lines(path, count):
    with open(path) as f:
        return [line.split() for line in f.read().splitlines()[:count]]


def stopped(done, message):
    """Problems of a run that should have stopped on a budget: status 2, one line, nothing on stdout."""
    lines = done.stderr.splitlines()
    problems = []
    if done.returncode != 2:
        problems.append(f"exit {done.returncode}")
    if done.stdout:
        problems.append(f"stdout {done.stdout[:80]!r}")
    if len(lines) != 1 or message not in lines[0]:
        problems.append(f"stderr {done.stderr[:200]!r}")
    return "; ".join(problems)


def check_bare(prune, set_path, tally):
    lines = first_lines(set_path, 6)
    with tempfile.TemporaryDirectory() as tmp:
        mixed = os.path.join(tmp, "mixed")
        with open(mixed, "w") as f:  # bare, scored, bare, scored, ...
            f.writelines(f"{m}\n" if i % 2 == 0 else f"{m} {s}\n" for i, (m, s) in enumerate(lines))
        rows = solve_json(prune, "--config", CONFIG, "--positions", mixed)
        positions, summary = rows[:-1], rows[-1]
        expected = [None if i % 2 == 0 else int(s) for i, (_, s) in enumerate(lines)]
        tally.record([r["expected"] for r in positions] == expected, "bare lines: expected is null",
                     str([r["expected"] for r in positions]))
        tally.record([r["score"] for r in positions] == [int(s) for _, s in lines], "bare lines: scores solved",
                     str([r["score"] for r in positions]))
        tally.record(summary.get("summary") and summary["positions"] == len(lines), "bare lines: summary",
                     str(summary))
        text = run(prune, "--config", CONFIG, "--positions", mixed).stdout.splitlines()
        tally.record(text[0].split()[:4] == ["1", lines[0][0], "-", lines[0][1]], "bare lines: text prints -",
                     text[0])
        with open(mixed, "a") as f:  # a wrong score after bare lines still fails
            f.write(f"{lines[0][0]} {int(lines[0][1]) + 1}\n")
        done = run(prune, "--config", CONFIG, "--positions", mixed)
        tally.record(done.returncode == 1 and f"{mixed}:7: {CONFIG} scores" in done.stderr,
                     "bare lines: a wrong score is still status 1", done.stderr.strip())
        empty = os.path.join(tmp, "empty")
        with open(empty, "w") as f:
            f.write(f"{lines[0][0]}\n\n")
        done = run(prune, "--config", CONFIG, "--positions", empty)
        tally.record(stopped(done, f"{empty}:2: an empty line") == "", "bare lines: an empty line is bad input",
                     done.stderr.strip())


def oracle_value(prune, moves):
    """minimax to the end from the position after `moves`: the side to move's value."""
    depth = 42 - len(moves)
    done = subprocess.run([prune, "search", "connect4", "--config", "minimax", "--depth", str(depth),
                           "--moves", moves, "--json", "--max-nodes", "4000000000"],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"search {moves}: {done.stderr.strip()}")
    return json.loads(done.stdout)["value"]


def sign(x):
    return (x > 0) - (x < 0)


def check_analyze(prune, set_path, tally):
    for moves, score in first_lines(set_path, 8):
        [a] = solve_json(prune, "--config", CONFIG, "--moves", moves, "--analyze")
        label = f"analyze {moves}"
        playable = [c for c in range(7) if a["scores"][c] is not None]
        full = [c for c in range(7) if sum(1 for m in moves if m == str(c + 1)) == 6]
        tally.record(sorted(full) == [c for c in range(7) if c not in playable], label + ": full columns null",
                     str(a["scores"]))
        tally.record(a["score"] == max(a["scores"][c] for c in playable) == int(score),
                     label + ": score = max over columns = the file's", f"{a['score']} {score}")
        [whole] = solve_json(prune, "--config", CONFIG, "--moves", moves)
        tally.record(whole["score"] == a["score"], label + ": score = the solve of the position",
                     str(whole["score"]))
        solver, oracle, nodes = [], [], 0
        for c in playable:
            child = moves + str(c + 1)
            done = run(prune, "--json", "--config", CONFIG, "--moves", child)
            if "completes four" in done.stderr:  # a win at once: the series' score, no search
                solver.append((43 - len(moves)) // 2)
                oracle.append(1)
                continue
            r = json.loads(done.stdout)
            solver.append(-r["score"])
            nodes += r["nodes"]
            oracle.append(-sign(oracle_value(prune, child)))
        scores = [a["scores"][c] for c in playable]
        tally.record(scores == solver, label + ": columns = minus the solves after them", f"{scores} {solver}")
        tally.record([sign(s) for s in scores] == oracle, label + ": signs = minimax to the end", str(oracle))
        tally.record(a["nodes"] == nodes, label + ": nodes = the columns' sum", f"{a['nodes']} {nodes}")
    [text] = [run(prune, "--config", CONFIG, "--moves", first_lines(set_path, 1)[0][0], "--analyze").stdout]
    tally.record("columns  1:full 2:-3 3:full 4:-3 5:full 6:-3 7:full\nscore    -3\n" in text, "analyze: text form",
                 text.replace("\n", " | "))


def check_budgets(prune, set_path, tally):
    rows = solve_json(prune, "--config", CONFIG, "--positions", set_path, "--limit", "50")
    moves = max(rows[:-1], key=lambda r: r["nodes"])["moves"]  # the dearest of them
    for extra in ([], ["--analyze"]):
        [r] = solve_json(prune, "--config", CONFIG, "--moves", moves, *extra)
        label = f"budget {' '.join(extra) or 'one position'} ({r['nodes']} nodes)"
        exact = run(prune, "--config", CONFIG, "--moves", moves, "--max-nodes", str(r["nodes"]), *extra)
        tally.record(exact.returncode == 0 and exact.stdout, label + ": the exact count succeeds", exact.stderr)
        less = run(prune, "--config", CONFIG, "--moves", moves, "--max-nodes", str(r["nodes"] - 1), *extra)
        problems = stopped(less, f"solve stopped: it would exceed the node budget of {r['nodes'] - 1} "
                                 "(raise --max-nodes)")
        tally.record(not problems, label + ": one less is status 2", problems or less.stderr.strip())
    total = rows[-1]["total_nodes"]
    budgeted = solve_json(prune, "--config", CONFIG, "--positions", set_path, "--limit", "50",
                          "--max-nodes", str(total))
    same = [(r.get("score"), r.get("nodes")) for r in rows] == [(r.get("score"), r.get("nodes")) for r in budgeted]
    tally.record(same, f"budget set ({total} nodes): the exact count prints every line", str(len(budgeted)))
    less = run(prune, "--config", CONFIG, "--positions", set_path, "--limit", "50", "--max-nodes", str(total - 1))
    problems = stopped(less, f"{set_path}:50: solve stopped: it would exceed the node budget")
    tally.record(not problems, "budget set: one less is status 2, nothing on stdout",
                 problems or less.stderr.strip())
    slow = run(prune, "--config", "solve-minmax", "--moves", "", "--time-ms", "300", timeout=60)
    problems = stopped(slow, "solve stopped: it would exceed the time budget of 300 ms (raise --time-ms)")
    tally.record(not problems, "budget --time-ms 300 on the empty board", problems or slow.stderr.strip())


# 4444443 (score -1) at the default table and at --tt-mb 1: nodes, probes, hits, entries, slots.
TABLE_MOVES = "4444443"
TABLE_COUNTS = {
    ("solve-sorted", 64): (8341865, 6950356, 1181961, 1792326, 8388593),
    ("solve-sorted", 1): (16013131, 13253472, 1938362, 131034, 131071),
    ("solve-lowerbound", 64): (7311258, 6068316, 1234617, 3548749, 8388617),
    ("solve-lowerbound", 1): (12768513, 10535970, 1716997, 131101, 131101),
    ("solve-buckets", 64): (6789024, 5624161, 1184616, 3789617, 8388602),
    ("solve-buckets", 1): (8176670, 6708087, 1079339, 131042, 131042),
    ("solve-etc", 64): (6195262, 5360956, 1106586, 3529635, 8388602),
    ("solve-etc", 1): (7272289, 6200226, 990026, 131042, 131042),
    ("solve-threats", 64): (5520886, 4766668, 953963, 3227125, 8388602),
    ("solve-threats", 1): (6357489, 5410513, 830841, 131042, 131042),
    ("solve-claimeven", 64): (3643055, 3346803, 661989, 2338265, 8388602),
    ("solve-claimeven", 1): (4049217, 3675882, 549660, 131042, 131042),
    ("solve-weights", 64): (3141645, 2953866, 584105, 2067785, 8388602),
    ("solve-weights", 1): (3421549, 3183079, 468933, 131042, 131042),
    ("solve-aspiration", 64): (2542119, 2402062, 368982, 1793865, 8388602),
    ("solve-aspiration", 1): (2792294, 2611613, 350472, 131042, 131042),
}
FIELDS = ("nodes", "table_probes", "table_hits", "table_entries", "table_slots")


def check_tables(prune, tally):
    for (config, megabytes), expected in TABLE_COUNTS.items():
        sizes = [[], ["--tt-mb", "64"]] if megabytes == 64 else [["--tt-mb", str(megabytes)]] * 2
        for size in sizes:
            [r] = solve_json(prune, "--config", config, "--moves", TABLE_MOVES, *size)
            got = tuple(r[f] for f in FIELDS)
            tally.record(r["score"] == -1 and got == expected,
                         f"tables: {config} {' '.join(size) or 'default'}", f"{r['score']} {got}")
    lines = subprocess.run([prune, "solve", "--help"], capture_output=True, text=True).stdout.splitlines()
    last = lines[-1].split()[0]
    tally.record(last == "solve-aspiration", "tables: the last step of --help is solve-aspiration", last)
    [r] = solve_json(prune, "--moves", TABLE_MOVES)
    tally.record(r["config"] == last and r["nodes"] == TABLE_COUNTS[(last, 64)][0],
                 "tables: no --config runs the last step (JSON)", f"{r['config']} {r['nodes']}")
    text = run(prune, "--moves", TABLE_MOVES, "--tt-mb", "1").stdout
    tally.record(f"config   {last}\n" in text and f"nodes    {TABLE_COUNTS[(last, 1)][0]}\n" in text,
                 "tables: no --config runs the last step (text, --tt-mb 1)", text.replace("\n", " | "))


def run_on_terminal(args):
    """Runs args with stderr on a pseudo-terminal; (status, stdout, what the terminal got)."""
    main, secondary = pty.openpty()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=secondary)
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed: the process is done with it
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    out = process.stdout.read()
    return process.wait(), out, seen.decode("ascii", "replace")


def check_progress(prune, tally):
    args = [prune, "solve", "connect4", "--config", "solve-minmax", "--moves", "", "--time-ms", "3500"]
    status, out, seen = run_on_terminal(args)
    reports = [r for r in seen.split("\r") if r.startswith("prune: solving, ")]
    tally.record(status == 2 and not out and reports, "progress on a terminal after 2 s",
                 f"status {status}, {len(reports)} reports, last {reports[-1] if reports else seen[:200]!r}")
    last = reports[-1] if reports else ""
    fields = all(word in last for word in (" nodes, ", " M nodes/s, ", " s, score in [-21, 21]"))
    tally.record(fields, "progress: nodes, rate, elapsed and the window", repr(last))
    tally.record(seen.endswith("\r\x1b[Kprune: solve stopped: it would exceed the time budget of 3500 ms "
                               "(raise --time-ms)\r\n"), "progress: erased before the closing line", repr(seen[-120:]))
    piped = subprocess.run(args, capture_output=True, text=True, timeout=60)
    tally.record(piped.returncode == 2 and piped.stderr.count("\n") == 1 and "solving" not in piped.stderr,
                 "progress: nothing when stderr is not a terminal", repr(piped.stderr[:200]))


def main():
    what, prune, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    tally = Tally()
    if what == "progress":
        check_progress(prune, tally)
    elif what == "tables":
        check_tables(prune, tally)
    else:
        {"bare": check_bare, "analyze": check_analyze, "budgets": check_budgets}[what](prune, rest[0], tally)
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main())
