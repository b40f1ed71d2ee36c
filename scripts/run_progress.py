"""run_progress.py: a reproduction's checkpoints, so that a stopped run can be resumed
(scripts/reproduce.sh --resume).

A `--long` run takes longer than one sitting at a quiet machine may last
(benchmarks/README.md), so it keeps, in its staging directory, the file
logs/progress.json: what the run is (IDENTITY: its id, commit, mode, whether
--long, and its staging path), what a later sitting needs of the earlier
ones (`saved`: the first sitting's date, load and machine state, the ISA
built for, the re-timing done), the units it finished (UNITS:
whole steps, studies of the studies step, peers of the peers step; the
strength study's matches are kept by scripts/strength.py in DONE_MATCHES),
and its sittings: each start's date, load and machine state
(scripts/noise.py state), and the seconds it ran.  reproduce.py writes it
after each unit.  A run stopped by Ctrl-C or SIGTERM, or by a failed step,
keeps its staging directory as .reproduce/failed-RUN; `--resume` moves it
back where it was, so every path written in an earlier sitting still
holds, and goes on from the first unit not done.  A run killed by SIGKILL
cannot be resumed: the next run removes its staging directory, which no
checkpoint can vouch for.

Under a node budget every unit is exact, so a resumed run writes what one
sitting would have.  Times are each sitting's: the noise gate judges every
sitting (scripts/noise.py assess), and run.json lists them (`sittings`).
Standard library only.
"""
import glob
import json
import os

from atomic_file import write_text_atomically

PATH = ("logs", "progress.json")
DONE_MATCHES = ("logs", "matches")   # scripts/strength.py --done-dir: a file per finished match
IDENTITY = ("run", "commit", "mode", "long", "stage")
UNITS = ("steps", "studies", "peers")


class ProgressError(Exception):
    """A run that cannot be resumed: one line for the user."""


def new(identity):
    """The progress of a run just started (identity: IDENTITY's fields)."""
    return {**{k: identity[k] for k in IDENTITY}, "saved": {}, "sittings": [],
            **{unit: [] for unit in UNITS}}


def read(stage):
    """The progress a staging directory holds.  Raises ProgressError."""
    path = os.path.join(stage, *PATH)
    try:
        with open(path, encoding="utf-8") as f:
            progress = json.load(f)
    except (OSError, ValueError) as e:
        raise ProgressError(f"{path}: {e}") from None
    missing = [k for k in IDENTITY + UNITS + ("sittings", "saved") if k not in progress]
    if missing:
        raise ProgressError(f"{path}: no {', '.join(missing)}")
    return progress


def write(stage, progress):
    write_text_atomically(os.path.join(stage, *PATH), json.dumps(progress, indent=1) + "\n")


def find(work):
    """The stopped run's directory in `work` (.reproduce/failed-RUN), or None."""
    kept = [d for d in glob.glob(os.path.join(work, "failed-*")) if os.path.isdir(d)]
    return max(kept, key=os.path.getmtime) if kept else None


def resume(work, wanted):
    """The progress of the run stopped in `work`, its staging directory moved back where it was (so
    that every path written in an earlier sitting still holds), when `wanted` (a run's commit, mode
    and long) may go on with it.  Raises ProgressError."""
    kept = find(work)
    if not kept:
        raise ProgressError("no stopped run in .reproduce/ (a run stopped by Ctrl-C, SIGTERM or a failed step is "
                            "kept there; one killed by SIGKILL is not)")
    progress = read(kept)
    for key in ("commit", "mode", "long"):
        if progress[key] != wanted[key]:
            raise ProgressError(f"the stopped run {progress['run']} has {key} {progress[key]!r}, this one "
                                f"{wanted[key]!r}: resume it with the same options at the same commit")
    if os.path.dirname(progress["stage"]) != work:
        raise ProgressError(f"the stopped run {progress['run']} was staged in another checkout")
    os.rename(kept, progress["stage"])
    return progress


def seconds(progress):
    """The seconds every sitting ran, together."""
    return sum(s.get("seconds", 0) for s in progress["sittings"])
