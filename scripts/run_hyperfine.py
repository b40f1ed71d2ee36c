#!/usr/bin/env python3
"""Whole-process timings of every study with hyperfine.

    scripts/run_hyperfine.py --prune build-release/prune --out DIR [--quick]

For each study of studies/studies.csv run by studies_bench (the pons study's
solver cells time their positions themselves) whose game prune knows, one
hyperfine run compares `prune search GAME --config C --depth D --moves M
--state S --json` over the study's rows (copy-make; a study whose baseline is
a state mode, doundo, also do-undo: state is what it compares), with warm-up
runs, and exports DIR/STUDY.csv and DIR/STUDY.json (the report reads the
JSON's absolute times: hyperfine runs each command's runs in one block, so
its ratios are unpaired and not quoted).  Each command runs once untimed
first and must succeed.
Listed in DIR/skipped.txt instead: a study whose game is not compiled in, and
one whose row of studies/timing.csv says hyperfine no (a study of many
searches timed in-process, where whole processes would add minutes and no
figure).  Positions are named by studies/positions.csv.
"""
import argparse
import os
import subprocess
import sys

from atomic_file import write_text_atomically
import studies



def study_commands(prune, study, rows, labels, games):
    """(name, argv) of every search of the study whose game prune knows."""
    commands = []
    by_state = studies.compares_states(study)
    for row in (r for r in rows if r["game"] in games):
        for state in (s for s in (["copy", "undo"] if by_state else ["copy"]) if s in row["states"].split()):
            position = labels.get((row["game"], row["moves"]), row["moves"] or "start")
            name = f"{row['config']} {position} d{row['depth']}" + (f" {state}" if by_state else "")
            command = [prune, "search", row["game"], "--config", row["config"], "--depth", row["depth"],
                       "--state", state, "--json"] + (["--moves", row["moves"]] if row["moves"] else [])
            if (name, command) not in commands:
                commands.append((name, command))
    return commands


def time_study(study, commands, out, quick):
    """Each command once untimed (it must succeed), then hyperfine over all."""
    runs = ["--warmup", "1", "--runs", "3"] if quick else ["--warmup", "3", "--min-runs", "10", "--max-runs", "50"]
    invocation = ["hyperfine", "-N", "--style", "basic", *runs]
    for kind in ("csv", "json"):
        invocation += [f"--export-{kind}", os.path.join(out, f"{study}.{kind}")]
    for name, command in commands:
        subprocess.run(command, check=True, capture_output=True)
        invocation += ["-n", name, " ".join(command)]
    print(f"run_hyperfine: {study}: {len(commands)} commands", flush=True)
    subprocess.run(invocation, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prune", required=True, help="the prune executable")
    parser.add_argument("--out", required=True, help="directory for the exports")
    parser.add_argument("--quick", action="store_true", help="1 warm-up and 3 runs per command")
    args = parser.parse_args()

    games = set(subprocess.run([args.prune, "games"], check=True, capture_output=True, text=True).stdout.split())
    labels = studies.position_labels()
    untimed = {study for study, r in studies.timing().items() if r.get("hyperfine") == "no"}
    os.makedirs(args.out, exist_ok=True)
    skipped = []
    for study in (s for s, m in studies.meta().items() if m["runner"] == "studies_bench"):
        rows = studies.rows(study)
        commands = [] if study in untimed else study_commands(args.prune, study, rows, labels, games)
        why = (f"not timed as whole processes ({os.path.basename(studies.TIMING)}: hyperfine no; studies_bench times "
               "its searches in-process)" if study in untimed else f"game '{rows[0]['game']}' is not compiled in")
        if not commands:
            skipped.append(f"{study}: {why}")
            print(f"run_hyperfine: SKIPPED {study}: {why}", flush=True)
        else:
            time_study(study, commands, args.out, args.quick)
    write_text_atomically(os.path.join(args.out, "skipped.txt"), "".join(line + "\n" for line in skipped))


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as error:
        sys.exit(f"run_hyperfine: {' '.join(map(str, error.cmd[:6]))}... failed with status {error.returncode}")
