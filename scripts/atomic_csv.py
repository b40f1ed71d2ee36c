"""atomic_csv.py: results are never half written.  A CSV goes to a
temporary file beside its target and is renamed over it only when whole,
so an interrupted run leaves the previous file as it was."""
import csv
import os
import tempfile


def write_csv_atomically(path, header, rows):
    """Writes `header` and then `rows` (lists of cells) to `path`."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".tmp-", suffix=".csv", dir=directory)
    try:
        with os.fdopen(handle, "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f, lineterminator="\n")
            writer.writerow(header)
            writer.writerows(rows)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
