"""The report of a run (scripts/report.py): one module per section.

A section module has render(res, plots) -> common.Section (its Markdown and
the plot tables it feeds) and, for a study, summary(res) -> the rows of the
README's results table.  A new study is one more module, listed once in
SECTIONS below in the order REPORT.md shows them.
"""
from . import (ardri, branching, copy_undo, doundo, hyperfine, minimaxer, peer, pons, run, scala, techniques,
               tictactoe)

SECTIONS = [run, minimaxer, peer, ardri, scala, doundo, tictactoe, pons, techniques, copy_undo, branching, hyperfine]
