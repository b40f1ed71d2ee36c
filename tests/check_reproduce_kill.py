#!/usr/bin/env python3
"""check_reproduce_kill.py REPO_ROOT: scripts/reproduce.sh survives kill -9 as a set.

Copies reproduce.sh (scripts/reproduce.py) and what it calls into a scratch checkout and runs it
with PRUNE_REPRODUCE_STUB=1 (tests/reproduce_stub.py writes small
deterministic files in place of the measurements, so each run takes a
couple of seconds and only the staging, manifest and install are real).
Each run gets its own id (PRUNE_RUN_ID, honoured in stub runs only).  Checks:
  1. SIGKILL to the run's process group at every step (PRUNE_REPRODUCE_HOLD
     stops the run there), just before and just after the install's
     exchange, and at spread-out instants: afterwards results/quick/ is
     exactly the previous run (every file's checksum) or exactly the
     killed run (every file as its run.json's manifest says and, apart from
     run.json's clock fields, equal to a reference run's file);
  2. the next complete run removes the killed runs' staging directories;
  3. a second run started while one is running exits 2 with one line;
  4. SIGINT to the process group (Ctrl-C) and SIGINT to one child alone
     end the run with 130 and leave the previous run whole;
  5. a full (not --quick) run replaces results/ as a whole and keeps
     results/quick/ as it was, also after a kill between the exchange and
     the carry of results/quick/; every result file is 0644;
  6. with a noise gate that calls every run noisy (a stand-in for
     scripts/noise.py, whose own test puts a CPU hog beside it): a full run
     with --strict is refused (exit 1, results/ unchanged); a full run and a
     quick run are installed marked noisy, exit 3 and say they are noisy on
     their last line, the full run leaves README.md's results block as it
     was, and the report step's line names the installed REPORT.md, not the
     staging directory that is gone;
  7. --resume: with no stopped run it exits 2 with one line; a run stopped
     by SIGTERM says how to go on, a new run beside it says it may replace
     it, and it is refused under other options (exit 2, the stopped run
     kept) and resumed under its own: the same run id, the steps it had
     finished said done and not run again, two sittings in run.json, and
     installed whole.
Exits 1 with the first failed check.  Standard library only.
"""
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FILES = ["scripts/reproduce.sh", "scripts/reproduce.py", "scripts/run_manifest.py", "scripts/run_progress.py",
         "scripts/process_tree.py", "scripts/install_run.py",
         "scripts/install_deps.sh", "scripts/atomic_file.py", "scripts/measure_stats.py", "scripts/studies.py",
         "studies/studies.csv", "studies/studies_meta.csv", "tests/reproduce_stub.py"]
CLOCK_FIELDS = ("run", "date", "load_before", "load_after", "wall_time")


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


class Checkout:
    def __init__(self, source):
        self.root = tempfile.mkdtemp(prefix="prune-reproduce-")
        for name in FILES:
            os.makedirs(os.path.join(self.root, os.path.dirname(name)), exist_ok=True)
            shutil.copy2(os.path.join(source, name), os.path.join(self.root, name))
        sys.path.insert(0, os.path.join(self.root, "scripts"))
        import run_manifest
        import reproduce
        self.manifest = run_manifest
        self.holds = [name for name, _ in reproduce.STEPS] + ["install"]
        self.runs = 0
        self.quick = os.path.join(self.root, "results", "quick")

    def start(self, hold=None, quick=True, delay="0.03", extra=(), stdout=subprocess.DEVNULL):
        self.runs += 1
        run = f"unknown-20000101T{self.runs:06d}Z"
        env = dict(os.environ, PRUNE_REPRODUCE_STUB="1", PRUNE_RUN_ID=run, PRUNE_REPRODUCE_STUB_DELAY=delay,
                   PRUNE_REPRODUCE_HOLD=hold or "", PRUNE_REPRODUCE_HOLD_FILE=os.path.join(self.root, "held"))
        held = os.path.join(self.root, "held")
        if os.path.exists(held):
            os.unlink(held)
        args = [os.path.join(self.root, "scripts", "reproduce.sh"), "--no-install"] + (["--quick"] if quick else []) \
            + list(extra)
        # Its own process group, SIGINT at its default (as from a terminal).
        process = subprocess.Popen(args, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True,
                                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        return process, run

    def wait_held(self, process):
        held = os.path.join(self.root, "held")
        for _ in range(3000):
            if os.path.exists(held) and os.path.getsize(held) > 0:
                return
            expect(process.poll() is None, f"the run ended ({process.returncode}) before its hold point")
            time.sleep(0.02)
        raise Failure("the run never reached its hold point")

    def complete(self, quick=True):
        process, run = self.start(quick=quick)
        _, err = process.communicate(timeout=120)
        expect(process.returncode == 0, f"a complete run exited {process.returncode}: {err.strip()}")
        return run


def manifest(directory):
    """relative path -> sha256 of every file under directory (logs/ aside)."""
    out = {}
    for parent, dirs, names in os.walk(directory):
        dirs[:] = [d for d in dirs if not (parent == directory and d in ("logs", "quick"))]
        for name in names:
            path = os.path.join(parent, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, directory)] = hashlib.sha256(f.read()).hexdigest()
    return out


def normalized(checkout, directory):
    """Each file's bytes (run.json without its clock fields)."""
    out = {}
    for name in checkout.manifest.files(directory) + ["run.json"]:
        with open(os.path.join(directory, name), "rb") as f:
            data = f.read()
        if name == "run.json":
            info = json.loads(data)
            for field in CLOCK_FIELDS:
                info.pop(field, None)
            data = json.dumps(info, sort_keys=True).encode()
        out[name] = data
    return out


def run_in(checkout, directory):
    """The run whose files directory holds, whole (the manifest checked)."""
    return checkout.manifest.check(directory)["run"]


class Tester:
    def __init__(self, source):
        self.c = Checkout(source)
        self.reference = None
        self.previous = None   # (run id, manifest) of the run results/quick/ holds
        self.kills = 0

    def settle(self, run_started, what):
        """results/quick/ is the previous run, untouched, or the run just stopped, whole."""
        now = manifest(self.c.quick)
        if now == self.previous[1]:
            return "old"
        try:
            found = run_in(self.c, self.c.quick)
        except (self.c.manifest.RunError, OSError, ValueError) as e:
            raise Failure(f"{what}: results/quick/ is a mix: {e}")
        expect(found == run_started, f"{what}: results/quick/ is neither the previous run nor the new one "
                                     f"(run.json says {found})")
        expect(normalized(self.c, self.c.quick) == self.reference,
               f"{what}: results/quick/ carries the new run's id but not its files")
        self.previous = (found, now)
        return "new"

    def kill_at_hold(self, hold, signum=signal.SIGKILL, status=-signal.SIGKILL):
        process, run = self.c.start(hold=hold)
        self.c.wait_held(process)
        os.killpg(process.pid, signum)
        _, err = process.communicate(timeout=180)
        expect(process.returncode == status, f"hold {hold}: exit status {process.returncode}, not {status}")
        return run, err

    def run(self):
        c = self.c
        first = c.complete()
        self.reference = normalized(c, c.quick)
        self.previous = (first, manifest(c.quick))
        expect(run_in(c, c.quick) == first, "the first run is not whole")

        # 1. SIGKILL at every step, before and after the exchange.
        for hold in c.holds + ["installed"]:
            run, _ = self.kill_at_hold(hold)
            state = self.settle(run, f"SIGKILL at hold {hold}")
            expect(state == ("new" if hold == "installed" else "old"),
                   f"SIGKILL at hold {hold}: results/quick/ is the {state} run")
            self.kills += 1
        # ... and at instants spread over a whole run, the install included.
        start = time.monotonic()
        c.complete()
        self.previous = (run_in(c, c.quick), manifest(c.quick))
        length = time.monotonic() - start
        seen = set()
        for k in range(1, 13):
            process, run = c.start()
            time.sleep(length * k / 12.5)
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate(timeout=180)
            seen.add(self.settle(run, f"SIGKILL after {length * k / 12.5:.2f} s"))
            self.kills += 1
        # 2. Leftovers removed by the next complete run.
        run, _ = self.kill_at_hold("sweep")
        self.settle(run, "SIGKILL at hold sweep")
        leftovers = [d for d in os.listdir(os.path.join(c.root, ".reproduce")) if d.startswith("run-")]
        expect(leftovers, "the killed runs left no staging directory (were they killed at all?)")
        done = c.complete()
        self.previous = (done, manifest(c.quick))
        left = sorted(os.listdir(os.path.join(c.root, ".reproduce")))
        expect([d for d in left if d.startswith("run-")] == [], f"staging directories left behind: {left}")
        expect(len([d for d in left if d.startswith("failed-")]) <= 1, f"more than one failed run kept: {left}")

        self.check_lock_and_signals()
        self.check_resume()
        self.check_full_run()
        self.check_noisy()
        print(f"reproduce.sh: {self.kills} kills (states after the timed ones: {', '.join(sorted(seen))}), "
              f"concurrent run refused, SIGINT 130, full run keeps results/quick/, noisy runs installed marked (exit 3), refused under --strict: ok")

    def check_noisy(self):
        # 6. The driver obeys the noise gate's verdict (exit 3: noisy).
        c = self.c
        with open(os.path.join(c.root, "scripts", "noise.py"), "w") as f:
            f.write("import sys\nif sys.argv[1] == 'state':\n    print('{\"others_now\": 2.0}')\n"
                    "else:\n    print('noisy: a stand-in gate', file=sys.stderr)\n    sys.exit(3)\n")
        results = os.path.join(c.root, "results")
        before = manifest(results)
        process, _ = c.start(quick=False, extra=["--strict"])
        _, err = process.communicate(timeout=120)
        last = "reproduce: FAILED: noisy run, not installed (--strict): noisy: a stand-in gate"
        expect(process.returncode == 1 and err.splitlines()[-1:] == [last],
               f"a noisy full run exited {process.returncode} saying {err!r}")
        expect(manifest(results) == before, "a noisy full run changed results/")
        for args, where in (([], results), (["--quick"], c.quick)):
            process, run = c.start(quick=False, extra=args, stdout=subprocess.PIPE)
            out, err = process.communicate(timeout=120)
            expect(process.returncode == 3, f"a noisy run with {args} exited {process.returncode}, not 3: {err!r}")
            installed = os.path.relpath(where, c.root)
            last = out.splitlines()[-1] if out.strip() else ""
            expect(re.fullmatch(rf"Done in \d+m\d\ds: {installed}/REPORT\.md \(run {run}\); "
                                r"NOISY run \(marked noisy in run\.json\): noisy: a stand-in gate", last),
                   f"a noisy run with {args} ends {last!r}")
            expect(("README.md's results block left as it was" in out) == (where == results),
                   f"a noisy run with {args}: README.md's block not said to be left: {out!r}")
            expect(f"\n    report: {installed}/REPORT.md\n" in out and ".reproduce/run-" not in out,
                   f"a run with {args}: the report step's line is not the installed path: {out!r}")
            info = c.manifest.check(where)
            expect(info["run"] == run and info["noisy"] is True and info["allow_noisy"] is True
                   and info["state_before"] == {"others_now": 2.0},
                   f"a noisy run with {args} is not marked noisy in run.json")

    def check_lock_and_signals(self):
        c = self.c
        # 3. A second run while one runs: exit 2, one line.
        process, run = c.start(hold="studies")
        c.wait_held(process)
        second, _ = c.start()
        _, err = second.communicate(timeout=180)
        expect(second.returncode == 2, f"a concurrent run exited {second.returncode}, not 2")
        expect(err.count("\n") == 1 and "another reproduction is running" in err,
               f"a concurrent run said {err!r}, not one line")
        # 4. Ctrl-C: SIGINT to the whole process group, as a terminal sends it.
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=180)
        expect(process.returncode == 130, f"SIGINT: exit status {process.returncode}, not 130")
        expect("unchanged" in err, f"SIGINT: no word that the previous results are unchanged: {err!r}")
        expect(self.settle(run, "SIGINT") == "old", "SIGINT: the interrupted run was installed")
        # SIGINT to one child alone: the run must stop with 130, not go on.
        process, run = c.start(delay="30")
        child = None
        for _ in range(3000):
            child = next((p for p in children(process.pid) if "reproduce_stub.py" in cmdline(p)), None)
            # The interpreter itself: a python3 found through a shell shim
            # (pyenv) runs bash first, which ignores a SIGINT its child does
            # not die of, and the step would then run to its end.
            if child and "python" in os.path.basename(executable(child)):
                break
            child = None
            time.sleep(0.02)
        expect(child is not None, "the stub step never started")
        wait_sleeping(child)
        os.kill(child, signal.SIGINT)
        _, err = process.communicate(timeout=180)
        expect(process.returncode == 130, f"SIGINT to a step: exit status {process.returncode}, not 130: {err!r}")
        expect(self.settle(run, "SIGINT to a step") == "old", "SIGINT to a step: the run was installed")

    def check_resume(self):
        # 7. A stopped run goes on with --resume, and only with its own options.
        c = self.c
        work = os.path.join(c.root, ".reproduce")
        for name in os.listdir(work):
            if name.startswith("failed-"):
                shutil.rmtree(os.path.join(work, name))
        process, _ = c.start(extra=["--resume"])
        _, err = process.communicate(timeout=120)
        expect(process.returncode == 2 and err.count("\n") == 1 and "--resume: no stopped run" in err,
               f"--resume with no stopped run exited {process.returncode} saying {err!r}")
        stopped, err = self.kill_at_hold("peers", signal.SIGTERM, 130)
        expect("the same command with --resume goes on" in err, f"a stopped run does not say how to resume: {err!r}")
        process, _ = c.start(stdout=subprocess.PIPE)   # a new run, not --resume: it says what it may replace
        out, err = process.communicate(timeout=120)
        expect(process.returncode == 0 and "holds a stopped run that --resume would go on with" in out,
               f"a new run beside a stopped one exited {process.returncode} without saying so: {out!r}")
        process, _ = c.start(quick=False, extra=["--resume"])
        _, err = process.communicate(timeout=120)
        expect(process.returncode == 2 and err.count("\n") == 1 and "has mode 'quick', this one 'full'" in err,
               f"--resume of a quick run as a full run exited {process.returncode} saying {err!r}")
        process, _ = c.start(extra=["--resume"], stdout=subprocess.PIPE)
        out, err = process.communicate(timeout=120)
        expect(process.returncode == 0, f"--resume exited {process.returncode}: {err!r}")
        expect("resumed, sitting 2" in out and out.count("done in an earlier sitting") == 4,
               f"--resume did not skip the four steps done (studies, sweep, tidy, remeasure): {out!r}")
        info = c.manifest.check(c.quick)
        expect(info["run"] == stopped and [s["seconds"] >= 0 for s in info.get("sittings", [])] == [True, True],
               f"the resumed run installed run {info['run']} with sittings {info.get('sittings')}, not {stopped} in two")
        self.previous = (stopped, manifest(c.quick))

    def check_full_run(self):
        # 5. A full run replaces results/ and carries results/quick/ over untouched,
        # even when killed between the exchange and the carry (the next run puts it back).
        c = self.c
        quick = manifest(c.quick)
        process, killed = c.start(hold="exchanged", quick=False)
        c.wait_held(process)
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=180)
        self.kills += 1
        expect(run_in(c, os.path.join(c.root, "results")) == killed,
               "a full run killed after its exchange is not the results")
        expect(not os.path.exists(c.quick), "results/quick/ was carried before the kill (no test)")
        run = c.complete(quick=False)
        results = os.path.join(c.root, "results")
        expect(run_in(c, results) == run, "the full run is not whole")
        expect(manifest(c.quick) == quick, "the full run changed results/quick/")
        modes = {oct(os.stat(os.path.join(results, n)).st_mode & 0o777)
                 for n in c.manifest.files(results) + ["run.json"]}
        expect(modes == {"0o644"}, f"result files have modes {sorted(modes)}, not 0644 only")


def children(pid):
    """Every descendant of pid (scripts/process_tree.py, from the scratch checkout)."""
    import process_tree
    return process_tree.descendants(pid)[1:]


def wait_sleeping(pid, seconds=10):
    """Waits until the step's interpreter is in its sleep, past its start-up:
    a SIGINT that lands while Python is still initialising (slow on a loaded
    machine) can end it with status 1 rather than by the signal, and the run
    then goes on as after any failed step.  x86-64 clock_nanosleep is 230,
    nanosleep 35; without /proc/PID/syscall it waits a second."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/syscall") as f:
                if f.read().split(" ", 1)[0] in ("230", "35"):
                    return
        except OSError:
            time.sleep(1)
            return
        time.sleep(0.02)


def executable(pid):
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return ""


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def main(argv):
    if len(argv) != 1:
        print("usage: check_reproduce_kill.py REPO_ROOT", file=sys.stderr)
        return 2
    tester = Tester(argv[0])
    try:
        tester.run()
    except (Failure, subprocess.TimeoutExpired) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(tester.c.root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
