#!/usr/bin/env python3
"""studies.py: the one reader of the studies' lists.

studies/studies.csv holds one search per row (study, game, moves, config,
depth, states, baseline); studies/studies_meta.csv one row per study (its
runner, extra outputs, peers and report module); studies/timing.csv a
study's repetitions and quick rule; studies/published.csv the published
figures and reference counts; studies/positions.csv the positions' names;
studies/strength.csv the strength study's matches; studies/sizes.csv
Connect Four's board sizes, their published outcomes and the variants that
solve them; studies/parallel.csv the parallel study's searches;
studies/parallel_published.csv the published speedups of parallel search;
studies/parallel_strength.csv, studies/mcts_steps.csv and
studies/mcts_paradigm.csv (strength.csv's form) the matches on threads and
the Monte Carlo family's matches that scripts/strength.py --rows plays.  The studies whose runner keeps its
own rows (OWN_ROWS) are strength (runner match, studies/strength.csv) and
parallel (runner threads, studies/parallel.csv).

Nothing else opens these lists: the driver (scripts/reproduce.py, which
also hands plots/speedup.gp each study's baseline), the report's modules
(from report.py's --studies-dir), scripts/run_hyperfine.py, strength.py,
parallel_study.py, connect4_sizes.py and pons_study.py, the peers
(peers/minimaxer/study.py gives bench.mjs its searches and reference
counts) and the tests ask here, and the C side never reads them: meson
(benchmarks/meson.build) has `studies.py plan` write the plan that
benchmarks/studies_bench takes, one case a line with everything the
benchmark needs (PLAN_COLUMNS), and the tidy rows it writes carry the
case's key back.  (studies/openings/ and studies/connect4/ are not lists
but prune's own input, openings files and test sets, which prune reads.)
'#' lines are comments; fields are real CSV, so moves like "c3c2,e1e2"
stay one field.

    scripts/studies.py bench             a line per studies_bench study: the study, then its outputs
    scripts/studies.py plan [-o PATH]    the plan of every studies_bench study (stdout without -o)
"""
import csv
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUDIES_DIR = os.path.join(ROOT, "studies")
STUDIES = os.path.join(STUDIES_DIR, "studies.csv")
META = os.path.join(STUDIES_DIR, "studies_meta.csv")
TIMING = os.path.join(STUDIES_DIR, "timing.csv")
PUBLISHED = "published.csv"   # in a studies directory (report.py --studies-dir)
POSITIONS = "positions.csv"
# The plan (benchmarks/plan.h reads it): a header line of these names, then
# one case a line, tab-separated.  case is the key the case keeps all the
# way to the report (the benchmark's name and the tidy row's `benchmark`);
# twin, an undo case's copy case; repetitions and min_time, the study's
# caps from timing.csv (empty: the run's); quick, whether a quick run keeps
# it; nodes, created, evals and best, the reference it must match (empty:
# none).
PLAN_COLUMNS = ("case", "study", "game", "position", "moves", "config", "depth", "state", "twin", "repetitions",
                "min_time", "quick", "nodes", "created", "evals", "best")
REFERENCE_METRICS = ("nodes", "created", "evals", "best")
# The strength study's matches: one row per match, not per search, so a file
# of their own (studies.csv's columns are a search's); its runner is `match`.
STRENGTH = os.path.join(ROOT, "studies", "strength.csv")
STRENGTH_COLUMNS = ("game", "a", "b", "limit", "quick", "full", "long")
# The strength study's variants: the columns of studies/strength.csv holding each one's pairs.
STRENGTH_VARIANTS = ("quick", "full", "long")
# Connect Four's other board sizes: the published outcome of each, and the variants that solve it.
SIZES = os.path.join(ROOT, "studies", "sizes.csv")
SIZES_COLUMNS = ("width", "height", "outcome", "last_move", "quick", "full", "long")
PARALLEL = os.path.join(ROOT, "studies", "parallel_published.csv")
PARALLEL_COLUMNS = ("source", "scheme", "game", "processors", "speedup")
# The parallel study's searches: one row per search timed on one thread and on more (runner `threads`).
THREADS = os.path.join(ROOT, "studies", "parallel.csv")
THREADS_COLUMNS = ("game", "moves", "config", "depth", "quick", "full", "long")
# A match's limit a move: nodes=N (a node budget, exact) or tc=BASE+INC (a clock, milliseconds to three
# decimals, as prune match --tc takes it: tc=10+0.1).
STRENGTH_LIMIT = re.compile(r"^(nodes=[1-9][0-9]*|tc=[0-9]+(\.[0-9]{1,3})?\+[0-9]+(\.[0-9]{1,3})?)$")
RUNNERS = ("studies_bench", "pons_study", "match", "threads")
# Runners whose rows are not studies.csv's (each such study's rows are its own file).
OWN_ROWS = ("match", "threads")


class StudiesError(Exception):
    """A list that does not say what the harness needs: one line for the user."""


def read_rows(path):
    """The rows of a CSV file of studies/ as dicts ('#' lines are comments)."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def rows(study=None, directory=STUDIES_DIR):
    """studies.csv's rows (the one in `directory`, a studies directory:
    report.py --studies-dir), in file order; only the study's when one is
    named."""
    return [r for r in read_rows(os.path.join(directory, os.path.basename(STUDIES)))
            if study is None or r["study"] == study]


def names():
    return list(dict.fromkeys(r["study"] for r in rows()))


def meta():
    """{study: its row of studies_meta.csv, peers as a list}; every study has one.
    The studies of studies.csv in its order, then those whose runner keeps its
    own rows (OWN_ROWS: the strength study's matches, the parallel study's
    searches), in studies_meta.csv's order."""
    table = {r["study"]: dict(r, peer=r["peer"].split(), outputs=r["outputs"].split()) for r in read_rows(META)}
    listed = names() + [s for s, m in table.items() if m["runner"] in OWN_ROWS]
    for study in listed:
        if study not in table:
            raise StudiesError(f"{os.path.basename(META)} has no row for study {study}")
        if table[study]["runner"] not in RUNNERS:
            raise StudiesError(f"study {study}: runner '{table[study]['runner']}' is not one of {', '.join(RUNNERS)}")
    return {study: table[study] for study in listed}


def strength_rows(path=STRENGTH, variant=None):
    """studies/strength.csv's matches, in file order, each checked: a StudiesError names the first bad one.
    With a variant (quick, full, long), only the rows it plays (its pairs above 0)."""
    out, name = read_rows(path), os.path.basename(path)
    if not out or any(c not in out[0] for c in STRENGTH_COLUMNS):
        raise StudiesError(f"{name}: needs the columns {','.join(STRENGTH_COLUMNS)}")
    seen = set()
    for n, r in enumerate(out, 1):
        if not all(r[c] for c in STRENGTH_COLUMNS):
            raise StudiesError(f"{name}: match {n} has an empty field")
        if not STRENGTH_LIMIT.match(r["limit"]):
            raise StudiesError(f"{name}: match {n}: limit '{r['limit']}' is not nodes=N or tc=BASE+INC")
        if not all(r[c].isdigit() for c in STRENGTH_VARIANTS) or not any(int(r[c]) for c in STRENGTH_VARIANTS):
            raise StudiesError(f"{name}: match {n}: quick, full and long must be pair counts (0: not played), "
                               "one of them above 0")
        key = (r["game"], r["a"], r["b"], r["limit"])
        if key in seen:
            raise StudiesError(f"{name}: match {n} repeats {' '.join(key)}")
        seen.add(key)
    return [r for r in out if variant is None or int(r[variant]) > 0]


def size_rows(path=SIZES, variant=None):
    """studies/sizes.csv's boards, in file order, width, height and last_move as ints, each checked:
    a StudiesError names the first bad one.  With a variant (quick, full, long), only those it solves."""
    out, name = read_rows(path), os.path.basename(path)
    if not out or any(c not in out[0] for c in SIZES_COLUMNS):
        raise StudiesError(f"{name}: needs the columns {','.join(SIZES_COLUMNS)}")
    boards = []
    for n, r in enumerate(out, 1):
        if not all(r[c].isdigit() for c in ("width", "height", "last_move")):
            raise StudiesError(f"{name}: board {n}: width, height and last_move must be whole numbers")
        width, height, last = int(r["width"]), int(r["height"]), int(r["last_move"])
        if r["outcome"] not in ("first", "second", "draw"):
            raise StudiesError(f"{name}: board {n}: outcome '{r['outcome']}' is not first, second or draw")
        if not (width >= 4 and height >= 4 and width * (height + 1) <= 64 and last <= width * height):
            raise StudiesError(f"{name}: board {n}: {width}x{height} does not fit the bitboard, or its last move "
                               "is past the last cell")
        if not all(r[c] in ("0", "1") for c in STRENGTH_VARIANTS):
            raise StudiesError(f"{name}: board {n}: quick, full and long must be 0 or 1")
        boards.append(dict(r, width=width, height=height, last_move=last))
    return [r for r in boards if variant is None or r[variant] == "1"]


def threads_rows(path=THREADS, variant=None):
    """studies/parallel.csv's searches, in file order, depth and the pairs as ints, each checked: a
    StudiesError names the first bad one.  With a variant (quick, full, long), only those it runs."""
    out, name = read_rows(path), os.path.basename(path)
    if not out or any(c not in out[0] for c in THREADS_COLUMNS):
        raise StudiesError(f"{name}: needs the columns {','.join(THREADS_COLUMNS)}")
    rows, seen = [], set()
    for n, r in enumerate(out, 1):
        if not all(r[c].isdigit() for c in ("depth",) + STRENGTH_VARIANTS) or int(r["depth"]) < 1:
            raise StudiesError(f"{name}: search {n}: depth (from 1) and quick, full and long (pairs, 0: not run) "
                               "must be whole numbers")
        if not r["game"] or not r["config"]:
            raise StudiesError(f"{name}: search {n}: game and config must be given")
        key = (r["game"], r["moves"], r["config"], r["depth"])
        if key in seen:
            raise StudiesError(f"{name}: search {n} repeats {r['game']} {r['config']} depth {r['depth']}")
        seen.add(key)
        rows.append(dict(r, depth=int(r["depth"]), **{v: int(r[v]) for v in STRENGTH_VARIANTS}))
    return [r for r in rows if variant is None or r[variant] > 0]


def parallel_published(path=PARALLEL):
    """studies/parallel_published.csv's published speedups, processors an int and speedup a float, each
    checked: a StudiesError names the first bad row."""
    out, name = read_rows(path), os.path.basename(path)
    if not out or any(c not in out[0] for c in PARALLEL_COLUMNS):
        raise StudiesError(f"{name}: needs the columns {','.join(PARALLEL_COLUMNS)}")
    rows = []
    for n, r in enumerate(out, 1):
        try:
            processors, speedup = int(r["processors"]), float(r["speedup"])
        except ValueError:
            raise StudiesError(f"{name}: row {n}: processors must be a whole number and speedup a number") from None
        if processors < 1 or speedup <= 0:
            raise StudiesError(f"{name}: row {n}: processors from 1, speedup above 0")
        rows.append(dict(r, processors=processors, speedup=speedup))
    return rows


def published(directory=STUDIES_DIR, name=PUBLISHED):
    """published.csv's rows (or another file's of its shape, in `directory`):
    the published figures and the reference counts."""
    return read_rows(os.path.join(directory, name))


def position_labels(directory=STUDIES_DIR):
    """{(game, moves): label} of positions.csv, the first label of a position winning."""
    labels = {}
    for r in read_rows(os.path.join(directory, POSITIONS)):
        labels.setdefault((r["game"], r["moves"]), r["label"])
    return labels


def timing():
    """{study: its row of timing.csv}."""
    return {r["study"]: r for r in read_rows(TIMING)}


def case_key(study, game, moves, config, state, depth):
    """A studies_bench case's key: its benchmark's name and its tidy row's `benchmark`."""
    return f"{study}/{game}/{moves or 'start'}/{config}/{state}/{depth}"


def references():
    """{(game, moves, config, depth): {metric: value}} of published.csv's
    reference metrics (a later row of the same metric wins)."""
    out = {}
    for r in published():
        if r["metric"] in REFERENCE_METRICS and r["depth"].isdigit():
            value = r["value"]
            if r["metric"] == "best" or value.isdigit():
                out.setdefault((r["game"], r["moves"], r["config"], int(r["depth"])), {})[r["metric"]] = value
    return out


def plan():
    """The plan's cases (dicts of PLAN_COLUMNS), in the order of studies.csv:
    every row of every studies_bench study, a copy case and an undo case as
    its states say; a search named twice is one case."""
    bench = {study for study, m in meta().items() if m["runner"] == "studies_bench"}
    caps, labels, reference = timing(), position_labels(), references()
    cases = {}
    for r in rows():
        if r["study"] not in bench:
            continue
        cap = caps.get(r["study"], {})
        if cap and cap.get("quick") not in ("all", "start"):
            raise StudiesError(f"timing.csv: study {r['study']}: quick must be all or start")
        quick = "no" if cap.get("quick") == "start" and r["moves"] else "yes"
        depth = int(r["depth"]) if r["depth"].isdigit() else r["depth"]   # studies_bench checks the range
        expected = reference.get((r["game"], r["moves"], r["config"], depth), {})
        keys = {}
        for state in ("copy", "undo"):
            if state not in r["states"]:
                continue
            keys[state] = key = case_key(r["study"], r["game"], r["moves"], r["config"], state, depth)
            if key in cases:
                continue
            cases[key] = {"case": key, "study": r["study"], "game": r["game"],
                          "position": labels.get((r["game"], r["moves"]), r["moves"] or "start"),
                          "moves": r["moves"], "config": r["config"], "depth": str(depth), "state": state,
                          "twin": keys.get("copy", "") if state == "undo" else "",
                          "repetitions": cap.get("repetitions", ""), "min_time": cap.get("min_time", ""),
                          "quick": quick, **{m: expected.get(m, "") for m in REFERENCE_METRICS}}
    for case in cases.values():
        if any("\t" in v or "\n" in v for v in case.values()):
            raise StudiesError(f"studies.csv: case {case['case']} has a tab or a line break in a field")
    return list(cases.values())


def plan_text():
    """The plan as the text studies_bench reads."""
    return "".join("\t".join(line) + "\n"
                   for line in [PLAN_COLUMNS] + [[c[k] for k in PLAN_COLUMNS] for c in plan()])


def configs(study, directory=STUDIES_DIR):
    """The study's configs, in the order of its rows (studies.csv of `directory`)."""
    return list(dict.fromkeys(r["config"] for r in rows(study, directory)))


def depths(study, config=None, directory=STUDIES_DIR):
    """The study's depths (of one config when named), ascending."""
    return sorted({int(r["depth"]) for r in rows(study, directory) if config is None or r["config"] == config})


def baseline(study, directory=STUDIES_DIR):
    """The study's first row's baseline: a config, or a state mode (copy) for a study of states."""
    return rows(study, directory)[0]["baseline"]


def plot_baselines(directory=STUDIES_DIR):
    """Every study's baseline as the words STUDY:BASELINE, space-separated:
    plots/speedup.gp's `baselines`, which its caller (scripts/reproduce.py)
    passes in, so that the plot asks nothing of this file."""
    first = {}
    for r in rows(directory=directory):
        first.setdefault(r["study"], r["baseline"])
    return " ".join(f"{study}:{base}" for study, base in first.items())


def compares_states(study):
    """A study whose figure is one state mode against the other (its baseline is a state mode)."""
    return baseline(study) in ("copy", "undo")


def main(argv):
    try:
        if argv == ["bench"]:
            for study, m in meta().items():
                if m["runner"] == "studies_bench":
                    print(" ".join([study] + m["outputs"]))
        elif argv == ["plan"]:
            sys.stdout.write(plan_text())
        elif len(argv) == 3 and argv[:2] == ["plan", "-o"]:
            from atomic_file import write_text_atomically
            write_text_atomically(argv[2], plan_text())
        else:
            print("usage: studies.py bench | plan [-o PATH]", file=sys.stderr)
            return 2
    except (OSError, KeyError, StudiesError) as e:
        print(f"studies.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
