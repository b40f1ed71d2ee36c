#!/usr/bin/env python3
"""reproduce_stub.py STEP STAGE STUDY...: a stand-in for one heavy step of
scripts/reproduce.py (PRUNE_REPRODUCE_STUB=1), for tests/check_reproduce_kill.py.

Each step writes, into STAGE, small files with the same names and kinds as
the real step's (JSON, JSON lines, CSV, Markdown, text, SVG, PNG), whose
content depends only on the step and the study names, and then waits
PRUNE_REPRODUCE_STUB_DELAY seconds (default 0.1) so a test can kill the run
while it is inside the step.  What is under test is everything around the
steps: the staging, the manifest, the install, the lock and the signals.
Standard library only.
"""
import json
import os
import struct
import sys
import time
import zlib


def write(stage, name, text):
    path = os.path.join(stage, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode("utf-8"))


def png(width, height):
    """A valid grey PNG, as gnuplot writes."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    rows = b"".join(b"\0" + bytes([128] * width) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def studies(stage, names):
    for n, study in enumerate(names):
        write(stage, f"raw/{study}.json", json.dumps({"context": {"study": study}, "benchmarks": [{"nodes": n}]}))
    write(stage, "peer_minimaxer.jsonl", '{"config": "tree-ab", "depth": 5, "ok": true}\n')
    write(stage, "peer_ab.csv", "config,ratio\ntree-optimal,50.0\n")
    write(stage, "tictactoe_games.csv", "round,seconds\n1,0.001\n")
    write(stage, "pons.csv", "config,part,set,mode,mean_nodes\nsolve-order,5,Test_L3_R1,strong,139.659\n")
    write(stage, "sizes.csv", "width,height,cells,score,outcome,last_move,match\n4,4,16,0,draw,16,yes\n")
    write(stage, "strength.csv", "game,a,b,limit,pairs,games,wins,draws,losses,pentanomial,score,elo,"
          "elo_low,elo_high,los\nkalah,ladder-tt,negamax-ab,nodes=2000,2,4,3,0,1,0 0 1 0 1,0.75,190.85,,,0.9\n")


def sweep(stage, names):
    write(stage, "depth_sweep.csv", "game,config,depth,nodes\n" + "".join(
        f"{study},tree-ab,{d},{10 ** d}\n" for study in names for d in (1, 2)))


def tidy(stage, names):
    write(stage, "studies.csv", "study,nodes\n" + "".join(f"{study},{n}\n" for n, study in enumerate(names)))
    write(stage, "peer_minimaxer.csv", "config,depth,prune,minimaxer\ntree-ab,5,1,1\n")


def hyperfine(stage, names):
    for study in names:
        write(stage, f"hyperfine/{study}.json", json.dumps({"results": [
            {"command": study, "times": [0.01], "median": 0.01, "mean": 0.01, "stddev": None, "min": 0.01,
             "max": 0.01}]}))
        write(stage, f"hyperfine/{study}.csv", f"command,mean\n{study},0.01\n")
    write(stage, "hyperfine/skipped.txt", "")


def report(stage, names):
    # As scripts/report.py does first: inputs of different runs end the run.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
    import run_manifest
    run_manifest.check(stage)
    write(stage, "REPORT.md", "# prune: the studies reproduced (stub)\n\n" + "".join(f"## {s}\n" for s in names))
    print(f"report: {os.path.join(stage, 'REPORT.md')}")   # as scripts/report.py does, the staging path
    for study in names:
        write(stage, f"plotdata/speedup_{study}.csv", "label,published,measured\nab,2,3\n")


def plots(stage, names):
    for study in names:
        write(stage, f"plots/speedup_{study}.svg",
              f'<?xml version="1.0" encoding="utf-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><title>{study}'
              '</title></svg>\n')
        write(stage, f"plots/speedup_{study}.png", png(4, 3))


STEPS = {"studies": studies, "sweep": sweep, "tidy": tidy, "hyperfine": hyperfine,
         "report": report, "plots": plots}


def main(argv):
    if len(argv) < 3 or argv[0] not in STEPS:
        print(f"usage: reproduce_stub.py {'|'.join(STEPS)} STAGE STUDY...", file=sys.stderr)
        return 2
    STEPS[argv[0]](argv[1], argv[2:])
    time.sleep(float(os.environ.get("PRUNE_REPRODUCE_STUB_DELAY", "0.1")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
