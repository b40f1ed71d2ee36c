"""The report of a run (scripts/report.py): one module per section.

A section module has render(res, plots) -> common.Section (its Markdown and
the plot tables it feeds) and, for a study, summary(res) -> the rows of the
README's results table.  A study's sections are the modules its row of
studies/studies_meta.csv names (its report column), in the order of
studies/studies.csv; a new study with a table of its own shape is one more
module named there.  The sections across studies are listed here; peers
renders every peer of studies_meta.csv's peer column but minimaxer's; provenance lists the code
changed since the run's commit.
"""
import importlib

import studies

from . import branching, copy_undo, hyperfine, peers, provenance, run

STUDY_SECTIONS = [importlib.import_module(f".{name}", __name__)
                  for meta in studies.meta().values() for name in meta["report"].split()]
SECTIONS = [run, provenance] + STUDY_SECTIONS + [peers, copy_undo, branching, hyperfine]
