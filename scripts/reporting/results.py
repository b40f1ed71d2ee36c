"""The data of one run: the results directory's files, read once."""
import json
import os
import re

import studies

from .common import col, num, read_csv, read_text


class Results:
    """One run's files, read once, and the project's data they refer to."""

    def __init__(self, directory, studies_dir):
        self.dir = directory
        self.studies_dir = studies_dir  # the lists the report reads (report.py --studies-dir)
        self.noisy = None  # scripts/noise.py's line when the run is noisy (report.py sets it)
        self.rows = self.csv("studies.csv")
        # The lists of studies/, through their one reader (scripts/studies.py).
        self.published = studies.published(studies_dir)
        self.study_rows = studies.read_rows(os.path.join(studies_dir, os.path.basename(studies.STUDIES)))
        self.studies = list(dict.fromkeys(r["study"] for r in self.study_rows))
        self.positions = studies.position_labels(studies_dir)
        self.games = self.csv("tictactoe_games.csv")
        self.sweep = self.csv("depth_sweep.csv")
        self.peer = self.csv("peer_minimaxer.csv")
        self.peer_ab = self.csv("peer_ab.csv")
        run_json = os.path.join(directory, "run.json")
        self.run = json.loads(read_text(run_json)) if os.path.exists(run_json) else {}
        self.ok = [r for r in self.rows if r["status"] == "ok"]
        self.errors = [r for r in self.rows if r["status"] == "error"]
        # The join: a measured row by its case key (the plan's, scripts/studies.py case_key).
        self.index = {r["benchmark"]: r for r in self.ok}
        self.search_games = {}   # (study, moves, config, depth) -> the games of studies.csv's rows
        for r in self.study_rows:
            self.search_games.setdefault((r["study"], r["moves"], r["config"], r["depth"]), set()).add(r["game"])

    def csv(self, name, comments=False):
        """The rows of one of the run's CSV files, [] when the run has none."""
        return read_csv(os.path.join(self.dir, name), comments)

    def tree_configs(self, study):
        """The tree-family configs a study measured, in the order of its rows."""
        return list(dict.fromkeys(r["config"] for r in self.rows if r["study"] == study and r["family"] == "tree"))

    def position_label(self, game, moves):
        """The position's name in the posts (studies/positions.csv), else the moves."""
        return self.positions.get((game, moves), moves or "start")

    def positions_of(self, game, study):
        """The labelled positions of a game that the study's rows of
        studies.csv search, in file order: [(label, moves)]."""
        searched = {r["moves"] for r in self.study_rows if r["game"] == game and r["study"] == study}
        return [(label, moves) for (g, moves), label in self.positions.items() if g == game and moves in searched]

    def get(self, study, config, depth, moves="", state="copy"):
        """The measured row of one search (copy-make from the start unless
        told), or None.  The game is the one studies.csv's rows give that
        search; a search two games share must be asked of the rows."""
        games = self.search_games.get((study, moves, config, str(depth)), set())
        if len(games) > 1:
            raise ValueError(f"{study} {config} depth {depth} from '{moves}' is searched on {len(games)} games")
        if not games:
            return None
        return self.index.get(studies.case_key(study, next(iter(games)), moves, config, state, depth))

    def value(self, study, config, depth, column, moves="", state="copy"):
        return col(self.get(study, config, depth, moves, state), column)

    def copy_undo(self, study=None):
        """[(copy-make row, its do-undo row or None)] for every measured
        copy-make search (of the study, if one is named)."""
        return [(r, self.index.get(studies.case_key(r["study"], r["game"], r["moves"], r["config"], "undo",
                                                    r["depth"])))
                for r in self.ok if r["state"] == "copy" and study in (None, r["study"])]

    def verified(self):
        """How many measured searches matched a reference count."""
        return sum(1 for r in self.ok if num(r["verified"]) == 1)

    def pub(self, study, metric, note=None, field="value", **where):
        """A published figure of studies/published.csv (its value, or the
        field named), by its study, metric, columns (moves, config, depth)
        and a regular expression on its note."""
        for p in self.published:
            if (p["study"], p["metric"]) == (study, metric) and all(
                    v is None or p[k] == str(v) for k, v in where.items()) and (
                    note is None or re.search(note, p["note"])):
                return p[field]
        return None

    def pubnum(self, *args, **kwargs):
        return num(self.pub(*args, **kwargs))

    def status(self, study):
        rows = [r for r in self.rows if r["study"] == study]
        skipped = [r for r in rows if r["status"] == "skipped"]
        errors = [r for r in rows if r["status"] == "error"]
        if not rows:
            return "missing", "no results for this study in this run"
        if len(skipped) == len(rows):
            return "skipped", skipped[0]["error"]
        if errors:
            return "error", "; ".join(f"{r['benchmark']}: {r['error']}" for r in errors)
        return "ok", ""
