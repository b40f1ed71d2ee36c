"""pons.py: what prune knows about Pascal Pons' solver, in one place.

The peer itself is built by peers/pons/build.sh outside the repository; this
module maps its tags to prune's configs, names the test sets (both from
scripts/pons_study.py), runs a built binary over positions and parses what
it prints.  Standard library only.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from paired import SKIPPED, PeerError, build as build_peer  # noqa: E402,F401  (shared by every peer)
from pons_study import CONFIGS, SET_NAMES  # noqa: E402,F401  (the blog's steps and test sets, named once)
BUILD_SH = os.path.join(HERE, "build.sh")

# Tag at which each step of the blog's solver is fixed -> prune's config:
# the pons study's list (scripts/pons_study.py; docs/connect4.md), the
# step's tag being "part" and its number.  part6 changes only the board
# representation: its counts are part5's, so both name the same config.
CONFIG_OF_TAG = {f"part{part}": config for part, config in CONFIGS.items()}
TAGS = list(CONFIG_OF_TAG)
# part3 has no weak solver: its main() ignores "-w".
WEAK_TAGS = [tag for tag in TAGS if tag != "part3"]


def has_mode(tag, mode):
    """Whether the tag's solver runs in `mode`: part3 has no weak solver."""
    return mode == "strong" or tag in WEAK_TAGS


def check_tags_and_modes(parser, options):
    """Splits --tags and --modes (comma lists) in place; a name that is not a
    tag or a mode is a usage error of `parser`."""
    options.tags = options.tags.split(",")
    options.modes = options.modes.split(",")
    for tag in options.tags:
        if tag not in TAGS:
            parser.error(f"unknown tag '{tag}' (one of {', '.join(TAGS)})")
    for mode in options.modes:
        if mode not in ("strong", "weak"):
            parser.error(f"unknown mode '{mode}' (strong or weak)")


def build(tag, checkout=None, cache=None):
    """Path of the binary for `tag`, built by build.sh if needed, or None
    with the reason when no checkout is available (build.sh exit 77)."""
    return build_peer(BUILD_SH, ["--tag", tag] + (["--checkout", checkout] if checkout else [])
                      + (["--cache", cache] if cache else []))


def read_positions(path, limit=None):
    """[(line number, moves, expected score or None)] of a test file
    (`moves score` per line) or a plain position file (`moves` per line);
    blank lines and lines starting with '#' are skipped."""
    positions = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if not words[0].isdigit() or any(c not in "1234567" for c in words[0]) or len(words) > 2:
                raise ValueError(f"{path}:{number}: expected 'moves [score]', got '{line.strip()}'")
            expected = int(words[1]) if len(words) == 2 else None
            positions.append((number, words[0], expected))
            if limit is not None and len(positions) >= limit:
                break
    return positions


def solve(binary, positions, weak, timeout=None):
    """Runs the peer once over `positions` (one process, his own loop, as
    the blog measured) and returns ([(score, nodes, microseconds)], complete):
    one result per position solved before `timeout` seconds ran out.  His
    program prints `moves score nodes time_us` per input line."""
    command = [binary] + (["-w"] if weak else [])
    text = "".join(moves + "\n" for _, moves, _ in positions)
    try:
        done = subprocess.run(command, input=text, capture_output=True, text=True, timeout=timeout)
        out, complete = done.stdout, True
        if done.returncode != 0:
            raise PeerError(f"{binary} exited with status {done.returncode}: {done.stderr.strip()}")
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        complete = False
    results = []
    lines = out.splitlines()
    for index, ((number, moves, _), line) in enumerate(zip(positions, lines)):
        words = ([""] if not moves else []) + line.split()  # the empty board's line starts with a space
        if len(words) != 4 or words[0] != moves:
            if not complete and index == len(lines) - 1:
                break  # the last line was cut by the timeout
            raise PeerError(f"{binary}: unexpected output for line {number} '{moves}': '{line}'")
        results.append((int(words[1]), int(words[2]), int(words[3])))
    if complete and len(results) != len(positions):
        raise PeerError(f"{binary} answered {len(results)} of {len(positions)} positions")
    return results, complete


def now():
    """Wall clock for whole runs."""
    return time.perf_counter()
