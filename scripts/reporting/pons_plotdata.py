"""pons_plotdata.py: the plot data of the "pons" study, one file per mode
(strong, weak) for plots/pons.gp: one row per step, in the series' order,
with the mean positions explored (full cells only: a sample's mean is not
the set's) and the thousands of positions per second (full cells and
samples) on each test set; NaN where there is no figure.

columns: part, step (a label), then nodes_<set> for the six sets in table
order, then kpos_<set>.
"""
from atomic_file import write_csv_atomically
import pons_cells


def table(header, rows, mode):
    """(columns, plot rows) for one mode; rows are pons.csv rows (lists in the order of header)."""
    at = {name: i for i, name in enumerate(header)}
    sets = [s[0] for s in pons_cells.SETS]
    steps = {}
    for row in rows:
        if row[at["mode"]] != mode:
            continue
        part = int(row[at["part"]])
        label = f"{part} {row[at['config']]}" + (" grid" if row[at["board"]] == "grid" else "")
        values = steps.setdefault(part, [part, label] + ["NaN"] * (2 * len(sets)))
        column = sets.index(row[at["set"]])
        full = row[at["sample"]] == "no"  # a sample's mean is not its set's: left out
        values[2 + column] = (row[at["mean_nodes"]] if full else "") or "NaN"
        values[2 + len(sets) + column] = row[at["kpos_per_second"]] or "NaN"
    names = [s[1] for s in pons_cells.SETS]
    columns = ["part", "step"] + [f"nodes_{n}" for n in names] + [f"kpos_{n}" for n in names]
    return columns, [steps[p] for p in sorted(steps)]


def write(path, header, rows, mode):
    """Writes table(header, rows, mode) to path, atomically."""
    columns, plot_rows = table(header, rows, mode)
    write_csv_atomically(path, columns, plot_rows)
