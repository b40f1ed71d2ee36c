#!/usr/bin/env python3
"""killer_placement.py: where the killers go, measured apart from any run (issue 48).

The ladder brings a ply's killers in front of every move; ladder-killers-late
(engine/config.c) brings them to just after the moves that gain by the
evaluation (captures, box completions).  This measures the variant two ways
and writes two CSVs, each with a '#' header saying how, when, and at which
commit (scripts/reporting/killer_placement.py renders them in REPORT.md):

  nodes   ladder-id, ladder-killers and ladder-killers-late on every position
          and depth the techniques study searches ladder-killers on
          (studies/studies.csv), `prune search --json`'s nodes: exact
          -> OUT_DIR/killer_placement_nodes.csv
  elo     the matches of studies/killer_placement.csv (the strength study's
          form) at --variant's pairs, by scripts/strength.py
          -> OUT_DIR/killer_placement.csv

    killer_placement.py --prune PRUNE [--out-dir results/apart] [--variant full] [--jobs N]
                        [--allow-dirty]

A prune built from a changed tree (its --version says -dirty) is refused
unless --allow-dirty (the tests' runs): the files name the commit that
measured them.

Exit status: 0 done, 1 a search or match failed, 2 bad usage (one line on
stderr; a file is written whole or not at all).
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys

import studies
from atomic_file import write_text_atomically

ROWS = os.path.join(studies.ROOT, "studies", "killer_placement.csv")
CONFIGS = ("ladder-id", "ladder-killers", "ladder-killers-late")
STRENGTH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "strength.py")


class Failed(Exception):
    """A search or match that did not finish: one line for the user."""


def header(prune, what, allow_dirty=False):
    """The '#' lines of an apart file: what it is, the prune that measured it, and when.  A build of a
    changed tree is refused (its commit would not say what measured the rows) unless allow_dirty."""
    version = subprocess.run([prune, "--version"], capture_output=True, text=True).stdout.strip()
    built = re.search(r"\(commit ([0-9a-f]+)(-dirty)?, isa ([^)]+)\)", version)
    if not built or (built.group(2) and not allow_dirty):
        raise Failed(f"{prune} says '{version}': measure with a build of a commit, with nothing changed")
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"# {what} (issue 48; docs/strength.md, \"Where the killers go\"), measured apart from any run by "
            f"scripts/killer_placement.py, finished {now}.\n"
            f"# prune: commit {built.group(1)}{built.group(2) or ''}, built for {built.group(3)}.\n")


def nodes(prune):
    """The rows of killer_placement_nodes.csv: each techniques position of ladder-killers, each config."""
    out = ["game,moves,depth,config,nodes\n"]
    for r in studies.rows("techniques"):
        if r["config"] != "ladder-killers":
            continue
        for config in CONFIGS:
            done = subprocess.run([prune, "search", r["game"], "--config", config, "--depth", r["depth"],
                                   "--moves", r["moves"], "--json"], capture_output=True, text=True)
            if done.returncode != 0:
                raise Failed(f"{r['game']} {config} depth {r['depth']}: {done.stderr.strip()}")
            moves = f'"{r["moves"]}"' if "," in r["moves"] else r["moves"]
            out.append(f"{r['game']},{moves},{r['depth']},{config},{json.loads(done.stdout)['nodes']}\n")
        print(f"nodes: {r['game']} [{r['moves']}] depth {r['depth']}", flush=True)
    return "".join(out)


def main(argv):
    parser = argparse.ArgumentParser(prog="killer_placement.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.error = lambda message: parser.exit(2, f"killer_placement.py: {message}\n")
    parser.add_argument("--prune", required=True)
    parser.add_argument("--out-dir", default=os.path.join(studies.ROOT, "results", "apart"))
    parser.add_argument("--variant", choices=studies.STRENGTH_VARIANTS, default="full")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--allow-dirty", action="store_true")
    args = parser.parse_args(argv)
    prune = os.path.abspath(args.prune)
    if not os.access(prune, os.X_OK):
        parser.error(f"--prune {args.prune}: not an executable")
    try:
        header(prune, "", args.allow_dirty)   # refused before any work
        table = nodes(prune)
        write_text_atomically(os.path.join(args.out_dir, "killer_placement_nodes.csv"),
                              header(prune, "Nodes of the killers' two placements", args.allow_dirty) + table)
        elo = os.path.join(args.out_dir, "killer_placement.csv.matches")
        done = subprocess.run([sys.executable, STRENGTH, "--prune", prune, "--rows", ROWS, "--variant",
                               args.variant, "--jobs", str(args.jobs), "--out", elo])
        if done.returncode != 0:
            raise Failed(f"strength.py exit {done.returncode}")
        with open(elo, encoding="utf-8") as f:
            matches = f.read()
        os.remove(elo)
        write_text_atomically(os.path.join(args.out_dir, "killer_placement.csv"),
                              header(prune, f"The killers' placement in play, {args.variant} pairs",
                                     args.allow_dirty) + matches)
    except (Failed, OSError, studies.StudiesError) as e:
        print(f"killer_placement.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
