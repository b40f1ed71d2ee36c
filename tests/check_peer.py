#!/usr/bin/env python3
"""check_peer.py: a peer's compare.py (peers/NAME/compare.py) keeps its
contract, and its counts agree with prune's.

usage: check_peer.py NAME PRUNE

1. Without a checkout (its variable removed from the environment), compare.py
   prints exactly one line, starting `skipped:`, exits 77 and writes no CSV.
2. With the checkout variable set, the peer is built and run once, counts
   only (--pairs 0): every node count prune prints must be the published
   one (tafl-rust: 2,813,265 at depth 8 from the start, and the peer's
   equal to prune's on the whole line), or, where the counts differ by
   design (fhourstones), both must solve every position to agreeing
   scores; ttt-python: both programs choose square 0 on the empty board,
   with 549,946 positions for minimax and 18,297 for alpha-beta (docs/ttt.md,
   the root counted on both sides); c4: --quick's position, strong and weak
   (--mode both) at 1 thread and the cores (--threads), scores agreeing, and
   --quick alone strong on one thread; edax: --quick solves the FFO suite's
   positions 1 to 19, each to the file's best score with one of its best
   moves, position 1 with g8 for +18.  Without the variable the test is
   skipped (77).  c4's plan of work (its --long rows, compare.plan) is
   checked before, checkout or not.
Step 1 also runs it with --long (what reproduce.sh --long passes to every
peer: still one `skipped:` line), and the peers whose long variant is the
empty board must refuse --quick --long with exit 2.
Pons' solver has its own test, check_pons_peer.py (every tag, strong and
weak); here it gets step 1 only.
"""
import csv
import importlib.util
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SKIPPED = 77
# The variable naming each peer's checkout, and the ones that would fetch
# it without one.
CHECKOUT = {"pons": "PRUNE_PONS_CHECKOUT", "tafl-rust": "PRUNE_TAFL_CHECKOUT",
            "fhourstones": "PRUNE_FHOURSTONES_CHECKOUT", "ttt-python": "PRUNE_TTT_PYTHON_CHECKOUT",
            "c4": "PRUNE_C4_CHECKOUT", "edax": "PRUNE_EDAX_CHECKOUT"}
FETCH = ["PRUNE_PONS_FETCH"]
# The peers whose --long solves the empty board (peers/README.md).
EMPTY_BOARD_LONG = {"pons", "fhourstones", "c4"}
# Node counts published by the posts (docs/ardri.md): alpha-beta at depth 8.
TAFL_COUNTS = {"P0": 2813265, "P1": 1286582, "P2": 1263869, "P3": 2989600, "P4": 9128178}
# docs/ttt.md: the empty board searched to the end, the root counted; X
# plays square 0.
TTT_COUNTS = {"minimax": 549946, "alphabeta": 18297}
TTT_SQUARE = "0"


def fail(message):
    print(f"check_peer.py: FAIL: {message}")
    return 1


def compare(name, prune, arguments, environment):
    """(exit status, stdout, CSV rows or None) of peers/NAME/compare.py."""
    with tempfile.TemporaryDirectory() as tmp:
        output = os.path.join(tmp, "out.csv")
        done = subprocess.run([sys.executable, os.path.join(ROOT, "peers", name, "compare.py"), prune,
                               *arguments, "-o", output], capture_output=True, text=True, env=environment)
        rows = None
        if os.path.exists(output):
            with open(output, newline="") as f:
                rows = list(csv.DictReader(f))
        if done.returncode not in (0, SKIPPED):
            print(done.stdout + done.stderr, end="")
        return done.returncode, done.stdout, rows


def check_absent(name, prune):
    environment = {k: v for k, v in os.environ.items() if k not in [CHECKOUT[name]] + FETCH}
    status, out, rows = compare(name, prune, ["--quick"], environment)
    lines = out.splitlines()
    if status != SKIPPED:
        return fail(f"{name} without a checkout exited {status}, not 77")
    if len(lines) != 1 or not lines[0].startswith("skipped: "):
        return fail(f"{name} without a checkout printed {lines!r}, not one 'skipped:' line")
    if rows is not None:
        return fail(f"{name} without a checkout wrote a CSV")
    status, out, rows = compare(name, prune, ["--long"], environment)
    if status != SKIPPED or len(out.splitlines()) != 1 or rows is not None:
        return fail(f"{name} --long without a checkout exited {status}, not 77 with one line and no CSV")
    if name in EMPTY_BOARD_LONG:
        status, _, rows = compare(name, prune, ["--quick", "--long"], environment)
        if status != 2 or rows is not None:
            return fail(f"{name} --quick --long exited {status}, not 2 (--quick does not solve the empty board)")
    if name == "pons":
        done = subprocess.run([sys.executable, os.path.join(ROOT, "peers", name, "compare.py"), prune,
                               "--empty-board", "1", "--empty-modes", "strong,fast"],
                              capture_output=True, text=True, env=environment)
        want = "--empty-modes takes strong and weak, not 'fast'"
        if done.returncode != 2 or want not in done.stderr or done.stdout:
            return fail(f"pons --empty-modes strong,fast exited {done.returncode} with {done.stderr!r}, "
                        f"not 2 with '{want}'")
    return 0


def check_tafl(prune):
    status, _, rows = compare("tafl-rust", prune, ["--pairs", "0"], dict(os.environ))
    if status != 0 or rows is None:
        return fail(f"tafl-rust: compare.py exited {status}")
    counts = {r["position"]: (int(r["prune_nodes"]), int(r["peer_nodes"])) for r in rows}
    for label, expected in TAFL_COUNTS.items():
        if counts.get(label) != (expected, expected):
            return fail(f"tafl-rust {label}: (prune, tafl-rust) nodes {counts.get(label)}, expected {expected} for both")
    print(f"check_peer.py: tafl-rust: {len(TAFL_COUNTS)} positions at depth 8, every count equal and published")
    return 0


def check_fhourstones(prune):
    # The whole input (a win, a loss and a draw), scores only: about 30 s.
    status, _, rows = compare("fhourstones", prune, ["--pairs", "0"], dict(os.environ))
    if status != 0 or not rows:
        return fail(f"fhourstones: compare.py exited {status}")
    rows = [r for r in rows if r["plies"]]  # the positions, not their sum
    for r in rows:
        if int(r["prune_nodes"]) <= 0 or int(r["peer_nodes"]) <= 0:
            return fail(f"fhourstones {r['position']}: node counts {r['prune_nodes']}, {r['peer_nodes']}")
    print(f"check_peer.py: fhourstones: {len(rows)} positions, scores agree")
    return 0


def check_ttt(prune):
    status, _, rows = compare("ttt-python", prune, ["--pairs", "0"], dict(os.environ))
    if status != 0 or rows is None:
        return fail(f"ttt-python: compare.py exited {status}")
    found = {r["config"]: r for r in rows}
    for config, expected in TTT_COUNTS.items():
        row = found.get(config)
        if row is None:
            return fail(f"ttt-python: no row for {config}")
        counts = (int(row["prune_nodes"]), int(row["peer_nodes"]))
        if counts != (expected, expected):
            return fail(f"ttt-python {config}: (prune, Python) nodes {counts}, expected {expected} for both")
        if (row["prune_best"], row["peer_best"]) != (TTT_SQUARE, TTT_SQUARE):
            return fail(f"ttt-python {config}: (prune, Python) squares {row['prune_best']}, {row['peer_best']}, "
                        f"expected {TTT_SQUARE} for both")
    print(f"check_peer.py: ttt-python: {len(TTT_COUNTS)} searches, square {TTT_SQUARE} and every count equal "
          "and published")
    return 0


def check_c4(prune):
    # --quick's position, scores only: a few seconds.  With --mode both and --threads 1,CORES it
    # checks the weak solve and c4's threaded build too; alone it is strong on one thread.
    cores = os.cpu_count() or 1
    threads = sorted({1, cores})
    for extra, rows_wanted in ((["--mode", "both", "--threads", ",".join(map(str, threads))],
                                {(m, t) for m in ("strong", "weak") for t in threads}),
                               ([], {("strong", 1)})):
        status, _, rows = compare("c4", prune, ["--quick", "--pairs", "0"] + extra, dict(os.environ))
        if status != 0 or not rows:
            return fail(f"c4 {extra}: compare.py exited {status}")
        got = {(r["mode"], int(r["peer_threads"])) for r in rows}
        if got != rows_wanted:
            return fail(f"c4 --quick {' '.join(extra)}: rows {sorted(got)}, not {sorted(rows_wanted)}")
        for r in rows:
            if int(r["prune_nodes"]) <= 0 or int(r["peer_nodes"]) <= 0 or r["prune_score"] != r["peer_score"]:
                return fail(f"c4 {r['position']} {r['mode']}: scores {r['prune_score']}, {r['peer_score']}, "
                            f"nodes {r['prune_nodes']}, {r['peer_nodes']}")
        print(f"check_peer.py: c4 --quick {' '.join(extra)}: {len(rows)} solves, scores agree")
    return 0


# docs/othello.md: FFO position 1 (14 empty squares), Black to move: g8 wins by 18.
FFO_FIRST = ("g8", "18")


def check_edax(prune):
    status, _, rows = compare("edax", prune, ["--quick"], dict(os.environ))
    if status != 0 or not rows:
        return fail(f"edax: compare.py exited {status}")
    if [int(r["position"]) for r in rows] != list(range(1, 20)):
        return fail(f"edax --quick: positions {[r['position'] for r in rows]}, not 1 to 19")
    for r in rows:
        if r["agrees"] != "yes" or r["prune_value"] != r["ffo_score"] or r["prune_move"] not in r["ffo_moves"].split():
            return fail(f"edax #{r['position']}: prune {r['prune_move']} {r['prune_value']}, "
                        f"the file {r['ffo_moves']} {r['ffo_score']}")
    if (rows[0]["prune_move"], rows[0]["prune_value"]) != FFO_FIRST:
        return fail(f"edax #1: prune {rows[0]['prune_move']} {rows[0]['prune_value']}, not g8 +18")
    print(f"check_peer.py: edax: FFO positions 1 to 19, every score and move as the file gives them")
    return 0


def check_c4_plan(prune):
    """c4's work without running it (compare.plan, each row as (work, modes, terms, thread counts)): by
    default 444444 and 4444 on equal terms at 64 MiB, 4444 strong at the defaults, c4's six sets on equal
    terms; --long adds the empty board on equal terms at 64 MiB and 1 GiB and at the defaults; --mode and
    --setups narrow it."""
    spec = importlib.util.spec_from_file_location("c4_compare", os.path.join(ROOT, "peers", "c4", "compare.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    both, strong = (False, True), (False,)
    sets = [f"c4:{name}" for name, _ in module.C4_SETS]

    def default(modes, terms=None):
        return [("444444", modes, terms or ["equal-64"], [1]), ("4444", modes, terms or ["equal-64"], [1]),
                ("4444", strong, terms or ["defaults"], [1])] + [(s, modes, terms or ["equal-64"], [1]) for s in sets]
    cases = (
        ([], default(both)),
        (["--long"], default(both) + [("start", both, ["equal-64", "equal-1024"], [1]),
                                      ("start", both, ["defaults"], [1])]),
        (["--long", "--mode", "strong"], default(strong) + [("start", strong, ["equal-64", "equal-1024"], [1]),
                                                            ("start", strong, ["defaults"], [1])]),
        (["--setups", "equal-1024"], default(both, ["equal-1024"])),
        (["--quick"], [("444444", strong, ["equal-64"], [1])]),
        (["--sets", "opening_L3", "--position", ""], [("start", both, ["equal-64"], [1]),
                                                      ("c4:opening_L3", both, ["equal-64"], [1])]),
    )
    for arguments, want in cases:
        got = [(work.name(), modes, terms, counts)
               for work, modes, terms, counts in module.plan(module.parse([prune, "--threads", "1", *arguments]))]
        if got != want:
            return fail(f"c4 plan {' '.join(arguments)}: {got}, not {want}")
    print(f"check_peer.py: c4's plan holds for {len(cases)} variants")
    return 0


CHECK = {"c4": check_c4, "tafl-rust": check_tafl, "fhourstones": check_fhourstones, "ttt-python": check_ttt,
         "edax": check_edax}


def main(argv):
    if len(argv) != 2 or argv[0] not in CHECKOUT:
        print(f"usage: check_peer.py {{{','.join(CHECKOUT)}}} PRUNE", file=sys.stderr)
        return 2
    name, prune = argv
    if check_absent(name, prune) or (name == "c4" and check_c4_plan(prune)):
        return 1
    if name == "pons":
        print("check_peer.py: pons: the skipped path holds (its counts: check_pons_peer.py)")
        return 0
    if not os.environ.get(CHECKOUT[name]):
        print(f"skipped: {CHECKOUT[name]} is unset (the absent-checkout path passed)")
        return SKIPPED
    return CHECK[name](prune)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
