"""pons_solve.py: runs `prune solve connect4 --positions` over a test-set
file in N shards at once and merges their JSON lines (docs/cli.md, "prune
solve").

Shards run with GNU parallel when it is installed, else as N child
processes started here; either way on this machine only.  To spread one
cell over machines, run the same command lines there, e.g.

    parallel --sshlogin 8/host1,8/host2 --halt now,fail=1 \\
        prune solve connect4 --positions Test_L1_R3 --config solve-lowerbound \\
        --shard {}/16 --json '>' shard.{} ::: $(seq 16)

(or one CI matrix job per shard) and merge the shard files with
merge_shards(), or from the shell:

    scripts/pons_solve.py merge SHARD.jsonl...

which prints every position line in line order, then one summary line as
prune prints it for an unsharded run (positions, total_nodes, seconds,
mean_nodes to 3 decimals, mean_us, kpos_per_second).  The shards must be of
one set, config and mode; a line solved twice, a wrong score or a mismatch
is one line on stderr and exit status 2.  The merged result does not depend
on how the lines were split.
"""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time


class SolveError(Exception):
    """A run that must fail the study: prune failed or a score is wrong."""


def solve_command(prune, cell, path, weak, shard=None, limit=None):
    args = [prune, "solve", "connect4", "--positions", path, "--config", cell.config,
            "--board", cell.board, "--json"]
    if weak:
        args.append("--weak")
    if limit is not None:
        args += ["--limit", str(limit)]
    if shard is not None:
        args += ["--shard", f"{shard[0]}/{shard[1]}"]
    return args


def score_ok(score, expected, weak):
    """Strong: the exact score; weak: the right sign (docs/connect4.md, Score)."""
    if weak:
        return (score > 0) - (score < 0) == (expected > 0) - (expected < 0)
    return score == expected


def parse_lines(text, origin, partial=False):
    """The position objects of one run's output (the summary line dropped),
    each score checked against the file's.  A partial output (a run stopped
    at its time limit) may end in half a line, which is dropped."""
    positions = []
    lines = text.splitlines()
    if partial and lines and not text.endswith("\n"):
        lines.pop()  # the line being written when the run was stopped
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise SolveError(f"{origin}:{number}: not a JSON line: {line[:60]}") from None
        if record.get("summary"):
            continue
        if not score_ok(record["score"], record["expected"], record["weak"]):
            raise SolveError(f"{origin}: line {record['line']} ({record['moves']}): score "
                             f"{record['score']}, the file says {record['expected']}")
        positions.append(record)
    return positions


def merge_shards(texts, partial=False):
    """Merges shard outputs ({origin: text}) into (positions in file order,
    totals).  Totals: positions, total_nodes, seconds (summed over positions),
    mean_nodes, mean_us, kpos_per_second (thousands of nodes per second)."""
    positions = []
    for origin, text in texts.items():
        positions += parse_lines(text, origin, partial)
    positions.sort(key=lambda p: p["line"])
    lines = [p["line"] for p in positions]
    if len(set(lines)) != len(lines):
        raise SolveError("shards overlap: a line was solved twice")
    return positions, totals(positions)


def totals(positions):
    count = len(positions)
    nodes = sum(p["nodes"] for p in positions)
    seconds = sum(p["seconds"] for p in positions)
    return {
        "positions": count,
        "total_nodes": nodes,
        "seconds": seconds,
        "mean_nodes": nodes / count if count else None,
        "mean_us": seconds * 1e6 / count if count else None,
        "kpos_per_second": nodes / seconds / 1000 if seconds > 0 else None,
    }


def run_shards(commands, directory, limit=None, gnu_parallel=True):
    """Runs every command line at once, each writing its stdout into a file
    of `directory`; returns ({file: stdout text}, stopped).  With a limit
    (wall seconds), the runs still going then are stopped and stopped is
    True: their output so far is what they finished.  GNU parallel runs
    them when asked for and installed (it starts in about a second, so the
    runner can turn it off).  Any failure raises
    SolveError with the failing command's message."""
    outputs = [os.path.join(directory, f"shard.{i + 1}") for i in range(len(commands))]
    stopped = False
    if gnu_parallel and limit is None and len(commands) > 1 and shutil.which("parallel"):
        _run_gnu_parallel(commands, outputs, directory)
    else:
        stopped = _run_processes(commands, outputs, directory, limit)
    texts = {}
    for path in outputs:
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    return texts, stopped


def _failure(command, status, stderr):
    message = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit status {status}"
    return SolveError(f"{shlex.join(command[:2])} ... {' '.join(command[-4:])}: {message}")


def _run_processes(commands, outputs, directory, limit):
    children, stopped = [], False
    end = None if limit is None else time.monotonic() + limit
    try:
        for command, output in zip(commands, outputs):
            out = open(output, "w", encoding="utf-8")
            err = tempfile.TemporaryFile(mode="w+", dir=directory)
            children.append((command, subprocess.Popen(command, stdout=out, stderr=err), out, err))
        for command, child, out, err in children:
            try:
                status = child.wait(None if end is None else max(0.0, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
                stopped = True
                continue
            if status != 0:
                err.seek(0)
                raise _failure(command, status, err.read())
        return stopped
    finally:
        for _, child, out, err in children:
            if child.poll() is None:
                child.kill()
                child.wait()
            out.close()
            err.close()


def _run_gnu_parallel(commands, outputs, directory):
    script = os.path.join(directory, "shards.txt")
    with open(script, "w", encoding="utf-8") as f:
        for command, output in zip(commands, outputs):
            f.write(f"{shlex.join(command)} > {shlex.quote(output)}\n")
    done = subprocess.run(["parallel", "--will-cite", "--halt", "now,fail=1", "-j", str(len(commands)),
                           "-a", script], capture_output=True, text=True)
    if done.returncode != 0:
        raise _failure(commands[0], done.returncode, done.stderr)


def merge_files(paths):
    """The merge command: (position lines, summary line) of shard files."""
    texts = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    summaries = [json.loads(line) for text in texts.values() for line in text.splitlines()
                 if '"summary"' in line]
    if not summaries:
        raise SolveError("no summary line in the inputs")
    identity = {(s["set"], s["config"], s["weak"]) for s in summaries}
    if len(identity) != 1:
        raise SolveError(f"shards of different runs: {sorted(identity)}")
    positions, sums = merge_shards(texts)
    first = summaries[0]
    seconds, n = sums["seconds"], sums["positions"] or 1
    summary = {"summary": True, "game": "connect4", "config": first["config"], "set": first["set"],
               "weak": first["weak"], "positions": sums["positions"], "total_nodes": sums["total_nodes"],
               "seconds": round(seconds, 9), "mean_nodes": round(sums["total_nodes"] / n, 3),
               "mean_us": round(seconds * 1e6 / n, 3),
               "kpos_per_second": round(sums["total_nodes"] / seconds / 1000, 3) if seconds > 0 else 0}
    return positions, summary


def main(argv):
    if len(argv) < 2 or argv[0] != "merge":
        print("usage: pons_solve.py merge SHARD.jsonl...", file=sys.stderr)
        return 2
    try:
        positions, summary = merge_files(argv[1:])
    except (SolveError, OSError, ValueError, KeyError) as e:
        print(f"pons_solve.py: {e}", file=sys.stderr)
        return 2
    for row in positions + [summary]:
        print(json.dumps(row, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
