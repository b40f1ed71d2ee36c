"""atomic_file.py: results are never half written.  A file goes to a
temporary file beside its target (same directory, so same file system)
and is renamed over it only when whole, so an interrupted run leaves the
previous file as it was.  The result gets mode 0644 (mkstemp makes 0600),
like any file the user writes.  The one atomic writer of the scripts."""
import csv
import io
import os
import tempfile

RESULT_MODE = 0o644
TEMPORARY_PREFIX = ".tmp-"   # run_manifest.py leaves such files out of a run


def write_text_atomically(path, text):
    """Writes `text` (str) to `path`."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=TEMPORARY_PREFIX, dir=directory)
    try:
        os.fchmod(handle, RESULT_MODE)
        with os.fdopen(handle, "w", newline="", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def write_csv_atomically(path, header, rows, preamble=""):
    """Writes `preamble` (text: '#' comment lines), `header` and then `rows`
    (lists of cells) to `path` as CSV."""
    buffer = io.StringIO()
    buffer.write(preamble)
    csv.writer(buffer, lineterminator="\n").writerows([header, *rows])
    write_text_atomically(path, buffer.getvalue())
