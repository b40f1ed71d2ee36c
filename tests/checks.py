"""checks.py: what the check_*.py scripts share."""
import csv
import glob
import os


def expand(paths, extension):
    """A directory stands for its files ending in `extension`, so a file
    added there is checked without touching meson.build."""
    out = []
    for path in paths:
        out += sorted(glob.glob(os.path.join(path, "*" + extension))) if os.path.isdir(path) else [path]
    return out


def data_lines(path):
    """The lines of a data file, without blank lines and `#` comments."""
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def read_rows(path):
    """A CSV's rows as dicts, its `#` lines (an apart file's header) skipped; [] when there is no file."""
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def write_rows(path, rows, comment=None):
    """Writes rows (dicts sharing the first's keys) as a CSV, after one `#` comment line when given."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        if comment:
            f.write(comment + "\n")
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def summary(passed, failed):
    """The closing line CI reads; a check that checked nothing has failed."""
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


def report(failures):
    """Prints each failure and their count; the exit status: 1 when any."""
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


class Tally:
    """Counts checks and prints one `ok` or `FAIL` line for each."""

    def __init__(self):
        self.passed = self.failed = 0

    def record(self, ok, label, detail):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'ok  ' if ok else 'FAIL'} {label}: {detail}")

    def summary(self):
        return summary(self.passed, self.failed)
