"""The strength study's matches as the report reads them (scripts/reporting/strength.py and every
other reader of the study's rows): what a row's limit says, and which rows stand for the study.

A run's strength.csv holds its matches.  results/apart/strength_nodes.csv (node-budget matches
played apart from any run, its '#' header saying how, when and at which commit) stands for the
run's rows of each game and limit it holds, unless the run is newer than the file's
`# measured: DATE` line: a node budget makes a match exact, so those rows are the same on any
machine, quiet or not.  results/apart/strength_clocks.csv (clocked matches played apart, one
sitting's figures) fills only the games and clocks the run did not play: a clock is not
reproducible, so a run's own clocked rows are never replaced.  rows_of is the one set every reader
asks for; this module imports nothing of the report's sections.
"""
import os
import re

from .common import comment_header, read_csv


def limit_of(row):
    """The match's limit as studies/strength.csv writes it (nodes=2000, tc=20+1); an older run's
    strength.csv has limit and limit_value apart (nodes 5000, time 10)."""
    if "=" in row["limit"]:
        return row["limit"]
    return f"{row['limit']}={row.get('limit_value', '')}"


def limit_text(limit):
    """'2,000 nodes a move', 'a clock of 20 ms + 1 ms a move', '10 ms a move'."""
    kind, value = limit.split("=", 1)
    if kind == "nodes":
        return f"{int(value):,} nodes a move"
    if kind == "tc":
        base, inc = value.split("+")
        return f"a clock of {base} ms + {inc} ms a move (each side)"
    return f"{value} ms a move"


def exact(limit):
    """Whether the limit is a node budget: a match under it is the same on any machine."""
    return limit.startswith("nodes=")


APART_NODES = os.path.join("apart", "strength_nodes.csv")
APART_CLOCKS = os.path.join("apart", "strength_clocks.csv")
MEASURED = re.compile(r"^# measured: (\S+)$", re.M)


def apart_rows(res):
    """The rows of results/apart/strength_nodes.csv that stand for the run's: none when the file is
    absent, or older than the run (its `# measured:` date before run.json's date: ISO 8601 UTC
    stamps, which compare as text)."""
    path = os.path.join(res.dir, APART_NODES)
    rows = [r for r in read_csv(path, comments=True) if exact(limit_of(r))]
    stamp = None
    if rows:
        with open(path, encoding="utf-8") as f:
            stamp = MEASURED.search("".join(line for line in f if line.startswith("#")))
    run_date = (getattr(res, "run", None) or {}).get("date", "")
    if not rows or (run_date and (stamp is None or stamp.group(1) < run_date)):
        return []
    return rows


def rows_of(res):
    """The study's matches: the node-budget ones of results/apart/strength_nodes.csv when it is
    there, in place of the run's rows of each (game, limit) it holds, then the run's other rows (in
    its order; an older run's fixed-time strength_time.csv after them), then the clocked matches of
    results/apart/strength_clocks.csv at the games and clocks the run did not play.  Every reader of the study's
    rows asks here (additivity, adjudication, the claims' relations), so that the report uses one set."""
    return run_rows(res) + clock_rows(res)


def run_rows(res):
    """The run's rows, the node-budget ones of results/apart/strength_nodes.csv in place of its own."""
    run = res.csv("strength.csv") + res.csv("strength_time.csv")
    apart = apart_rows(res)
    held = {(r["game"], limit_of(r)) for r in apart}
    return apart + [r for r in run if (r["game"], limit_of(r)) not in held]


def clock_rows(res):
    """The rows of results/apart/strength_clocks.csv at a (game, clock) that run_rows lacks: a clocked
    match played apart fills what the run did not play and never replaces a row of its own."""
    played = {(r["game"], limit_of(r)) for r in run_rows(res)}
    return [r for r in read_csv(os.path.join(res.dir, APART_CLOCKS), comments=True)
            if not exact(limit_of(r)) and (r["game"], limit_of(r)) not in played]


def held_text(rows):
    """'LIMIT: GAME, GAME; ...' for the limits and games of `rows`, in their order."""
    return "; ".join(f"{limit_text(limit)}: {', '.join(dict.fromkeys(r['game'] for r in rows if limit_of(r) == limit))}"
                     for limit in dict.fromkeys(limit_of(r) for r in rows))


def apart_note(res):
    """Where the rows played apart from the run come from ('' if none stand in this report)."""
    out = []
    rows = apart_rows(res)
    if rows:
        out.append("**Some node-budget matches were played apart from this run** (results/apart/strength_nodes.csv), "
                   f"at a later commit, and stand for the run's: {held_text(rows)}. "
                   + comment_header(os.path.join(res.dir, APART_NODES)))
    clocked = clock_rows(res)
    if clocked:
        out.append("**Some clocked matches were played apart from this run** (results/apart/strength_clocks.csv), "
                   f"where the run has none: {held_text(clocked)}. "
                   + comment_header(os.path.join(res.dir, APART_CLOCKS)))
    return "" if not out else " ".join(out) + " The other rows are the run's.\n"
