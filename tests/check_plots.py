#!/usr/bin/env python3
"""Checks that a noisy run's plots say so in their titles.

    check_plots.py PLOTS_DIR PLOTDATA_DIR

Runs every gnuplot script of PLOTS_DIR (plots/) on PLOTDATA_DIR (the
committed run's results/plotdata) twice, as scripts/reproduce.py runs them:
with noisy=' (noisy run)' every SVG written must carry "(noisy run)" (in a
title: the report marks a noisy run's figures the same way), and without it
none may.  Each run must exit 0 and write at least one SVG in all.  Exit 77
(skipped) when gnuplot is not installed.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

from checks import Tally

MARK = " (noisy run)"


def draw(script, datadir, outdir, noisy, baselines):
    settings = f"datadir='{datadir}'; outdir='{outdir}'; noisy='{noisy}'; baselines='{baselines}'"
    return subprocess.run(["gnuplot", "-e", settings, script], capture_output=True, text=True, timeout=120)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    if not shutil.which("gnuplot"):
        print("skipped: gnuplot is not installed")
        return 77
    plots, datadir = argv[1], argv[2]
    # speedup.gp's baselines, as scripts/reproduce.py passes them (scripts/studies.py beside plots/).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(plots)), "scripts"))
    import studies
    baselines = studies.plot_baselines()
    tally = Tally()
    for noisy in (MARK, ""):
        with tempfile.TemporaryDirectory() as out:
            for script in sorted(glob.glob(os.path.join(plots, "*.gp"))):
                done = draw(script, datadir, out, noisy, baselines)
                tally.record(done.returncode == 0, os.path.basename(script) + (" noisy" if noisy else ""),
                             f"exit {done.returncode} {done.stderr.strip()[:160]}")
            svgs = sorted(glob.glob(os.path.join(out, "*.svg")))
            tally.record(bool(svgs), "svgs" + (" noisy" if noisy else ""), f"{len(svgs)} written")
            for svg in svgs:
                with open(svg, encoding="utf-8") as f:
                    marked = MARK.strip() in f.read()
                tally.record(marked == bool(noisy), os.path.basename(svg) + (" noisy" if noisy else ""),
                             f"{'marked' if marked else 'not marked'} \"{MARK.strip()}\"")
    return tally.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
