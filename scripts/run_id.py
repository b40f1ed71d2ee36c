#!/usr/bin/env python3
"""run_id.py: every result file names the run that wrote it.

    scripts/run_id.py stamp DIR RUN_ID    write RUN_ID into every file under DIR
    scripts/run_id.py check DIR           one line naming the run, or exit 2

A run id is the commit and the UTC start time of a reproduction, for
example 9a1b2c3d4e5f-20261123T101500Z (the commit gets -dirty when the
tree had uncommitted changes).  scripts/reproduce.sh stamps its staging
directory after the measurements and again after the report and plots;
scripts/report.py refuses to build a report from files of different runs
(require_one_run), so a results directory never mixes two runs unnoticed.

Where the id goes, by kind of file (chosen so every existing reader keeps
working unchanged):
  *.json    a top-level "run_id" field
  *.jsonl   a "run_id" field on every line
  *.csv     a last column "run_id" (the readers use csv.DictReader, which
            ignores columns it does not ask for), except in plotdata/:
            gnuplot plots every column there, so those files end with a
            comment line "# run: ID", which gnuplot skips
  *.md      a last line: visible in REPORT.md, an HTML comment elsewhere
            (report.py pastes hyperfine/*.md into the report)
  *.txt     a last line "# run: ID"
  *.svg     an XML comment right after the XML declaration
  *.png     a tEXt chunk "prune-run" right after the header chunk
Any other file is an error: a new kind of result must be given a place.
Standard library only.
"""
import csv
import io
import json
import os
import re
import struct
import sys
import zlib

ID = r"(?:[0-9a-f]{7,40}|unknown)(?:-dirty)?-[0-9]{8}T[0-9]{6}Z"
ID_RE = re.compile(ID)
RUN_JSON = "run.json"
# Written by the report itself (and the plots from its data): they may be
# older than the inputs while the report is being rebuilt.
REPORT_OUTPUTS = ("REPORT.md", "plotdata" + os.sep, "plots" + os.sep)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_KEY = b"prune-run"


class RunIdError(Exception):
    pass


def valid(run_id):
    return ID_RE.fullmatch(run_id) is not None


def _text(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def _last_line(text):
    lines = text.rstrip("\n").split("\n")
    return lines[-1] if lines else ""


def _line(path, run_id):
    """The last line that carries the run id in a Markdown or text file."""
    if path.endswith(".txt"):
        return f"# run: {run_id}"
    if os.path.basename(path) == "REPORT.md":
        return f"Run id: `{run_id}` (every result file of this run carries it)."
    return f"<!-- run: {run_id} -->"


def _line_pattern(path):
    return re.escape(_line(path, "@")).replace("@", f"({ID})")


def _is_plotdata(path):
    return os.path.basename(os.path.dirname(path)) == "plotdata"


# ---------------------------------------------------------------- reading

def _png_chunks(data):
    """Yields (type, body, start, end) of each chunk of a PNG file."""
    if not data.startswith(PNG_SIGNATURE):
        raise RunIdError("not a PNG file")
    at = len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        end = at + 12 + length
        yield kind, data[at + 8:at + 8 + length], at, end
        at = end


def _read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    for kind, body, _, _ in _png_chunks(data):
        if kind == b"tEXt" and body.startswith(PNG_KEY + b"\0"):
            return body[len(PNG_KEY) + 1:].decode("ascii")
    return None


def _read_csv(path):
    text = _text(path)
    if _is_plotdata(path):
        match = re.fullmatch(r"# run: (\S+)", _last_line(text))
        return match.group(1) if match else None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or rows[0][-1:] != ["run_id"]:
        return None
    ids = {row[-1] for row in rows[1:] if row}
    if len(ids) > 1:
        raise RunIdError(f"{path}: rows of different runs: {', '.join(sorted(ids))}")
    return ids.pop() if ids else None


def read(path):
    """The run id a file carries, or None; RunIdError for an unknown kind of file."""
    ext = os.path.splitext(path)[1]
    if ext == ".json":
        value = json.loads(_text(path))
        return value.get("run_id") if isinstance(value, dict) else None
    if ext == ".jsonl":
        ids = {json.loads(line).get("run_id") for line in _text(path).splitlines() if line.strip()}
        if len(ids) > 1:
            raise RunIdError(f"{path}: lines of different runs")
        return ids.pop() if ids else None
    if ext == ".csv":
        return _read_csv(path)
    if ext in (".md", ".txt"):
        # Exactly the line _stamped_text writes: REPORT.md pastes in other
        # Markdown files, whose lines must not pass for its own.
        match = re.fullmatch(_line_pattern(path), _last_line(_text(path)))
        return match.group(1) if match else None
    if ext == ".svg":
        match = re.search(r"<!-- run: (\S+) -->", _text(path)[:400])
        return match.group(1) if match else None
    if ext == ".png":
        return _read_png(path)
    raise RunIdError(f"{path}: no place for a run id in a '{ext}' file")


# ---------------------------------------------------------------- stamping

def _stamp_png(data, run_id):
    chunks = list(_png_chunks(data))
    if not chunks or chunks[0][0] != b"IHDR":
        raise RunIdError("PNG without a header chunk")
    body = PNG_KEY + b"\0" + run_id.encode("ascii")
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    after_header = chunks[0][3]
    return data[:after_header] + chunk + data[after_header:]


def _stamp_csv(path, text, run_id):
    if _is_plotdata(path):
        return text.rstrip("\n") + f"\n# run: {run_id}\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for n, row in enumerate(csv.reader(io.StringIO(text))):
        if row:
            writer.writerow(row + ["run_id" if n == 0 else run_id])
    return out.getvalue()


def _json_with_id(text, run_id):
    """The object's text with "run_id" as its first field, the rest byte for byte
    as its tool wrote it (so a stamped raw file differs from the original by one field)."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise RunIdError("a JSON result that is not an object has no place for a run id")
    at = text.index("{") + 1
    newline = text[at:at + 1] == "\n"
    indent = re.match(r"[ \t]*", text[at + 1:]).group(0) if newline else ""
    field = ("\n" + indent if newline else "") + f'"run_id": {json.dumps(run_id)}'
    stamped = text[:at] + field + ("," if value else "") + ("" if newline else " " if value else "") + text[at:]
    if json.loads(stamped) != {"run_id": run_id, **value}:
        raise RunIdError("stamping changed the JSON")
    return stamped


def _stamped_text(path, run_id):
    ext = os.path.splitext(path)[1]
    text = _text(path)
    if ext == ".json":
        return _json_with_id(text, run_id)
    if ext == ".jsonl":
        return "".join(_json_with_id(line, run_id) + "\n" for line in text.splitlines() if line.strip())
    if ext == ".csv":
        return _stamp_csv(path, text, run_id)
    if ext == ".md":
        return text.rstrip("\n") + "\n\n" + _line(path, run_id) + "\n"
    if ext == ".txt":
        return text.rstrip("\n") + "\n" + _line(path, run_id) + "\n"
    if ext == ".svg":
        declaration = re.match(r"<\?xml[^>]*\?>\n?", text)
        at = declaration.end() if declaration else 0
        return text[:at] + f"<!-- run: {run_id} -->\n" + text[at:]
    raise RunIdError(f"{path}: no place for a run id in a '{ext}' file")


def _replace(path, data):
    """Same directory, then one rename: a reader sees the old file or the new one."""
    tmp = path + ".run-id-tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def files(directory):
    """Every file under directory, relative, sorted.  Not results of this run:
    dot files, logs/, and quick/ (the quick run's own directory inside results/)."""
    out = []
    for parent, dirs, names in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not (parent == directory and d in ("logs", "quick")))
        out += [os.path.relpath(os.path.join(parent, n), directory) for n in names if not n.startswith(".")]
    return sorted(out)


def stamp(directory, run_id):
    """Writes run_id into every file that has none; a file of another run is an error."""
    if not valid(run_id):
        raise RunIdError(f"'{run_id}' is not a run id (COMMIT-YYYYMMDDTHHMMSSZ)")
    for name in files(directory):
        path = os.path.join(directory, name)
        found = read(path)
        if found == run_id:
            continue
        if found is not None:
            raise RunIdError(f"{name} is of run {found}, not {run_id}")
        if path.endswith(".png"):
            with open(path, "rb") as f:
                _replace(path, _stamp_png(f.read(), run_id))
        else:
            _replace(path, _stamped_text(path, run_id).encode("utf-8"))


def check(directory, unstamped_ok=()):
    """The one run id of every file under directory (run.json's); RunIdError otherwise."""
    run_path = os.path.join(directory, RUN_JSON)
    if not os.path.exists(run_path):
        raise RunIdError(f"{directory}: no {RUN_JSON}")
    expected = read(run_path)
    if expected is None:
        raise RunIdError(f"{run_path}: no run id")
    for name in files(directory):
        found = read(os.path.join(directory, name))
        if found is None and any(name == p or name.startswith(p) for p in unstamped_ok):
            continue
        if found != expected:
            what = "has no run id" if found is None else f"is of run {found}"
            raise RunIdError(f"{name} {what}, {RUN_JSON} is of run {expected}: files of different runs")
    return expected


def require_one_run(directory, tool="report.py"):
    """For the report: exits 2 with one line unless every input is of one run."""
    try:
        return check(directory, unstamped_ok=REPORT_OUTPUTS)
    except (RunIdError, OSError, ValueError) as e:
        print(f"{tool}: {e}", file=sys.stderr)
        sys.exit(2)


def main(argv):
    usage = "usage: run_id.py stamp DIR RUN_ID | run_id.py check DIR"
    try:
        if len(argv) == 3 and argv[0] == "stamp":
            stamp(argv[1], argv[2])
        elif len(argv) == 2 and argv[0] == "check":
            print(check(argv[1]))
        else:
            print(usage, file=sys.stderr)
            return 2
    except (RunIdError, OSError, ValueError) as e:
        print(f"run_id.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
