#!/usr/bin/env python3
"""reproduce.py: reruns every study and regenerates the results, the report
and the plots (benchmarks/README.md describes the harness, and under "How long it
takes" states each mode's run time: the one place it is stated).

    scripts/reproduce.sh            the full reproduction into results/: every study, the
                                    peers at their --quick sizes
    scripts/reproduce.sh --quick    a smaller pass into results/quick/
    scripts/reproduce.sh --long     the full reproduction and the long variants: the strength
                                    study's long pairs, larger budget and clocks, sharded over
                                    the cores (docs/strength.md), prune's own solver steps on
                                    the six sets (pons_study.py --own), and the peers whole
                                    (compare.py --long: the empty board against Fhourstones,
                                    Pons and c4)

Options: --no-install (never call apt-get or npm), --build-dir DIR (default
build-release), --isa auto|baseline|x86-64-v3 (auto takes x86-64-v3 when
the CPU has it, as V8 compiles minimaxer for the CPU it runs on),
--allow-dirty (the full run refuses uncommitted changes otherwise: the
committed results must be of a commit), --strict (refuse to install a run
the noise gate calls noisy: for a run whose times are committed),
--resume (go on with the run that Ctrl-C, SIGTERM or a failed step stopped,
given the options it was started with, at the same commit: a `--long` run
is longer than a sitting at a quiet machine may be; scripts/run_progress.py
says what is kept and how each sitting is judged).
PRUNE_RUN_NOTES, if set, is a sentence about the run for run.json and the
report.

Noise.  The first step (a few seconds, before any install) measures how
noisy the machine is (scripts/noise.py probe) and says what to expect and
what to do.  The timed rows whose spread is above the gate's limit are
timed again, at most REMEASURE_ROWS of them in at most REMEASURE_ROUNDS
rounds, and only when that few could make the run quiet.  By default a run
the gate calls noisy is still installed, marked noisy in run.json, REPORT.md
(which names the rows left noisy) and every plot; node counts and every
exactness check count all the same.  Only a quiet full run rewrites the
README's results block.

The steps are the list STEPS below.  What a study runs comes from
studies/studies_meta.csv (scripts/studies.py): its runner, its outputs, its
peers (peers/NAME/compare.py, exit 77 when the peer is absent).

One file, over 500 lines, on purpose: beyond this docstring it is one
run's life, the Run whose steps share its staging directory, mode and
clock, and the lock, commit check and installation around them that make
the run all or nothing; tests/check_reproduce_kill.py kills a stub of it
at points across both, so they are read together.

A run is all or nothing.  Everything is written into a staging directory,
.reproduce/run-*; run.json lists every file with its sha256 (the manifest,
checked by the report and the install, scripts/run_manifest.py); only a
run whose every step succeeded (and, under --strict, quiet) replaces
results/ (results/quick/) as a whole, by one renameat2 exchange
(scripts/install_run.py): a kill at any instant leaves the previous run
or the new one.  A failed or interrupted
run's files stay in .reproduce/failed-RUN (the latest only), where --resume
finds them; a killed run's staging directory is removed by the next run.  One run at a time per
checkout (flock on .reproduce/lock, inherited by every child).  Exit
status: 0 done and quiet, 3 done and installed marked noisy (its last line
says so), 1 a step failed or (--strict) the run was noisy and not
installed, 2 bad usage or another run in progress, 130 interrupted
(Ctrl-C, SIGTERM).
"""
import argparse
import contextlib
import csv
import datetime
import fcntl
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, SCRIPTS)
import run_manifest  # noqa: E402
import run_progress  # noqa: E402
import process_tree  # noqa: E402
from measure_stats import pairs_path  # noqa: E402
import studies  # noqa: E402

ROOT = os.path.dirname(SCRIPTS)
WORK = os.path.join(ROOT, ".reproduce")
NOISE = os.path.join(SCRIPTS, "noise.py")   # the noise gate; the kill test's scratch checkout has none
EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_SKIPPED, EXIT_NOISY = 1, 2, 130, 77, 3
STUB = os.environ.get("PRUNE_REPRODUCE_STUB") == "1"   # tests/check_reproduce_kill.py only

# The settings of each mode; the pons budget is wall seconds per cell of its study; "peers" is
# the variant each peers/NAME/compare.py runs (its --help says what each holds).  The full run
# compares the peers at their --quick sizes, each row still paired with its interval, and
# times the ladder at 10 and 100 ms a move: so it fits in 15 minutes (issue 32).  The quick
# run times it at 10 ms only (100 ms is 11 s of its 2 minutes).
MODES = {
    "quick": {"out": "results/quick", "carry": [], "repetitions": 2, "min_time": 0.02, "pons_budget": 0.15,
              "pons_own": False, "sweep_budget": 0.02, "time_budgets": "10", "peers": ["--quick"]},
    "full": {"out": "results", "carry": ["quick", "lent", "apart"], "repetitions": 10, "min_time": 0.1, "pons_budget": 5,
             "pons_own": False, "sweep_budget": 0.25, "time_budgets": "10,100", "peers": ["--quick"]},
}
# What --long changes in the full run's settings: the ladder at 1 s a move too (42 s), prune's
# own solver steps on the six sets (pons_study.py --own), and the peers whole, with their long
# variants (the empty board).
LONG = {"time_budgets": "10,100,1000", "pons_own": True, "peers": ["--long"]}
# The shards of a match study's matches run side by side, one per core of this machine: exact
# under --nodes whatever the count, and under a clock (--long) no more shards than cores, so
# none waits for a core while its clock runs.
MATCH_JOBS = os.cpu_count() or 1
# The Debian packages a run needs are the group "reproduce" of scripts/packages.txt, and
# "peers" too when a peer's checkout is given (PRUNE_*_CHECKOUT: peers/README.md), which
# scripts/install_deps.sh installs.
INSTALL_DEPS = os.path.join(SCRIPTS, "install_deps.sh")


class StepFailed(Exception):
    """A step that marks the run failed; the message is one line for the user."""


class Interrupted(Exception):
    pass


def interrupted(signum, frame):
    raise Interrupted()


def python(path, *args):
    """The command running the Python script ROOT/path with this interpreter."""
    return [sys.executable, os.path.join(ROOT, path), *args]


class Run:
    def __init__(self, args):
        self.args, self.quick = args, args.quick
        self.mode_name = "quick" if args.quick else "full"
        self.mode = dict(MODES[self.mode_name], **(LONG if args.long else {}))
        self.out = os.path.join(ROOT, self.mode["out"])
        self.build = os.path.abspath(args.build_dir)
        self.prune = os.path.join(self.build, "prune")
        self.quick_flag = ["--quick"] if args.quick else []   # for the scripts that have a smaller pass
        self.start = time.monotonic()
        self.info = {}
        self.noisy = False
        self.noisy_why = ""
        self.probe = None       # scripts/noise.py probe's result, for run.json
        self.remeasured = {}    # what step_remeasure did, for run.json and the report
        self.state_after = None
        self.progress = None    # the units done and the sittings (scripts/run_progress.py)
        self.earlier = 0        # seconds the run's earlier sittings ran (a resumed run)

    # ------------------------------------------------------------ helpers
    def elapsed(self):
        s = int(self.earlier + time.monotonic() - self.start)
        return f"{s // 60}m{s % 60:02d}s"

    def note(self, text):
        print(f"    {text}", flush=True)

    def staged(self, *parts):
        """A path in the staging directory."""
        return os.path.join(self.stage, *parts)

    # ------------------------------------------------------------ sittings (scripts/run_progress.py)
    def begin(self, resume):
        """Starts this sitting: a new staging directory, or (resume) the stopped run's moved back."""
        identity = {"run": self.run_id, "commit": self.commit, "mode": self.mode_name, "long": self.args.long}
        if resume:
            try:
                progress = run_progress.resume(WORK, identity)
            except run_progress.ProgressError as e:
                raise StepFailed(f"--resume: {e}") from None
            self.stage, self.run_id, self.progress = progress["stage"], progress["run"], progress
            self.earlier = run_progress.seconds(progress)
            saved = progress["saved"]
            self.date, self.load_before, self.state_before = saved["date"], saved["load_before"], saved["state_before"]
            self.remeasured = saved["remeasured"] or {}
            if self.args.isa == "auto":
                self.args.isa = saved["isa"] or "auto"
        else:
            self.stage = tempfile.mkdtemp(prefix="run-", dir=WORK)
            for sub in ("logs", "raw", "hyperfine"):
                os.makedirs(self.staged(sub))
            self.progress = run_progress.new(dict(identity, stage=self.stage))
            self.load_before, self.state_before = load(), self.machine_state()
        self.progress["sittings"].append({"date": datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ"), "load_before": load(), "state_before": self.machine_state(), "seconds": 0})
        self.checkpoint()

    def done(self, unit, name):
        """Whether an earlier sitting finished this unit (a step, a study, a peer)."""
        return name in self.progress[unit]

    def checkpoint(self, unit=None, name=None):
        """Records a finished unit, and what a resumed run needs of this one (logs/progress.json)."""
        if unit:
            self.progress[unit].append(name)
        self.progress["sittings"][-1]["seconds"] = round(time.monotonic() - self.start)
        self.progress["saved"] = {"date": self.date, "isa": self.args.isa, "load_before": self.load_before,
                                  "state_before": self.state_before, "remeasured": self.remeasured or None}
        run_progress.write(self.stage, self.progress)

    def end_sitting(self):
        """A sitting that stops before the install: its length and the machine's state at its end."""
        self.progress["sittings"][-1].update(load_after=load(), state_after=self.machine_state())
        self.checkpoint()

    def call(self, argv, what, log=None, cwd=None, env=None, ok=(0,)):
        """Runs a child (its output to log, or indented here); returns its status."""
        with (open(self.staged("logs", log), "w") if log else contextlib.nullcontext()) as out:
            child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out or subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, pass_fds=(self.lock,))
            try:
                if not out:
                    # The staging directory is gone once the run is installed: a
                    # path in it is printed as the installed path.
                    installed = os.path.relpath(self.out, ROOT)
                    for line in child.stdout:
                        print(f"    {line.rstrip().replace(self.stage, installed)[:180]}", flush=True)
                status = child.wait()
            except Interrupted:
                process_tree.stop(child)   # SIGTERM to this process alone reaches no child of it
                raise
        if status in (-signal.SIGINT, -signal.SIGTERM, 130, 143):
            raise Interrupted()
        if status not in ok:
            raise StepFailed(f"{what} (exit status {status}{', logs/' + log if log else ''})")
        return status

    def stub(self, step):
        names = [s for s, m in studies.meta().items() if m["runner"] == "studies_bench"]
        self.call(python("tests/reproduce_stub.py", step, self.stage, *names), f"stub {step}")

    # ------------------------------------------------------------ steps
    def step_probe(self):
        """The machine's noise in the run's first seconds, and what to expect of it (scripts/noise.py)."""
        if not os.path.exists(NOISE):
            return self.note("no noise gate in this checkout")
        done = subprocess.run([sys.executable, NOISE, "probe"], capture_output=True, text=True)
        if done.returncode != 0:
            return self.note(f"the noise probe failed: {done.stderr.strip()[:200]}")
        import noise   # here: the kill test's scratch checkout has none
        self.probe = json.loads(done.stdout)
        expect_noisy, lines = noise.advise(self.probe, quick=self.quick)
        self.probe["expect_noisy"] = expect_noisy
        for line in lines:
            self.note(line)
        if expect_noisy and self.args.strict and not self.quick:
            self.note("--strict: a noisy run will not be installed")

    def step_tools(self):
        groups = ["reproduce"] + (["peers"] if any(re.fullmatch(r"PRUNE_\w+_CHECKOUT", name) and value
                                                   for name, value in os.environ.items()) else [])
        missing = subprocess.run([INSTALL_DEPS, "--missing", *groups], capture_output=True, text=True)
        if missing.returncode == 0:
            return self.note(f"all present ({', '.join(groups)}: scripts/packages.txt)")
        if missing.returncode != 1:
            raise StepFailed(f"install_deps.sh --missing: {missing.stderr.strip()}")
        if self.args.no_install:
            raise StepFailed(f"missing {missing.stdout.strip()} (and --no-install given)")
        self.call([INSTALL_DEPS, *groups], "installing " + missing.stdout.strip())

    def step_build(self):
        if self.args.isa == "auto":
            # glibc's loader lists the x86-64 levels this CPU supports.
            loader = subprocess.run(["/lib64/ld-linux-x86-64.so.2", "--help"], capture_output=True, text=True)
            self.args.isa = "x86-64-v3" if "x86-64-v3 (supported" in loader.stdout else "baseline"
        # --reconfigure also picks up options added since the directory was set up.
        again = ["--reconfigure"] if os.path.exists(os.path.join(self.build, "build.ninja")) else []
        self.call(["meson", "setup", *again, self.build, ROOT, "--buildtype=release", "-Db_ndebug=if-release",
                   f"-Disa={self.args.isa}"], "meson could not configure the build", log="meson-setup.log")
        self.call(["ninja", "-C", self.build], "ninja failed", log="ninja.log")
        if not os.access(os.path.join(self.build, "benchmarks", "studies_bench"), os.X_OK):
            raise StepFailed("benchmarks/studies_bench was not built (is libbenchmark-dev installed?)")

    def step_peers_setup(self):
        """npm ci in every peer that is a Node package, when its lock file's versions are not installed."""
        for lock in glob.glob(os.path.join(ROOT, "peers", "*", "package-lock.json")):
            peer = os.path.dirname(lock)
            check = subprocess.run(["npm", "ls", "--prefix", peer], capture_output=True)
            if check.returncode == 0:
                continue
            if self.args.no_install:
                raise StepFailed(f"{os.path.relpath(peer, ROOT)}: node modules missing (and --no-install given)")
            self.call(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], "npm ci", cwd=peer)

    def step_studies(self):
        for study, meta in studies.meta().items():
            print(f"\n--- study {study} ({meta['runner']})  ({self.elapsed()} elapsed)", flush=True)
            if self.done("studies", study):
                self.note("done in an earlier sitting")
                continue
            getattr(self, "run_" + meta["runner"])(study, meta)
            self.checkpoint("studies", study)

    def meson_benchmark(self, suite, copies, what, log, env, *options):
        """Runs a meson benchmark suite (benchmarks/meson.build), one test at a time, and copies the
        files it writes into the build's benchmarks/, each (name, destination) of `copies`; they are
        removed beforehand, so that none copied is left from an earlier run."""
        made = [(os.path.join(self.build, "benchmarks", name), to) for name, to in copies]
        for path, _ in made:
            if os.path.exists(path):
                os.unlink(path)
        self.call(["meson", "test", "-C", self.build, "--no-rebuild", "--benchmark", "--suite", suite, *options,
                   "--num-processes", "1"], what, log=log, env=env)
        for path, to in made:
            shutil.copy(path, to)

    def run_studies_bench(self, study, meta, suffix="", extra=None):
        """The study's benchmark (meson: benchmarks/meson.build), its JSON and cases into raw/ as
        STUDY{suffix}.json and .csv; `extra`, one more argument for studies_bench."""
        env = dict(os.environ, PRUNE_BENCH_REPETITIONS=str(self.mode["repetitions"]),
                   PRUNE_BENCH_MIN_TIME=str(self.mode["min_time"]), PRUNE_BENCH_QUICK="1" if self.quick else "0",
                   PRUNE_COMMIT=self.commit)   # every row names the commit it measured (studies.csv's commit)
        raw = [(study + ext, self.staged("raw", study + suffix + ext)) for ext in (".json", ".csv")]
        self.meson_benchmark(study, raw + [(name, self.stage) for name in meta["outputs"]],
                             f"study {study}: meson test failed (a count mismatch is an error)",
                             f"meson-{study}{suffix}.log", env,
                             "--verbose", *(["--test-args=" + shlex.quote(extra)] if extra else []))

    def run_match(self, study, meta):
        # The study's matches (studies/STUDY.csv) that this variant plays (its column of pairs:
        # quick, full, or long, which adds the larger budget and the clocks), each split into
        # shards that GNU parallel runs on the cores (exact under --nodes: the shards, order and
        # cores change nothing) and prune match-merge adds up.
        variant = "quick" if self.quick else "long" if self.args.long else "full"
        # Each finished match is kept in logs/matches/, so that a resumed run plays only the rest.
        self.call(python("scripts/strength.py", "--prune", self.prune, "--jobs", str(MATCH_JOBS), "--variant", variant,
                         "--out", self.staged(meta["outputs"][0]),
                         "--done-dir", self.staged(*run_progress.DONE_MATCHES)),
                  f"the {study} study failed (a match failed)")   # a line a match: progress

    def run_threads(self, study, meta):
        # The ladder's searches of studies/parallel.csv on one thread and on this machine's others,
        # Lazy SMP and ABDADA, paired (scripts/parallel_study.py; its own rows, as the match runner).
        variant = "quick" if self.quick else "long" if self.args.long else "full"
        self.call(python("scripts/parallel_study.py", "--prune", self.prune, "--variant", variant,
                         "--out", self.staged(meta["outputs"][0])),
                  f"the {study} study failed (the threads changed a value)")

    def run_pons_study(self, study, meta):
        # All 1000 positions of a cell where that fits the budget (checked against
        # the published means), a declared sample elsewhere; the sets from
        # PRUNE_CONNECT4_DATA when set, else prune's own (studies/connect4/).
        self.call(python("scripts/pons_study.py", "--prune", self.prune, "--out", self.staged("logs", study),
                         "--budget", str(self.mode["pons_budget"]), *(["--own"] if self.mode["pons_own"] else [])),
                  f"the {study} study failed (a wrong score or mean)")
        # The other board sizes' empty boards (studies/sizes.csv: the rows this variant solves).
        variant = "quick" if self.quick else "long" if self.args.long else "full"
        self.call(python("scripts/connect4_sizes.py", "--prune", self.prune, "--variant", variant,
                         "--out", self.staged("logs", study, "sizes.csv")),
                  f"the {study} study failed (a board size's outcome differs from the published one)")
        # The solver on one thread and on this machine's others (scripts/connect4_threads.py).
        self.call(python("scripts/connect4_threads.py", "--prune", self.prune, "--variant", variant,
                         "--out", self.staged("logs", study, "threads.csv")),
                  f"the {study} study failed (the threads disagree on a score)")
        for name in meta["outputs"]:
            os.replace(self.staged("logs", study, name), self.staged(name))
            pairs = pairs_path(name)   # a study's pairs go with its CSV (threads.csv's)
            if os.path.exists(self.staged("logs", study, pairs)):
                os.replace(self.staged("logs", study, pairs), self.staged(pairs))

    def step_sweep(self):
        for suite, name, variable, setting in (("sweep", "depth_sweep.csv", "PRUNE_SWEEP_BUDGET", "sweep_budget"),
                                               ("techniques-time", "time_ladder.csv", "PRUNE_TIME_BUDGETS",
                                                "time_budgets")):
            self.meson_benchmark(suite, [(name, self.stage)], f"{suite} failed", f"meson-{suite}.log",
                                 dict(os.environ, **{variable: str(self.mode[setting])}))

    def step_tidy(self):
        raw = sorted(glob.glob(self.staged("raw", "*")))
        self.call(python("scripts/gbench_to_csv.py", *raw, "-o", self.staged("studies.csv")), "gbench_to_csv.py failed")
        # Every row names the commit it measured (issue 47: a run once wrote 'unknown' in all of them).
        with open(self.staged("studies.csv"), newline="", encoding="utf-8") as f:
            others = sorted({r["commit"] for r in csv.DictReader(f)} - {self.commit})
        if others:
            raise StepFailed(f"studies.csv names commit {', '.join(others)}, not the run's {self.commit}")

    def step_remeasure(self):
        """Times each timed row whose spread is above the noise gate's limit again, up to
        REMEASURE_ROUNDS times, and keeps its last measurement (gbench_to_csv's "remeasured").
        One interrupt or cache state spoils a row's spread in a quiet run, and another try
        shows it.  On a machine busy throughout, more rows are noisy than REMEASURE_ROWS:
        re-timing them would take minutes and leave them noisy, so they are left as they are,
        and the report says which.  A quick run only warns."""
        if self.quick:
            return self.note("quick run: noisy rows are reported, not re-measured")
        import noise   # here: the kill test's scratch checkout has none, and stubs this step
        self.remeasured = {"rounds": 0, "rows": 0, "limit": REMEASURE_ROWS}
        for round_ in range(1, REMEASURE_ROUNDS + 1):
            noisy = self.noisy_rows(noise.ROW_CV_LIMIT)
            self.note(f"{len(noisy)} timed rows above {noise.ROW_CV_LIMIT:.0%} cv")
            self.remeasured["left"] = len(noisy)
            if not noisy:
                return
            if len(noisy) > REMEASURE_ROWS:
                self.remeasured["skipped"] = f"{len(noisy)} rows noisy, more than the {REMEASURE_ROWS} re-timed"
                return self.note(f"more than {REMEASURE_ROWS}: the machine is busy, and timing them again would "
                                 "take minutes and leave them noisy; left as they are (the report names them)")
            suite_of = self.bench_suites()
            for suite in dict.fromkeys(suite_of[r["benchmark"]] for r in noisy):
                names = [ERE_SPECIAL.sub(r"\\\g<0>", r["benchmark"]) for r in noisy
                         if suite_of[r["benchmark"]] == suite]
                self.note(f"round {round_}, study {suite}: {len(names)} rows again")
                self.run_studies_bench(suite, {"outputs": []}, suffix=f".remeasure{round_}",
                                       extra=f"--benchmark_filter=^({'|'.join(names)})(/|$)")
            self.remeasured["rounds"], self.remeasured["rows"] = round_, self.remeasured["rows"] + len(noisy)
            self.step_tidy()
        self.remeasured["left"] = len(self.noisy_rows(noise.ROW_CV_LIMIT))

    def noisy_rows(self, limit):
        """The tidy CSV's timed rows whose cv is above `limit`."""
        with open(self.staged("studies.csv"), newline="", encoding="utf-8") as f:
            return [r for r in csv.DictReader(f) if r["status"] == "ok" and r["cv"] and float(r["cv"]) > limit]

    def bench_suites(self):
        """{benchmark: the study (meson suite) whose studies_bench run timed it}: a study's
        benchmark may time rows of another name (tictactoe's tictactoe-rounds)."""
        suites = {}
        for path in glob.glob(self.staged("raw", "*.csv")):
            suite = os.path.basename(path)[:-len(".csv")]
            if ".remeasure" not in suite:
                with open(path, newline="", encoding="utf-8") as f:
                    suites.update((row["benchmark"], suite) for row in csv.DictReader(f))
        return suites

    def step_peers(self):
        """Each study's peers (studies_meta.csv), after the tidy CSV, which a peer may compare counts with."""
        for study, meta in studies.meta().items():
            for peer in meta["peer"]:
                print(f"\n--- peer {peer} ({study})  ({self.elapsed()} elapsed)", flush=True)
                if self.done("peers", peer):
                    self.note("done in an earlier sitting")
                    continue
                argv = python(f"peers/{peer}/compare.py", self.prune, *self.mode["peers"],
                              "-o", self.staged(f"peer_{peer}.csv"))
                status = self.call(argv, f"peer {peer}: counts differ or it failed", ok=(0, EXIT_SKIPPED))
                if status == EXIT_SKIPPED:
                    self.note(f"peer {peer}: skipped (above)")
                self.checkpoint("peers", peer)

    def step_hyperfine(self):
        self.call(python("scripts/run_hyperfine.py", "--prune", self.prune, "--out", self.staged("hyperfine"),
                         *self.quick_flag), "hyperfine failed", log="hyperfine.log")

    def step_noise(self):
        """The noise gate (scripts/noise.py): a run it calls noisy is installed marked noisy, or with
        --strict (a full run) refused."""
        if not os.path.exists(NOISE):
            return self.note("no noise gate in this checkout")
        self.state_after = self.machine_state()   # right after the timed steps
        self.write_run_json()                     # the gate reads both states there
        done = subprocess.run([sys.executable, NOISE, "gate", self.stage], capture_output=True, text=True)
        if done.returncode == EXIT_NOISY:
            self.noisy = True
            why = self.noisy_why = done.stderr.strip()
            if not self.quick and self.args.strict:
                raise StepFailed(f"noisy run, not installed (--strict): {why}")
            self.note(f"NOISY (installed marked noisy): {why}")
        elif done.returncode != 0:
            raise StepFailed(f"noise.py gate: {done.stderr.strip()}")

    def step_report(self):
        self.write_run_json()
        self.reported = True   # run.json's wall time and load stay what REPORT.md says
        if STUB:
            return self.stub("report")
        self.call(python("scripts/report.py", "--results", self.stage, "--plots-link", "plots"), "the report failed")

    def step_plots(self):
        os.makedirs(self.staged("plots"), exist_ok=True)
        # A noisy run's plots say so in their titles, as its report marks its figures.
        # speedup.gp's titles name each study's baseline: given here, from studies.py.
        settings = (f"datadir='{self.stage}/plotdata'; outdir='{self.stage}/plots'; "
                    f"baselines='{studies.plot_baselines()}'; noisy='{' (noisy run)' if self.noisy else ''}'")
        for script in sorted(glob.glob(os.path.join(ROOT, "plots", "*.gp"))):
            self.call(["gnuplot", "-e", settings, script], f"plot {os.path.basename(script)} failed", log="gnuplot.log")

    # ------------------------------------------------------------ run.json
    def machine_state(self):
        if not os.path.exists(NOISE):
            return None
        done = subprocess.run([sys.executable, NOISE, "state"], capture_output=True, text=True)
        return json.loads(done.stdout) if done.returncode == 0 else {"error": done.stderr.strip()}

    def write_run_json(self):
        """run.json: the run's settings, machine and tools, and the manifest of every file written so far."""
        if not self.info:
            self.info = {"run": self.run_id, "mode": self.mode_name, "long": self.args.long, "commit": self.commit,
                         "date": self.date, "isa": self.args.isa,
                         **{k: v for k, v in self.mode.items() if k not in ("out", "carry")},
                         **run_manifest.machine(versions=not STUB),   # a stub run records no versions
                         "load_before": self.load_before}
            if os.environ.get("PRUNE_RUN_NOTES"):
                self.info["notes"] = os.environ["PRUNE_RUN_NOTES"]
        if not getattr(self, "reported", False):
            self.info.update(load_after=load(), wall_time=self.elapsed())
        # allow_noisy: the run is noisy and installed all the same (marked noisy), as every run but a
        # --strict full run is; the report reads it.
        self.info.update(state_before=self.state_before, state_after=self.state_after, noisy=self.noisy,
                         allow_noisy=self.noisy and (self.quick or not self.args.strict),
                         probe=self.probe, remeasured=self.remeasured or None)
        if len(self.progress["sittings"]) > 1:   # a resumed run: each sitting's times and states (noise.py)
            self.progress["sittings"][-1].update(seconds=round(time.monotonic() - self.start),
                                                 load_after=self.info["load_after"], state_after=self.state_after)
            self.info["sittings"] = self.progress["sittings"]
        run_manifest.write(self.stage, self.info)


# The steps, in order: (name, what it does).  Each is Run.step_NAME; a stub
# run replaces those that write files by tests/reproduce_stub.py.
STEPS = [
    ("probe", "the machine's noise (scripts/noise.py probe, a few seconds)"),
    ("tools", "tools (Debian packages)"),
    ("build", "build (meson, release)"),
    ("peers_setup", "the peers' packages (npm)"),
    ("studies", "studies (studies_meta.csv's runner for each)"),
    ("sweep", "depth sweep and time ladder"),
    ("tidy", "tidy CSV"),
    ("remeasure", "the noisy rows once more (scripts/noise.py's limit)"),
    ("peers", "peers (peers/NAME/compare.py)"),
    ("hyperfine", "hyperfine (whole processes, warm-up first)"),
    ("noise", "noise gate (scripts/noise.py)"),
    ("report", "report"),
    ("plots", "plots (gnuplot: SVG and PNG)"),
]
STUBBED = ("studies", "sweep", "tidy", "hyperfine", "plots")
# The steps whose work a resumed run keeps (each checkpointed when done; studies and peers one by
# one too).  The others are cheap or judge the whole run, and are done again in every sitting:
# the probe, the tools and the build (a no-op for ninja, and the binary is there whatever
# happened to the build directory between sittings), the noise gate, the report and the plots.
RESUMABLE = ("studies", "sweep", "tidy", "remeasure", "peers", "hyperfine")
REMEASURE_ROUNDS = 2   # a row noisy three times running is noise the gate must see
# Re-timing a row takes its repetitions again (the full run's 10 of at least 0.1 s: at least 1 s a
# row): at most this many rows a round.  More noisy rows than that is a busy machine, and more than
# the gate's share (10% of 252 rows) could not be made quiet this way anyway.
REMEASURE_ROWS = 25
# POSIX extended regular expressions' special characters (Google Benchmark's filter).
ERE_SPECIAL = re.compile(r"[][.()*+?{}|^$\\]")


def load():
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(open("/proc/loadavg").read().split()[:3])


def hold(point):
    """Stub runs only: tests/check_reproduce_kill.py kills the run at this point."""
    if STUB and os.environ.get("PRUNE_REPRODUCE_HOLD") == point:
        with open(os.environ["PRUNE_REPRODUCE_HOLD_FILE"], "w") as f:
            f.write(f"{os.getpid()}\n")
        time.sleep(60)


def take_lock():
    """The checkout's lock, held by this process and inherited by its children;
    None when another run holds it.  Removes what killed runs left behind."""
    os.makedirs(WORK, exist_ok=True)
    fd = os.open(os.path.join(WORK, "lock"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return None
    os.set_inheritable(fd, True)
    # Staging directories of killed runs, or a previous run swapped out but not
    # removed; a full run killed between the exchange and the carry left
    # what it carries (results/quick/, results/lent/, results/apart/) in there.
    for leftover in glob.glob(os.path.join(WORK, "run-*")) + glob.glob(os.path.join(ROOT, "results", ".tmp-*")):
        for name in MODES["full"]["carry"]:
            kept = os.path.join(ROOT, "results", name)
            if os.path.isdir(os.path.join(leftover, name)) and not os.path.exists(kept):
                os.rename(os.path.join(leftover, name), kept)
        shutil.rmtree(leftover, ignore_errors=True)
    return fd


def commit_of(args):
    """The commit measured; -dirty when the code (not results/) has uncommitted changes."""
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True)
    commit = head.stdout.strip() or "unknown"
    if commit == "unknown" and not args.quick and not STUB:
        raise StepFailed("git names no commit here; the full run must be of a commit (every row names it)")
    status = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no", "--", ".",
                             ":!results"], capture_output=True, text=True).stdout
    if status.strip():
        if not args.quick and not args.allow_dirty and not STUB:
            raise StepFailed("the tree has uncommitted changes; the full run must be of a commit "
                             "(commit, or --allow-dirty)")
        commit += "-dirty"
    return commit


def finish(run, status):
    """A run installed leaves nothing; any other keeps its files in .reproduce/failed-RUN."""
    stage = getattr(run, "stage", None)
    if not stage or not os.path.isdir(stage):
        return
    if run_manifest.run_of(run.out) == run.run_id:
        shutil.rmtree(stage, ignore_errors=True)   # the previous run, swapped out by the install
        return
    if run.progress:
        run.end_sitting()
    for old in glob.glob(os.path.join(WORK, "failed-*")):
        shutil.rmtree(old, ignore_errors=True)
    kept = os.path.join(WORK, "failed-" + run.run_id)
    os.rename(stage, kept)
    print(f"reproduce: this run's files are in {os.path.relpath(kept, ROOT)}/"
          + ("; the same command with --resume goes on from where it stopped" if run.progress else ""),
          file=sys.stderr)
    print(f"reproduce: the previous results in {os.path.relpath(run.out, ROOT)}/ are unchanged", file=sys.stderr)


def execute(run):
    for number, (name, title) in enumerate(STEPS, 1):
        print(f"\n==> [{number}/{len(STEPS) + 1}] {title}  ({run.elapsed()} elapsed)", flush=True)
        if run.done("steps", name):
            run.note("done in an earlier sitting")
            continue
        hold(name)
        if STUB and name in STUBBED:
            run.stub(name)
        elif STUB and name not in ("noise", "report"):
            run.note(f"stub: no {name}")
        else:
            getattr(run, "step_" + name)()
        if name in RESUMABLE:
            run.checkpoint("steps", name)
    run.write_run_json()   # the manifest of every file, the report and plots included
    print(f"\n==> [{len(STEPS) + 1}/{len(STEPS) + 1}] install into {os.path.relpath(run.out, ROOT)}/", flush=True)
    hold("install")
    run.call(python("scripts/install_run.py", run.stage, run.out,
                    *[a for name in run.mode["carry"] for a in ("--carry", name)]), "install_run.py failed")
    hold("installed")
    if not run.quick and not run.noisy and not STUB:
        # The README's results block, generated from the run just installed, only when it is quiet.
        run.call(python("scripts/report.py", "--results", run.out, "--readme", os.path.join(ROOT, "README.md"),
                        "--readme-only"), "the README's results block")
    elif not run.quick and run.noisy:
        run.note("README.md's results block left as it was: it shows quiet runs only")
    done = f"\nDone in {run.elapsed()}: {os.path.relpath(run.out, ROOT)}/REPORT.md (run {run.run_id})"
    if run.noisy:   # installed, marked noisy; the exit status says so too
        done += f"; NOISY run (marked noisy in run.json): {run.noisy_why}"
    print(done, flush=True)


class Parser(argparse.ArgumentParser):
    def error(self, message):   # bad usage: one line, exit 2
        self.exit(EXIT_USAGE, f"reproduce.sh: {message} (see --help)\n")


def main():
    parser = Parser(prog="reproduce.sh", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for flag in ("--quick", "--long", "--no-install", "--allow-dirty", "--strict", "--resume"):
        parser.add_argument(flag, action="store_true")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build-release"))
    parser.add_argument("--isa", choices=("auto", "baseline", "x86-64-v3"), default="auto")
    args = parser.parse_args()
    if args.long and args.quick:
        parser.error("--long and --quick exclude each other")
    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    run = Run(args)
    failure = None
    try:
        run.commit = commit_of(args)
        now = datetime.datetime.now(datetime.timezone.utc)
        run.date = now.strftime("%Y-%m-%dT%H:%M:%SZ")
        run.run_id = (STUB and os.environ.get("PRUNE_RUN_ID")) or f"{run.commit}-{now.strftime('%Y%m%dT%H%M%SZ')}"
        run.lock = take_lock()
        if run.lock is None:
            print("reproduce: another reproduction is running in this checkout (.reproduce/lock is held)",
                  file=sys.stderr)
            return EXIT_USAGE
        os.makedirs(os.path.dirname(run.out), exist_ok=True)
        run.begin(args.resume)
        print(f"prune reproduction ({run.mode_name}, run {run.run_id}): results to "
              f"{os.path.relpath(run.out, ROOT)}/" + (" (stub measurements)" if STUB else "")
              + (f"; resumed, sitting {len(run.progress['sittings'])}" if args.resume else ""), flush=True)
        stopped = None if args.resume else run_progress.find(WORK)
        if stopped and os.path.exists(os.path.join(stopped, *run_progress.PATH)):
            run.note(f"{os.path.relpath(stopped, ROOT)}/ holds a stopped run that --resume would go on with; "
                     "it is replaced if this run stops too")
        execute(run)
        status = EXIT_NOISY if run.noisy else 0
    except StepFailed as e:
        failure = f"reproduce: FAILED: {e}"
        status = EXIT_USAGE if not hasattr(run, "stage") else EXIT_FAILED
    except (Interrupted, KeyboardInterrupt):
        print("\nreproduce: interrupted", file=sys.stderr)
        status = EXIT_INTERRUPTED
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the clean-up itself is not interrupted
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    finish(run, status)
    if failure:   # the last line says why (a noisy run: that it is noisy)
        print(failure, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
