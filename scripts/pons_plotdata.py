"""pons_plotdata.py: the plot data of the "pons" study, one file per mode
(strong, weak) for plots/pons.gp: one row per step, in the series' order,
with the mean positions explored and the thousands of positions per second
on each test set (NaN where the cell was not run).

columns: part, step (a label), then nodes_<set> for the six sets in table
order, then kpos_<set>.
"""
from atomic_csv import write_csv_atomically
import pons_cells


def write(path, header, rows, mode):
    """rows are pons.csv rows (lists in the order of header)."""
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
        values[2 + column] = row[at["mean_nodes"]] or "NaN"
        values[2 + len(sets) + column] = row[at["kpos_per_second"]] or "NaN"
    names = [s[1] for s in pons_cells.SETS]
    columns = ["part", "step"] + [f"nodes_{n}" for n in names] + [f"kpos_{n}" for n in names]
    write_csv_atomically(path, columns, [steps[p] for p in sorted(steps)])
