#!/usr/bin/env python3
"""check_pairs.py REPO: every paired median and interval is recomputable
from the pairs on record (scripts/recompute_intervals.py).

- The committed results/: the recompute exits 0, and each CSV there with
  paired figures and no pairs file is reported `pairs not recorded` (the
  committed run of 17b53c4 predates the pairs files), each with a pairs
  file `all equal`; every CSV of results/apart/ with paired figures
  (measured once apart from any run, with its pairs) recomputes `all
  equal` (the FFO solves there, peer_edax.csv, time no pairs).
- A run made here: a peer's CSV and its pairs through peers/paired.py's
  finish (rows of 6, 12 and 3 pairs, a row of none, pons' own-timer pairs),
  the parallel study's rows and pairs (scripts/parallel_study.py), the
  Connect Four thread study's (scripts/connect4_threads.py, on a stand-in
  prune): every row recomputes equal.
- One pair time tampered with: exit 1, naming the file and the row; a pairs
  file naming a row the CSV lacks: exit 2, one line on stderr.
"""
import csv
import os
import stat
import subprocess
import sys
import tempfile

REPO = os.path.abspath(sys.argv[1])
SCRIPT = os.path.join(REPO, "scripts", "recompute_intervals.py")
sys.path.insert(0, os.path.join(REPO, "peers"))
sys.path.insert(0, os.path.join(REPO, "scripts"))
import paired  # noqa: E402
import parallel_study  # noqa: E402
import recompute_intervals  # noqa: E402

failures = []


def expect(label, ok, detail=""):
    if not ok:
        failures.append(f"{label}{': ' + detail if detail else ''}")


def recompute(directory):
    return subprocess.run([sys.executable, SCRIPT, directory], capture_output=True, text=True)


def committed():
    results = os.path.join(REPO, "results")
    done = recompute(results)
    expect("committed results: exit 0", done.returncode == 0, f"{done.returncode}: {done.stdout}{done.stderr}")
    lines = done.stdout.splitlines()
    timed = []
    for name in sorted(os.listdir(results)):
        if not name.endswith(".csv") or name.endswith(".pairs.csv"):
            continue
        header, _ = recompute_intervals.read_csv(os.path.join(results, name))
        if set(header) & set(recompute_intervals.TIMING_COLUMNS):
            timed.append(name)
            has_pairs = os.path.exists(os.path.join(results, name[:-len(".csv")] + ".pairs.csv"))
            want = f"{name}: " + ("" if has_pairs else "pairs not recorded")
            got = [line for line in lines if line.startswith(f"{name}: ")]
            expect(f"committed {name}", got and (got[0].endswith("all equal") if has_pairs else got[0] == want),
                   f"reported {got}")
    # The paired comparisons of the committed run, all without pairs today: listed, not hidden.
    for name in ("peer_c4.csv", "peer_pons.csv", "peer_tafl-rust.csv", "parallel.csv", "threads.csv", "peer_ab.csv"):
        expect(f"committed {name} has paired figures", name in timed)
    # results/apart/: measured once apart from any run, every file with its pairs, every row recomputed equal.
    apart = os.path.join(results, "apart")
    if os.path.isdir(apart):
        done = recompute(apart)
        # every CSV there with paired figures (a speedup column); peer_edax.csv's solves are not paired
        names = [n for n in sorted(os.listdir(apart)) if n.endswith(".csv") and not n.endswith(".pairs.csv")
                 and "speedup_median" in open(os.path.join(apart, n), encoding="utf-8").read()]
        expect("results/apart: exit 0, every file recomputed equal", done.returncode == 0 and names and all(
            any(line.startswith(f"{n}: ") and line.endswith("all equal") for line in done.stdout.splitlines())
            for n in names), f"{done.returncode}: {done.stdout}{done.stderr}")
        timed += [f"apart/{n}" for n in names]
    return len(timed)


def peer_run(directory):
    """A peer's CSV and pairs through paired.finish, as a compare.py writes them."""
    def times(ratios, base=0.5):
        return [(base + i * 0.01, (base + i * 0.01) * r) for i, r in enumerate(ratios)]
    pairs = [times([1.9, 2.1, 2.0, 2.4, 1.7, 2.2]),
             times([7.3, 7.1, 7.4, 7.2, 7.0, 7.5, 7.35, 7.25, 7.05, 7.45, 7.15, 7.3]),
             times([1.5, 1.6, 1.4]),
             []]
    search = [times([1.55, 1.5, 1.6, 1.45, 1.52, 1.58], 0.003), None, [], None]
    columns = ["position", "search_speedup_median", "search_speedup_lo", "search_speedup_hi"] + paired.TIMING_COLUMNS
    rows = []
    for number, (found, own) in enumerate(zip(pairs, search)):
        cells = paired.timing_cells(own) if own else ["", "", "", "", "", "", ""]
        rows.append([f"P{number}"] + cells[3:6] + paired.timing_cells(found))
    output = os.path.join(directory, "peer_test.csv")
    status = paired.finish(output, columns, rows, False, pairs=pairs, search_pairs=search)
    expect("paired.finish: status", status == paired.OK)
    expect("paired.finish: the pairs file", os.path.exists(os.path.join(directory, "peer_test.pairs.csv")))
    with open(os.path.join(directory, "peer_test.pairs.csv"), newline="", encoding="utf-8") as f:
        lines = list(csv.reader(f))
    expect("pairs file header", lines[0] == paired.PAIRS_COLUMNS + paired.SEARCH_PAIRS_COLUMNS, str(lines[0]))
    expect("pairs file: one line a pair", len(lines) - 1 == sum(len(p) for p in pairs), str(len(lines) - 1))
    expect("pairs file: first alternates", [line[2] for line in lines[1:4]] == ["prune", "peer", "prune"],
           str(lines[1:4]))
    # A plain peer, no own timers: the columns of the interface.
    output = os.path.join(directory, "peer_plain.csv")
    paired.finish(output, ["position"] + paired.TIMING_COLUMNS,
                  [[f"P{n}"] + paired.timing_cells(p) for n, p in enumerate(pairs)], True, pairs=pairs)
    with open(os.path.join(directory, "peer_plain.pairs.csv"), newline="", encoding="utf-8") as f:
        header = next(csv.reader(f))
    expect("plain pairs header", header == ["row", "pair", "first", "prune_s", "peer_s"], str(header))
    return len([p for p in pairs if p])


def parallel_run(directory):
    """The parallel study's rows and pairs from made-up runs."""
    row = {"game": "ttt", "moves": "", "config": "ladder-pvs", "depth": 9}
    one = [{"seconds": 0.010 + 0.001 * i, "nodes": 7000 + i, "value": 0, "first": "one"} for i in range(10)]
    runs = {smp: [(o, {"seconds": o["seconds"] / (1.3 + 0.03 * ((i * k) % 7)), "nodes": 7600 + i, "value": 0})
                  for i, o in enumerate(one)] for k, smp in ((3, "lazy"), (5, "abdada"))}
    at_once = [(o, [{"seconds": 0.011, "nodes": 7000 + 300 * ((i * 3) % 5), "value": 0}] * 2)
               for i, o in enumerate(one)]
    rows, pairs = [], []
    for smp in runs:
        pairs += parallel_study.pair_rows(len(rows) + 1 + list(runs).index(smp), runs[smp], at_once)
    rows += parallel_study.csv_rows(row, 2, runs, at_once, "test CPU")
    out = os.path.join(directory, "parallel.csv")
    paired.write_csv_atomically(paired.pairs_path(out), parallel_study.PAIRS_COLUMNS, pairs)
    paired.write_csv_atomically(out, parallel_study.COLUMNS, rows)
    return len(rows)


def threads_run(directory):
    """scripts/connect4_threads.py on a stand-in prune whose times vary from run to run."""
    fake = os.path.join(directory, "fake-prune")
    with open(fake, "w", encoding="utf-8") as f:
        f.write("#!/usr/bin/env python3\nimport json, sys, time\nthreads = int(sys.argv[sys.argv.index('--threads') + 1])\n"
                "t = (time.perf_counter_ns() % 997) / 1e5 + 1.0 / threads\n"
                "print(json.dumps({'seconds': t, 'nodes': 1000 * threads, 'score': 1, 'config': 'solve-aspiration'}))\n")
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
    out = os.path.join(directory, "threads.csv")
    done = subprocess.run([sys.executable, os.path.join(REPO, "scripts", "connect4_threads.py"), "--prune", fake,
                           "--variant", "full", "--out", out], capture_output=True, text=True)
    expect("connect4_threads.py on a stand-in: exit 0", done.returncode == 0, done.stderr.strip())
    with open(out, newline="", encoding="utf-8") as f:
        return sum(1 for row in csv.DictReader(f) if int(row["threads"]) > 1)


def made_here():
    with tempfile.TemporaryDirectory(prefix="prune-pairs-") as directory:
        peer_rows = peer_run(directory)
        parallel_rows = parallel_run(directory)
        threads_rows = threads_run(directory)
        done = recompute(directory)
        expect("made here: exit 0", done.returncode == 0, done.stdout + done.stderr)
        for name, rows in (("peer_test.csv", peer_rows), ("peer_plain.csv", peer_rows),
                           ("parallel.csv", parallel_rows), ("threads.csv", threads_rows)):
            want = f"{name}: {rows} row{'s' if rows != 1 else ''} recomputed, all equal"
            expect(f"made here: {name}", want in done.stdout.splitlines(), f"wanted '{want}' in {done.stdout!r}")
        expect("made here: threads.csv has rows on threads", threads_rows > 0 or (os.cpu_count() or 1) == 1)

        # Tamper: the first pair of row 2 (P1) made the slowest peer by far; its interval moves.
        path = os.path.join(directory, "peer_test.pairs.csv")
        with open(path, newline="", encoding="utf-8") as f:
            lines = list(csv.reader(f))
        target = next(i for i, line in enumerate(lines) if line[:2] == ["2", "0"])
        lines[target][4] = repr(float(lines[target][4]) * 3)
        with open(path, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\n").writerows(lines)
        done = recompute(directory)
        expect("tampered: exit 1", done.returncode == 1, f"{done.returncode}: {done.stdout}{done.stderr}")
        named = [line for line in done.stdout.splitlines() if line.startswith("peer_test.csv: row 2 (position P1)")]
        expect("tampered: the row named", bool(named), done.stdout)
        expect("tampered: the other files still equal",
               "peer_plain.csv: 3 rows recomputed, all equal" in done.stdout.splitlines(), done.stdout)

        # Bad input: a pair of a row the CSV does not have.
        lines.append(["9", "0", "prune", "1.0", "2.0", "", ""])
        with open(path, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\n").writerows(lines)
        done = recompute(directory)
        expect("bad input: exit 2, one line on stderr",
               done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and "row 9" in done.stderr,
               f"{done.returncode}: {done.stderr!r}")


def main():
    timed = committed()
    made_here()
    for failure in failures:
        print("FAIL:", failure)
    print(f"check_pairs.py: {timed} committed CSVs with paired figures reported; a run made here recomputed, "
          f"tampered and refused; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
