#!/usr/bin/env python3
"""check_run_id.py REPO_ROOT: scripts/run_id.py stamps every kind of result
file so its readers still read it, and scripts/report.py refuses files of
different runs (exit 2, one line on stderr).  Exits 1 with the first failed
check.  Standard library only.
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

A = "0123456789ab-20261123T101500Z"
B = "0123456789ab-dirty-20261123T101501Z"


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def write(directory, name, data):
    path = os.path.join(directory, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def sample(directory, stub):
    write(directory, "run.json", '{"mode": "quick"}')
    write(directory, "raw/ardri.json", '{"context": {}, "benchmarks": []}')
    write(directory, "peer_minimaxer.jsonl", '{"config": "tree-ab"}\n{"config": "tree-optimal"}\n')
    write(directory, "studies.csv", 'study,best\nardri,"c3,c2"\n')
    write(directory, "plotdata/speedup_ardri.csv", "label,measured\nab,3\n")
    write(directory, "hyperfine/ardri.md", "| Command | Mean |\n")
    # The report pastes in hyperfine/*.md: their id line must not pass for its own.
    write(directory, "REPORT.md", f"# prune\n\n| Command | Mean |\n\n<!-- run: {B} -->\n")
    write(directory, "hyperfine/skipped.txt", "scala: too slow\n")
    write(directory, "plots/a.svg", '<?xml version="1.0"?>\n<svg/>\n')
    write(directory, "plots/a.png", stub.png(2, 2))


def check(root):
    sys.path[:0] = [os.path.join(root, "scripts"), os.path.join(root, "tests")]
    import run_id
    import reproduce_stub
    work = tempfile.mkdtemp(prefix="prune-run-id-")
    try:
        sample(work, reproduce_stub)
        run_id.stamp(work, A)
        expect({run_id.read(os.path.join(work, n)) for n in run_id.files(work)} == {A}, "a file lost its id")
        with open(os.path.join(work, "studies.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
        expect(rows == [{"study": "ardri", "best": "c3,c2", "run_id": A}], f"studies.csv reads as {rows}")
        with open(os.path.join(work, "plotdata/speedup_ardri.csv")) as f:
            expect(f.read() == f"label,measured\nab,3\n# run: {A}\n", "plotdata is not gnuplot's CSV")
        with open(os.path.join(work, "REPORT.md")) as f:
            expect(f.read().endswith(f"\n\nRun id: `{A}` (every result file of this run carries it).\n"),
                   "REPORT.md has no line naming its run")
        with open(os.path.join(work, "raw/ardri.json")) as f:
            expect(json.load(f)["benchmarks"] == [], "the JSON lost its content")
        before = {n: open(os.path.join(work, n), "rb").read() for n in run_id.files(work)}
        run_id.stamp(work, A)
        expect(before == {n: open(os.path.join(work, n), "rb").read() for n in run_id.files(work)},
               "a second stamp with the same id changed a file")
        expect(run_id.check(work) == A, "check does not name the run")
        refused(root, work, None)

        other = tempfile.mkdtemp(prefix="prune-run-id-")
        sample(other, reproduce_stub)
        run_id.stamp(other, B)
        shutil.copy(os.path.join(other, "raw/ardri.json"), os.path.join(work, "raw/ardri.json"))
        refused(root, work, f"report.py: raw/ardri.json is of run {B}, run.json is of run {A}: "
                            "files of different runs")
        try:
            run_id.stamp(work, A)
            expect(False, "stamp accepted a file of another run")
        except run_id.RunIdError as e:
            expect(str(e) == f"raw/ardri.json is of run {B}, not {A}", f"stamp said {e}")
        write(work, "raw/ardri.json", '{"context": {}}')
        refused(root, work, f"report.py: raw/ardri.json has no run id, run.json is of run {A}: "
                            "files of different runs")
        shutil.rmtree(other)
    finally:
        shutil.rmtree(work)
    print("run_id: every kind stamped and read back, readers unaffected, report refuses mixed runs: ok")


def refused(root, results, message):
    """report.py on results: refused with exactly message, or (None) past the check."""
    process = subprocess.run([sys.executable, os.path.join(root, "scripts", "report.py"), "--results", results],
                             capture_output=True, text=True)
    if message is None:
        expect("files of different runs" not in process.stderr, f"report.py refused one run: {process.stderr}")
        return
    expect(process.returncode == 2 and process.stderr == message + "\n",
           f"report.py exited {process.returncode} saying {process.stderr!r}, not {message!r}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: check_run_id.py REPO_ROOT", file=sys.stderr)
        sys.exit(2)
    try:
        check(sys.argv[1])
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
