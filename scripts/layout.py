#!/usr/bin/env python3
"""layout.py: the map of the repository's folders (docs/layout.md), made from each file's own header comment.

Every source file of prune opens with a comment that names it and says what
it is (`arena.h: fixed-size tree nodes ...`; a Python module's docstring; a
shell script's or CSV's leading `#` lines).  This script lists the files of
each folder below with the first sentence of that comment, the name
dropped, and for a C header the files that include it (how many times, when
more than once), so the map says what the files say and no more.  A
folder's subfolders are listed with their file counts (and their README's
title, where they have one); the fuzz targets are counted from the tree.
tests/check_layout.py fails when docs/layout.md is not what this script
writes, or when a file has no header comment to take a sentence from.

    scripts/layout.py            print the page
    scripts/layout.py -o PATH    write it (atomically)
"""
import ast
import collections
import csv
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

# (folder, what it is).  The sentence is about the folder, which the files'
# comments do not say; everything else on the page comes from the files.
FOLDERS = [
    ("engine", "The game-independent search, written once and compiled once per game "
               "(`engine/search_instance.c`, the game's header included, so every search inlines the game)."),
    ("solver", "Connect Four's solver, Pascal Pons' series step by step (`prune solve`, [connect4.md](connect4.md)): "
               "its own room over the engine, which knows nothing of it."),
    ("games", "One header per game of `static inline` functions over a plain state."),
    ("cli", "The `prune` command line: one file per command or family of commands ([cli.md](cli.md))."),
    ("match", "The match subsystem that `prune match`, `match-merge`, `openings` and `ugi` share "
              "([strength.md](strength.md))."),
    ("util", "What prune's command line and the benchmark programs share, and nothing of the engine."),
    ("benchmarks", "The benchmark programs the studies run (Google Benchmark through a C shim)."),
    ("scripts", "The harness: the two commands, the studies' runners, the report."),
    ("scripts/reporting", "The report of a run (`scripts/report.py`), one module per section."),
    ("studies", "The studies as data: what each runs and every published figure."),
    ("tests", "The tests (`meson test`, `scripts/test.sh`): exact figures only."),
    ("tests/fuzz", "The libFuzzer targets (built with `-Dfuzz=true`; CI fuzzes each)."),
    ("peers", "Other people's programs, built outside the repository from a checkout you give, "
              "each timed against prune by its `compare.py`."),
    ("plots", "The gnuplot scripts that draw a run's plots from its `plotdata/`."),
    (".ci", "Continuous integration."),
]
C_SUFFIXES = (".c", ".h", ".cc", ".c.in", ".h.in")
SOURCE_SUFFIXES = C_SUFFIXES + (".py", ".sh", ".mjs", ".gp", ".csv")
SKIP = {"__pycache__", "node_modules", "meson.build", "README.md"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# The end of a sentence: a full stop at the end of a line, before two
# spaces, or before one space and a capital (one space and a lower-case word
# is a file name inside the sentence: `solver/solve.c runs ...`).
SENTENCE_END = re.compile(r"\.(?=\n|\s{2,}|\s*$|\s[A-Z])")


def entries(folder):
    """(source files, other files, subfolders) of ROOT/folder, sorted, the skipped names left out."""
    sources, others, subfolders = [], [], []
    for name in sorted(os.listdir(os.path.join(ROOT, folder))):
        if name in SKIP or name.endswith(".pyc"):
            continue
        path = os.path.join(ROOT, folder, name)
        if os.path.isdir(path):
            subfolders.append(name)
        elif name.endswith(SOURCE_SUFFIXES) or (folder == ".ci" and "." not in name):
            sources.append(name)
        else:
            others.append(name)
    return sources, others, subfolders


def comment_text(path):
    """The file's header comment as plain text (paragraphs kept), or ''."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".py"):
        try:
            return ast.get_docstring(ast.parse(text)) or ""
        except SyntaxError:
            return ""
    if path.endswith(C_SUFFIXES) and text.lstrip().startswith("/*"):
        match = re.match(r"\s*/\*(.*?)\*/", text, re.S)
        return "\n".join(re.sub(r"^\s*\*? ?", "", line) for line in match.group(1).splitlines())
    marker = "//" if path.endswith(C_SUFFIXES + (".mjs",)) else "#"
    lines = []
    for line in text.splitlines():
        if line.startswith("#!"):
            continue
        if not line.startswith(marker):
            break
        lines.append(line[len(marker):].strip())
    return "\n".join(lines)


def first_sentence(name, text):
    """The comment's first sentence, one line, the file's name (and usage) before a colon dropped."""
    paragraph = re.split(r"\n\s*\n", text.strip(), maxsplit=1)[0]
    paragraph = "\n".join(line.strip() for line in paragraph.splitlines())
    stem = name.split(".")[0]
    paragraph = re.sub(r"^(?:" + re.escape(name) + "|" + re.escape(stem) + r")\b[^:\n]{0,60}?:\s+", "", paragraph)
    end = SENTENCE_END.search(paragraph)
    sentence = " ".join((paragraph[:end.end()] if end else paragraph).split())
    if sentence.endswith(":"):  # a list follows: the sentence is its lead
        sentence = sentence[:-1] + "."
    return sentence.replace("|", "\\|")


def columns(path):
    with open(path, newline="", encoding="utf-8") as f:
        header = next(csv.reader(f), [])
    return "columns: " + ", ".join(header) + "." if header else ""


def describe(folder, name):
    path = os.path.join(ROOT, folder, name)
    sentence = first_sentence(name, comment_text(path))
    if not sentence and name.endswith(".csv"):
        sentence = columns(path)
    return sentence


def includers():
    """{header name: Counter(including file's path: times)} over every C file of the folders."""
    found = collections.defaultdict(collections.Counter)
    for folder, _ in FOLDERS:
        for name in entries(folder)[0]:
            if name.endswith(C_SUFFIXES):
                with open(os.path.join(ROOT, folder, name), encoding="utf-8") as f:
                    for header in INCLUDE.findall(f.read()):
                        found[os.path.basename(header)][f"{folder}/{name}"] += 1
    return found


def included_by(folder, name, found):
    counts = found.get(name)
    if not counts:
        return "–"
    if len(counts) > 4:
        return f"{len(counts)} files"
    return ", ".join((path[len(folder) + 1:] if path.startswith(folder + "/") and "/" not in path[len(folder) + 1:]
                      else path) + (f" ({n} times)" if n > 1 else "") for path, n in sorted(counts.items()))


def readme_title(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# "):
                return line[2:].strip()
    return ""


def subfolder_line(folder, name):
    path = os.path.join(ROOT, folder, name)
    if any(f == f"{folder}/{name}" for f, _ in FOLDERS):
        return f"- `{name}/`: below, [{folder}/{name}/](#{(folder + name).replace('/', '').replace('.', '')})"
    names = [n for n in os.listdir(path) if n not in SKIP - {"README.md"} and not n.endswith(".pyc")]
    files = sum(os.path.isfile(os.path.join(path, n)) for n in names)
    what = [f"{files} file{'s' if files != 1 else ''}"] if files else []
    if len(names) > files:
        what.append(f"{len(names) - files} folder{'s' if len(names) - files != 1 else ''}")
    readme = os.path.join(path, "README.md")
    if os.path.exists(readme):
        what.append(f"its README: [{readme_title(readme)}](../{folder}/{name}/README.md)")
    return f"- `{name}/`: " + "; ".join(what)


def section(folder, intro, found, missing):
    sources, others, subfolders = entries(folder)
    lines = [f"## {folder}/", "", intro]
    if os.path.exists(os.path.join(ROOT, folder, "README.md")):
        lines[-1] += f" Its README: [{readme_title(os.path.join(ROOT, folder, 'README.md'))}](../{folder}/README.md)."
    if folder == "tests/fuzz":
        targets = [n[:-2] for n in sources if n.startswith("fuzz_") and n.endswith(".c")]
        lines[-1] += f" {len(targets)} targets: " + ", ".join(f"`{t}`" for t in targets) + "."
    lines.append("")
    c_folder = any(n.endswith(C_SUFFIXES) for n in sources)
    header = ["file", "what it is"] + (["included by"] if c_folder else [])
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name in sources:
        sentence = describe(folder, name)
        if not sentence:
            missing.append(f"{folder}/{name}")
        row = [f"[{name}](../{folder}/{name})", sentence or "(no header comment)"]
        if c_folder:
            row.append(included_by(folder, name, found) if name.endswith(".h") else "–")
        lines.append("| " + " | ".join(row) + " |")
    if others:
        lines += ["", "Also here: " + ", ".join(f"`{n}`" for n in others) + "."]
    if subfolders:
        lines += ["", "Folders:", ""] + [subfolder_line(folder, n) for n in subfolders]
    return lines + [""]


def page():
    """(the page's text, the files with no header comment)."""
    found, missing = includers(), []
    lines = ["# How prune is laid out", "",
             "Generated by `scripts/layout.py` from each file's own header comment: its first sentence, "
             "the file's name dropped; for a C header, the files that include it. `tests/check_layout.py` "
             "fails when this page is not what the script writes. To change a line, change the file's "
             "comment and run `scripts/layout.py -o docs/layout.md`.", ""]
    for folder, intro in FOLDERS:
        lines += section(folder, intro, found, missing)
    return "\n".join(lines).rstrip() + "\n", missing


def main(argv):
    text, missing = page()
    for path in missing:
        print(f"layout.py: {path} has no header comment", file=sys.stderr)
    if len(argv) == 3 and argv[1] == "-o":
        from atomic_file import write_text_atomically
        write_text_atomically(argv[2], text)
    elif len(argv) == 1:
        sys.stdout.write(text)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
