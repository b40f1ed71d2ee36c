#!/usr/bin/env python3
"""noise.py: whether a run's times can be quoted.  Standard library only.

    noise.py state                     one JSON object: the machine now
    noise.py probe                     one JSON object: what the next seconds' timings look like
    noise.py gate RUN_DIR [--kept]

`state` prints the machine now (measure_stats.machine_state(), the kernel's
CPU counters, the CPU seconds of its caller, itself and its reaped children,
and the share of the machine others keep busy over a short sample).  The
driver runs it directly (not through a shell, whose pid would be the caller)
before and after the timed steps, into run.json's "state_before" and
"state_after": between the two, the machine's busy time minus the caller's
own is the CPU time other processes took during the run.

`probe` (about 3 s) times PROBE_ROWS stand-in rows of PROBE_REPETITIONS
repetitions each, as the studies time theirs, and measures over the same
seconds the CPUs others keep busy (the hypervisor's steal apart): the
driver runs it first, before any install or build, and advise() turns it
into what to expect of the run's timed rows and what to do.  The stand-in
is stand_in(): seeded table reads and branches, as a search's work
is; its share of rows above ROW_CV_LIMIT estimates the share of the run's.

`gate` reads RUN_DIR's timed rows (every CSV directly in RUN_DIR with the
seconds_per_op and cv columns: studies.csv) and run.json's two states, and
exits 0 quiet, 3 noisy (one line on stderr says why; --kept adds that the
run is installed marked noisy), 2 bad input.

The gauges, their limits and why (the runs they were set from, why the load
average is reported but never judged): benchmarks/README.md, "Noise is
detected, not quoted".  scripts/report.py asks assess() too.
"""
import csv
import glob
import json
import os
import random
import statistics
import sys
import time

from measure_stats import machine_state
import run_manifest

QUIET, BAD_INPUT, NOISY = 0, 2, 3
ROW_CV_LIMIT = 0.05       # a timed row is noisy above this coefficient of variation
NOISY_ROW_SHARE = 0.10    # a run is noisy when more than this share of its timed rows is
OTHERS_LIMIT = 0.25       # CPUs other processes may keep busy on average (run, and the start sample)
SAMPLE_SECONDS = 0.5      # the start sample: long enough to see a busy loop, short enough to wait for
PROBE_ROWS = 16           # the probe's stand-in rows: a share of 1/16 resolves the 10% limit
PROBE_REPETITIONS = 10    # as the full run's rows (reproduce.py's MODES)
PROBE_REPETITION_S = 0.02 # about 3 s in all
STEAL_FIELD = 7

TICK = os.sysconf("SC_CLK_TCK")
# /proc/stat's cpu line: user nice system idle iowait irq softirq steal
# (guest time is already inside user).  Steal is time the hypervisor gave
# our CPUs to someone else: others' use too.
IDLE_FIELDS = (3, 4)
BUSY_FIELDS = (0, 1, 2, 5, 6, 7)


class BadInput(Exception):
    pass


def cpu_fields():
    """/proc/stat's cpu line, the eight fields above (0 where the kernel has fewer)."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return fields + [0] * (8 - len(fields))


def cpu_counters():
    """(busy, idle, steal) seconds of all CPUs since boot; busy includes steal."""
    fields = cpu_fields()
    return (sum(fields[i] for i in BUSY_FIELDS) / TICK, sum(fields[i] for i in IDLE_FIELDS) / TICK,
            fields[STEAL_FIELD] / TICK)


def process_cpu(pid):
    """CPU seconds of process `pid` and of the children it has reaped
    (utime, stime, cutime, cstime of /proc/PID/stat); None when unreadable."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            after_name = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # after_name[0] is field 3 (state); utime..cstime are fields 14..17.
    return sum(int(x) for x in after_name[11:15]) / TICK


def others_now(seconds=SAMPLE_SECONDS):
    """CPUs other processes keep busy over a short sample (this one sleeps)."""
    (busy0, _, _), wall0 = cpu_counters(), time.monotonic()
    time.sleep(seconds)
    return max(0.0, (cpu_counters()[0] - busy0) / (time.monotonic() - wall0))


def state():
    busy, idle, _ = cpu_counters()
    caller = os.getppid()
    return {**machine_state(), "time": time.time(), "monotonic": time.monotonic(), "cpu_busy_s": busy,
            "cpu_idle_s": idle, "caller_pid": caller, "caller_cpu_s": process_cpu(caller),
            "others_now": others_now()}


def stand_in(table, probes, passes):
    """The probe's repetition: table reads at fixed random places and a branch on each, interpreted, as a
    search is reads and branches.  (A C loop such as hashing ran with a spread of 1% on a VM whose
    benchmark rows had 6 to 24%; this loop's spread follows the rows': benchmarks/README.md.)"""
    total = 0
    for _ in range(passes):
        for place in probes:
            if table[place] & 1:
                total += place
            else:
                total -= 1
    return total


def probe():
    """{rows, noisy_rows, others, steal, seconds}: the stand-in rows' count,
    how many had a cv above ROW_CV_LIMIT, the CPUs others kept busy and the
    CPUs the hypervisor took, on average over the probe."""
    table = bytes(range(251)) * 4178              # about 1 MiB, every byte touched
    rng = random.Random(1)
    probes = [rng.randrange(len(table)) for _ in range(4096)]
    start = time.perf_counter()
    stand_in(table, probes, 4)   # calibration: how many passes a repetition takes
    passes = max(1, int(4 * PROBE_REPETITION_S / max(time.perf_counter() - start, 1e-9)))
    (busy0, _, steal0), own0, wall0 = cpu_counters(), time.process_time(), time.monotonic()
    noisy = 0
    for _ in range(PROBE_ROWS):
        times = []
        for _ in range(PROBE_REPETITIONS):
            t = time.perf_counter()
            stand_in(table, probes, passes)
            times.append(time.perf_counter() - t)
        noisy += statistics.stdev(times) / statistics.mean(times) > ROW_CV_LIMIT
    wall = time.monotonic() - wall0
    busy, _, steal = cpu_counters()
    busy, steal = busy - busy0, steal - steal0
    others = max(0.0, busy - steal - (time.process_time() - own0)) / wall
    return {"rows": PROBE_ROWS, "noisy_rows": noisy, "others": round(others, 3), "steal": round(steal / wall, 3),
            "seconds": round(wall, 2)}


def advise(result, quick=False):
    """(expect_noisy, lines): whether the run will likely be called noisy, and
    what to tell the user before it starts (a quick run: nothing of --quick
    or --strict, which it already is or ignores)."""
    share = result["noisy_rows"] / result["rows"]
    others = result["others"] + result["steal"]
    noisy = share > NOISY_ROW_SHARE or others > OTHERS_LIMIT
    lines = [f"{result['noisy_rows']} of {result['rows']} stand-in rows had a spread above {ROW_CV_LIMIT:.0%} "
             f"(the gate allows {NOISY_ROW_SHARE:.0%} of the timed rows); other processes kept "
             f"{result['others']:.2f} CPUs busy and the hypervisor took {result['steal']:.2f}"]
    if noisy:
        lines.append(f"expect about {share:.0%} of the timed rows to be noisy: this run will likely be "
                     "installed marked noisy (node counts and exactness checks count all the same)")
        lines.append("for times you can quote: stop other work and run again" + (
            "" if quick else "; for a first look: --quick (about 2 minutes); --strict refuses to install a noisy run"))
    else:
        lines.append("the machine looks quiet: expect a run the gate accepts")
    return noisy, lines


def others_during(before, after):
    """CPUs other processes kept busy on average between two states, or None
    when the states do not allow it (another caller, missing counters)."""
    keys = ("monotonic", "cpu_busy_s", "caller_cpu_s")
    numbers = all(isinstance(s.get(k), (int, float)) for s in (before, after) for k in keys)
    if not numbers or before.get("caller_pid") != after.get("caller_pid"):
        return None
    wall = after["monotonic"] - before["monotonic"]
    if wall <= 0:
        raise BadInput("run.json: state_after is not later than state_before")
    own = after["caller_cpu_s"] - before["caller_cpu_s"]
    return max(0.0, (after["cpu_busy_s"] - before["cpu_busy_s"] - own) / wall)


def read_rows(run_dir):
    """The CV of every timed row of RUN_DIR's tidy CSV files; rows with one
    repetition have no CV and are left out.  Raises BadInput."""
    if not os.path.isdir(run_dir):
        raise BadInput(f"{run_dir}: not a directory")
    found, cvs = False, []
    for path in sorted(glob.glob(os.path.join(run_dir, "*.csv"))):
        try:
            with open(path, newline="", encoding="utf-8") as f:
                reader = csv.DictReader(f)
                if not {"seconds_per_op", "cv", "status"} <= set(reader.fieldnames or []):
                    continue
                found = True
                for line, row in enumerate(reader, 2):
                    if row["status"] != "ok" or not row["seconds_per_op"] or not row["cv"]:
                        continue
                    try:
                        cv = float(row["cv"])
                    except ValueError:
                        cv = -1.0   # not a number: refused with the negative ones
                    if not cv >= 0:   # NaN too
                        raise BadInput(f"{path}:{line}: cv '{row['cv']}' is not a non-negative number")
                    cvs.append(cv)
        except (OSError, UnicodeDecodeError, csv.Error) as error:
            raise BadInput(f"{path}: {error}") from None
    if not found:
        raise BadInput(f"{run_dir}: no timed rows (no CSV with seconds_per_op and cv columns)")
    return cvs


def read_states(run_dir):
    """run.json's state_before and state_after ({} each when absent); a run
    without them may still carry its load at the start as "load_before"
    ("1.52 1.56 1.55"), kept as state_before's load."""
    if not os.path.exists(os.path.join(run_dir, "run.json")):
        return {}, {}
    try:
        run = run_manifest.read(run_dir)
    except run_manifest.RunError as error:
        raise BadInput(error) from None
    before, after = (run.get(k, {}) if isinstance(run, dict) else None for k in ("state_before", "state_after"))
    if not (isinstance(before, dict) and isinstance(after, dict)):
        raise BadInput(f"{run_dir}/run.json: state_before and state_after must be objects (noise.py state)")
    if "load" not in before and isinstance(run.get("load_before"), str):
        try:
            before = {**before, "load": [float(x) for x in run["load_before"].split()]}
        except ValueError:
            pass
    return before, after


def sittings(run_dir):
    """A resumed run's sittings (run.json's `sittings`, scripts/run_progress.py): each one's
    (state_before, state_after); [] for a run made in one sitting."""
    if not os.path.exists(os.path.join(run_dir, "run.json")):
        return []
    try:
        listed = run_manifest.read(run_dir).get("sittings") or []
    except (run_manifest.RunError, AttributeError) as error:
        raise BadInput(error) from None
    if not isinstance(listed, list) or not all(isinstance(s, dict) for s in listed):
        raise BadInput(f"{run_dir}/run.json: sittings must be a list of objects")
    return [(s.get("state_before") or {}, s.get("state_after") or {}) for s in listed]


def assess(run_dir):
    """None when RUN_DIR's run is quiet, else the line saying why it is
    noisy ('noisy: ...').  Raises BadInput.  scripts/report.py asks this
    too, so REPORT.md and the README judge a run as the gate did."""
    cvs = read_rows(run_dir)
    before, after = read_states(run_dir)
    reasons = []
    noisy_rows = sum(1 for cv in cvs if cv > ROW_CV_LIMIT)
    if cvs and noisy_rows > NOISY_ROW_SHARE * len(cvs):
        reasons.append(f"{noisy_rows} of {len(cvs)} timed rows have a coefficient of variation above "
                       f"{ROW_CV_LIMIT:.0%}")
    # A resumed run is judged sitting by sitting: between two, the machine was another's.
    parts = sittings(run_dir) or [(before, after)]
    for k, (part_before, part_after) in enumerate(parts, 1):
        where = f" of sitting {k}" if len(parts) > 1 else ""
        start = part_before.get("others_now")
        if isinstance(start, (int, float)) and start > OTHERS_LIMIT:
            reasons.append(f"other processes kept {start:.2f} CPUs busy at the start{where}")
        during = others_during(part_before, part_after)
        if during is not None and during > OTHERS_LIMIT:
            reasons.append(f"other processes used {during:.2f} CPUs on average during the run"
                           + (f"'s sitting {k}" if where else ""))
    load = before.get("load")
    if reasons and isinstance(load, list) and load:
        reasons.append(f"load {load[0]:.2f} at the start")
    return "noisy: " + "; ".join(reasons) if reasons else None


def main(argv):
    if argv == ["state"]:
        print(json.dumps(state()))
        return QUIET
    if argv == ["probe"]:
        print(json.dumps(probe()))
        return QUIET
    if not (len(argv) in (2, 3) and argv[0] == "gate" and argv[2:] in ([], ["--kept"])):
        print("usage: noise.py state | noise.py probe | noise.py gate RUN_DIR [--kept]", file=sys.stderr)
        return BAD_INPUT
    try:
        line = assess(argv[1])
    except BadInput as error:
        print(f"noise.py: {error}", file=sys.stderr)
        return BAD_INPUT
    if line is None:
        return QUIET
    print(line + (" (kept, marked noisy)" if len(argv) == 3 else ""), file=sys.stderr)
    return NOISY


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
