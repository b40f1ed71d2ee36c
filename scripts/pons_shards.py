"""pons_shards.py: running `prune solve connect4 --positions` in shards and
merging what they print (scripts/pons_study.py runs the study with them;
`pons_study.py merge` is the command line of merge()).

A shard's output is one JSON line per solved position, then a summary line
(docs/cli.md, "prune solve"); every score is checked against the file's
here as prune checks it, so a wrong score fails whoever reads it.
"""
import json
import os
import shlex
import subprocess
import tempfile
import time


class SolveError(Exception):
    """A run that must fail the study: prune failed or a score is wrong."""


def solve_command(prune, cell, path, shard=None, limit=None):
    args = [prune, "solve", "connect4", "--positions", path, "--config", cell.config,
            "--board", cell.board, "--json"] + (["--weak"] if cell.mode == "weak" else [])
    if limit is not None:
        args += ["--limit", str(limit)]
    if shard is not None:
        args += ["--shard", f"{shard[0]}/{shard[1]}"]
    return args


def sign(value):
    return (value > 0) - (value < 0)


def parse_lines(text, origin, partial=False):
    """The position objects of one run's output (the summary line dropped),
    each score checked against the file's (strong: exact; weak: the sign,
    docs/connect4.md, Score).  A partial output (a run stopped at its time
    limit) may end in half a line, which is dropped."""
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
        score, expected = record["score"], record["expected"]
        if (sign(score) != sign(expected)) if record["weak"] else score != expected:
            raise SolveError(f"{origin}: line {record['line']} ({record['moves']}): score "
                             f"{score}, the file says {expected}")
        positions.append(record)
    return positions


def merge_shards(texts, partial=False):
    """Merges shard outputs ({origin: text}) into (positions in file order,
    totals).  Totals: positions, total_nodes, seconds (summed over positions),
    mean_nodes, mean_us, kpos_per_second (thousands of nodes per second)."""
    positions = sorted((p for origin, text in texts.items() for p in parse_lines(text, origin, partial)),
                       key=lambda p: p["line"])
    lines = [p["line"] for p in positions]
    if len(set(lines)) != len(lines):
        raise SolveError("shards overlap: a line was solved twice")
    return positions, totals(positions)


def totals(positions):
    count = len(positions)
    nodes = sum(p["nodes"] for p in positions)
    seconds = sum(p["seconds"] for p in positions)
    return {"positions": count, "total_nodes": nodes, "seconds": seconds,
            "mean_nodes": nodes / count if count else None,
            "mean_us": seconds * 1e6 / count if count else None,
            "kpos_per_second": nodes / seconds / 1000 if seconds > 0 else None}


def read_texts(paths):
    texts = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    return texts


def run_shards(commands, directory, limit=None):
    """Runs every command line at once, each writing its stdout into a file
    of `directory`; returns ({file: stdout text}, stopped).  With a limit
    (wall seconds), the runs still going then are stopped and stopped is
    True: their output so far is what they finished.  Any failure raises
    SolveError with the failing command's message."""
    outputs = [os.path.join(directory, f"shard.{i + 1}") for i in range(len(commands))]
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
                message = err.read().strip()
                message = message.splitlines()[-1] if message else f"exit status {status}"
                raise SolveError(f"{shlex.join(command[:2])} ... {' '.join(command[-4:])}: {message}")
    finally:
        for _, child, out, err in children:
            if child.poll() is None:
                child.kill()
                child.wait()
            out.close()
            err.close()
    return read_texts(outputs), stopped


def merge(paths):
    """The merge command: the position lines, then the summary line, of shard files."""
    texts = read_texts(paths)
    summaries = [json.loads(line) for text in texts.values() for line in text.splitlines()
                 if '"summary"' in line]
    if not summaries:
        raise SolveError("no summary line in the inputs")
    identity = {(s["set"], s["config"], s["weak"]) for s in summaries}
    if len(identity) != 1:
        raise SolveError(f"shards of different runs: {sorted(identity)}")
    positions, sums = merge_shards(texts)
    seconds, n = sums["seconds"], sums["positions"] or 1
    summary = {"summary": True, "game": "connect4", **{k: summaries[0][k] for k in ("config", "set", "weak")},
               "positions": sums["positions"], "total_nodes": sums["total_nodes"], "seconds": round(seconds, 9),
               "mean_nodes": round(sums["total_nodes"] / n, 3), "mean_us": round(seconds * 1e6 / n, 3),
               "kpos_per_second": round(sums["total_nodes"] / seconds / 1000, 3) if seconds > 0 else 0}
    return positions + [summary]
