"""The data of one run: the results directory's files, read once."""
import json
import os
import re

from .common import num, read_csv


class Results:
    """One run's files, read once, and the project's data they refer to."""

    def __init__(self, directory, studies_dir):
        self.dir = directory
        self.noisy = None  # scripts/noise.py's line when the run is noisy (report.py sets it)
        self.rows = read_csv(os.path.join(directory, "studies.csv"))
        self.published = read_csv(os.path.join(studies_dir, "published.csv"))
        study_rows = read_csv(os.path.join(studies_dir, "studies.csv"), comments=True)
        self.studies = list(dict.fromkeys(r["study"] for r in study_rows))
        self.study_rows = study_rows
        self.positions = {(p["game"], p["moves"]): p["label"]
                          for p in read_csv(os.path.join(studies_dir, "positions.csv"), comments=True)}
        self.games = read_csv(os.path.join(directory, "tictactoe_games.csv"))
        self.sweep = read_csv(os.path.join(directory, "depth_sweep.csv"))
        self.peer = read_csv(os.path.join(directory, "peer_minimaxer.csv"))
        self.peer_ab = read_csv(os.path.join(directory, "peer_ab.csv"))
        run_path = os.path.join(directory, "run.json")
        self.run = {}
        if os.path.exists(run_path):
            with open(run_path, encoding="utf-8") as f:
                self.run = json.load(f)
        self.index = {}
        for r in self.rows:
            if r["status"] == "ok":
                self.index[(r["study"], r["moves"], r["config"], r["state"], r["depth"])] = r

    def tree_configs(self, study):
        """The tree-family configs a study measured, in the order of its rows."""
        return list(dict.fromkeys(r["config"] for r in self.rows if r["study"] == study and r["family"] == "tree"))

    def position_label(self, game, moves):
        """The position's name in the posts (studies/positions.csv), else the moves."""
        return self.positions.get((game, moves), moves or "start")

    def positions_of(self, game, study=None):
        """The labelled positions of a game, in file order: [(label, moves)];
        with a study, only those its rows of studies.csv search."""
        searched = {r["moves"] for r in self.study_rows if r["game"] == game and r["study"] == study}
        return [(label, moves) for (g, moves), label in self.positions.items()
                if g == game and (study is None or moves in searched)]

    def get(self, study, moves, config, state, depth):
        return self.index.get((study, moves, config, state, str(depth)))

    def value(self, study, moves, config, state, depth, column):
        row = self.get(study, moves, config, state, depth)
        return num(row[column]) if row else None

    def pub(self, study, metric, moves=None, config=None, depth=None, note=None):
        for p in self.published:
            if p["study"] != study or p["metric"] != metric:
                continue
            if moves is not None and p["moves"] != moves:
                continue
            if config is not None and p["config"] != config:
                continue
            if depth is not None and p["depth"] != str(depth):
                continue
            if note is not None and not re.search(note, p["note"]):
                continue
            return p["value"]
        return None

    def pubnum(self, *args, **kwargs):
        return num(self.pub(*args, **kwargs))

    def status(self, study):
        rows = [r for r in self.rows if r["study"] == study]
        if not rows:
            return "missing", "no results for this study in this run"
        skipped = [r for r in rows if r["status"] == "skipped"]
        if skipped and len(skipped) == len(rows):
            return "skipped", skipped[0]["error"]
        errors = [r for r in rows if r["status"] == "error"]
        if errors:
            return "error", "; ".join(f"{r['benchmark']}: {r['error']}" for r in errors)
        return "ok", ""
