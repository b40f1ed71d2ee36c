"""run_manifest.py: a run proves it is whole by its manifest.

run.json (written by scripts/reproduce.py) holds the run's facts (machine()
gives those of the machine) and
"manifest": each file of the run, by path relative to the run directory,
with its sha256.  logs/ (not committed), lent/ (measurements made once on
a lent machine, results/lent/, carried from run to run), apart/ (made once
on the run's own kind of machine, apart from any run, each file naming its
commit: results/apart/, carried too) and quick/ (results/quick/ inside
results/, another run) are not part of a run; run.json lists everything
else.  check() is what a reader calls before trusting a run: a file
missing, changed or not listed is a RunError naming it.  A module, no
command: the driver, the install and the report call it.
"""
import hashlib
import json
import os
import shutil
import subprocess

from atomic_file import TEMPORARY_PREFIX, write_text_atomically
from measure_stats import cpu_name

OUTSIDE = ("logs", "quick", "lent", "apart")   # directories of a run directory that are not the run's
REPORT_OUTPUTS = ("REPORT.md", "plotdata/", "plots/")   # what scripts/report.py and the plots write


class RunError(Exception):
    pass


def machine(versions=True):
    """run.json's facts of the machine: the tools' versions ("?" when absent,
    or when not asked for), the CPU (measure_stats.cpu_name: its name,
    family, model and stepping) and the memory."""
    def version(*argv):
        if not versions or not shutil.which(argv[0]):
            return "?"
        return subprocess.run(argv, capture_output=True, text=True).stdout.strip() or "?"
    with open("/proc/meminfo", encoding="utf-8") as f:
        memory = next(int(line.split()[1]) for line in f if line.startswith("MemTotal"))
    return {"gbench": version("dpkg-query", "-W", "-f=${Version}", "libbenchmark-dev"),
            "node": version("node", "--version"), "hyperfine": version("hyperfine", "--version"),
            "gnuplot": version("gnuplot", "--version"), "cpu": cpu_name(), "memory": f"{memory / 1048576:.1f} GiB"}


def files(directory):
    """The run's files (run.json aside), sorted relative paths."""
    out = []
    for parent, dirs, names in os.walk(directory):
        if parent == directory:
            dirs[:] = [d for d in dirs if d not in OUTSIDE]
        out += [os.path.relpath(os.path.join(parent, n), directory) for n in names]
    return sorted(n for n in out if n != "run.json" and not os.path.basename(n).startswith(TEMPORARY_PREFIX))


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write(directory, info, prefixes=""):
    """run.json: info plus the manifest of every file now in directory under
    `prefixes` (every name starts with ""), info's own manifest kept for the rest."""
    manifest = {n: d for n, d in info.get("manifest", {}).items() if not n.startswith(prefixes)}
    manifest.update((n, digest(os.path.join(directory, n))) for n in files(directory) if n.startswith(prefixes))
    write_text_atomically(os.path.join(directory, "run.json"),
                          json.dumps(dict(info, manifest=dict(sorted(manifest.items()))), indent=1) + "\n")


def refresh(directory, prefixes=REPORT_OUTPUTS):
    """Re-digests the manifest's entries under `prefixes` (the report rewrote them), the rest
    untouched: a report rerun on a run keeps its manifest true."""
    write(directory, read(directory), prefixes)


def read(directory):
    try:
        with open(os.path.join(directory, "run.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise RunError(f"{directory}: no readable run.json ({e})") from None


def run_of(directory):
    """The run id in directory's run.json, or None."""
    try:
        return read(directory).get("run")
    except RunError:
        return None


def check(directory, inputs_only=False):
    """run.json's facts, once every file matches its manifest.  inputs_only
    (the report's own check): what the report writes itself (REPORT_OUTPUTS)
    is left out, so that the report can be rerun on a run."""
    info = read(directory)
    manifest = info.get("manifest")
    if not isinstance(manifest, dict):
        raise RunError(f"{directory}/run.json has no manifest")
    skip = REPORT_OUTPUTS if inputs_only else ()   # no name starts with ()
    manifest = {n: d for n, d in manifest.items() if not n.startswith(skip)}
    for name in (n for n in files(directory) if not n.startswith(skip)):
        if name not in manifest:
            raise RunError(f"{name} is not in run.json's manifest: not of run {info.get('run')}")
    for name, want in manifest.items():
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            raise RunError(f"{name} is missing (run.json's manifest lists it)")
        if digest(path) != want:
            raise RunError(f"{name} differs from run.json's manifest: not of run {info.get('run')}")
    return info

