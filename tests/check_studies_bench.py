#!/usr/bin/env python3
"""studies_bench end to end on the tictactoe study, timing cut to the bone:
the scripted games are exactly the expected ones (same seeds, same
decisions, same node counts), the tidy CSV has one checked row per case
with the fields as columns, --list agrees with it, studies/timing.csv's
quick rule holds, every repetition runs interleaved (unless turned off)
and reaches the tidy CSV, bad options exit 2, and
peers/minimaxer/peer_ab.py refuses a depth that the listing lacks.

    check_studies_bench.py STUDIES_BENCH EXPECTED_GAMES_CSV PRUNE

(PRUNE, built with studies_bench, names the compiled games: `prune games`.)
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import studies  # noqa: E402


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=600)


def check(bench, expected_games, tmp):
    failures = []
    games, tidy, out = (os.path.join(tmp, name) for name in ("games.csv", "tidy.csv", "out.json"))
    result = run(bench, "--study", "tictactoe", "--repetitions", "1", "--min-time", "0.001", "--commit", "test",
                 "--games-out", games, "--tidy-out", tidy, f"--benchmark_out={out}", "--benchmark_out_format=json")
    if result.returncode != 0:
        return [f"studies_bench exited {result.returncode}: {result.stderr.strip()[-300:]}"]
    with open(games) as f, open(expected_games) as g:
        if f.read() != g.read():
            failures.append("the scripted games differ from " + expected_games)
    if os.stat(tidy).st_mode & 0o777 != 0o644:
        failures.append(f"tidy CSV mode {oct(os.stat(tidy).st_mode & 0o777)}, expected 0o644")
    with open(tidy, newline="") as f:
        rows = list(csv.DictReader(f))
    start = {(r["config"], r["state"]): r for r in rows if r["study"] == "tictactoe"}
    expected = {("minimax", "copy"): ("549946", "0", "0", "recursive"), ("alphabeta", "undo"): ("18297", "0", "0",
                                                                                               "recursive")}
    for key, (nodes, best, value, family) in expected.items():
        r = start.get(key)
        if not r or (r["nodes"], r["best"], r["value"], r["family"], r["status"]) != (nodes, best, value, family, "ok"):
            failures.append(f"tictactoe {key}: {r}")
    if sum(1 for r in rows if r["study"] == "tictactoe-rounds") != 48:
        failures.append(f"{sum(1 for r in rows if r['study'] == 'tictactoe-rounds')} round cases, expected 48")
    if any(r["status"] != "ok" for r in rows):
        failures.append("a case did not pass its checks")
    with open(out) as f:
        if json.load(f)["context"].get("prune_commit") != "test":
            failures.append("--commit is not recorded in the JSON context")
    # The rounds are cases only with --games-out (studies/studies_meta.csv's outputs).
    listing = run(bench, "--study", "tictactoe", "--games-out", games, "--list")
    if listing.returncode != 0:
        failures.append(f"--list exited {listing.returncode}: {listing.stderr.strip()[-300:]}")
    listed = [json.loads(line) for line in listing.stdout.splitlines()]
    if [c["name"] for c in listed] != [r["benchmark"] for r in rows]:
        failures.append("--list and --tidy-out list different cases")
    failures += check_interleaving(bench, tmp)
    failures += check_remeasure(bench, tmp)
    failures += check_timing(bench, tmp)
    failures += check_plans(bench, tmp)
    for bad in (["--repetitions", "0"], ["--min-time", "x"], ["--study", "nope"], ["--frobnicate", "1"]):
        result = run(bench, *bad, "--list")
        if result.returncode != 2 or len(result.stderr.strip().splitlines()) != 1:
            failures.append(f"{bad}: exit {result.returncode}, stderr {result.stderr!r}")
    return failures


def check_timing(bench, tmp):
    """studies/timing.csv: techniques keeps its start rows only in a quick
    run, every row otherwise, at most 3 repetitions; a bad row exits 2."""
    failures = []
    # The counts are the planner's (scripts/studies.py plan, from studies/studies.csv and timing.csv), so a
    # game's techniques rows change them without an edit here.
    # studies_bench skips, saying so, the cases of a game not compiled in (not in prune_games).
    compiled = run(PRUNE, "games").stdout.split()
    planned = [c for c in studies.plan() if c["study"] == "techniques" and c["game"] in compiled]
    for quick, expected in ((["--quick"], sum(1 for c in planned if c["quick"] == "yes")), ([], len(planned))):
        listing = run(bench, "--study", "techniques", "--list", *quick)
        cases = [json.loads(line) for line in listing.stdout.splitlines()]
        if listing.returncode != 0 or len(cases) != expected:
            failures.append(f"techniques {quick}: exit {listing.returncode}, {len(cases)} cases, expected {expected}")
        elif quick and any(c["moves"] for c in cases):
            failures.append("a quick run kept a techniques case away from the start")
    tidy = os.path.join(tmp, "ladder.csv")
    result = run(bench, "--study", "techniques", "--repetitions", "1", "--min-time", "0.001", "--tidy-out", tidy,
                 "--benchmark_filter=techniques/ttt/start/ladder-(tt|pvs)/")
    rows = {}
    if result.returncode == 0:
        with open(tidy, newline="") as f:
            rows = {r["config"]: r for r in csv.DictReader(f) if r["status"] == "ok"}
    # The ladder's counters: table probes, hits, table cutoffs, re-searches, beta cutoffs and the first
    # move's (those of `prune search ttt --depth 9 --json`: tests/check_counters.py pins ladder-tt's),
    # iterations, the last one's nodes.
    columns = ("nodes", "tt_probes", "tt_hits", "tt_cutoffs", "researches", "cutoffs", "first_move_cutoffs",
               "id_iterations", "last_iteration_nodes")
    for config, expected in (("ladder-tt", ("4565", "2763", "662", "542", "0", "1805", "1557", "1", "4565")),
                             ("ladder-pvs", ("7070", "2635", "1616", "699", "0", "2557", "2154", "9", "1399"))):
        got = tuple(rows[config][c] for c in columns) if config in rows else None
        if got != expected:
            failures.append(f"techniques ttt {config} counters {got}, expected {expected}")
    # timing.csv is the planner's to check (scripts/studies.py), not studies_bench's.
    bad = os.path.join(tmp, "timing.csv")
    with open(bad, "w") as f:
        f.write("study,repetitions,min_time,quick\ntechniques,3,0.05,sometimes\n")
    saved, studies.TIMING = studies.TIMING, bad
    try:
        studies.plan()
        failures.append("a bad timing row was planned")
    except studies.StudiesError as e:
        if "quick must be all or start" not in str(e):
            failures.append(f"a bad timing row: {e}")
    finally:
        studies.TIMING = saved
    return failures


# A case line of the plan (scripts/studies.py plan), and lines that are wrong
# in one way each, with the words studies_bench's one line must hold.
GOOD_CASE = ["ttt-x/ttt/start/minimax/copy/2", "ttt-x", "ttt", "start", "", "minimax", "2", "copy", "", "", "",
             "yes", "", "", "", ""]


def with_field(index, value):
    return "\t".join(GOOD_CASE[:index] + [value] + GOOD_CASE[index + 1:])


BAD_PLANS = [
    ("case\tstudy\n", "not a plan"),
    ("\t".join(GOOD_CASE[:-1]), "fewer fields"),
    ("\t".join(GOOD_CASE + ["x"]), "more fields"),
    (with_field(6, "0"), "depth '0'"),
    (with_field(6, "99"), "depth 99 is past ttt's"),
    (with_field(5, "nope"), "config 'nope' is not known"),
    (with_field(7, "both"), "state 'both'"),
    (with_field(11, "maybe"), "quick 'maybe'"),
    (with_field(12, "-1"), "nodes '-1'"),
    (with_field(10, "0"), "min_time '0'"),
    (with_field(8, "ttt-x/ttt/start/minimax/copy/3"), "a copy case has a twin"),
    (with_field(4, 'a"b'), "without quotes"),
    (with_field(4, "a\0b"), "NUL byte"),
    ("\t".join(GOOD_CASE) + "\n" + "\t".join(GOOD_CASE), "planned twice"),
    ("\t".join(GOOD_CASE[:7] + ["undo", "ttt-x/ttt/start/minimax/copy/9"] + GOOD_CASE[9:]),
     "is not an earlier case"),
]


def check_plans(bench, tmp):
    """A good plan of one case runs it; each bad plan exits 2 with one line naming the line and the fault."""
    failures = []
    path = os.path.join(tmp, "test.plan")
    header = "\t".join(studies.PLAN_COLUMNS)
    with open(path, "w") as f:
        f.write(header + "\n" + "\t".join(GOOD_CASE) + "\n")
    listing = run(bench, "--plan", path, "--list")
    cases = [json.loads(line) for line in listing.stdout.splitlines()] if listing.returncode == 0 else []
    if [(c["name"], c["study"], c["position"], c["depth"]) for c in cases] != \
            [("ttt-x/ttt/start/minimax/copy/2", "ttt-x", "start", 2)]:
        failures.append(f"a one-case plan: exit {listing.returncode}, {listing.stdout!r} {listing.stderr!r}")
    for text, words in BAD_PLANS:
        with open(path, "w") as f:
            f.write(text + "\n" if text.startswith("case\t") else header + "\n" + text + "\n")
        result = run(bench, "--plan", path, "--list")
        lines = result.stderr.strip().splitlines()
        if result.returncode != 2 or len(lines) != 1 or words not in lines[0]:
            failures.append(f"plan line {text!r}: exit {result.returncode}, stderr {result.stderr!r}, "
                            f"expected exit 2 and one line with {words!r}")
    return failures


def check_interleaving(bench, tmp):
    """Interleaved by default, off when the flag says false; each case's
    three repetitions reach gbench_to_csv's repetition_seconds."""
    failures = []
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "gbench_to_csv.py")
    for flags, want in (([], "random"), (["--benchmark_enable_random_interleaving=false"], "off")):
        cases, out, tidy = (os.path.join(tmp, f"scala-{want}.{ext}") for ext in ("csv", "json", "tidy"))
        result = run(bench, "--study", "scala", "--repetitions", "3", "--min-time", "0.001", "--tidy-out", cases,
                     f"--benchmark_out={out}", "--benchmark_out_format=json", *flags)
        if result.returncode != 0:
            failures.append(f"scala {flags}: exit {result.returncode}: {result.stderr.strip()[-300:]}")
            continue
        with open(out) as f:
            data = json.load(f)
        if data["context"].get("prune_interleaving") != want:
            failures.append(f"scala {flags}: prune_interleaving {data['context'].get('prune_interleaving')!r}, "
                            f"expected {want!r}")
        converted = run(sys.executable, script, cases, out, "-o", tidy + ".csv")
        if converted.returncode != 0:
            failures.append(f"gbench_to_csv: exit {converted.returncode}: {converted.stderr.strip()[-300:]}")
            continue
        with open(tidy + ".csv", newline="") as f:
            rows = list(csv.DictReader(f))
        if len(rows) != 6 or any(len(r["repetition_seconds"].split(";")) != 3 or r["interleaving"] != want
                                 for r in rows):
            failures.append(f"scala {flags}: expected 6 rows of 3 repetition times each, interleaving {want}: "
                            f"{[(r['repetition_seconds'], r['interleaving']) for r in rows]}")
    return failures


def check_remeasure(bench, tmp):
    """The driver's re-measurement: studies_bench with a --benchmark_filter of
    two escaped names (as scripts/reproduce.py writes it) times exactly those
    two, and gbench_to_csv puts their second figures in place of the first,
    marked remeasured, the other rows untouched and in order."""
    failures = []
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "gbench_to_csv.py")
    first = [os.path.join(tmp, f"scala-random.{ext}") for ext in ("csv", "json")]
    again = [os.path.join(tmp, f"scala.remeasure1.{ext}") for ext in ("csv", "json")]
    with open(first[0], newline="") as f:
        names = [r["benchmark"] for r in csv.DictReader(f) if r["status"] == "ok"]
    chosen = names[1:3]
    pattern = "|".join(re.sub(r"[][.()*+?{}|^$\\]", r"\\\g<0>", name) for name in chosen)
    result = run(bench, "--study", "scala", "--repetitions", "2", "--min-time", "0.001", "--tidy-out", again[0],
                 f"--benchmark_out={again[1]}", "--benchmark_out_format=json", f"--benchmark_filter=^({pattern})(/|$)")
    if result.returncode != 0:
        return [f"filtered scala: exit {result.returncode}: {result.stderr.strip()[-300:]}"]
    converted = run(sys.executable, script, *again, *first, "-o", os.path.join(tmp, "merged.csv"))
    if converted.returncode != 0:
        return [f"gbench_to_csv with a re-measurement: exit {converted.returncode}: {converted.stderr.strip()}"]
    with open(os.path.join(tmp, "merged.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    got = [(r["benchmark"], r["remeasured"], len(r["repetition_seconds"].split(";"))) for r in rows]
    want = [(name, "1" if name in chosen else "", 2 if name in chosen else 3) for name in names]
    if got != want:
        failures.append(f"re-measured rows: got {got}, expected {want}")
    return failures + check_carried(script, first, again, chosen, tmp)


def check_carried(script, first, again, chosen, tmp):
    """A re-measured row keeps the checks its first measurement passed (run alone, it has no copy-make
    twin to compare with), and a re-measurement whose nodes differ from the first's is an error."""
    with open(first[0], newline="") as f:
        rows = list(csv.DictReader(f))
    fields = list(rows[0])
    marked = os.path.join(tmp, "scala-marked.csv")
    with open(marked, "w", newline="") as f:   # the first run as if its copy check had passed
        writer = csv.DictWriter(f, fields)
        writer.writeheader()
        writer.writerows(dict(r, copy_checked="1") if r["benchmark"] in chosen else r for r in rows)
    shutil.copy(first[1], os.path.join(tmp, "scala-marked.json"))
    out = os.path.join(tmp, "carried.csv")
    done = run(sys.executable, script, *again, marked, os.path.join(tmp, "scala-marked.json"), "-o", out)
    failures = [] if done.returncode == 0 else [f"gbench_to_csv carrying checks: exit {done.returncode}"]
    if not failures:
        with open(out, newline="") as f:
            lost = [r["benchmark"] for r in csv.DictReader(f) if r["benchmark"] in chosen and r["copy_checked"] != "1"]
        if lost:
            failures.append(f"re-measured rows lost their first measurement's copy check: {lost}")
    with open(again[0], newline="") as f:
        rows = list(csv.DictReader(f))
    wrong = os.path.join(tmp, "scala.remeasure2.csv")
    with open(wrong, "w", newline="") as f:   # a re-measurement that visited other nodes
        writer = csv.DictWriter(f, list(rows[0]))
        writer.writeheader()
        writer.writerows(dict(r, nodes=str(int(r["nodes"]) + 1)) if r["nodes"] else r for r in rows)
    shutil.copy(again[1], os.path.join(tmp, "scala.remeasure2.json"))
    done = run(sys.executable, script, wrong, os.path.join(tmp, "scala.remeasure2.json"), *first, "-o", out)
    if done.returncode == 0 or "re-measured with" not in done.stderr:
        failures.append(f"a re-measurement with other nodes: exit {done.returncode}, stderr {done.stderr.strip()!r}")
    return failures


def check_peer_ab(bench):
    """peers/minimaxer/peer_ab.py reads the minimaxer study's searches from
    this listing: a depth the study lacks, or one that is no number, exits 2
    naming what there is, before any node process starts."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peers", "minimaxer", "peer_ab.py")
    failures = []
    for depths, needles in (("7", ("no 'tree-standard' search at depth 7 (configs tree-standard, tree-ab, ",
                                   "; depths 5, 6)")),
                            ("5,x", ("--depths takes whole numbers: '5,x'",))):
        result = run(sys.executable, script, bench, "--depths", depths, "-o", os.devnull)
        last = (result.stderr.strip().splitlines() or [""])[-1]
        if result.returncode != 2 or not all(needle in last for needle in needles):
            failures.append(f"peer_ab.py --depths {depths}: exit {result.returncode}, stderr {last!r}")
    return failures


PRUNE = None


def main():
    global PRUNE
    if len(sys.argv) != 4:
        print("usage: check_studies_bench.py STUDIES_BENCH EXPECTED_GAMES_CSV PRUNE", file=sys.stderr)
        return 2
    PRUNE = sys.argv[3]
    with tempfile.TemporaryDirectory() as tmp:
        failures = check(sys.argv[1], sys.argv[2], tmp) + check_peer_ab(sys.argv[1])
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
