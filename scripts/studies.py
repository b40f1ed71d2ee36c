#!/usr/bin/env python3
"""studies.py: the one reader of the studies' lists.

studies/studies.csv holds one search per row (study, game, moves, config,
depth, states, baseline); studies/studies_meta.csv one row per study (its
runner, extra outputs, peers and report module).  Everything else asks
here: the driver (scripts/reproduce.py), the report's modules, hyperfine,
and meson (benchmarks/meson.build runs `studies.py bench`).  '#' lines are
comments; fields are real CSV, so moves like "c3c2,e1e2" stay one field.

    scripts/studies.py names             the studies, in file order
    scripts/studies.py bench             a line per studies_bench study: the study, then its outputs
    scripts/studies.py baseline STUDY    the study's baseline (plots/speedup.gp's title)
"""
import csv
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUDIES = os.path.join(ROOT, "studies", "studies.csv")
META = os.path.join(ROOT, "studies", "studies_meta.csv")
RUNNERS = ("studies_bench", "pons_study")


class StudiesError(Exception):
    """A list that does not say what the harness needs: one line for the user."""


def read_rows(path):
    """The rows of a CSV file of studies/ as dicts ('#' lines are comments)."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def rows(study=None, path=STUDIES):
    """studies.csv's rows, in file order; only the study's when one is named."""
    return [r for r in read_rows(path) if study is None or r["study"] == study]


def names(path=STUDIES):
    return list(dict.fromkeys(r["study"] for r in rows(path=path)))


def meta(path=META, studies_path=STUDIES):
    """{study: its row of studies_meta.csv, peers as a list}; every study has one."""
    table = {r["study"]: dict(r, peer=r["peer"].split(), outputs=r["outputs"].split()) for r in read_rows(path)}
    for study in names(studies_path):
        if study not in table:
            raise StudiesError(f"{os.path.basename(path)} has no row for study {study}")
        if table[study]["runner"] not in RUNNERS:
            raise StudiesError(f"study {study}: runner '{table[study]['runner']}' is not one of {', '.join(RUNNERS)}")
    return {study: table[study] for study in names(studies_path)}


def configs(study):
    """The study's configs, in the order of its rows."""
    return list(dict.fromkeys(r["config"] for r in rows(study)))


def depths(study, config=None):
    """The study's depths (of one config when named), ascending."""
    return sorted({int(r["depth"]) for r in rows(study) if config is None or r["config"] == config})


def baseline(study):
    """The study's first row's baseline: a config, or a state mode (copy) for a study of states."""
    return rows(study)[0]["baseline"]


def compares_states(study):
    """A study whose figure is one state mode against the other (its baseline is a state mode)."""
    return baseline(study) in ("copy", "undo")


def main(argv):
    try:
        if argv == ["names"]:
            print("\n".join(names()))
        elif argv == ["bench"]:
            for study, m in meta().items():
                if m["runner"] == "studies_bench":
                    print(" ".join([study] + m["outputs"]))
        elif len(argv) == 2 and argv[0] == "baseline" and argv[1] in names():
            print(baseline(argv[1]))
        else:
            print("usage: studies.py names | bench | baseline STUDY", file=sys.stderr)
            return 2
    except (OSError, KeyError, StudiesError) as e:
        print(f"studies.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
