"""The noise gate (scripts/noise.py) on synthetic runs, then beside a CPU hog.

    check_noise.py REPO_ROOT PRUNE

Synthetic run directories: a quiet one exits 0; the issue's noisy run (149
of 252 rows above 5% CV, load 1.52) exits 3 with its exact line; states
showing others' CPU time, during the run or at the start, exit 3; malformed
input exits 2.  Then a real run: two busy loops (3 s, not children of this
process, so their CPU time is not the run's own) beside a few timed `prune
search` repetitions bracketed by `noise.py state`: the gate must say that
other processes used CPU time during the run, whatever the load average
(it lags: it has barely moved after 3 s).  Last, the README's results
block (scripts/report.py): refused from a noisy run (exit 2, README
untouched), written and marked "noisy" from one kept marked noisy
(run.json "allow_noisy"), written unmarked from a quiet one.  The probe
(noise.py probe, the run's first seconds): advise() on stand-in results
(quiet, rows above the limit, others busy), and the probe itself beside
the two busy loops must see other processes' CPU time and advise a noisy
run.  And the committed run rendered as a
noisy one: its pons times and rates and its fixed-time Elo, formatted
outside common's marking helpers, carry the mark.
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT, PRUNE = sys.argv[1], sys.argv[2]
NOISE = os.path.join(ROOT, "scripts", "noise.py")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from measure_stats import spread  # noqa: E402

HOG_SECONDS = 3
failures = []


def write_run(directory, cvs, run=None, extra_csv=None):
    os.makedirs(directory)
    with open(os.path.join(directory, "studies.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["study", "status", "seconds_per_op", "cv", "repetitions"])
        for i, cv in enumerate(cvs):
            w.writerow([f"s{i}", "ok", "0.01", cv, 5])
        w.writerow(["skipped-study", "skipped", "", "", ""])
    if run is not None:
        with open(os.path.join(directory, "run.json"), "w") as f:
            f.write(run if isinstance(run, str) else json.dumps(run))
    if extra_csv:
        with open(os.path.join(directory, "extra.csv"), "w") as f:
            f.write(extra_csv)
    return directory


def gate(directory, *flags):
    r = subprocess.run([sys.executable, NOISE, "gate", directory, *flags], capture_output=True, text=True,
                       timeout=30)
    return r.returncode, r.stderr.strip()


def expect(name, got, status, message=None):
    if got[0] != status or (message is not None and got[1] != message):
        failures.append(f"{name}: exit {got[0]} {got[1]!r}, expected {status} {message!r}")


def state(load=0.1, now=0.0, t=0.0, busy=0.0, own=0.0, pid=1):
    return {"load": [load, load, load], "others_now": now, "monotonic": t, "cpu_busy_s": busy,
            "caller_cpu_s": own, "caller_pid": pid}


def synthetic(tmp):
    quiet_cvs = [0.006] * 243 + [0.08] * 9          # the quiet rerun: 9 of 252 above 5%
    expect("quiet", gate(write_run(os.path.join(tmp, "quiet"), quiet_cvs,
                                   {"state_before": state(2.46), "state_after": state(1.0, t=100, busy=110,
                                                                                      own=100)})), 0, "")
    noisy_cvs = [0.061] * 149 + [0.01] * 103
    noisy = write_run(os.path.join(tmp, "noisy"), noisy_cvs, {"load_before": "1.52 1.56 1.55"})
    expect("noisy cv", gate(noisy), 3,
           "noisy: 149 of 252 timed rows have a coefficient of variation above 5%; load 1.52 at the start")
    expect("noisy cv kept", gate(noisy, "--kept"), 3,
           "noisy: 149 of 252 timed rows have a coefficient of variation above 5%; load 1.52 at the start "
           "(kept, marked noisy)")
    # 26 of 252 is just above a tenth; 25 is not.
    expect("threshold above", gate(write_run(os.path.join(tmp, "t26"), [0.051] * 26 + [0.0] * 226)), 3,
           "noisy: 26 of 252 timed rows have a coefficient of variation above 5%")
    expect("threshold at", gate(write_run(os.path.join(tmp, "t25"), [0.051] * 25 + [0.0] * 227)), 0, "")
    busy = {"state_before": state(0.2), "state_after": state(0.3, t=100, busy=250, own=100)}
    expect("busy during", gate(write_run(os.path.join(tmp, "busy"), quiet_cvs, busy)), 3,
           "noisy: other processes used 1.50 CPUs on average during the run; load 0.20 at the start")
    start = {"state_before": state(0.05, now=0.9), "state_after": state(0.3, t=100, busy=100, own=100)}
    expect("busy start", gate(write_run(os.path.join(tmp, "start"), quiet_cvs, start)), 3,
           "noisy: other processes kept 0.90 CPUs busy at the start; load 0.05 at the start")
    # Another caller's states say nothing of this run's own time: not judged.
    other = {"state_before": state(), "state_after": state(t=100, busy=250, own=100, pid=2)}
    expect("other caller", gate(write_run(os.path.join(tmp, "other"), quiet_cvs, other)), 0, "")
    # A resumed run (scripts/run_progress.py) is judged sitting by sitting; the gap between two is not
    # the run's (another caller's states span it, and the top-level pair is not judged).
    first = {"state_before": state(0.2), "state_after": state(0.3, t=100, busy=100, own=100)}
    second = {"state_before": state(0.2, t=5000, busy=9000, pid=2),
              "state_after": state(0.3, t=5100, busy=9250, own=100, pid=2)}
    resumed = {"state_before": first["state_before"], "state_after": second["state_after"]}
    expect("resumed, busy in sitting 2", gate(write_run(os.path.join(tmp, "sittings"), quiet_cvs,
                                                        dict(resumed, sittings=[first, second]))), 3,
           "noisy: other processes used 1.50 CPUs on average during the run's sitting 2; load 0.20 at the start")
    second["state_after"] = state(0.3, t=5100, busy=9100, own=100, pid=2)
    expect("resumed, quiet", gate(write_run(os.path.join(tmp, "sittings-quiet"), quiet_cvs,
                                            dict(resumed, sittings=[first, second]))), 0, "")
    bad = [("no directory", os.path.join(tmp, "absent")),
           ("sittings not a list", write_run(os.path.join(tmp, "badsittings"), quiet_cvs, {"sittings": 3})),
           ("no timed rows", write_run(os.path.join(tmp, "empty"), [])),
           ("bad cv", write_run(os.path.join(tmp, "badcv"), ["x"])),
           ("negative cv", write_run(os.path.join(tmp, "negcv"), ["-0.1"])),
           ("bad json", write_run(os.path.join(tmp, "badjson"), quiet_cvs, "{")),
           ("state not an object", write_run(os.path.join(tmp, "badstate"), quiet_cvs, {"state_before": 3})),
           ("time backwards", write_run(os.path.join(tmp, "backwards"), quiet_cvs,
                                        {"state_before": state(t=5), "state_after": state(t=4)}))]
    os.remove(os.path.join(tmp, "empty", "studies.csv"))
    for name, directory in bad:
        status, message = gate(directory)
        if status != 2 or not message.startswith("noise.py: ") or "\n" in message:
            failures.append(f"{name}: exit {status} {message!r}, expected 2 and one 'noise.py: ' line")
    for args in ([], ["gate"], ["gate", tmp, "--frobnicate"], ["status"]):
        r = subprocess.run([sys.executable, NOISE, *args], capture_output=True, text=True, timeout=30)
        if r.returncode != 2 or not r.stderr.startswith("usage: "):
            failures.append(f"noise.py {args}: exit {r.returncode} {r.stderr!r}, expected 2 and the usage")


def noise_state():
    r = subprocess.run([sys.executable, NOISE, "state"], capture_output=True, text=True, timeout=30, check=True)
    found = json.loads(r.stdout)
    for key in ("cpu", "cores", "load", "cpu_busy_s", "caller_cpu_s", "caller_pid", "others_now"):
        if key not in found:
            failures.append(f"noise.py state: no {key}")
    if found.get("caller_pid") != os.getpid():
        failures.append(f"noise.py state: caller_pid {found.get('caller_pid')}, expected {os.getpid()}")
    return found


def start_hogs():
    """Two busy loops of HOG_SECONDS, orphaned at once (sh exits): their CPU
    time never counts as this process's children's.  Returns their pids."""
    loop = f"import time\nend = time.monotonic() + {HOG_SECONDS}\nwhile time.monotonic() < end: pass\n"
    r = subprocess.run(["sh", "-c", f'for i in 1 2; do "$0" -c "$1" </dev/null >/dev/null 2>&1 & echo $!; done',
                        sys.executable, loop], capture_output=True, text=True, timeout=30, check=True)
    return [int(pid) for pid in r.stdout.split()]


def stop_hogs(pids):
    for pid in pids:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass


def hog(tmp):
    run_dir = os.path.join(tmp, "hog")
    os.makedirs(run_dir)
    before = noise_state()
    pids = start_hogs()
    try:
        times, deadline = [], time.monotonic() + HOG_SECONDS
        while time.monotonic() < deadline or len(times) < 3:
            t0 = time.perf_counter()
            subprocess.run([PRUNE, "search", "ttt", "--config", "alphabeta", "--depth", "9"], check=True,
                           capture_output=True, timeout=60)
            times.append(time.perf_counter() - t0)
        after = noise_state()
    finally:
        stop_hogs(pids)
    with open(os.path.join(run_dir, "studies.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["study", "status", "seconds_per_op", "cv", "repetitions"])
        w.writerow(["ttt", "ok", sorted(times)[len(times) // 2], spread(times), len(times)])
    with open(os.path.join(run_dir, "run.json"), "w") as f:
        json.dump({"state_before": before, "state_after": after}, f)
    status, message = gate(run_dir)
    if status != 3 or "CPUs on average during the run" not in message:
        failures.append(f"hog: exit {status} {message!r}, expected 3 and others' CPU time during the run")
    print(f"hog: {len(times)} searches; gate: {message}")


def advice():
    """noise.advise on stand-in probe results: the verdict and the first words of what it says."""
    import noise
    quiet = {"rows": 16, "noisy_rows": 1, "others": 0.02, "steal": 0.0, "seconds": 3.1}
    for name, result, want in (("quiet", quiet, False), ("rows", dict(quiet, noisy_rows=2), True),
                               ("others", dict(quiet, others=0.3), True), ("steal", dict(quiet, steal=0.3), True)):
        noisy, lines = noise.advise(result)
        said = "\n".join(lines)
        if noisy != want or (f"{result['noisy_rows']} of 16 stand-in rows" not in lines[0]) \
                or (want and ("--quick" not in said or "--strict" not in said)) \
                or (not want and "looks quiet" not in said):
            failures.append(f"advise({name}): {noisy}, {lines!r}")
    said = "\n".join(noise.advise(dict(quiet, noisy_rows=9), quick=True)[1])
    if "--quick" in said or "--strict" in said or "stop other work" not in said:
        failures.append(f"advise(quick=True) names --quick or --strict, or no remedy: {said!r}")


def probe_beside_hogs():
    """noise.py probe while two busy loops run on this 2-core machine's cores."""
    pids = start_hogs()
    try:
        done = subprocess.run([sys.executable, NOISE, "probe"], capture_output=True, text=True, timeout=60)
    finally:
        stop_hogs(pids)
    found = json.loads(done.stdout) if done.returncode == 0 else {}
    import noise
    if set(found) != {"rows", "noisy_rows", "others", "steal", "seconds"} or found["rows"] != noise.PROBE_ROWS \
            or found["others"] + found["steal"] <= noise.OTHERS_LIMIT or not noise.advise(found)[0]:
        failures.append(f"probe beside two busy loops: exit {done.returncode}, {done.stdout!r} {done.stderr!r}: "
                        "expected others' CPUs above the limit and a noisy verdict")
    print(f"probe beside two busy loops: {found}")


def readme_block(tmp):
    """report.update_readme on three one-row runs; returns nothing, notes failures."""
    import report  # scripts/report.py
    from gbench_to_csv import COLUMNS
    from reporting import common
    from reporting.results import Results
    from reporting.readme import BEGIN as start, END as end
    for name, cv, run, want in (("noisy", "0.2", {}, None), ("allowed", "0.2", {"allow_noisy": True}, "(noisy)"),
                                ("quiet", "0.01", {}, "passed the noise check (scripts/noise.py): 0 of 2 timed "
                                 "rows above 5% cv, after 0 were timed again.")):
        directory = os.path.join(tmp, "readme-" + name)
        os.makedirs(directory)
        with open(os.path.join(directory, "studies.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, COLUMNS)
            w.writeheader()
            # Rows as studies_bench writes them: `benchmark` is the case's key, on which the report joins.
            w.writerow({"benchmark": "doundo/minichess/start/negamax/copy/5",
                        "study": "doundo", "game": "minichess", "config": "negamax", "state": "copy", "depth": "5",
                        "status": "ok", "nodes": "51841", "seconds_per_op": "0.002", "cv": cv, "repetitions": "6",
                        "repetition_seconds": "0.002;0.002;0.002;0.002;0.002;0.002", "interleaving": "random"})
            w.writerow({"benchmark": "doundo/minichess/start/negamax/undo/5",
                        "study": "doundo", "game": "minichess", "config": "negamax", "state": "undo", "depth": "5",
                        "status": "ok", "nodes": "51841", "seconds_per_op": "0.001", "cv": cv, "repetitions": "6",
                        "repetition_seconds": "0.001;0.001;0.001;0.0008;0.001;0.0012", "interleaving": "random"})
        with open(os.path.join(directory, "run.json"), "w") as f:
            json.dump(run, f)
        readme = os.path.join(directory, "README.md")
        with open(readme, "w") as f:
            f.write(f"intro\n{start}\nold\n{end}\n")
        res = Results(directory, os.path.join(ROOT, "studies"))
        res.noisy = __import__("noise").assess(directory)
        common.NOISY_MARK = " (noisy)" if res.noisy else ""
        try:
            report.update_readme(readme, res, directory)
            status = 0
        except SystemExit as stop:
            status = stop.code
        with open(readme) as f:
            text = f.read()
        if want is None:
            if status != 2 or "\nold\n" not in text:
                failures.append(f"readme from a noisy run: exit {status}, expected 2 and the README untouched")
        elif status != 0 or want not in text or "2.00x (95% CI" not in text:
            failures.append(f"readme from the {name} run: exit {status}, block without {want!r} or the paired "
                            f"do-undo ratio 2.00x with its interval")
        elif name == "quiet" and "(noisy)" in text:
            failures.append("readme from the quiet run is marked noisy")


def noisy_report(tmp):
    """The committed run rendered as a noisy one (every row's cv raised): the
    measured figures that report.py formats outside common's helpers (the
    pons tables' times and rates, the fixed-time Elo) carry the mark too."""
    import run_manifest
    results = os.path.join(tmp, "noisy-results")
    shutil.copytree(os.path.join(ROOT, "results"), results, ignore=shutil.ignore_patterns("quick"))
    path = os.path.join(results, "studies.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, list(rows[0]))
        w.writeheader()
        w.writerows(dict(r, cv="0.5" if r["cv"] else "") for r in rows)
    # A match under a clock, whatever the run played: its figures must carry the mark.
    path = os.path.join(results, "strength.csv")
    with open(path, newline="", encoding="utf-8") as f:
        matches = list(csv.DictReader(f))
    clock = dict(matches[-1], limit="tc=100+1") if "=" in matches[-1]["limit"] else \
        dict(matches[-1], limit="time-ms", limit_value="10")
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, list(matches[0]))
        w.writeheader()
        w.writerows(matches + [clock])
    # As a busy machine's run records them: the probe, and re-timing left out.
    info = run_manifest.read(results)
    info.update(probe={"rows": 16, "noisy_rows": 9, "others": 1.1, "steal": 0.05, "seconds": 3.2},
                remeasured={"rounds": 0, "rows": 0, "limit": 25, "left": 252,
                            "skipped": "252 rows noisy, more than the 25 re-timed"})
    run_manifest.write(results, info)
    done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "report.py"), "--results", results,
                           "--plots-link", "plots"], capture_output=True, text=True)
    with open(os.path.join(results, "REPORT.md"), encoding="utf-8") as f:
        text = f.read()
    pons = [line.split(" | ") for line in text.splitlines() if line.startswith("| part ")]
    # The strength tables under a clock or a time a move ("### GAME, a clock of ..." / "..., 10 ms a
    # move"): their Elo and nElo cells.
    timed = []
    for block in text.split("\n### ")[1:]:
        heading, _, rest = block.partition("\n")
        if "a clock of" in heading or heading.endswith(" ms a move"):
            timed += [line.split(" | ")[2:4] for line in rest.splitlines() if line.startswith("| `")]
    unmarked = [cells[3] for cells in pons if not cells[3].endswith(("/ –", "(noisy)"))] + \
        [cells for cells in timed if not all(cell.endswith("(noisy)") or cell == "–" for cell in cells)]
    left = re.search(r"\| rows left noisy \| (\d+) \(([^)]*)\); not timed again: 252 rows noisy, more than the 25 "
                     r"re-timed; each row's cv is in studies.csv \|", text)
    timed_rows = sum(1 for r in rows if r["status"] == "ok" and r["cv"])
    if not left or int(left.group(1)) != timed_rows or "techniques " not in left.group(2) \
            or "| noise probe at the start | 9 of 16 stand-in rows above 5% cv; others kept 1.10 CPUs busy" not in text:
        failures.append(f"noisy report: no 'rows left noisy' fact of {timed_rows} rows, or no probe fact")
    if done.returncode != 0 or not pons or not timed or unmarked:
        failures.append(f"noisy report: exit {done.returncode}, {len(pons)} pons rows, {len(timed)} fixed-time "
                        f"rows, unmarked: {unmarked[:2]}")
    print(f"noisy report: {len(pons)} pons rows and {len(timed)} fixed-time rows marked")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        synthetic(tmp)
        readme_block(tmp)
        noisy_report(tmp)
        hog(tmp)
    advice()
    probe_beside_hogs()
    for failure in failures:
        print("FAIL", failure)
    if failures:
        sys.exit(1)
    print("noise gate: all checks passed")


if __name__ == "__main__":
    main()
