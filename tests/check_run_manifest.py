#!/usr/bin/env python3
"""check_run_manifest.py REPO_ROOT: run.json's manifest proves a run whole.

scripts/run_manifest.py writes each file's sha256 into run.json; check()
accepts the run as written and names the first file changed, missing or not
listed; scripts/report.py refuses such a run (exit 2, one line on stderr)
and, since it rewrites REPORT.md and plotdata/ itself, ignores those.
Exits 1 with the first failed check.  Standard library only.
"""
import os
import shutil
import subprocess
import sys
import tempfile


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def write(directory, name, data):
    path = os.path.join(directory, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(data)


def refused(root, results, message):
    """report.py on results: refused with exactly message."""
    done = subprocess.run([sys.executable, os.path.join(root, "scripts", "report.py"), "--results", results],
                          capture_output=True, text=True)
    expect(done.returncode == 2 and done.stderr == message + "\n",
           f"report.py exited {done.returncode} saying {done.stderr!r}, not {message!r}")


def check(root):
    sys.path.insert(0, os.path.join(root, "scripts"))
    import run_manifest
    work = tempfile.mkdtemp(prefix="prune-manifest-")
    try:
        write(work, "studies.csv", 'study,best\nardri,"c3,c2"\n')
        write(work, "raw/ardri.json", '{"benchmarks": []}')
        write(work, "REPORT.md", "# prune\n")
        write(work, "logs/meson-ardri.log", "not part of the run\n")
        run_manifest.write(work, {"run": "0123456789ab-20261123T101500Z", "mode": "quick"})
        info = run_manifest.check(work)
        expect(sorted(info["manifest"]) == ["REPORT.md", "raw/ardri.json", "studies.csv"],
               f"the manifest lists {sorted(info['manifest'])}")
        write(work, "REPORT.md", "# prune, rewritten by the report\n")
        run_manifest.check(work, inputs_only=True)
        for change, message in (
                (lambda: write(work, "studies.csv", "study,best\nardri,c3c2\n"),
                 "studies.csv differs from run.json's manifest: not of run 0123456789ab-20261123T101500Z"),
                (lambda: os.unlink(os.path.join(work, "studies.csv")),
                 "studies.csv is missing (run.json's manifest lists it)"),
                (lambda: write(work, "raw/scala.json", "{}"),
                 "raw/scala.json is not in run.json's manifest: not of run 0123456789ab-20261123T101500Z")):
            change()
            refused(root, work, "report.py: " + message)
            write(work, "studies.csv", 'study,best\nardri,"c3,c2"\n')
            if os.path.exists(os.path.join(work, "raw/scala.json")):
                os.unlink(os.path.join(work, "raw/scala.json"))
        run_manifest.check(work, inputs_only=True)
    finally:
        shutil.rmtree(work)
    print("run manifest: written, checked, a changed, missing or foreign file refused by the report: ok")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: check_run_manifest.py REPO_ROOT", file=sys.stderr)
        sys.exit(2)
    try:
        check(sys.argv[1])
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
